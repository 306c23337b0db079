#include "ftvlsi/io/mapping_file.hpp"

#include <fmt/format.h>

#include <charconv>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/text_lines.hpp"

namespace ftvlsi {

std::vector<std::uint64_t> parse_mapping(std::string_view text, std::string_view source,
                                         std::uint64_t processors, std::uint64_t leaves) {
  std::vector<std::uint64_t> leaf(processors, UINT64_MAX);
  for_each_line(text, [&](std::string_view line, std::size_t no) {
    const auto t = line_tokens(line);
    if (t.empty()) return;
    std::uint64_t p = 0, l = 0;
    const bool ok = t.size() == 2 && parse_token(t[0], p) && parse_token(t[1], l);
    if (!ok || p >= processors || l >= leaves || leaf[p] != UINT64_MAX)
      throw InputError(4301, fmt::format("{}:{}: expected 'processor leaf' with processor < {}, "
                                         "leaf < {}, each processor once",
                                         source, no, processors, leaves));
    leaf[p] = l;
  });
  for (std::size_t p = 0; p < processors; ++p)
    if (leaf[p] == UINT64_MAX)
      throw InputError(
          4302, fmt::format("{}: processor {} has no leaf; the mapping must cover all {}", source,
                            p, processors));
  return leaf;
}

}  // namespace ftvlsi
