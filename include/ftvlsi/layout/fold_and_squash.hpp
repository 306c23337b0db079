#pragma once
// The regular ("fold and squash") layout of a butterfly fat-tree or fat-pyramid (Greenberg §4,
// Bhatt-Leighton; DESIGN §3.4). Every processor owns a cell of a sqrt n x sqrt n grid; the
// switches of each level sit regularly over their node's region (at most one per level per
// cell, in the cell's slot for that level), and the channel router gives every cell a channel
// below each slot row and left of each slot column, packing the wires of all levels into
// shared tracks. A wire of level l joins switches inside one 2^l x 2^l region, so it crosses
// O(2^l) cells; the channels crossing a cell hold O(1) wires per level, so a cell's side is
// O(lg n) and the area O(n lg^2 n): Theta(A) for processors of area lg^2 A.
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"

namespace ftvlsi {

Layout build_fold_and_squash(const ButterflyFatTree& net);

// The baseline the regular layout improves on: every switch of a node piled at the centre of
// its region, as in an H-tree, and routed by the same channel router. Its central channels
// grow with the subtree below them, so wires of low levels that pass a high node's centre (mesh
// edges between blocks on either side of the root's cross) become long.
Layout build_centred_butterfly(const ButterflyFatTree& net);

}  // namespace ftvlsi
