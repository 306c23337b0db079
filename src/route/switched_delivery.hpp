#pragma once
// The delivery-cycle simulator with real switches (route --switch-model partial): the message-by-
// message simulator that preceded the streaming one of ftvlsi/route/delivery.hpp, which delegates
// to it once use_partial_switches() is called. Private to src/route.
// Delivery cycles on a binary fat-tree (docs/design.md §5.2). All messages sent in a cycle enter
// together; channels are resolved in path order, up channels from the leaves to the root, then
// down channels from the root to the leaves. An ideal concentrator passes min(arrivals, cap)
// messages; which ones is the switch policy: uniformly random, or a fixed priority (the lower
// message number wins, an admissible switch in Greenberg & Leiserson's sense). Lost messages load
// no later channel. A message from a processor to itself is delivered without using a channel.
#include <array>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/layout/channel_wires.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/route/message_set.hpp"
#include "ftvlsi/route/switch_policy.hpp"
#include "ftvlsi/route/timing.hpp"

namespace ftvlsi {

// Each wire's delay under `timing`, laid out as the lengths are: [k][side][dir][wire]. Both
// delivery simulators look a passing message's wire up in it.
using ChannelDelays = std::vector<std::array<std::array<std::vector<double>, 2>, 2>>;
ChannelDelays channel_delays(const ChannelWireLengths& wires, const MessageTiming& timing);

class SwitchedDelivery {
 public:
  SwitchedDelivery(const FatTree& tree, const MessageSet& messages, SwitchPolicy policy,
                   std::uint64_t seed);

  // Sends the given messages (ascending ids) in one delivery cycle; returns those delivered.
  std::vector<std::uint32_t> cycle(const std::vector<std::uint32_t>& sent);
  // Message-channel steps so far (one per message per channel it reached).
  std::uint64_t steps() const { return steps_; }

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
  std::vector<std::uint64_t> take_path_lengths() { return std::move(path_length_); }

  // A bound beside it: DeliverySimulator::set_round_trip_bounds.
  void set_round_trip_bounds(std::vector<double> by_turn_level) {
    round_trip_bound_ = std::move(by_turn_level);
  }
  double elapsed_bound() const { return elapsed_bound_; }

  // Real switches (docs/design.md §2.7): every node's concentrators are the partial concentrator
  // graphs built from `seed` (one design per level and kind). A message holds a known wire of
  // every channel it crosses; at a switch, the messages the switch policy lets through (as the
  // ideal concentrator would) enter on their wires, and a max-flow over the switch's graph gives
  // each a free path to an output wire; one that finds none is lost in the switch. The
  // processors' own channels stay ideal (a processor hands its messages its wires in order).
  void use_partial_switches(std::uint64_t seed);
  // Messages the ideal concentrators would have passed that found no free path.
  std::uint64_t lost_in_switches() const { return lost_in_switches_; }

 private:
  // A message in flight, with what the levels need (kept together for sequential access).
  struct Entry {
    std::uint32_t id, src, dst;
    std::int32_t lca;         // kLost once a concentrator dropped it
    std::uint32_t wires = 0;  // wires crossed so far (with wire timing)
    std::uint32_t wire = 0;   // the wire it holds in the last channel it entered
    double delay = 0;
    std::uint64_t length = 0;
  };
  static constexpr std::int32_t kLost = -2;
  void resolve(int level, bool up);
  bool concentrate(int level, bool up, std::uint32_t channel, std::uint32_t begin,
                   std::uint32_t end);

  const FatTree& tree_;
  const MessageSet& messages_;
  SwitchPolicy policy_;
  SplitMix64 rng_;
  std::vector<std::int8_t> lca_;  // level of the lowest common ancestor; -1 for self-messages
  std::vector<std::uint32_t> count_, fill_, touched_, order_;  // per channel; scratch
  std::vector<Entry> alive_;  // the messages of the current cycle still in flight
  std::uint64_t steps_ = 0;
  // Wire timing: delay_[k][side][dir][wire] and the lengths it came from.
  const ChannelWireLengths* wires_ = nullptr;
  ChannelDelays delay_;
  MessageTiming timing_;
  double slowest_ = 0;  // of the current cycle
  std::vector<std::uint64_t> path_length_;
  double elapsed_ = 0;
  // Partial switches: [level][kind] for the nodes of levels 0 .. L-1, and scratch.
  std::vector<std::array<ConcentratorRouter, 3>> switches_;
  std::vector<std::uint32_t> inputs_, assigned_;
  std::uint64_t lost_in_switches_ = 0;
  std::uint32_t through_switch(int level, bool up, std::uint32_t channel, std::uint32_t begin,
                               std::uint32_t pass);
  std::vector<double> round_trip_bound_;
  double elapsed_bound_ = 0;
};

}  // namespace ftvlsi
