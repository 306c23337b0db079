#pragma once
// The balanced mapping by exact bisection with cut-aware pearl splits and balance-preserving
// refinement (docs/design.md §4.3). From the root down, each piece of B >= 2
// processors is split into halves of floor(B/2) (the lower child) and ceil(B/2):
//   1. lines of black pearls: the piece's processors sorted along each axis (ties in
//      cutting-tree leaf order); every line is kept sorted by stable partitions, so no level
//      sorts again. The geometric split is the first floor(B/2) pearls of the line of the axis
//      along which the piece is longest: an exact median cut;
//   2. cut-aware choice (Lemma 6's freedom): every window of floor(B/2) consecutive pearls on
//      the circle of a line is an exactly balanced split whose halves are at most two strings
//      each; on the line of every axis along which the piece is at least half as long as along
//      its longest, the windows starting within min(B / kWindowFraction, kWindowReach) pearls of
//      the median are scanned (each step moves one pearl in and one out, so the cut is updated in
//      O(degree)) and the one with the fewest wires crossing is taken, ties to the geometric one;
//   3. refinement (decomp/refinement.hpp) swaps pairs across the split while the cut shrinks.
// A level costs O(D (N + M)) plus the refinement's boundary work, the whole O((N + M) log N);
// the pieces are split on two threads, each taking the next piece when it is free, and small
// pieces depth first.
// Pieces of one processor descend into second halves, as in the pearl-string tree. The mapping
// carries no guarantee of its own: decompose checks Theorem 8's bound on its loads and falls
// back to the pearl-string tree's mapping when it fails (decomp/balanced_tree.hpp).
#include <cstdint>
#include <vector>

#include "ftvlsi/decomp/cutting_tree.hpp"

namespace ftvlsi {

inline constexpr std::uint32_t kWindowFraction = 8;
inline constexpr std::uint32_t kWindowReach = 64;

struct BisectionOptions {
  bool cut_aware = true;
  int refine_passes = 4;    // 0: no refinement
  bool multilevel = false;  // decomp/multilevel.hpp instead of the pair swaps alone
  // On the top floor(lg lg n) levels (at least one; pieces of more than kCoarsest processors),
  // the multilevel split beside the pair swaps' for the root and where theirs, before the halves
  // are balanced, would carry 1.1 times the largest load its ancestors' top-level splits made;
  // kept when its load is below 9/10 of theirs (docs/decompose.md). Off under `multilevel`.
  bool multilevel_top = false;
  // From this many processors on, the pieces are split on two threads, each taking the largest
  // piece left when it is free (no wait at a level's end); the mapping is the same (tests
  // compare).
  std::uint64_t parallel_from = 4096;
  // Pieces of at most this many processors are split to the end by one lane, depth first: their
  // processors, wires and lines then stay in the core's cache from one level to the next, where a
  // level at a time streams the whole network through it once a level. Each split reads only its
  // own piece, so the mapping is the same (tests compare).
  std::uint32_t depth_first_below = 1024;
  // A piece of two processors joined by at most one wire is split directly along its longest
  // axis (every axis cuts the same wires, and the refinement has nothing to gain): the same
  // mapping and counts as the general split (tests compare), without its scans. Half of all
  // splits are such pairs.
  bool direct_pairs = true;
  // After the refinement, the larger of the two halves' bandwidths is lowered by swaps that pay
  // for it in cut (decomp/half_balance.hpp); with refine_passes = 0 it is left out too.
  bool balance_halves = true;
};

struct BisectionMapping {
  std::vector<std::uint64_t> leaf;  // per processor, its leaf among 2^levels
  std::uint64_t splits = 0;
  std::uint64_t swaps = 0;             // refinement swaps kept
  std::uint64_t cut_geometric = 0;     // summed over splits: the geometric split's cut
  std::uint64_t cut_chosen = 0;        // ... the cut-aware split's
  std::uint64_t cut_refined = 0;       // ... after refinement
  std::uint64_t cut_balanced = 0;      // ... after the halves' bandwidths were balanced
  std::uint64_t balance_swaps = 0;     // the swaps that balanced them
  std::uint64_t multilevel_tried = 0;  // multilevel_top: the top-level splits tried multilevel
  std::uint64_t multilevel_kept = 0;   // ... and those kept
  friend bool operator==(const BisectionMapping&, const BisectionMapping&) = default;
};

BisectionMapping balanced_bisection(const CompetingNetwork& net, const CuttingTree& tree,
                                    int levels, const BisectionOptions& options = {});

}  // namespace ftvlsi
