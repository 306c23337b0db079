#pragma once
// The exception tree of ftvlsi. Every message is one full sentence that says what is
// wrong and what to do; the CLI maps the type to an exit code.
#include <stdexcept>
#include <string>

namespace ftvlsi {

// Exit codes shared by the CLI and the tests.
enum class ExitCode : int { kOk = 0, kCheckFailed = 1, kBadInput = 2, kIo = 3 };

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  virtual ExitCode exit_code() const { return ExitCode::kBadInput; }
};

// Bad user input: a flag, a spec key, a value out of range. `where` names the flag or the
// "file:line" and key of a spec; it is already part of what().
class InputError : public Error {
 public:
  explicit InputError(const std::string& message) : Error(message) {}
};

// A geometric construction that cannot be represented (coordinates beyond a format's range,
// an internal invariant of a layout that does not hold).
class GeometryError : public Error {
 public:
  using Error::Error;
};

// Reading or writing a file failed.
class IoError : public Error {
 public:
  using Error::Error;
  ExitCode exit_code() const override { return ExitCode::kIo; }
};

namespace detail {
[[noreturn]] void assertion_failed(const char* expr, const char* file, int line);
}

}  // namespace ftvlsi

// An invariant check that stays on in every build type (tests run Release too).
#define FTVLSI_ASSERT(expr) \
  ((expr) ? static_cast<void>(0) : ::ftvlsi::detail::assertion_failed(#expr, __FILE__, __LINE__))
