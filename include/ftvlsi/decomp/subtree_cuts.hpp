#pragma once
// Wires leaving the subtrees of a complete binary tree: processors sit at leaves (an r-bit leaf
// number each, several may share one), and the cut of a subtree is the number of wires with
// exactly one end inside it. The same count is a decomposition piece's bandwidth and the load a
// one-step message set puts on a fat-tree channel.
#include <cstdint>
#include <utility>
#include <vector>

namespace ftvlsi {

struct LevelCuts {
  std::vector<std::uint64_t> max_by_level;     // level 0 (root) .. depth
  std::vector<std::uint64_t> pieces_by_level;  // non-empty subtrees per level
};

// Bottom-up: a subtree's cut is its children's cuts less twice the wires joining the two
// children. O((n + m) log) once, then linear in the non-empty subtrees of each level.
LevelCuts subtree_cuts(const std::vector<std::uint64_t>& leaf, int depth,
                       const std::vector<std::pair<std::uint32_t, std::uint32_t>>& wires);

}  // namespace ftvlsi
