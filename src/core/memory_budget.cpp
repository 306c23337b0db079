#include "ftvlsi/core/memory_budget.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/system.hpp"

namespace ftvlsi {

// FTV-8000: `{}` is "the run" (CLI) or "the call" (Python, which raises ftvlsi.OutOfMemoryError,
// a MemoryError).
Error out_of_memory_error(std::string_view what) {
  return Error(8000, fmt::format("out of memory: {} needed more memory than the machine could "
                                 "give; choose a smaller network or free memory "
                                 "(FTVLSI_MEMORY_LIMIT sets the limit the estimates check against)",
                                 what));
}

std::string memory_text(long double bytes) {
  const auto b = static_cast<double>(bytes);
  if (b >= 1073741824.0) return fmt::format("{:.2f} GiB", b / 1073741824.0);
  if (b >= 1048576.0) return fmt::format("{:.1f} MiB", b / 1048576.0);
  if (b >= 1024.0) return fmt::format("{:.1f} KiB", b / 1024.0);
  return fmt::format("{:.0f} bytes", b);
}

void require_memory(int id, long double bytes, std::string_view what, std::string_view advice) {
  require_memory(id, bytes, available_memory_bytes(), what, advice);
}

void require_memory(int id, long double bytes, std::uint64_t have, std::string_view what,
                    std::string_view advice) {
  if (bytes <= static_cast<long double>(have)) return;
  throw InputError(id, fmt::format("{} needs an estimated {} of memory but only {} are available; "
                                   "{} (FTVLSI_MEMORY_LIMIT sets the limit)",
                                   what, memory_text(bytes), memory_text(have), advice));
}

}  // namespace ftvlsi
