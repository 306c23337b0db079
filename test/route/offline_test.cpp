#include "ftvlsi/route/offline.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

MessageSet subset(const MessageSet& m, const std::vector<std::uint32_t>& ids) {
  MessageSet out;
  for (auto id : ids) out.push_back(m[id]);
  return out;
}

bool is_one_cycle(const FatTree& tree, const MessageSet& m, const std::vector<std::uint32_t>& ids) {
  return load_factor(channel_loads(subset(m, ids), tree.levels()), tree) <= 1.0;
}

FatTree custom_tree(std::vector<std::uint64_t> caps) {
  FatTreeParams p;
  p.processors = std::uint64_t{1} << (caps.size() - 1);
  p.capacity.profile = CapacityProfile::kCustom;
  p.capacity.custom = std::move(caps);
  return FatTree(p);
}

// Every message in exactly one cycle, every cycle one-cycle, ceil(lambda) <= d <= sets.
void check_merged(const FatTree& tree, const MessageSet& m,
                  const std::vector<std::vector<std::uint32_t>>& cycles, std::size_t sets) {
  std::vector<int> seen(m.size(), 0);
  for (const auto& c : cycles) {
    CHECK(std::is_sorted(c.begin(), c.end()));
    CHECK(is_one_cycle(tree, m, c));
    for (auto id : c) ++seen[id];
  }
  CHECK(std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; }));
  const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
  CHECK(static_cast<double>(cycles.size()) >= std::ceil(lambda) - 1e-9);
  CHECK(cycles.size() <= sets);
}

}  // namespace

// Seeded messages of pattern `name` on n processors, 1 to 8 a processor.
MessageSet seeded_pattern(const char* name, std::uint64_t n, std::mt19937_64& rng) {
  PatternParams pp;
  pp.name = name;
  pp.count = (1 + rng() % 8) * n;
  pp.block = std::min<std::uint64_t>(n, 4);
  pp.seed = rng();
  return make_pattern(pp, n);
}

// Theorem 1's sets by the definition: a set is halved by matching-and-tracing while its loads,
// counted in full by channel_loads, exceed a capacity.
std::vector<std::vector<std::uint32_t>> reference_sets(const FatTree& tree, const MessageSet& m) {
  const int levels = tree.levels();
  std::vector<std::vector<std::uint32_t>> by_level(levels), want;
  std::vector<std::uint32_t> self;
  for (std::uint32_t id = 0; id < m.size(); ++id) {
    if (m[id].first == m[id].second) {
      self.push_back(id);
      continue;
    }
    by_level[common_level(levels, m[id].first, m[id].second)].push_back(id);
  }
  for (auto& group : by_level) {
    std::vector<std::vector<std::uint32_t>> pending;
    if (!group.empty()) pending.push_back(group);
    while (!pending.empty()) {
      auto set = std::move(pending.back());
      pending.pop_back();
      if (is_one_cycle(tree, m, set)) {
        want.push_back(std::move(set));
        continue;
      }
      auto [a, b] = matching_and_tracing(tree, m, set);
      pending.push_back(std::move(b));
      pending.push_back(std::move(a));
    }
  }
  if (!self.empty()) {
    if (want.empty()) want.emplace_back();
    want.front().insert(want.front().end(), self.begin(), self.end());
    std::sort(want.front().begin(), want.front().end());
  }
  return want;
}

TEST_SUITE("offline") {
  TEST_CASE("matching-and-tracing halves every channel's load within one") {
    std::mt19937_64 rng(1234);
    for (int trial = 0; trial < 300; ++trial) {
      const int levels = 1 + static_cast<int>(rng() % 7);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, CapacityProfile::kDoubleEvery2);
      // Messages that all turn at one level k: src in the left child of a level-k node, dst in
      // the right one (or the other way round).
      const int k = static_cast<int>(rng() % levels);
      MessageSet m;
      const std::uint64_t half = std::uint64_t{1} << (levels - k - 1);
      for (int i = 0; i < 1 + static_cast<int>(rng() % 120); ++i) {
        const std::uint64_t node = rng() % (std::uint64_t{1} << k);
        const std::uint64_t base = node << (levels - k);
        std::uint64_t s = base + rng() % half, d = base + half + rng() % half;
        if (rng() % 2) std::swap(s, d);
        m.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(d)});
      }
      std::vector<std::uint32_t> ids(m.size());
      for (std::uint32_t i = 0; i < ids.size(); ++i) ids[i] = i;
      const auto [a, b] = matching_and_tracing(tree, m, ids);
      CHECK(a.size() + b.size() == m.size());
      MessageSet ma, mb;
      for (auto id : a) ma.push_back(m[id]);
      for (auto id : b) mb.push_back(m[id]);
      const auto la = channel_loads(ma, levels), lb = channel_loads(mb, levels);
      for (int l = 0; l <= levels; ++l)
        for (std::size_t j = 0; j < la.up[l].size(); ++j) {
          CHECK(std::llabs(static_cast<long long>(la.up[l][j]) -
                           static_cast<long long>(lb.up[l][j])) <= 1);
          CHECK(std::llabs(static_cast<long long>(la.down[l][j]) -
                           static_cast<long long>(lb.down[l][j])) <= 1);
        }
    }
  }

  TEST_CASE("every off-line cycle is one-cycle and d <= 2 ceil(lambda) L") {
    std::mt19937_64 rng(99);
    for (auto profile : {CapacityProfile::kDoubleEvery2, CapacityProfile::kAreaUniversal,
                         CapacityProfile::kConstant, CapacityProfile::kUniversal}) {
      for (int trial = 0; trial < 6; ++trial) {
        const std::uint64_t n = std::uint64_t{1} << (2 + rng() % 7);
        const FatTree tree = tree_of(n, profile, 2);
        PatternParams pp;
        const char* patterns[] = {"permutation", "uniform", "hot-spot",
                                  "transpose",   "local",   "bit-reversal"};
        pp.name = patterns[trial];
        pp.count = 4 * n;
        pp.block = std::min<std::uint64_t>(n, 4);
        pp.seed = rng();
        const MessageSet m = make_pattern(pp, n);
        const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
        const auto sets = offline_sets(tree, m);
        const auto cycles = offline_schedule(tree, m);
        CAPTURE(pp.name);
        DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, 5);
        for (const auto& c : cycles)
          CHECK(sim.cycle(c).size() == c.size());  // nothing is lost: a one-cycle set
        for (const auto& s : sets) CHECK(is_one_cycle(tree, m, s));
        check_merged(tree, m, cycles, sets.size());
        CHECK(sets.size() <= 2 * std::ceil(lambda) * tree.levels());
      }
    }
  }

  TEST_CASE("Theorem 1's sets are halved exactly while they are not one-cycle") {
    // The reference halves a set while its loads, counted in full by channel_loads, exceed a
    // capacity; offline_sets scans a level at a time for runs of shared channels and stops at the
    // first overflow, and must reach the same sets in the same order.
    std::mt19937_64 rng(4711);
    for (int trial = 0; trial < 60; ++trial) {
      const int levels = 1 + static_cast<int>(rng() % 9);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const CapacityProfile profiles[] = {CapacityProfile::kDoubleEvery2,
                                          CapacityProfile::kAreaUniversal,
                                          CapacityProfile::kConstant, CapacityProfile::kUniversal};
      // Every third tree has capacities in no order (1 to 4 a level), so that a level deep down
      // can be the tightest: the scan may stop early only when no level below can overflow.
      std::vector<std::uint64_t> caps;
      for (int k = 0; k <= levels; ++k) caps.push_back(1 + rng() % 4);
      const FatTree tree =
          trial % 3 == 2 ? custom_tree(caps) : tree_of(n, profiles[trial % 4], 1 + rng() % 3);
      const char* patterns[] = {"uniform", "permutation", "hot-spot", "local", "bit-reversal"};
      const MessageSet m = seeded_pattern(patterns[trial % 5], n, rng);
      const auto want = reference_sets(tree, m);
      CAPTURE(trial);
      CAPTURE(patterns[trial % 5]);
      CHECK(offline_sets(tree, m) == want);
      // On two lanes each group's two halves are halved side by side.
      CHECK(offline_sets(tree, m, 2) == want);
    }
  }

  TEST_CASE("Corollary 2's sets are the same halved on one lane or two") {
    // Two lanes split each group's two halves side by side, each into its own half of the
    // cycles: the cycles must be those of one lane, set for set.
    std::mt19937_64 rng(2718);
    for (int trial = 0; trial < 40; ++trial) {
      const int levels = 1 + static_cast<int>(rng() % 9);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, CapacityProfile::kConstant,
                                   static_cast<std::uint64_t>(levels) + 1 + rng() % 3);
      const char* patterns[] = {"uniform", "permutation", "hot-spot", "local", "bit-reversal"};
      const MessageSet m = seeded_pattern(patterns[trial % 5], n, rng);
      CAPTURE(trial);
      CAPTURE(patterns[trial % 5]);
      const WideSchedule one = offline_schedule_wide(tree, m, 1),
                         two = offline_schedule_wide(tree, m, 2);
      CHECK(one.sets == two.sets);
      CHECK(one.unmerged == two.unmerged);
      CHECK(one.cycles == two.cycles);
    }
  }

  TEST_CASE("on capacity 1 everywhere, the sets are the definition's") {
    // The blind schedule's plain tree: a set fits when no two of its messages share a channel,
    // which the scan of the highest level they use answers (the runs only shorten below it).
    std::mt19937_64 rng(8086);
    for (int trial = 0; trial < 40; ++trial) {
      const int levels = 1 + static_cast<int>(rng() % 10);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, CapacityProfile::kConstant, 1);
      const char* patterns[] = {"uniform", "permutation", "hot-spot", "local", "transpose"};
      const MessageSet m = seeded_pattern(patterns[trial % 5], n, rng);
      CAPTURE(trial);
      CAPTURE(patterns[trial % 5]);
      const auto sets = offline_sets(tree, m);
      CHECK(sets == reference_sets(tree, m));
      for (const auto& set : sets) CHECK(is_one_cycle(tree, m, set));
    }
  }

  TEST_CASE("sets of different turning levels on disjoint channels share one delivery cycle") {
    // On capacity 1, 0 -> 1 turns at level 3, 2 -> 4 at level 1 and 8 -> 0 at level 0; their
    // paths share no channel. The unmerged schedule gave each level its own cycle.
    const FatTree tree = tree_of(16, CapacityProfile::kConstant, 1);
    const MessageSet m{{0, 1}, {2, 4}, {8, 0}};
    CHECK(offline_sets(tree, m).size() == 3);
    const auto cycles = offline_schedule(tree, m);
    REQUIRE(cycles.size() == 1);
    CHECK(cycles.front() == std::vector<std::uint32_t>{0, 1, 2});
  }

  TEST_CASE("a message set with lambda <= 1 takes exactly one delivery cycle") {
    std::mt19937_64 rng(7);
    for (int levels = 1; levels <= 11; ++levels) {
      const std::uint64_t n = std::uint64_t{1} << levels;
      // Full capacities (cap = processors below): every permutation has lambda <= 1.
      for (const char* pattern : {"permutation", "bit-reversal", "transpose"}) {
        if (std::string(pattern) == "transpose" && levels % 2) continue;
        PatternParams pp;
        pp.name = pattern;
        pp.seed = rng();
        const FatTree tree = tree_of(n, CapacityProfile::kFull);
        const MessageSet m = make_pattern(pp, n);
        CAPTURE(n);
        CAPTURE(pp.name);
        REQUIRE(load_factor(channel_loads(m, levels), tree) <= 1.0);
        const auto cycles = offline_schedule(tree, m);
        CHECK(cycles.size() == 1);
        check_merged(tree, m, cycles, offline_sets(tree, m).size());
      }
    }
  }

  TEST_CASE("first-fit merging keeps every cycle one-cycle on byte-sized and wider channels") {
    // Capacities above 255 count in four bytes, the rest in one, and the two may alternate.
    std::mt19937_64 rng(2024);
    for (int trial = 0; trial < 24; ++trial) {
      const int levels = 2 + static_cast<int>(rng() % 7);
      std::vector<std::uint64_t> caps;
      for (int k = 0; k <= levels; ++k)
        caps.push_back(rng() % 3 == 0 ? 250 + rng() % 20 : 1 + rng() % 4);
      const FatTree tree = custom_tree(caps);
      const std::uint64_t n = tree.processors();
      PatternParams pp;
      pp.name = trial % 2 ? "uniform" : "hot-spot";
      pp.count = trial % 2 ? (1 + rng() % 300) * n : 1 + rng() % (2 * n);
      pp.seed = rng();
      const MessageSet m = make_pattern(pp, n);
      CAPTURE(levels);
      CAPTURE(pp.count);
      // Singletons: plain first-fit over the messages.
      std::vector<std::vector<std::uint32_t>> singletons;
      for (std::uint32_t id = 0; id < m.size(); ++id) singletons.push_back({id});
      check_merged(tree, m, merge_one_cycle_sets(tree, m, singletons), singletons.size());
      const auto sets = offline_sets(tree, m);
      check_merged(tree, m, offline_schedule(tree, m), sets.size());
    }
  }

  TEST_CASE("first-fit merging chooses the cycle a plain first fit over channel loads chooses") {
    // The merge fills one cycle at a time, rejecting a set by its first top channel, its top
    // loads, the leaf channels the cycle has filled and then level by level from the leaves; a
    // plain first fit (every set against every cycle's full load table, in order) must give the
    // same cycles. Trees deeper than the top checks' seven levels, and shallower; Theorem 1's
    // sets (one turning level each), Corollary 2's (every level in each), single messages, and
    // sets with messages to their own processor.
    std::mt19937_64 rng(77);
    for (int trial = 0; trial < 32; ++trial) {
      const bool wide = trial % 4 == 3;  // Corollary 2 needs every capacity above lg n
      const bool singles = trial % 4 == 2, hot = trial % 8 == 5;
      // (The plain first fit compares whole load tables, each set against every cycle: single
      // messages and a hot spot, each of whose messages takes a cycle, on small trees.)
      // Every fourth Theorem 1 trial: levels below the top checks' seven that are tighter than
      // the top and the leaves, so that the level-by-level check decides.
      const bool middle = trial % 8 == 1;
      const int levels = middle ? 10 + static_cast<int>(rng() % 3)
                                : 3 + static_cast<int>(rng() % (singles || hot ? 5 : 9));
      std::vector<std::uint64_t> caps;
      for (int k = 0; k <= levels; ++k)
        caps.push_back(wide                            ? levels + 1 + rng() % 4
                       : middle && k > 7 && k < levels ? 1 + rng() % 3
                       : middle                        ? 8 + rng() % 8
                                                       : 1 + rng() % (trial % 2 ? 3 : 12));
      const FatTree tree = custom_tree(caps);
      const std::uint64_t n = tree.processors();
      PatternParams pp;
      pp.name = hot ? "hot-spot" : "uniform";
      pp.count = (middle ? 1 + rng() % 2 : 1 + rng() % 6) * n;
      pp.seed = rng();
      MessageSet m = make_pattern(pp, n);
      for (int i = 0; i < 3; ++i) {  // a few to their own processor
        const auto p = static_cast<std::uint32_t>(rng() % n);
        m.push_back({p, p});
      }
      CAPTURE(levels);
      CAPTURE(trial);
      std::vector<std::vector<std::uint32_t>> sets;
      if (wide) {
        sets = offline_schedule_wide(tree, m).cycles;
      } else if (singles) {
        for (std::uint32_t id = 0; id < m.size(); ++id) sets.push_back({id});
      } else {
        sets = offline_sets(tree, m);
      }
      std::vector<ChannelLoadTable> loads;
      std::vector<std::vector<std::uint32_t>> plain;
      for (const auto& set : sets) {
        const ChannelLoadTable add = channel_loads(subset(m, set), levels);
        const auto fits = [&](const ChannelLoadTable& have) {
          for (int k = 0; k <= levels; ++k)
            for (std::size_t j = 0; j < add.up[k].size(); ++j)
              if (have.up[k][j] + add.up[k][j] > caps[k] ||
                  have.down[k][j] + add.down[k][j] > caps[k])
                return false;
          return true;
        };
        std::size_t c = 0;
        while (c < loads.size() && !fits(loads[c])) ++c;
        if (c == loads.size()) {
          loads.push_back(channel_loads({}, levels));
          plain.emplace_back();
        }
        for (int k = 0; k <= levels; ++k)
          for (std::size_t j = 0; j < add.up[k].size(); ++j)
            loads[c].up[k][j] += add.up[k][j], loads[c].down[k][j] += add.down[k][j];
        plain[c].insert(plain[c].end(), set.begin(), set.end());
      }
      for (auto& cycle : plain) std::sort(cycle.begin(), cycle.end());
      CHECK(merge_one_cycle_sets(tree, m, sets) == plain);
    }
  }

  TEST_CASE("merging never loses to the unmerged schedule and gains on the README's set") {
    // 8192 uniform messages on 1024 processors, area-universal: lambda = 98.75.
    const FatTree tree = tree_of(1024, CapacityProfile::kAreaUniversal);
    PatternParams pp;
    pp.name = "uniform";
    pp.count = 8192;
    const MessageSet m = make_pattern(pp, 1024);
    const auto sets = offline_sets(tree, m);
    const auto cycles = offline_schedule(tree, m);
    check_merged(tree, m, cycles, sets.size());
    CHECK(cycles.size() < sets.size());
  }

  TEST_CASE("built for capacity ⌊3/4 × wires⌋, the schedule passes the real switches whole") {
    // Leiserson §IV: a switch of partial concentrators connects any ⌊3s/4⌋ of its inputs, so a
    // schedule one-cycle for those capacities loses nothing in the graphs (random seeds, sets
    // and profiles). The same messages scheduled for the full wires are counted beside it.
    std::mt19937_64 rng(29);
    std::uint64_t lost_full = 0;
    for (CapacityProfile profile : {CapacityProfile::kAreaUniversal, CapacityProfile::kUniversal,
                                    CapacityProfile::kConstant}) {
      for (int trial = 0; trial < 3; ++trial) {
        const std::uint64_t n = std::uint64_t{1} << (4 + rng() % 6);
        const FatTree tree = tree_of(n, profile, 8);
        const FatTree scaled = guaranteed_capacities(tree);
        for (int k = 0; k <= tree.levels(); ++k)
          CHECK(scaled.capacity(k) == std::max<std::uint64_t>(1, 3 * tree.capacity(k) / 4));
        PatternParams pp;
        pp.name = trial == 0 ? "uniform" : trial == 1 ? "permutation" : "transpose";
        pp.count = 8 * n;
        pp.seed = rng();
        const MessageSet m = make_pattern(pp, n);
        CAPTURE(to_string(profile));
        CAPTURE(n);
        CAPTURE(pp.name);
        const std::uint64_t seed = rng();
        DeliverySimulator sim(tree, m, SwitchPolicy::kPriority, 1);
        sim.use_partial_switches(seed);
        bool lossless = false;
        CHECK(route_schedule(sim, m.size(), offline_schedule(scaled, m), lossless).delivered ==
              m.size());
        CHECK(lossless);
        CHECK(sim.lost_in_switches() == 0);
        DeliverySimulator full(tree, m, SwitchPolicy::kPriority, 1);
        full.use_partial_switches(seed);
        route_schedule(full, m.size(), offline_schedule(tree, m), lossless);
        lost_full += full.lost_in_switches();
      }
    }
    MESSAGE("scheduled for the full wires, " << lost_full << " messages were lost in the switches");
  }
}
