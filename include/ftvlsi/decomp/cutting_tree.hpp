#pragma once
// The cutting-plane tree (Leiserson Thm 5, Greenberg Lemma 2.1, docs/design.md §4.1).
// The network's bounding region, rounded up to a power of two per axis, is halved recursively:
// in 2D across the longer side (x first on a tie), in 3D cycling the axes; r = the sum of the
// axes' exponents levels later every piece is one grid cell, so it holds at most one processor.
// Each processor's leaf is its path of cuts (0 = the lower half), an r-bit number; the leaves
// in order are the line of pearls of the balancing step.
#include <cstdint>
#include <vector>

#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

struct CuttingTree {
  int depth = 0;                           // r
  std::array<std::int64_t, 3> origin{};    // lower corner of the root region
  std::array<int, 3> exponent{};           // the root region is 2^e per axis
  std::vector<int> axis_of_level;          // axis cut at each level (size r)
  std::vector<std::uint64_t> leaf;         // per processor, in 0 .. 2^r - 1
  std::vector<std::uint32_t> order;        // processors sorted by leaf
  std::vector<std::uint64_t> sorted_leaf;  // leaf[order[i]]
  // Per level k = 0 .. r: the largest bandwidth of a piece (wires with exactly one end inside),
  // the number of non-empty pieces, and the largest surface (perimeter in 2D, area in 3D).
  std::vector<std::uint64_t> bandwidth_by_level;
  std::vector<std::uint64_t> pieces_by_level;
  std::vector<std::uint64_t> surface_by_level;
  // Least-squares fit w_k ~ w / alpha^k over the levels with w_k > 0.
  double fit_w = 0;
  double fit_alpha = 0;
};

// With `with_cuts` false the per-level bandwidths, piece counts and fit are left empty, for
// add_level_cuts to fill later (decompose measures them beside its bisection, which needs only
// the leaves and their order).
CuttingTree build_cutting_tree(const CompetingNetwork& net, bool with_cuts = true);

// Fills the tree's bandwidth_by_level, pieces_by_level and fit from net's wires.
void add_level_cuts(CuttingTree& tree, const CompetingNetwork& net);

// Blacks (processors) with leaves in [begin, end).
std::uint64_t count_leaves(const CuttingTree& tree, std::uint64_t begin, std::uint64_t end);

}  // namespace ftvlsi
