#include "ftvlsi/route/delivery.hpp"

#include <algorithm>

namespace ftvlsi {

DeliverySimulator::DeliverySimulator(const FatTree& tree, const MessageSet& messages,
                                     SwitchPolicy policy, std::uint64_t seed)
    : tree_(tree),
      messages_(messages),
      policy_(policy),
      rng_(seed),
      lca_(messages.size()),
      lost_(messages.size(), 0) {
  const int levels = tree.levels();
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const auto [s, d] = messages[i];
    lca_[i] = s == d ? -1 : static_cast<std::int8_t>(levels - (32 - __builtin_clz(s ^ d)));
  }
}

void DeliverySimulator::resolve(int level, bool up, std::vector<std::uint32_t>& alive) {
  const int shift = tree_.levels() - level;
  const std::size_t channels = std::size_t{1} << level;
  auto channel = [&](std::uint32_t id) {
    return (up ? messages_[id].first : messages_[id].second) >> shift;
  };
  // Counting sort of the messages that use this level, keeping ascending ids per channel.
  bucket_start_.assign(channels + 1, 0);
  std::size_t users = 0;
  for (auto id : alive)
    if (lca_[id] >= 0 && lca_[id] < level) ++bucket_start_[channel(id) + 1], ++users;
  if (users == 0) return;
  steps_ += users;
  for (std::size_t j = 0; j < channels; ++j) bucket_start_[j + 1] += bucket_start_[j];
  order_.resize(users);
  std::vector<std::uint32_t> fill(bucket_start_.begin(), bucket_start_.end() - 1);
  for (auto id : alive)
    if (lca_[id] >= 0 && lca_[id] < level) order_[fill[channel(id)]++] = id;
  const std::uint64_t cap = tree_.capacity(level);
  bool any_lost = false;
  for (std::size_t j = 0; j < channels; ++j) {
    const std::uint32_t begin = bucket_start_[j], end = bucket_start_[j + 1];
    if (end - begin <= cap) continue;
    if (policy_ == SwitchPolicy::kRandom) {
      // Partial Fisher-Yates: the first cap places get a uniform random subset.
      for (std::uint32_t i = 0; i < cap; ++i) {
        const std::uint32_t pick =
            begin + i + static_cast<std::uint32_t>(rng_.below(end - begin - i));
        std::swap(order_[begin + i], order_[pick]);
      }
    }
    for (std::uint32_t i = begin + cap; i < end; ++i) lost_[order_[i]] = 1;
    any_lost = true;
  }
  if (!any_lost) return;
  // Drop the lost messages in place, keeping the survivors in ascending order.
  std::size_t kept = 0;
  for (auto id : alive) {
    if (lost_[id]) {
      lost_[id] = 0;
    } else {
      alive[kept++] = id;
    }
  }
  alive.resize(kept);
}

std::vector<std::uint32_t> DeliverySimulator::cycle(const std::vector<std::uint32_t>& sent) {
  std::vector<std::uint32_t> alive = sent;
  if (!round_trip_.empty()) {
    double slowest = 0;
    for (auto id : sent) slowest = std::max(slowest, round_trip_[id]);
    elapsed_ += slowest;
  }
  for (int level = tree_.levels(); level >= 1; --level) resolve(level, true, alive);
  for (int level = 1; level <= tree_.levels(); ++level) resolve(level, false, alive);
  return alive;
}

}  // namespace ftvlsi
