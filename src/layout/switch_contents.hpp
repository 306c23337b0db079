#pragma once
// Private to the H-tree: a node's cell with its switch drawn inside
// (src/layout/switch_contents.cpp).
#include <cstdint>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "switch_graph.hpp"

namespace ftvlsi::detail {

// The level-k node's cell over two instances of `child_id`, its three concentrator switches
// (built from `seed`, network/partial_concentrator.hpp) drawn component by component.
Cell<2> make_partial_node(const FatTree& tree, const Layout<2>& layout, std::int32_t child_id,
                          int k, std::uint64_t seed,
                          SwitchInsides insides = SwitchInsides::kPartial);

}  // namespace ftvlsi::detail
