#pragma once
// Delivery cycles on a binary fat-tree (DESIGN §5.2). All messages sent in a cycle enter
// together; channels are resolved in path order, up channels from the leaves to the root, then
// down channels from the root to the leaves. An ideal concentrator passes min(arrivals, cap)
// messages; which ones is the switch policy: uniformly random, or a fixed priority (the lower
// message number wins, an admissible switch in Greenberg & Leiserson's sense). Lost messages load
// no later channel. A message from a processor to itself is delivered without using a channel.
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace ftvlsi {

enum class SwitchPolicy { kRandom, kPriority };
// "random" or "priority"; InputError naming --switch otherwise.
SwitchPolicy parse_switch_policy(std::string_view text);

class DeliverySimulator {
 public:
  DeliverySimulator(const FatTree& tree, const MessageSet& messages, SwitchPolicy policy,
                    std::uint64_t seed);

  // Sends the given messages (ascending ids) in one delivery cycle; returns those delivered.
  std::vector<std::uint32_t> cycle(const std::vector<std::uint32_t>& sent);
  // Message-channel steps so far (one per message per channel it reached).
  std::uint64_t steps() const { return steps_; }

  // Timing (DESIGN §6): with each message's round-trip time given (message there, then its
  // acknowledgment back), a cycle lasts as long as the slowest round trip of the messages sent in
  // it (a sender learns of a loss only when the acknowledgment fails to come), and elapsed() sums
  // the cycles. Without round-trip times elapsed() stays 0.
  void set_round_trips(std::vector<double> round_trip) { round_trip_ = std::move(round_trip); }
  double elapsed() const { return elapsed_; }

 private:
  // A message in flight, with what the levels need (kept together for sequential access).
  struct Entry {
    std::uint32_t id, src, dst;
    std::int32_t lca;  // kLost once a concentrator dropped it
  };
  static constexpr std::int32_t kLost = -2;
  void resolve(int level, bool up);

  const FatTree& tree_;
  const MessageSet& messages_;
  SwitchPolicy policy_;
  SplitMix64 rng_;
  std::vector<std::int8_t> lca_;  // level of the lowest common ancestor; -1 for self-messages
  std::vector<std::uint32_t> count_, fill_, touched_, order_;  // per channel; scratch
  std::vector<Entry> alive_;  // the messages of the current cycle still in flight
  std::uint64_t steps_ = 0;
  std::vector<double> round_trip_;
  double elapsed_ = 0;
};

}  // namespace ftvlsi
