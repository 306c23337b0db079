#include "ftvlsi/route/offline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <tuple>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/route/channel_loads.hpp"

namespace ftvlsi {
namespace {

int turn_level(const FatTree& tree, const Message& m) {
  return m.first == m.second ? -1 : tree.levels() - (32 - __builtin_clz(m.first ^ m.second));
}

// Pairs the messages bottom-up in the tree of their `end` (source or destination) leaves, up to
// the children of the turning nodes at `level`: every subtree keeps at most one unpaired message.
std::vector<std::pair<std::uint32_t, std::uint32_t>> hierarchical_pairs(
    const FatTree& tree, const MessageSet& messages, std::vector<std::uint32_t> ids, bool source,
    int level) {
  auto leaf = [&](std::uint32_t id) { return source ? messages[id].first : messages[id].second; };
  std::stable_sort(ids.begin(), ids.end(),
                   polled([&](auto a, auto b) { return leaf(a) < leaf(b); }));
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> open;  // (subtree, unpaired message)
  for (auto id : ids) open.push_back({leaf(id), id});
  for (int l = tree.levels();; --l) {
    // Pair neighbours in the same level-l subtree; keep the rest, moved up one level.
    std::vector<std::pair<std::uint64_t, std::uint32_t>> next;
    for (const auto& entry : open) {
      poll_cancel();
      if (!next.empty() && next.back().first == entry.first) {
        pairs.push_back({next.back().second, entry.second});
        next.pop_back();
      } else {
        next.push_back(entry);
      }
    }
    if (l == level + 1) break;
    for (auto& entry : next) entry.first >>= 1;
    open.swap(next);
  }
  return pairs;
}

struct ChannelKey {
  bool up;
  int level;
  std::uint64_t index;
  bool operator<(const ChannelKey& o) const {
    return std::tie(up, level, index) < std::tie(o.up, o.level, o.index);
  }
};

// Whether every channel carries at most its capacity.
bool one_cycle(const FatTree& tree, const MessageSet& messages,
               const std::vector<std::uint32_t>& ids) {
  std::map<ChannelKey, std::uint64_t> load;
  const int levels = tree.levels();
  for (auto id : ids) {
    poll_cancel();
    const int turn = turn_level(tree, messages[id]);
    for (int k = turn + 1; turn >= 0 && k <= levels; ++k) {
      if (++load[{true, k, messages[id].first >> (levels - k)}] > tree.capacity(k)) return false;
      if (++load[{false, k, messages[id].second >> (levels - k)}] > tree.capacity(k)) return false;
    }
  }
  return true;
}

// Where a delivery cycle keeps its load on each directed channel (level k >= 1, node j, up or
// down): u = 2^k + j, plus 2n when down. The many deep channels, of capacity below 256, count in
// one byte; the others, all at levels up to `top`, in four: a cycle costs about 4n bytes.
struct LoadLayout {
  LoadLayout(const FatTree& tree, std::size_t messages) : levels(tree.levels()) {
    two_n = std::uint64_t{2} << levels;
    for (int k = 0; k <= levels; ++k) {
      cap.push_back(
          static_cast<std::uint32_t>(std::min<std::uint64_t>(tree.capacity(k), messages)));
      if (k > 0 && cap[k] > 255) top = k;
    }
    wide_size = top > 0 ? std::size_t{4} << top : 0;
    if (std::any_of(cap.begin() + 1, cap.end(), [](auto c) { return c <= 255; }))
      narrow_size = 2 * two_n;
  }
  int levels, top = 0;
  std::uint64_t two_n;
  std::vector<std::uint32_t> cap;  // per level, at most |M| so that loads fit 32 bits
  std::size_t narrow_size = 0, wide_size = 0;
};

// A set's load on one directed channel, and where a cycle keeps that channel's load.
struct Demand {
  std::uint64_t slot;
  std::uint32_t load, cap;
  bool wide;
};

class CycleLoads {
 public:
  explicit CycleLoads(const LoadLayout& layout)
      : narrow_(layout.narrow_size), wide_(layout.wide_size) {}
  // Whether the set fits beside what the cycle carries (stops at the first overflow).
  bool fits(const std::vector<Demand>& demand) const {
    return std::all_of(demand.begin(), demand.end(), [&](const Demand& d) {
      return std::uint64_t{d.wide ? wide_[d.slot] : narrow_[d.slot]} + d.load <= d.cap;
    });
  }
  void add(const std::vector<Demand>& demand) {
    for (const auto& d : demand) {
      if (d.wide)
        wide_[d.slot] += d.load;
      else
        narrow_[d.slot] += static_cast<std::uint8_t>(d.load);
    }
  }

 private:
  std::vector<std::uint8_t> narrow_;
  std::vector<std::uint32_t> wide_;
};

// A set's loads, one Demand per directed channel it uses; reuses one dense scratch count.
class DemandBuilder {
 public:
  DemandBuilder(const FatTree& tree, const MessageSet& messages, const LoadLayout& layout)
      : tree_(tree), messages_(messages), layout_(layout), count_(2 * layout.two_n) {}
  std::vector<Demand> operator()(const std::vector<std::uint32_t>& set) {
    const int levels = layout_.levels;
    std::vector<std::uint64_t> used;
    auto count = [&](std::uint64_t u) {
      if (count_[u]++ == 0) used.push_back(u);
    };
    for (auto id : set) {
      poll_cancel();
      const int turn = turn_level(tree_, messages_[id]);
      for (int k = turn + 1; turn >= 0 && k <= levels; ++k) {
        count((std::uint64_t{1} << k) + (messages_[id].first >> (levels - k)));
        count(layout_.two_n + (std::uint64_t{1} << k) + (messages_[id].second >> (levels - k)));
      }
    }
    std::vector<Demand> demand;
    demand.reserve(used.size());
    for (auto u : used) {
      const bool down = u >= layout_.two_n;
      const std::uint64_t h = down ? u - layout_.two_n : u;
      const int k = std::bit_width(h) - 1;
      const bool wide = layout_.cap[k] > 255;
      const std::uint64_t slot = wide ? (down ? std::uint64_t{2} << layout_.top : 0) + h : u;
      demand.push_back({slot, count_[u], layout_.cap[k], wide});
      count_[u] = 0;
    }
    return demand;
  }

 private:
  const FatTree& tree_;
  const MessageSet& messages_;
  const LoadLayout& layout_;
  std::vector<std::uint32_t> count_;
};

}  // namespace

std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> matching_and_tracing(
    const FatTree& tree, const MessageSet& messages, const std::vector<std::uint32_t>& ids) {
  FTVLSI_ASSERT(!ids.empty());
  const int level = turn_level(tree, messages[ids.front()]);
  std::map<std::uint32_t, std::vector<std::uint32_t>> partner;
  for (bool source : {true, false})
    for (const auto& [a, b] : hierarchical_pairs(tree, messages, ids, source, level)) {
      partner[a].push_back(b);
      partner[b].push_back(a);
    }
  // The two matchings make paths and even cycles: colour them alternately.
  std::map<std::uint32_t, int> colour;
  for (auto start : ids) {
    poll_cancel();
    if (colour.count(start)) continue;
    std::vector<std::uint32_t> stack{start};
    colour[start] = 0;
    while (!stack.empty()) {
      const auto v = stack.back();
      stack.pop_back();
      for (auto w : partner[v]) {
        if (colour.count(w)) continue;
        colour[w] = 1 - colour[v];
        stack.push_back(w);
      }
    }
  }
  std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> halves;
  for (auto id : ids) (colour[id] == 0 ? halves.first : halves.second).push_back(id);
  return halves;
}

std::vector<std::vector<std::uint32_t>> offline_sets(const FatTree& tree,
                                                     const MessageSet& messages) {
  std::vector<std::vector<std::uint32_t>> by_level(tree.levels());
  std::vector<std::uint32_t> self;
  for (std::uint32_t id = 0; id < messages.size(); ++id) {
    const int turn = turn_level(tree, messages[id]);
    (turn < 0 ? self : by_level[turn]).push_back(id);
  }
  std::vector<std::vector<std::uint32_t>> sets;
  for (const auto& group : by_level) {
    if (group.empty()) continue;
    std::vector<std::vector<std::uint32_t>> pending{group};
    while (!pending.empty()) {
      std::vector<std::uint32_t> set = std::move(pending.back());
      pending.pop_back();
      if (one_cycle(tree, messages, set)) {
        sets.push_back(std::move(set));
        continue;
      }
      auto [a, b] = matching_and_tracing(tree, messages, set);
      pending.push_back(std::move(b));
      pending.push_back(std::move(a));
    }
  }
  if (!self.empty()) {
    if (sets.empty()) sets.emplace_back();
    auto& first = sets.front();
    first.insert(first.end(), self.begin(), self.end());
    std::sort(first.begin(), first.end());
  }
  return sets;
}

std::vector<std::vector<std::uint32_t>> merge_one_cycle_sets(
    const FatTree& tree, const MessageSet& messages,
    const std::vector<std::vector<std::uint32_t>>& sets) {
  const LoadLayout layout(tree, messages.size());
  DemandBuilder demand_of(tree, messages, layout);
  const std::uint64_t available = available_memory_bytes();
  const long double cycle_bytes = layout.narrow_size + 4.0L * layout.wide_size;
  std::vector<CycleLoads> loads;
  std::vector<std::vector<std::uint32_t>> cycles;
  for (const auto& set : sets) {
    if (set.empty()) continue;
    const std::vector<Demand> demand = demand_of(set);
    std::size_t c = 0;
    for (; c < cycles.size() && !loads[c].fits(demand); ++c) poll_cancel();
    if (c == cycles.size()) {
      // Every delivery cycle keeps its channel loads: the one data structure here that grows with
      // the schedule rather than the input, so it is checked as it grows (FTV-8022).
      require_memory(8022, (c + 1) * cycle_bytes, available,
                     fmt::format("the off-line schedule's {} delivery cycles on {} processors",
                                 c + 1, tree.processors()),
                     "route fewer messages or use --algorithm greedy or random");
      loads.emplace_back(layout);
      cycles.emplace_back();
      FTVLSI_ASSERT(loads[c].fits(demand));  // the set is one-cycle on its own
    }
    loads[c].add(demand);
    cycles[c].insert(cycles[c].end(), set.begin(), set.end());
  }
  for (auto& cycle : cycles) std::sort(cycle.begin(), cycle.end());
  return cycles;
}

std::vector<std::vector<std::uint32_t>> offline_schedule(const FatTree& tree,
                                                         const MessageSet& messages) {
  return merge_one_cycle_sets(tree, messages, offline_sets(tree, messages));
}

namespace {

// Halves `set` `depth` times, putting the pieces into out[first], out[first + 1], ...
void split_into(const FatTree& tree, const MessageSet& messages, std::vector<std::uint32_t> set,
                int depth, std::size_t first, std::vector<std::vector<std::uint32_t>>& out) {
  if (set.empty()) return;
  if (depth == 0) {
    auto& cycle = out[first];
    cycle.insert(cycle.end(), set.begin(), set.end());
    return;
  }
  auto [a, b] = matching_and_tracing(tree, messages, set);
  const std::size_t half = std::size_t{1} << (depth - 1);
  split_into(tree, messages, std::move(a), depth - 1, first, out);
  split_into(tree, messages, std::move(b), depth - 1, first + half, out);
}

}  // namespace

WideSchedule offline_schedule_wide(const FatTree& tree, const MessageSet& messages) {
  const int levels = tree.levels();
  const std::uint64_t lgn = static_cast<std::uint64_t>(std::max(1, levels));
  for (int k = 0; k <= levels; ++k)
    if (tree.capacity(k) <= lgn)
      throw InputError(6141, fmt::format("the Corollary 2 schedule needs every channel's capacity "
                                         "above lg n = {}; level {} has "
                                         "{} (try --capacity constant --constant {})",
                                         lgn, k, tree.capacity(k), 2 * lgn));
  const ChannelLoadTable loads = channel_loads(messages, levels);
  WideSchedule w;
  for (int k = 0; k <= levels; ++k)
    for (const auto* side : {&loads.up, &loads.down})
      for (auto load : (*side)[k])
        w.lambda_prime = std::max(w.lambda_prime, static_cast<double>(load) /
                                                      static_cast<double>(tree.capacity(k) - lgn));
  int depth = 0;
  while (static_cast<double>(std::uint64_t{1} << depth) < w.lambda_prime) ++depth;
  w.sets = std::uint64_t{1} << depth;
  std::vector<std::vector<std::uint32_t>> by_level(levels), cycles(w.sets);
  std::vector<std::uint32_t> self;
  for (std::uint32_t id = 0; id < messages.size(); ++id) {
    const int turn = turn_level(tree, messages[id]);
    (turn < 0 ? self : by_level[turn]).push_back(id);
  }
  for (auto& group : by_level) split_into(tree, messages, std::move(group), depth, 0, cycles);
  cycles.front().insert(cycles.front().end(), self.begin(), self.end());
  std::erase_if(cycles, [](const auto& c) { return c.empty(); });
  w.unmerged = cycles.size();
  // Set i of every group shares cycle i; two such cycles may still fit together.
  w.cycles = merge_one_cycle_sets(tree, messages, cycles);
  return w;
}

}  // namespace ftvlsi
