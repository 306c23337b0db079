#pragma once
// Balancing a split's two half-bandwidths (docs/decompose.md, "Balancing the halves"). A split's
// children become the pieces of the next level, and the channel above a piece carries its
// bandwidth: the wires from it to the rest of the network, its sibling included. The refinement
// (decomp/refinement.hpp) minimizes the cut between the halves, that is, the sum of the two
// bandwidths (each is the cut plus the parent's outside wires that start in it); the loads of a
// level are the largest bandwidth over its pieces. This step trades cut for the larger of the two:
// it swaps one processor of the half of larger bandwidth with one of the other, the pair that
// lowers the larger bandwidth most among a few candidates of each side, while that lowers it.
// The sizes stay exact and the larger bandwidth never grows; the cut may.
#include <cstdint>
#include <span>
#include <vector>

#include "ftvlsi/decomp/refinement.hpp"
#include "ftvlsi/network/adjacency.hpp"

namespace ftvlsi {

// The most swaps one split makes (a few suffice: each takes the best of kChoices² pairs).
inline constexpr std::uint32_t kHalfBalanceSwaps = 64;

// Per processor, reused across splits (one per lane of the bisection).
struct HalfBalanceScratch {
  std::vector<std::int32_t> in[2];  // wires to side 0 / side 1 of the piece
  std::vector<std::uint8_t> mark;   // 1: listed as a candidate, 2: swapped (0 between splits)
  std::vector<std::uint32_t> candidates[2];
  explicit HalfBalanceScratch(std::uint64_t processors)
      : in{std::vector<std::int32_t>(processors), std::vector<std::int32_t>(processors)},
        mark(processors) {}
};

struct HalfBalance {
  std::uint64_t swaps = 0;
  std::int64_t cut_change = 0;  // the cut after less the cut before
  std::int64_t bandwidth[2]{};  // after
};

// Balances the split of `piece` (side[v] in {0, 1}; processors outside it have kOutside, which
// count as outside wires) with at most `max_swaps` swaps. `refined`, when given, is the scratch
// that refined this piece last: a piece of up to kSmallPiece processors then counts its wires
// within it from the refinement's own lists instead of reading every neighbour's side.
HalfBalance balance_halves(const Adjacency& adj, std::span<const std::uint32_t> piece,
                           std::vector<std::uint8_t>& side, HalfBalanceScratch& scratch,
                           std::uint32_t max_swaps, const RefineScratch* refined = nullptr);

}  // namespace ftvlsi
