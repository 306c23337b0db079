#pragma once
// Leiserson's off-line schedule (Leiserson 1985, Theorem 1). The messages whose paths turn at level
// k form one group per k (messages of different level-k nodes share no channel). A group is split
// by matching-and-tracing: pair its messages bottom-up in the tree of their sources (at most one
// left unpaired per subtree) and likewise of their destinations; the two matchings form paths and
// even cycles, and colouring them alternately halves every channel's load within one. Halves are
// split again until every channel's load is at most its capacity: there are at most 2 ceil(lambda)
// such one-cycle sets per level. Sets of different levels may share a delivery cycle whenever their
// union is still one-cycle, so they are merged first-fit: d <= (number of sets) <= 2 ceil(lambda)
// L, and a set with lambda <= 1 takes 1 cycle.
#include <cstdint>
#include <vector>

#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace ftvlsi {

// The one-cycle sets before merging, turning level by level from the root, each a list of
// message ids (ascending). Self-messages go in the first set. `lanes`: 0 halves the two halves of
// every group of 2^15 messages or more on two threads, 1 uses one thread, 2 splits every group
// (the tests' setting); the sets are the same for any.
std::vector<std::vector<std::uint32_t>> offline_sets(const FatTree& tree,
                                                     const MessageSet& messages, int lanes = 0);

// First-fit: each set in order joins the first delivery cycle whose union with it is still
// one-cycle (load <= cap on every directed channel), or opens a new one. Every set must be
// one-cycle; so is every cycle, and there are at most as many cycles as sets. Ids ascending.
std::vector<std::vector<std::uint32_t>> merge_one_cycle_sets(
    const FatTree& tree, const MessageSet& messages,
    const std::vector<std::vector<std::uint32_t>>& sets);

// The cycles of Theorem 1's schedule: the sets of offline_sets (`lanes` as there), merged.
std::vector<std::vector<std::uint32_t>> offline_schedule(const FatTree& tree,
                                                         const MessageSet& messages, int lanes = 0);

// Leiserson's Corollary 2: when every channel has capacity above lg n (cap >= a lg n, a > 1),
// the fictitious capacities cap' = cap - lg n give a load factor lambda' <= a/(a-1) lambda. Every
// turning-level group is halved by matching-and-tracing into the same S sets, S the least power
// of two >= lambda', and set i of every group goes into cycle i: a channel then carries at most
// load/S + (one per group above it) <= cap' + lg n = cap, so d <= S < 2 lambda'. The S cycles
// are then merged like Theorem 1's sets. Throws InputError when some channel has capacity lg n
// or less, naming it.
struct WideSchedule {
  std::vector<std::vector<std::uint32_t>> cycles;
  double lambda_prime = 0;     // the load factor with the fictitious capacities
  std::uint64_t sets = 0;      // S
  std::uint64_t unmerged = 0;  // the non-empty cycles of the S before merging
};
// `lanes` as for offline_sets.
WideSchedule offline_schedule_wide(const FatTree& tree, const MessageSet& messages, int lanes = 0);

// Splits `ids` (all turning at the same level) into two sets whose loads on every channel differ
// by at most one.
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> matching_and_tracing(
    const FatTree& tree, const MessageSet& messages, const std::vector<std::uint32_t>& ids);

}  // namespace ftvlsi
