#include "ftvlsi/io/standard_output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

void flush_standard_output() {
  errno = 0;
  std::cout.flush();  // with stdio in sync, std::cout's flush is stdout's
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if (flushed && std::cout.good() && std::ferror(stdout) == 0) return;
  // A write that failed before these flushes left no errno behind.
  const std::string reason = error != 0 ? std::strerror(error) : "an earlier write failed";
  // Reported once: a later document (the Python module lives on) is tried afresh.
  std::clearerr(stdout);
  std::cout.clear();
  throw IoError(7060, fmt::format("writing to standard output failed ({}); check where it goes: "
                                  "a full disk, a closed pipe or a device that takes no data",
                                  reason));
}

}  // namespace ftvlsi
