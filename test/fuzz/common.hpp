#pragma once
// What every fuzz target checks: a parser either returns or throws an ftvlsi::Error with an ID
// of docs/error-ids.md's families and a one-line message. Anything else (another exception, a
// crash, a leak, an ASan/UBSan report, a hang, more than 2 GiB) is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi::fuzz {

inline void check_error(const Error& e) {
  const std::string_view what = e.what();
  if (e.id() < 1000 || e.id() > 9999 || what.empty() || what.find('\n') != std::string_view::npos) {
    std::fprintf(stderr, "bad error FTV-%04d: '%s'\n", e.id(), e.what());
    std::abort();
  }
  if (e.exit_code() == ExitCode::kInternal) {
    std::fprintf(stderr, "internal error on fuzz input: %s\n", e.what());
    std::abort();
  }
}

// Runs `parse` on the input; aborts on anything but a clean return or an ftvlsi::Error.
template <class Parse>
int run(const std::uint8_t* data, std::size_t size, Parse&& parse) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    parse(text);
  } catch (const Error& e) {
    check_error(e);
  }
  return 0;
}

}  // namespace ftvlsi::fuzz
