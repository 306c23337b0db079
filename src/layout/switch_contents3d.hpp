#pragma once
// Private to the cube: a fat-tree node's switch with its partial concentrators drawn inside a box
// O(√m) on every side (Leiserson 1985 §IV, Lemma 3 in 3D; docs/design.md §3.5), in the box's own
// frame; src/layout/cube.cpp places it between the node's children.
#include <cstdint>
#include <span>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "switch_graph.hpp"

namespace ftvlsi::detail {

// The pitch of the ports along their long side: a child's port pair holds up to 2 × 9 wire ends
// (the down switches' outputs have degree ≤ 9) at every second grid point.
inline constexpr Coord kPortPitch = 36;

// How the box's wires are packed into layer pairs: first fit (the construction); one pair a
// wire (the negative control of check L-L3: Θ(m) layers); or every wire in one pair (a
// deliberately broken box whose shorts the DRC must find).
enum class SwitchPacking { kFirstFit, kPairPerWire, kOnePair };

// A child's channel wire where it meets the box's bottom face: (x, y) odd, x at a pitch of 2 and
// y at a pitch of kPortPitch (the child's exits, `exit` below, seen from its parent).
struct ChildPort {
  Coord x, y;
  WireDir dir;
  std::uint32_t index;
};

// Where a parent port's wire leaves the box: through the face y = `face_y` at (x, z).
struct BoxExit {
  Coord x, z;
  WireDir dir;
  std::uint32_t index;
  std::int32_t wire;  // the wire in `cell` that leaves here (its last segment runs along +y)
};

struct SwitchBox3d {
  // The box's frame: x, y the bottom face, z up. Nodes: the graph's items in order, one node
  // each (the left child's ports and the components on z in [-1, 0], the right child's ports on
  // z in [height, height + 1]). Wires: the graph's links in order (named terminals), then each
  // parent port's wire to the face y = face_y (its end there left to geometry).
  Cell<3> cell;
  SwitchGraph graph;
  Coord height = 0;
  Coord face_y = 0;
  std::vector<BoxExit> exits;
  int pairs = 0;  // layer pairs of the interconnection
};

// The left child's port pair of (dir, index) sits at the child port with those, the right
// child's on the same footprint at the top. The parent's ports are laid out for its own parent:
// their exits at x = 1 + kPortPitch · i, z at a pitch of 2.
SwitchBox3d build_switch_box(const FatTree& tree, int k, std::uint64_t seed,
                             std::span<const ChildPort> children,
                             SwitchPacking packing = SwitchPacking::kFirstFit);

// A channel of `ports` wires on a grid of columns × rows (the exits' and a leaf's pins), about
// square once the pitches (kPortPitch along a row, 2 between rows) are applied.
struct PortGrid {
  std::uint32_t columns, rows;
};
PortGrid port_grid(std::uint64_t ports);

// The cube with every node's switch drawn as build_switch_box draws it (src/layout/cube.cpp).
Layout<3> build_partial_cube(const FatTree& tree, std::uint64_t seed, SwitchPacking packing);

}  // namespace ftvlsi::detail
