#include "ftvlsi/route/delivery.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

SwitchPolicy parse_switch_policy(std::string_view text) {
  if (text == "random") return SwitchPolicy::kRandom;
  if (text == "priority") return SwitchPolicy::kPriority;
  throw InputError(fmt::format("--switch must be random or priority, not '{}'", text));
}

DeliverySimulator::DeliverySimulator(const FatTree& tree, const MessageSet& messages,
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

void DeliverySimulator::resolve(int level, bool up) {
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
  const std::uint64_t cap = tree_.capacity(level);
  bool any_lost = false;
  for (auto c : touched_) {
    const std::uint32_t end = fill_[c], begin = end - count_[c];
    count_[c] = 0;
    if (end - begin <= cap) continue;
    if (policy_ == SwitchPolicy::kRandom) {
      // Partial Fisher-Yates: the first cap places get a uniform random subset.
      for (std::uint32_t i = 0; i < cap; ++i) {
        const std::uint32_t pick =
            begin + i + static_cast<std::uint32_t>(rng_.below(end - begin - i));
        std::swap(order_[begin + i], order_[pick]);
      }
    }
    for (std::uint32_t i = begin + cap; i < end; ++i) alive_[order_[i]].lca = kLost;
    any_lost = true;
  }
  // Drop the lost messages, keeping the survivors in ascending order.
  if (any_lost) std::erase_if(alive_, [](const Entry& e) { return e.lca == kLost; });
}

std::vector<std::uint32_t> DeliverySimulator::cycle(const std::vector<std::uint32_t>& sent) {
  alive_.clear();
  for (auto id : sent)
    alive_.push_back({id, messages_[id].first, messages_[id].second, lca_[id]});
  if (!round_trip_.empty()) {
    double slowest = 0;
    for (auto id : sent) slowest = std::max(slowest, round_trip_[id]);
    elapsed_ += slowest;
  }
  for (int level = tree_.levels(); level >= 1; --level) resolve(level, true);
  for (int level = 1; level <= tree_.levels(); ++level) resolve(level, false);
  std::vector<std::uint32_t> delivered(alive_.size());
  for (std::size_t i = 0; i < alive_.size(); ++i) delivered[i] = alive_[i].id;
  return delivered;
}

}  // namespace ftvlsi
