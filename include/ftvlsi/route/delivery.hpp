#pragma once
// Delivery cycles on a binary fat-tree (docs/design.md §5.2). All messages sent in a cycle enter
// together; channels are resolved in path order, up channels from the leaves to the root, then
// down channels from the root to the leaves. An ideal concentrator passes min(arrivals, cap)
// messages; which ones is the switch policy: uniformly random, or a fixed priority (the lower
// message number wins, an admissible switch in Greenberg & Leiserson's sense). Lost messages load
// no later channel. A message from a processor to itself is delivered without using a channel.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/layout/channel_wires.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/route/message_set.hpp"
#include "ftvlsi/route/switch_policy.hpp"
#include "ftvlsi/route/timing.hpp"

namespace ftvlsi {

class SwitchedDelivery;  // src/route/switched_delivery.hpp

class DeliverySimulator {
 public:
  DeliverySimulator(const FatTree& tree, const MessageSet& messages, SwitchPolicy policy,
                    std::uint64_t seed);
  ~DeliverySimulator();
  DeliverySimulator(DeliverySimulator&&) noexcept;
  DeliverySimulator& operator=(DeliverySimulator&&) = delete;

  // Sends the given messages in one delivery cycle; returns those delivered, in the order sent.
  // Ascending ids are the usual order; a message sent earlier in the list counts as the lower
  // number for the priority switch.
  std::vector<std::uint32_t> cycle(const std::vector<std::uint32_t>& sent);
  // Message-channel steps so far (one per message per channel it reached).
  std::uint64_t steps() const { return steps_; }
  // The bottom levels passed in one scan so far, summed over the cycles: a cycle whose sources
  // send at most s records each passes the levels k = L, L - 1, ... where 2^(L - k) s <= cap(k)
  // at once (docs/routing.md, "The levels that cannot overflow"). Tests read it to know that
  // path ran.
  std::uint64_t levels_passed_at_once() const { return levels_passed_; }

  // A cycle of at least this many messages runs on two threads (default kParallelCycle); the
  // result is the same either way (docs/routing.md, "The simulator's data layout").
  static constexpr std::size_t kParallelCycle = std::size_t{1} << 15;
  void set_parallel_threshold(std::size_t messages) { parallel_threshold_ = messages; }
  // Called after every cycle with the messages sent and those delivered (tests run a reference
  // simulator beside it).
  using Observer = std::function<void(const std::vector<std::uint32_t>& sent,
                                      const std::vector<std::uint32_t>& delivered)>;
  void set_observer(Observer observer) { observer_ = std::move(observer); }

  // Timing from the real wires (docs/design.md, "Time from the real wires"): the concentrator
  // of a channel hands its k-th passing message (in the order the switch policy chose) wire k of
  // the channel, so every message crosses known wires of the layout. A delivered message's round
  // trip is its head over those wires and switches, its tail, and the acknowledgment back; a
  // message dropped by a concentrator gets a one-bit negative acknowledgment back from that
  // switch over the wires it came by. A cycle lasts as long as the slowest round trip of the
  // messages sent in it, and elapsed() sums the cycles; path_lengths() holds each delivered
  // message's path length. Without wire timing elapsed() stays 0.
  void set_wire_timing(const ChannelWireLengths& wires, const MessageTiming& timing);
  double elapsed() const { return elapsed_; }
  std::vector<std::uint64_t> take_path_lengths();

  // A bound beside it: with a message's round trip given in advance by the level k of its two
  // ends' common ancestor (by_turn_level[k], k = 0 .. levels - 1; e.g. over the longest wire of
  // every level it crosses), a cycle is charged the slowest of those of the messages sent (a
  // message to itself: 0), and elapsed_bound() sums them.
  void set_round_trip_bounds(std::vector<double> by_turn_level);
  double elapsed_bound() const { return elapsed_bound_; }

  // Real switches (docs/design.md §2.7): every node's concentrators are the partial concentrator
  // graphs built from `seed`; a message the ideal concentrator would pass but that finds no free
  // path through the graph is lost in the switch. Cycles then run on the message-by-message
  // simulator that routes through the graphs (src/route/switched_delivery.hpp), slower than the
  // streaming one. Call it before set_wire_timing and set_round_trip_bounds.
  void use_partial_switches(std::uint64_t seed);
  // Messages the ideal concentrators would have passed that found no free path (0 with ideal
  // switches).
  std::uint64_t lost_in_switches() const;

  // Bytes a cycle of `sent` messages holds beyond the message set (the estimate of
  // report/route_job.cpp and adversary.cpp): two level buffers of 12 bytes per message, the
  // turning messages' 8, a byte of delivery marks; with wire timing the records carry it (32 and
  // 24 bytes) and a path length per message waits for its message, 64 more.
  static constexpr std::size_t kBytesPerSent = 33, kTimingBytesPerSent = 64;

  // One cycle's buffers and the two lanes working on them (defined in route/delivery.cpp).
  struct Cycle;

 private:
  double run_levels(int in, std::size_t count, bool leaves_done, std::uint32_t most_from_one,
                    bool keys_by_source);

  const FatTree& tree_;
  const MessageSet& messages_;
  SwitchPolicy policy_;
  std::uint64_t rng_state_;         // SplitMix64's state: every random switch draws from one stream
  std::vector<std::uint64_t> cap_;  // cap(k), k = 0 .. L
  std::unique_ptr<Cycle> work_;
  std::size_t parallel_threshold_ = kParallelCycle;
  Observer observer_;
  std::uint64_t steps_ = 0;
  std::uint64_t levels_passed_ = 0;
  // Wire timing: delay_[k][side][dir][wire] and the lengths it came from.
  const ChannelWireLengths* wires_ = nullptr;
  std::vector<std::array<std::array<std::vector<double>, 2>, 2>> delay_;
  MessageTiming timing_;
  std::vector<std::uint64_t> path_length_;
  double elapsed_ = 0;
  std::vector<double> round_trip_bound_;
  double elapsed_bound_ = 0;
  std::uint64_t seed_;
  std::unique_ptr<SwitchedDelivery> switched_;  // with use_partial_switches
};

}  // namespace ftvlsi
