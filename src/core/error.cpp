#include "ftvlsi/core/error.hpp"

#include <fmt/format.h>

namespace ftvlsi {

std::string one_line(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += c;
  }
  return out;
}

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
