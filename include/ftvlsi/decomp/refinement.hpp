#pragma once
// Balance-preserving boundary refinement of one split (Fiduccia and Mattheyses 1982, with
// Kernighan and Lin's pair swaps, docs/design.md §4.3). The processors of a piece are on side 0
// or 1; a pass swaps one processor of each side at a time, the pair of largest gains first (a
// gain may be negative, to climb out of a local minimum), locks both, and in the end keeps the
// prefix of swaps with the largest total gain. So the sides keep their sizes exactly and the cut
// between them never grows. A pass stops after min(kPatience, 4 + B/16) swaps without a new best
// (B the piece's processors), and the refinement after a pass that gains nothing.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ftvlsi/network/adjacency.hpp"

namespace ftvlsi {

inline constexpr std::uint8_t kOutside = 2;  // side of a processor not in the piece
inline constexpr int kPatience = 32;
// Pieces of up to this many processors are refined on arrays of their own numbering.
inline constexpr std::size_t kSmallPiece = 32;

// Wires between side 0 and side 1 among `piece`.
std::uint64_t split_cut(const Adjacency& adj, std::span<const std::uint32_t> piece,
                        const std::vector<std::uint8_t>& side);

// Per-processor scratch, reused across splits so that a split costs its piece's wires only.
struct RefineScratch {
  std::vector<std::int32_t> gain;
  std::vector<std::uint32_t> stamp;  // gain[v] is this split's when stamp[v] == epoch
  std::uint32_t epoch = 0;
  std::vector<std::uint8_t> locked;  // 0 between splits
  // Per side, a binary max-heap of (gain, processor) with stale entries; the boundary and the
  // processors flips touched; the swaps of the current pass; the locked processors.
  std::vector<std::pair<std::int32_t, std::uint32_t>> heap[2];
  std::vector<std::uint32_t> candidates, moved, locked_list;
  // The last small piece's wires within it, in its own numbering: the neighbours of its i-th
  // processor are small_next[small_start[i] .. small_start[i + 1]) (once per wire).
  std::vector<std::uint8_t> small_next;
  std::array<std::uint32_t, kSmallPiece + 1> small_start{};
  explicit RefineScratch(std::uint64_t processors)
      : gain(processors), stamp(processors), locked(processors) {}
};

// A split's boundary when its caller counted the cut already: side 0's processors with a wire
// across and the processors at the other ends (repeats allowed), and the wires across.
struct SplitBoundary {
  std::span<const std::uint32_t> ends;
  std::int64_t cut = 0;
};

// Refines the split of `piece` (side[v] in {0, 1}; every processor outside the piece has
// kOutside) with up to `passes` passes; returns the number of swaps kept, adds the cut's
// decrease to `*gain` and stores the cut it started from in `*initial` when given. With
// `boundary` it starts from that boundary instead of finding it.
std::uint64_t refine_split(const Adjacency& adj, std::span<const std::uint32_t> piece,
                           std::vector<std::uint8_t>& side, RefineScratch& scratch, int passes,
                           std::int64_t* gain = nullptr, std::int64_t* initial = nullptr,
                           const SplitBoundary* boundary = nullptr);

}  // namespace ftvlsi
