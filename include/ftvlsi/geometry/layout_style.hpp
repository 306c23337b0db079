#pragma once
// The layout styles (docs/design.md §3): how a layout was drawn, and the `--style` a spec asks
// for. One table holds each style's name (the text in specs, flags, JSON and the report) and its
// dimension; which networks take which style is io/layout_spec.hpp's `resolved_style`.
#include <array>
#include <string_view>

#include "ftvlsi/core/name_table.hpp"

namespace ftvlsi {

// kLayered: the 3D butterfly fat-tree's layered router; kSlab: the fat-tree's slab cube;
// kHollowCube: DeHon's packaging of a transit network (layout/hollow_cube.hpp).
enum class LayoutStyle { kHTree, kChannel, kFoldAndSquash, kCube, kLayered, kSlab, kHollowCube };

struct LayoutStyleRow {
  LayoutStyle value;
  std::string_view name;
  int dimensions;
};

inline constexpr std::array<LayoutStyleRow, 7> kLayoutStyles{{
    {LayoutStyle::kHTree, "h-tree", 2},
    {LayoutStyle::kChannel, "channel", 2},
    {LayoutStyle::kFoldAndSquash, "fold-and-squash", 2},
    {LayoutStyle::kCube, "cube", 3},
    {LayoutStyle::kLayered, "layered", 3},
    {LayoutStyle::kSlab, "slab", 3},
    {LayoutStyle::kHollowCube, "hollow-cube", 3},
}};

constexpr std::string_view to_string(LayoutStyle style) {
  return name_of(kLayoutStyles, style);
}

// Whether the style draws in three dimensions.
constexpr bool is_3d(LayoutStyle style) {
  for (const auto& row : kLayoutStyles)
    if (row.value == style) return row.dimensions == 3;
  return false;
}

}  // namespace ftvlsi
