#pragma once
// Private to the layouts: a fat-tree node's switch with real insides as a graph to place
// (docs/design.md §2.7): the ports of its three channels, the components of its three
// concentrator switches (Leiserson 1985 Fig. 3, built by network/partial_concentrator.hpp) and
// every link between them, each item with the number of wire ends it takes. The H-tree places it
// on a line (src/layout/switch_contents.cpp), the 3D cube on a face of a box
// (src/layout/switch_contents3d.cpp).
#include <array>
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi::detail {

// Which channel a port belongs to; components belong to none.
enum class SwitchSide : std::uint8_t { kLeft, kRight, kParent, kComponent };

struct SwitchGraph {
  struct Item {
    SwitchSide side = SwitchSide::kComponent;
    WireDir dir = WireDir::kUp;  // a port's direction
    std::uint32_t index = 0;     // a port's wire within its channel and direction
    std::uint32_t ends = 0;      // links that end on it
  };
  struct Link {
    std::uint32_t from, to;
    WireDir dir;
  };
  // The ports first (left child's up then down wires, the right child's, the parent's), then
  // each switch's components.
  std::vector<Item> items;
  std::vector<Link> links;
  // [side][dir][index] -> item, side 0 left, 1 right, 2 parent.
  std::array<std::array<std::vector<std::uint32_t>, 2>, 3> port;
  // The first item of each switch's components (up, down-left, down-right); they run to the
  // next switch's first, the last to the end.
  std::array<std::uint32_t, 3> first_component{};
  std::uint64_t ports() const;
};

// What the three switches of a node are built from: Pippenger's partial concentrators, or full
// crossbars (check L-L3's control: Θ(m²) components).
enum class SwitchInsides { kPartial, kCrossbar };

// The level-k node's switch: up (both children's up wires onto the parent's), down-left (the
// parent's down wires and the right child's up wires onto the left child's down wires) and
// down-right alike, each from switch_seed(seed, k, kind); a child's up port is the selector that
// feeds the two switches its messages may take, the parent's down port likewise.
SwitchGraph node_switch_graph(const FatTree& tree, int k, std::uint64_t seed,
                              SwitchInsides insides = SwitchInsides::kPartial);

}  // namespace ftvlsi::detail
