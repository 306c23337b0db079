#pragma once
// Theorem 9 of Greenberg & Leiserson 1986: on a standard fat-tree (capacities doubling every
// other level from 1 at the processors, lg n even) with deterministic admissible switches, there
// are message sets of load factor lambda on which GREEDY needs at least lambda lg n / 24 delivery
// cycles. The proof's switches are 4-way: the root switch sees the four quarters' root channels
// (capacity sqrt(n)/2 each) and sends sqrt n out. The host is therefore the binary fat-tree of
// the `four-way` capacity profile, whose odd half-levels carry both children whole; on
// `double-every-2` the half channel above the unfavoured quarter would also carry its sibling's
// messages and load 4/3 lambda (docs/adversary-host.md). The construction, for the subtree FT whose
// messages all leave through its root:
//   M_1: lambda messages from the single processor;
//   M_s: find the quarter of FT whose messages the switches favour least while all four input
//        channels are full for t = lambda/6 cycles (the "unfavoured" quarter); it holds M_{s/4},
//        and each other quarter lambda sqrt(s) / 6 messages spread evenly over its processors.
// The switch is the simulator's priority switch (the lower message number wins); messages are
// numbered in the order of their sources, so it favours one input channel over the other, an
// oblivious, admissible rule. The unfavoured quarter is found by running that switch, not
// assumed. FT is the first quarter of the host (processors 0 .. n/4 - 1); every message leaves
// it for a destination in the other three quarters, spread so that no down channel is loaded
// beyond lambda / 3. Every channel of the host then carries at most lambda times its capacity,
// and the leaf channel of M_1 exactly that: lambda(M) = lambda.
#include <cstdint>
#include <vector>

#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace ftvlsi {

struct AdversarySet {
  MessageSet messages;          // sorted by source
  std::uint64_t subtree = 0;    // FT = processors [0, subtree)
  std::vector<int> unfavoured;  // the quarter chosen at each recursion step, outermost first
  double bound = 0;             // lambda lg(subtree) / 24
};

// Throws InputError unless the tree has the four-way profile on n = 4^m >= 16 processors and
// lambda >= 12, and (FTV-8021) when the set and the routing of it would need more memory than
// is available (docs/memory-limits.md).
AdversarySet adversary_set(const FatTree& tree, std::uint64_t lambda);

// Messages the construction holds at once: the larger of the set and of the biggest probe that
// finds an unfavoured quarter (each lambda/6 batches of the quarters' channel capacity).
long double adversary_message_count(const FatTree& tree, std::uint64_t lambda);

}  // namespace ftvlsi
