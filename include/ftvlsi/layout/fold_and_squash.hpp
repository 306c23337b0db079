#pragma once
// The regular ("fold and squash") layout of a butterfly fat-tree or fat-pyramid (Greenberg §4,
// Bhatt-Leighton; docs/design.md §3.4), drawn as a lattice.
//
// Every processor owns a cell of a sqrt n x sqrt n grid. The s_l switches of a level-l node sit
// on its 2^l x 2^l region's diagonal at every other cell (in lanes when a level has more than
// 2^(l-1) of them), so every row and column of the region holds at most one of them per lane
// and every switch sits in a cell whose coordinates are both odd. Even cells hold their
// processor alone; odd cells add a band of columns and rows per level and lane. A tree wire
// leaves its switch down a column of its band, runs along a track of the child's row and
// climbs into the child's up pin; a mesh edge runs straight (H, V) or with one turn (the
// diagonals, with --mesh-diagonals) between same-numbered switches of adjacent regions. Every band
// carries O(1) lines, so a cell's side is O(lg n), the area O(n lg^2 n) (Theta(A) for processors of
// area lg^2 A), and a wire of level l spans O(2^l) cells: O(2^l lg A).
//
// The routing of each level is periodic with its region, so the layout is a hierarchy of m
// cells: cell l - 1 holds one level-l node's switches and tree wires over four instances of
// the cell below (level 1: over its four processors), and the mesh edges between its children;
// a mesh edge leaving a cell is passed up as a re-exported pin. Wires run through their
// children's boxes on lines of their own colour (geometry/line_colours.hpp), which the
// hierarchical DRC checks.
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"

namespace ftvlsi {

// Processors are squares of side `processor_side` (x1 - x0, at least 1, the default); a side of
// lg n gives Greenberg's processors of area lg^2 n (Greenberg 1990 §3-§4).
Layout<2> build_fold_and_squash(const ButterflyFatTree& net, Coord processor_side = 1);

// The length of every wire of net.graph(), in its order, from the same routes the layout draws
// (the routing is periodic, so the drawn wires of one region give every region's).
std::vector<std::uint64_t> fold_and_squash_wire_lengths(const ButterflyFatTree& net,
                                                        Coord processor_side = 1);

// The baseline the regular layout improves on: every switch of a node piled at the centre of
// its region, as in an H-tree, and routed by the channel router (one flat cell). Its central
// channels grow with the subtree below them, so wires of low levels that pass a high node's centre
// (mesh edges between blocks on either side of the root's cross) become long.
Layout<2> build_centred_butterfly(const ButterflyFatTree& net);

}  // namespace ftvlsi
