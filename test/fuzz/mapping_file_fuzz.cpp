// libFuzzer target: the mapping file parser (io/mapping_file.hpp): 64 processors onto the 64
// leaves of a fat-tree; a mapping that parses covers every processor with a leaf below 64.
#include "common.hpp"
#include "ftvlsi/io/mapping_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    const auto leaf = ftvlsi::parse_mapping(text, "fuzz.map", 64, 64);
    if (leaf.size() != 64) std::abort();
    for (auto l : leaf)
      if (l >= 64) std::abort();
  });
}
