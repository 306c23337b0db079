#pragma once
// The universal network that hosts a simulation (Leiserson 1985's fat-tree, Greenberg 1990's
// fat-pyramid) and its names; io/options.hpp parses it from text.
#include <string_view>

#include "ftvlsi/core/name_table.hpp"

namespace ftvlsi {

enum class HostKind { kFatTree, kFatPyramid };

inline constexpr NameTable<HostKind, 2> kHostKindNames{{
    {HostKind::kFatTree, "fat-tree"},
    {HostKind::kFatPyramid, "fat-pyramid"},
}};

constexpr std::string_view to_string(HostKind h) {
  return name_of(kHostKindNames, h);
}

}  // namespace ftvlsi
