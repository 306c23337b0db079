#pragma once
// The balanced decomposition tree by pearl-string balancing (Leiserson Lemma 7, Theorem 8,
// docs/design.md §4.2), built level by level from the cutting-plane tree's line of leaves.
#include <cstdint>
#include <vector>

#include "ftvlsi/decomp/cutting_tree.hpp"

namespace ftvlsi {

struct BalancedTree {
  // Per level i = 0 .. r of T': the measured bandwidth of its pieces (largest) and Theorem 8's
  // bound 4 * sum_{k >= i} w_k from the cutting tree's per-level maxima.
  std::vector<std::uint64_t> bandwidth_by_level;
  std::vector<std::uint64_t> bound_by_level;
  std::uint64_t max_imbalance = 0;  // largest |blacks(A) - blacks(B)| of a split
  int max_strings = 0;              // most strings in one piece
  std::uint64_t splits = 0;
  // The piece index of every processor at level `map_level` (its fat-tree leaf).
  std::vector<std::uint64_t> leaf_at_map_level;
  bool within_bound() const;
  // Whether a mapping's per-level largest piece bandwidths (a fat-tree's per-level channel
  // loads, levels 0 .. L) are within bound_by_level (levels beyond r: the bound at r).
  bool bounds(const std::vector<std::uint64_t>& bandwidth) const;
};

// Theorem 8's bound by level of T' (i = 0 .. r): 4 * sum_{k >= i} w_k over the cutting tree's
// per-level maxima w_k. It needs no pearl-string tree: a mapping's loads can be judged by it
// before (or without) building one.
std::vector<std::uint64_t> theorem8_bound(const CuttingTree& tree);

// Pieces holding at most one processor are not split further: deeper levels would only move
// that one processor, whose bandwidth is its degree.
BalancedTree build_balanced_tree(const CompetingNetwork& net, const CuttingTree& tree,
                                 int map_level);

}  // namespace ftvlsi
