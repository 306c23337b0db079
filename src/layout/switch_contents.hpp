#pragma once
// Private to the H-tree: a node's cell with its switch drawn inside
// (src/layout/switch_contents.cpp).
#include <cstdint>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi::detail {

// What the three switches of a node are built from: Pippenger's partial concentrators, or full
// crossbars (check L-L3's control: Θ(m²) components).
enum class SwitchInsides { kPartial, kCrossbar };

// The level-k node's cell over two instances of `child_id`, its three concentrator switches
// (built from `seed`, network/partial_concentrator.hpp) drawn component by component.
Cell<2> make_partial_node(const FatTree& tree, const Layout<2>& layout, std::int32_t child_id,
                          int k, std::uint64_t seed,
                          SwitchInsides insides = SwitchInsides::kPartial);

}  // namespace ftvlsi::detail
