#pragma once
// The universal network that hosts a simulation (Leiserson 1985's fat-tree, Greenberg 1990's
// fat-pyramid); io/options.hpp parses it from text.
#include <string_view>

namespace ftvlsi {

enum class HostKind { kFatTree, kFatPyramid };

constexpr std::string_view to_string(HostKind h) {
  return h == HostKind::kFatTree ? "fat-tree" : "fat-pyramid";
}

}  // namespace ftvlsi
