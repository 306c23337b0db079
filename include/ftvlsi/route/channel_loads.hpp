#pragma once
// Loads of a message set on a binary fat-tree's directed channels (docs/design.md §5.1), the load
// factor lambda, and the congestion parameter r (Greenberg & Leiserson §4).
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace ftvlsi {

// load[k][j]: messages using the up (or down) channel above node j of level k, k = 0 .. L.
struct ChannelLoadTable {
  std::vector<std::vector<std::uint64_t>> up, down;
};

ChannelLoadTable channel_loads(const MessageSet& messages, int levels);
// max over directed channels of load / cap.
double load_factor(const ChannelLoadTable& loads, const FatTree& tree);
// The same from the messages, without the table: 8 bytes per processor (the messages turning at
// each node, and one direction's loads of a level at a time), O(|M| + n) time.
double load_factor(const MessageSet& messages, const FatTree& tree);
inline constexpr std::size_t kLoadFactorBytesPerProcessor = 8;
// CSV: direction,level,index,load,capacity,load_factor (one row per directed channel).
std::string loads_csv(const ChannelLoadTable& loads, const FatTree& tree);

// The least r > 0 with sum over the channels of every simple path of (e/r)^cap <= 1/2. The
// worst paths are leaf-to-leaf through the root (levels 1..L up and down) and leaf to the
// external interface (levels L..0 up), since every term is positive; r is found by bisection
// to a relative precision of 1e-12.
double congestion_parameter(const FatTree& tree);

}  // namespace ftvlsi
