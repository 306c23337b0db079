#pragma once
// The balanced mapping by exact bisection with cut-aware pearl splits and balance-preserving
// refinement (docs/design.md §4.3). Level by level from the root, each piece of B >= 2
// processors is split into halves of floor(B/2) and ceil(B/2):
//   1. the line of black pearls: the piece's processors in cutting-tree leaf order (they stay in
//      that order); the geometric split is its first floor(B/2) processors;
//   2. cut-aware choice (Lemma 6's freedom): every window of floor(B/2) consecutive pearls on
//      the circle of that line is an exactly balanced split whose halves are at most two strings
//      each; the windows starting within B/kWindowFraction pearls of the geometric split are
//      scanned (each step moves one pearl in and one out, so the cut is updated in O(degree))
//      and the one with the fewest wires crossing is taken, ties to the geometric one;
//   3. refinement (decomp/refinement.hpp) swaps pairs across the split while the cut shrinks.
// The halves keep cutting-tree order, so a level costs O(N + M) and the whole O((N + M) log N).
// Pieces of one processor descend into second halves, as in the pearl-string tree.
#include <cstdint>
#include <vector>

#include "ftvlsi/decomp/cutting_tree.hpp"

namespace ftvlsi {

inline constexpr std::uint64_t kWindowFraction = 4;

struct BisectionOptions {
  bool cut_aware = true;
  int refine_passes = 4;  // 0: no refinement
};

struct BisectionMapping {
  std::vector<std::uint64_t> leaf;  // per processor, its leaf among 2^levels
  std::uint64_t splits = 0;
  std::uint64_t swaps = 0;          // refinement swaps kept
  std::uint64_t cut_geometric = 0;  // summed over splits: the geometric split's cut
  std::uint64_t cut_chosen = 0;     // ... the cut-aware split's
  std::uint64_t cut_refined = 0;    // ... after refinement
};

BisectionMapping balanced_bisection(const CompetingNetwork& net, const CuttingTree& tree,
                                    int levels, const BisectionOptions& options = {});

}  // namespace ftvlsi
