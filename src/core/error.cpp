#include "ftvlsi/core/error.hpp"

#include <fmt/format.h>

namespace ftvlsi::detail {

void assertion_failed(const char* expr, const char* file, int line) {
  throw GeometryError(fmt::format(
      "internal invariant '{}' failed at {}:{}; this is a bug in ftvlsi, please report it "
      "with the command line that produced it",
      expr, file, line));
}

}  // namespace ftvlsi::detail
