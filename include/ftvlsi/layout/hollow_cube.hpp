#pragma once
// DeHon's hollow-cube packaging (docs/dehon.md §3; Transit Note #32 §Hollow Cube): the
// stacks of one stage stand on the four sides of a hollow cube, the stacks of the next stage
// form its top, and the cables between them run through the hollow centre. The next level
// treats a whole cube as a block: 16 of them, their tops turned inward, form each side of a
// larger hollow cube (4 x 4 per side, 64 in all), with a plane of the next stage's unit trees on
// top, and so on for every stage.
//
// Geometry, on the 3D grid (one unit = `grid_mm`): stacks are node boxes of their parameterised
// side and thickness; a wall is 4 x 4 blocks (stacks or child cubes) at an even pitch; the
// walls stand outside the interior square of side I, centred on its sides, so they never meet.
// A cable joins a child stack and a parent unit tree that share links in the network (one cable
// per pair, carrying all their connections both ways). Every cable is routed on its own grid
// points: a stub straight in from its wall pin (longer for pins higher up the same column, so
// the stubs nest), a riser in the ring beside the wall up to a band of wiring plane pairs just
// under the top, an x run on an odd row and a y run on an odd column in one plane pair (first
// fit, the longest runs first, as in layout/layered3d.hpp), and a riser into the top stack's
// pin. Risers stand on (even, even) columns, one cable each, runs on odd lines, vias on
// (odd, odd) points, and the band lies above every wall pin, so cables never meet.
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/transit.hpp"

namespace ftvlsi {

struct StackSize {
  double side_mm = 610;      // the square face (24 in)
  double thickness_mm = 51;  // across the face (2 in)
};

// Stack sizes after the paper: the large unit tree about two feet square and the small one one
// foot, both two inches thick; clusters scaled so that a wall of 16 matches the top above it
// (192: two feet, 48: one foot, 12: six inches).
struct HollowCubeSpec {
  double grid_mm = 2.54;  // one grid unit: 0.1 in
  StackSize large_unit_tree{610, 51};
  StackSize small_unit_tree{305, 51};
  StackSize cluster_12{152, 51};
  StackSize cluster_48{305, 51};
  StackSize cluster_192{610, 51};
};

struct HollowCubeLevel {
  std::int64_t interior_side = 0;  // grid units: the hollow's side, where the cables run
  std::int64_t outer_side = 0;     // the level's bounding box in the plane
  std::int64_t height = 0;         // to the top of its top stacks
  std::int64_t wall_length = 0;    // 4 blocks
  std::uint64_t cables = 0;        // per cube of this level
  std::uint64_t connections = 0;   // physical connections per direction in those cables
  int plane_pairs = 0;             // the band's wiring plane pairs
  std::uint64_t distinct_cells = 0;
};

struct HollowCube {
  Layout<3> layout;  // wire level k - 1: the cables of level k
  std::vector<HollowCubeLevel> levels;
  // Per level k = 1 .. stages, per parent node of stage k: the cell its cube is drawn in. Nodes
  // with the same children and cables share a cell; its wires are the node's cables in order.
  std::vector<std::vector<std::int32_t>> node_cell;
};

HollowCube build_hollow_cube(const TransitNetwork& net, const HollowCubeSpec& spec);

// The cable a link of the network runs in, measured on the cube: its drawn length and the
// straight distance between its ends, in grid units; 0 and 0 for a link inside a stack.
struct LinkCable {
  std::uint64_t drawn = 0;
  double straight = 0;
};
// Per output slot (router * 8 + output) of `net`, the cable its link crosses.
std::vector<LinkCable> link_cables(const TransitNetwork& net, const HollowCube& cube);

}  // namespace ftvlsi
