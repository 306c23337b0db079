#pragma once
// The delivery-cycle simulator as first written (docs/design.md §5.2), kept as the reference the
// streaming DeliverySimulator must equal: every cycle, every message resolved level by level by a
// counting sort of the messages still in flight over the channels they use, concentrators in
// the order the random stream is defined by (route/delivery.cpp).
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/layout/channel_wires.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/route/message_set.hpp"
#include "ftvlsi/route/switch_policy.hpp"
#include "ftvlsi/route/timing.hpp"

namespace ftvlsi::test {

class ReferenceDelivery {
 public:
  ReferenceDelivery(const FatTree& tree, const MessageSet& messages, SwitchPolicy policy,
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

  // A bound beside it: with each message's round trip given in advance (e.g. over the longest
  // wire of every level it crosses), a cycle is charged the slowest of those of the messages
  // sent, and elapsed_bound() sums them.
  void set_round_trip_bounds(std::vector<double> round_trip) {
    round_trip_bound_ = std::move(round_trip);
  }
  double elapsed_bound() const { return elapsed_bound_; }

 private:
  // A message in flight, with what the levels need (kept together for sequential access).
  struct Entry {
    std::uint32_t id, src, dst;
    std::int32_t lca;         // kLost once a concentrator dropped it
    std::uint32_t wires = 0;  // wires crossed so far (with wire timing)
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
  std::vector<std::array<std::array<std::vector<double>, 2>, 2>> delay_;
  MessageTiming timing_;
  double slowest_ = 0;  // of the current cycle
  std::vector<std::uint64_t> path_length_;
  double elapsed_ = 0;
  std::vector<double> round_trip_bound_;
  double elapsed_bound_ = 0;
};

inline ReferenceDelivery::ReferenceDelivery(const FatTree& tree, const MessageSet& messages,
                                            SwitchPolicy policy, std::uint64_t seed)
    : tree_(tree),
      messages_(messages),
      policy_(policy),
      rng_(seed),
      lca_(messages.size()),
      count_(tree.processors(), 0),
      fill_(tree.processors(), 0) {
  const int levels = tree.levels();
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const auto [s, d] = messages[i];
    lca_[i] = s == d ? -1 : static_cast<std::int8_t>(levels - (32 - __builtin_clz(s ^ d)));
  }
}

inline void ReferenceDelivery::set_wire_timing(const ChannelWireLengths& wires,
                                               const MessageTiming& timing) {
  FTVLSI_ASSERT(wires.table.size() == static_cast<std::size_t>(tree_.levels()) + 1);
  wires_ = &wires;
  timing_ = timing;
  delay_.assign(wires.table.size(), {});
  for (std::size_t k = 0; k < wires.table.size(); ++k)
    for (int side = 0; side < 2; ++side)
      for (int dir = 0; dir < 2; ++dir)
        for (auto len : wires.table[k][side][dir])
          delay_[k][side][dir].push_back(timing.delay(static_cast<double>(len)));
  path_length_.assign(messages_.size(), 0);
}

inline void ReferenceDelivery::resolve(int level, bool up) {
  const int shift = tree_.levels() - level;
  auto channel = [&](const Entry& e) { return (up ? e.src : e.dst) >> shift; };
  auto uses = [&](const Entry& e) { return e.lca >= 0 && e.lca < level; };
  // Counting sort over the channels actually used (in order of first use), keeping ascending ids
  // per channel; the counters are zero again on return, so a cycle costs what it sends.
  touched_.clear();
  std::size_t users = 0;
  for (const Entry& e : alive_)
    if (uses(e)) {
      const std::uint32_t c = channel(e);
      if (count_[c]++ == 0) touched_.push_back(c);
      ++users;
    }
  if (users == 0) return;
  steps_ += users;
  const std::size_t channels = std::size_t{1} << level;
  if (touched_.size() > channels / 8) {
    // Most channels in use: walk them in order, which keeps the memory access sequential.
    touched_.clear();
    for (std::uint32_t c = 0; c < channels; ++c)
      if (count_[c] != 0) touched_.push_back(c);
  }
  std::uint32_t running = 0;
  for (auto c : touched_) fill_[c] = running, running += count_[c];
  order_.resize(users);
  for (std::uint32_t i = 0; i < alive_.size(); ++i)
    if (uses(alive_[i])) order_[fill_[channel(alive_[i])]++] = i;
  bool any_lost = false;
  for (auto c : touched_) {
    const std::uint32_t end = fill_[c], begin = end - count_[c];
    count_[c] = 0;
    any_lost = concentrate(level, up, c, begin, end) || any_lost;
  }
  // Drop the lost messages, keeping the survivors in ascending order.
  if (any_lost) std::erase_if(alive_, [](const Entry& e) { return e.lca == kLost; });
}

// One channel's ideal concentrator over order_[begin, end): the first cap(level) pass (a random
// subset, or the lowest ids with priority switches), the k-th of them on wire k; the rest are
// dropped. Returns whether any was.
inline bool ReferenceDelivery::concentrate(int level, bool up, std::uint32_t c, std::uint32_t begin,
                                           std::uint32_t end) {
  const std::uint64_t cap = tree_.capacity(level);
  if (end - begin > cap && policy_ == SwitchPolicy::kRandom) {
    // Partial Fisher-Yates: the first cap places get a uniform random subset.
    for (std::uint32_t i = 0; i < cap; ++i) {
      const std::uint32_t pick =
          begin + i + static_cast<std::uint32_t>(rng_.below(end - begin - i));
      std::swap(order_[begin + i], order_[pick]);
    }
  }
  const auto pass = static_cast<std::uint32_t>(std::min<std::uint64_t>(end - begin, cap));
  if (wires_) {
    const auto& delay = delay_[level][c & 1][up ? 0 : 1];
    const auto& length = wires_->table[level][c & 1][up ? 0 : 1];
    for (std::uint32_t i = 0; i < pass; ++i) {
      Entry& e = alive_[order_[begin + i]];
      e.delay += delay[i], e.length += length[i], ++e.wires;
    }
  }
  for (std::uint32_t i = begin + pass; i < end; ++i) {
    Entry& e = alive_[order_[i]];
    e.lca = kLost;
    // Dropped at the switch the message has reached: a negative acknowledgment goes back.
    if (wires_) slowest_ = std::max(slowest_, 2 * timing_.head(e.delay, e.wires) + 1);
  }
  return pass < end - begin;
}

inline std::vector<std::uint32_t> ReferenceDelivery::cycle(const std::vector<std::uint32_t>& sent) {
  alive_.clear();
  for (auto id : sent) alive_.push_back({id, messages_[id].first, messages_[id].second, lca_[id]});
  if (!round_trip_bound_.empty()) {
    double slowest = 0;
    for (auto id : sent) slowest = std::max(slowest, round_trip_bound_[id]);
    elapsed_bound_ += slowest;
  }
  slowest_ = 0;
  // A cycle of millions of messages takes a while: the caller may stop it level by level.
  for (int level = tree_.levels(); level >= 1; --level) resolve(level, true);
  for (int level = 1; level <= tree_.levels(); ++level) resolve(level, false);
  std::vector<std::uint32_t> delivered(alive_.size());
  for (std::size_t i = 0; i < alive_.size(); ++i) {
    const Entry& e = alive_[i];
    delivered[i] = e.id;
    if (wires_ && e.wires > 0) {
      slowest_ = std::max(slowest_, timing_.round_trip(e.delay, e.wires - 1));
      path_length_[e.id] = e.length;
    }
  }
  elapsed_ += slowest_;
  return delivered;
}

}  // namespace ftvlsi::test
