#pragma once
// The exception tree of ftvlsi. Every message is one full sentence that says what is
// wrong and what to do; the CLI maps the type to an exit code and prints the error's stable
// ID (FTV-nnnn, listed in docs/error-ids.md) in front of it, in the style of OpenROAD's
// messages (GPL-0135), so scripts and tests can match the ID instead of the wording.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace ftvlsi {

// Exit codes shared by the CLI and the tests (README "Exit codes").
enum class ExitCode : int {
  kOk = 0,
  kCheckFailed = 1,
  kBadInput = 2,
  kIo = 3,
  kInternal = 4,
  kHangup = 129,       // 128 + SIGHUP
  kInterrupted = 130,  // 128 + SIGINT
  kQuit = 131,         // 128 + SIGQUIT
  kTerminated = 143,   // 128 + SIGTERM
};

// The generic IDs of errors thrown without their own (docs/error-ids.md, "unclassified").
// FTV-2000: an input error not yet given its own ID (please report it so it gets one); the
// message is the one thrown.
inline constexpr int kUnclassifiedInput = 2000;
// FTV-7000: an I/O error not yet given its own ID, or in the CLI a file-system error
// (std::filesystem) that no part of ftvlsi turned into one with its own ID.
inline constexpr int kUnclassifiedIo = 7000;
// FTV-9000: an internal error not yet given its own ID.
inline constexpr int kUnclassifiedInternal = 9000;

// How much of a user's input a message echoes: a span quoted 'like this' keeps its first
// kMaxQuotedChars characters, a whole message its first kMaxMessageChars; a cut ends in "…".
inline constexpr std::size_t kMaxQuotedChars = 200;
inline constexpr std::size_t kMaxMessageChars = 2000;

// `text` with every control character (a newline, a tab, an escape from a file's bytes) and
// every byte that is no UTF-8 character written as \xNN, and cut to the limits above, so a
// message quoting a user's input stays one short line on any terminal.
std::string one_line(const std::string& text);

class Error : public std::runtime_error {
 public:
  Error(int id, const std::string& message) : std::runtime_error(one_line(message)), id_(id) {}
  explicit Error(const std::string& message) : Error(kUnclassifiedInput, message) {}
  virtual ExitCode exit_code() const { return ExitCode::kBadInput; }
  // The stable ID, printed as FTV-nnnn.
  int id() const { return id_; }

 private:
  int id_;
};

// The printed form of an ID: "FTV-" and four digits.
std::string error_id_text(int id);

// Bad user input: a flag, a spec key, a value out of range. The message names the flag or the
// "file:line" and key of a spec.
class InputError : public Error {
 public:
  using Error::Error;
};

// A geometric construction that cannot be represented (coordinates beyond a format's range, a
// layout too large for 64 bits): the input asks for too much, so it exits like bad input.
class GeometryError : public Error {
 public:
  using Error::Error;
};

// Reading or writing a file failed.
class IoError : public Error {
 public:
  IoError(int id, const std::string& message) : Error(id, message) {}
  explicit IoError(const std::string& message) : Error(kUnclassifiedIo, message) {}
  ExitCode exit_code() const override { return ExitCode::kIo; }
};

// An internal invariant did not hold: a bug in ftvlsi, never the user's fault (exit 4).
class InternalError : public Error {
 public:
  InternalError(int id, const std::string& message) : Error(id, message) {}
  explicit InternalError(const std::string& message) : Error(kUnclassifiedInternal, message) {}
  ExitCode exit_code() const override { return ExitCode::kInternal; }
};

namespace detail {
[[noreturn]] void assertion_failed(const char* expr, const char* file, int line);
}

}  // namespace ftvlsi

// An invariant check that stays on in every build type (tests run Release too). A failure throws
// InternalError (FTV-9001) naming the expression, the file and the line.
#define FTVLSI_ASSERT(expr) \
  ((expr) ? static_cast<void>(0) : ::ftvlsi::detail::assertion_failed(#expr, __FILE__, __LINE__))
