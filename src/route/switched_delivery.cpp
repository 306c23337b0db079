#include "switched_delivery.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

SwitchedDelivery::SwitchedDelivery(const FatTree& tree, const MessageSet& messages,
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
    lca_[i] = s == d ? -1 : static_cast<std::int8_t>(common_level(levels, s, d));
  }
}

ChannelDelays channel_delays(const ChannelWireLengths& wires, const MessageTiming& timing) {
  ChannelDelays delay(wires.table.size());
  for (std::size_t k = 0; k < wires.table.size(); ++k)
    for (int side = 0; side < 2; ++side)
      for (int dir = 0; dir < 2; ++dir)
        for (auto len : wires.table[k][side][dir])
          delay[k][side][dir].push_back(timing.delay(static_cast<double>(len)));
  return delay;
}

void SwitchedDelivery::set_wire_timing(const ChannelWireLengths& wires,
                                       const MessageTiming& timing) {
  FTVLSI_ASSERT(wires.table.size() == static_cast<std::size_t>(tree_.levels()) + 1);
  wires_ = &wires;
  timing_ = timing;
  delay_ = channel_delays(wires, timing);
  path_length_.assign(messages_.size(), 0);
}

void SwitchedDelivery::use_partial_switches(std::uint64_t seed) {
  switches_.clear();
  for (int k = 0; k < tree_.levels(); ++k) {
    const auto shapes = node_switches(tree_, k);
    auto build = [&](int s) {
      return ConcentratorRouter(build_concentrator(shapes[s].inputs, shapes[s].outputs,
                                                   switch_seed(seed, k, shapes[s].kind)));
    };
    switches_.push_back({build(0), build(1), build(2)});
  }
}

// The first `pass` of order_[begin, ...) through the partial switch feeding channel `channel` of
// `level`: each enters on the input its wire is, the max-flow's paths give their output wires,
// and those left without a path move to the end of the range. Returns how many got through.
std::uint32_t SwitchedDelivery::through_switch(int level, bool up, std::uint32_t channel,
                                               std::uint32_t begin, std::uint32_t pass) {
  const int shift = tree_.levels() - level;
  const auto cap_below =
      static_cast<std::uint32_t>(level < tree_.levels() ? tree_.capacity(level + 1) : 0);
  const auto cap_above = static_cast<std::uint32_t>(tree_.capacity(level - 1));
  inputs_.clear();
  for (std::uint32_t i = 0; i < pass; ++i) {
    const Entry& e = alive_[order_[begin + i]];
    if (up) {  // from the child's up channel: left child's wires first
      const std::uint32_t side = (e.src >> (shift - 1)) & 1;
      inputs_.push_back(side * cap_below + e.wire);
    } else if (e.lca < level - 1) {  // down from the parent's down channel
      inputs_.push_back(e.wire);
    } else {  // turning at the parent: from the sibling's up channel
      inputs_.push_back(cap_above + e.wire);
    }
  }
  // The up channel of a level-k node is its up switch; the down channel into it, its parent's
  // down switch towards it.
  ConcentratorRouter& sw = up ? switches_[level][0] : switches_[level - 1][1 + (channel & 1)];
  sw.connect(inputs_, &assigned_);
  std::uint32_t kept = 0;
  std::vector<std::uint32_t> lost;
  for (std::uint32_t i = 0; i < pass; ++i) {
    const std::uint32_t m = order_[begin + i];
    if (assigned_[i] == UINT32_MAX) {
      lost.push_back(m);
      continue;
    }
    alive_[m].wire = assigned_[i];
    order_[begin + kept++] = m;
  }
  std::copy(lost.begin(), lost.end(), order_.begin() + begin + kept);
  lost_in_switches_ += lost.size();
  return kept;
}

void SwitchedDelivery::resolve(int level, bool up) {
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
bool SwitchedDelivery::concentrate(int level, bool up, std::uint32_t c, std::uint32_t begin,
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
  auto pass = static_cast<std::uint32_t>(std::min<std::uint64_t>(end - begin, cap));
  const bool processor_channel = up && level == tree_.levels();
  if (!switches_.empty() && !processor_channel) {
    pass = through_switch(level, up, c, begin, pass);
  } else {
    for (std::uint32_t i = 0; i < pass; ++i) alive_[order_[begin + i]].wire = i;
  }
  if (wires_) {
    const auto& delay = delay_[level][c & 1][up ? 0 : 1];
    const auto& length = wires_->table[level][c & 1][up ? 0 : 1];
    for (std::uint32_t i = 0; i < pass; ++i) {
      Entry& e = alive_[order_[begin + i]];
      e.delay += delay[e.wire], e.length += length[e.wire], ++e.wires;
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

std::vector<std::uint32_t> SwitchedDelivery::cycle(const std::vector<std::uint32_t>& sent) {
  alive_.clear();
  for (auto id : sent) alive_.push_back({id, messages_[id].first, messages_[id].second, lca_[id]});
  if (!round_trip_bound_.empty()) {
    double slowest = 0;
    for (auto id : sent)
      if (lca_[id] >= 0)
        slowest = std::max(slowest, round_trip_bound_[static_cast<std::size_t>(lca_[id])]);
    elapsed_bound_ += slowest;
  }
  slowest_ = 0;
  // A cycle of millions of messages takes a while: the caller may stop it level by level.
  for (int level = tree_.levels(); level >= 1; --level) poll_cancel(), resolve(level, true);
  for (int level = 1; level <= tree_.levels(); ++level) poll_cancel(), resolve(level, false);
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

}  // namespace ftvlsi
