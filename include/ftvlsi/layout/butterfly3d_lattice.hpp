#pragma once
// The 3D butterfly fat-tree as a 3D lattice, the 3D fold-and-squash (docs/design.md §3.5).
//
// Every processor owns a cell of a 2^k x 2^k x 2^k grid of cells, all alike. The s_l = 4^(l-1)
// switches of a level-l node are spread over its 2^l-cube region so that every line of cells
// (along x, y or z) of the region holds at most one of them: switch j = t + s_(l-1) r (r = 2b + a)
// sits at the cell of its child switch t shifted by 2^(l-1) (a, b, a xor b). Every cell holds,
// per level, a constant number of tracks of each family (x-lines at even y and z, y-lines at even
// x and odd z, z-lines at odd x and y, so different families never meet) and one switch slot; a
// tree wire climbs its switch's z-track to its child's layer, runs along an x-track and a y-track
// to the child's cell and ends on the child along a short x-line. The levels' tracks are packed
// into the cross-sections, so a cell's side is Theta(sqrt(lg n)), the volume Theta(n lg^(3/2) n)
// (Greenberg & Leiserson §6), and a level-l wire is at most 3 * 2^l cell sides long.
// One cell definition per level; the point colours (geometry/point_colours.hpp) let the
// hierarchical DRC check each definition once.
//
// A 3D fat-pyramid (net.pyramid()) gets its mesh on the same lattice (docs/fat-pyramid3d.md):
// the same-numbered switches of face-adjacent level-m nodes sit on one line of cells, 2^m cells
// apart, so each level's mesh wires run on lines of their own (a constant number per cell per
// level) and are drawn by the lowest cell holding both ends, as a pattern colour.
#include <array>
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"

namespace ftvlsi {

Layout<3> build_butterfly3d_lattice(const ButterflyFatTree3d& net);
// Bytes build_butterfly3d_lattice(net) needs, estimated before anything is allocated: every
// region of a level is the same cell, so the lattice holds a level's wires once
// (docs/memory-limits.md).
long double estimate_butterfly3d_lattice_bytes(const ButterflyFatTree3d& net);

// The drawn length of every wire of net.graph(), in its order.
std::vector<std::uint64_t> butterfly3d_lattice_wire_lengths(const ButterflyFatTree3d& net);

// The side of a processor's cell along x, y and z for k levels.
std::array<Coord, 3> butterfly3d_lattice_cell(int levels, bool pyramid = false);

}  // namespace ftvlsi
