#pragma once
// The drawn wire behind every wire of a binary fat-tree's channels, so that a router can time a
// message from the wires it actually occupies (docs/design.md, "Time from the real wires").
//
// A channel at level k >= 1 joins a level-k node to its parent; its cap(k) up-wires and cap(k)
// down-wires are numbered 0 .. cap(k) - 1 in the order of the node's pins. Every node of one
// level has the same cell in a hierarchical layout, so a wire's length depends only on the level,
// on which child of its parent the node is (channel index even or odd), on the direction and on
// the wire's number. The layout fixes the processor numbering the same way: instance 0 of a cell
// holds the even child, instance 1 the odd one.
#include <array>
#include <cstdint>
#include <vector>

namespace ftvlsi {

// Declared only: the router that reads the table needs neither the geometry model
// (geometry/layout.hpp) nor the fat-tree's definition (network/fat_tree.hpp).
template <int D>
struct Layout;
class FatTree;

struct ChannelWireLengths {
  // table[k][side][dir]: the lengths of wires 0 .. cap(k) - 1 (dir 0 up, 1 down); k = 0 is the
  // root channel to the interface (side 0 only).
  std::vector<std::array<std::array<std::vector<std::uint64_t>, 2>, 2>> table;

  std::uint64_t length(int level, std::uint64_t channel, bool up, std::uint64_t wire) const {
    return table[static_cast<std::size_t>(level)][channel & 1][up ? 0 : 1][wire];
  }
  // The longest wire of each level (index k), over both sides and directions.
  std::vector<std::uint64_t> max_by_level() const;
};

// Reads the table from an H-tree layout of `tree` (layout/h_tree.hpp; ideal or partial switches,
// whose internal wires are skipped): the wires of the cell of
// a level-(k-1) node that end on its instances' pins are the level-k channels.
ChannelWireLengths h_tree_channel_wires(const FatTree& tree, const Layout<2>& layout);

// Reads the table from a cube layout of `tree` (layout/cube.hpp). There a channel is drawn as
// cap(k) wires that serve both directions, each in two pieces that meet at the child cell's face:
// the riser from the node's switch through its slab (none for a processor) and the unit step
// into the parent's switch; a channel wire's length is their sum.
ChannelWireLengths cube_channel_wires(const FatTree& tree, const Layout<3>& layout);

}  // namespace ftvlsi
