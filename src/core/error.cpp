#include "ftvlsi/core/error.hpp"

#include <fmt/format.h>

namespace ftvlsi {

std::string error_id_text(int id) {
  return fmt::format("FTV-{:04d}", id);
}

namespace detail {

void assertion_failed(const char* expr, const char* file, int line) {
  throw InternalError(
      9001, fmt::format("internal error: invariant '{}' failed at {}:{}; this is a bug in ftvlsi, "
                        "please report it with the command line that produced it",
                        expr, file, line));
}

}  // namespace detail
}  // namespace ftvlsi
