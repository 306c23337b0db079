#pragma once
// Routing on a butterfly fat-tree (Greenberg & Leiserson §6, DESIGN §5.5): a message climbs from
// its processor, taking a random one of the two parents at every level, to its apex (the lowest
// level whose node holds both ends), then follows the unique path down. Every wire is a channel
// of capacity 1 in each direction; a delivery cycle resolves the up wires level by level from
// the processors, then the down wires from the top, one message passing each wire (chosen at
// random, or the lowest-numbered with priority switches).
#include <cstdint>
#include <vector>

#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace ftvlsi {

// The load factor on the butterfly fat-tree's 4-ary tree: the most messages leaving (or
// entering) a level-l node, divided by the 2^l wires of its channel.
double butterfly_load_factor(const ButterflyFatTree& net, const MessageSet& messages);

// GREEDY: every undelivered message is sent in every cycle, with fresh random parents.
RouteResult route_butterfly_greedy(const ButterflyFatTree& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles);

}  // namespace ftvlsi
