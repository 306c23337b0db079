#pragma once
// Multilevel refinement of one split (`--mapping balanced-refined` on every split, `balanced-top`
// on the top levels; docs/design.md §4.3): the standard scheme of Hendrickson and Leland (1995)
// and Karypis and Kumar (METIS, 1998) around our geometric split. The piece's graph is coarsened
// by heavy-edge matching (a pair that straddles the split takes its first vertex's side) down to
// about kCoarsest vertices; from the coarsest level up, a Fiduccia-Mattheyses pass moves single
// vertices while each side's weight stays within the heaviest vertex of its target; at the finest
// level the exact sizes are restored by moving the best-gain boundary processors of the heavier
// side, and the pair-swap refinement of decomp/refinement.hpp finishes. If the result cuts more
// wires than the split it started from, that split is kept: the cut never grows and the sizes
// stay exact.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ftvlsi/decomp/refinement.hpp"

namespace ftvlsi {

inline constexpr std::uint32_t kCoarsest = 64;
// Grown splits tried at the coarsest level: 8 took 10-14 % more time and mapped no better
// (docs/decompose.md).
inline constexpr std::uint32_t kGrowSeeds = 4;

// One level of the coarsening: vertex weights, CSR with edge weights, each vertex's side, and
// per vertex of the finer level its vertex here.
struct CoarseGraph {
  std::vector<std::int64_t> weight;
  std::vector<std::uint32_t> start, next;
  std::vector<std::int32_t> edge;  // at most the piece's wires: below 2^31
  std::vector<std::uint8_t> side;
  std::vector<std::uint32_t> up;
  std::uint32_t size() const { return static_cast<std::uint32_t>(weight.size()); }
};

// Buffers kept between splits (one per lane of the bisection) and started afresh when the
// pieces halve, so that the splits of a level allocate once.
struct MultilevelScratch {
  std::vector<CoarseGraph> levels;
  std::vector<std::int64_t> gain, acc;
  std::vector<std::uint8_t> locked, best, start_sides;
  std::vector<std::uint32_t> mate, first, touched, moved, queue;
  std::vector<std::pair<std::int64_t, std::uint32_t>> heap, skipped;
};

// How a split is refined: `finest_fm`, two FM passes on the processors too (single moves within
// one processor of the exact sizes) before they are restored; `start_cut`, the cut of the split
// it starts from when the caller counted it (-1: counted here); `simple`, no wire joins a
// processor to itself and no two join the same pair, so the pair swaps' own count of the final
// cut is exact (their booked gains count a pair's parallel wires once) and no scan is needed.
struct MultilevelOptions {
  bool finest_fm = false;
  std::int64_t start_cut = -1;
  bool simple = false;
};

// As refine_split; returns the cut's decrease.
std::int64_t refine_split_multilevel(const Adjacency& adj, std::span<const std::uint32_t> piece,
                                     std::vector<std::uint8_t>& side, RefineScratch& scratch,
                                     MultilevelScratch& ml, const MultilevelOptions& options = {});

}  // namespace ftvlsi
