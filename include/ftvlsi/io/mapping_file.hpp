#pragma once
// The mapping file of `ftvlsi decompose --mapping-in`: "processor leaf" lines ('#' starts a
// comment), every processor of the network exactly once, every leaf below the host's count.
#include <cstdint>
#include <string_view>
#include <vector>

namespace ftvlsi {

// The leaf of every processor 0 .. processors-1; InputError (FTV-43xx) naming `source` and the
// line otherwise.
std::vector<std::uint64_t> parse_mapping(std::string_view text, std::string_view source,
                                         std::uint64_t processors, std::uint64_t leaves);

}  // namespace ftvlsi
