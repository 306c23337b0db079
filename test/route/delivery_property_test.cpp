// The streaming delivery simulator equals the reference (src/route/switched_delivery.hpp, ideal
// switches) cycle by cycle: on seeded random trees, message sets, switch policies and seeds, under
// every algorithm that runs on it (GREEDY, RANDOM, RANDOM', the off-line schedules, the adversary's
// GREEDY and RANDOM), on one lane and on two, with and without wire timing.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>

#include "ftvlsi/route/adversary.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "ftvlsi/route/offline.hpp"
#include "route/switched_delivery.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
// The reference: the message-by-message simulator the streaming one replaced, kept in the library
// for real (partial) switches; with ideal switches it is the old simulator unchanged.
using ReferenceDelivery = ftvlsi::SwitchedDelivery;
using ftvlsi::test::tree_of;

namespace {

// Runs `route` on a DeliverySimulator whose every cycle is replayed on the reference; returns how
// many cycles were compared.
template <class Route>
std::uint64_t compare(const FatTree& tree, const MessageSet& m, SwitchPolicy policy,
                      std::uint64_t seed, std::size_t threshold, const ChannelWireLengths* wires,
                      Route route) {
  DeliverySimulator sim(tree, m, policy, seed);
  ReferenceDelivery ref(tree, m, policy, seed);
  const MessageTiming timing{parse_delay_model("linear"), 1, 8};
  if (wires) {
    sim.set_wire_timing(*wires, timing);
    ref.set_wire_timing(*wires, timing);
  }
  sim.set_parallel_threshold(threshold);
  // A round-trip bound per turn level, in no order, so that a wrong level present shows.
  std::vector<double> bound(static_cast<std::size_t>(tree.levels()));
  for (std::size_t k = 0; k < bound.size(); ++k) bound[k] = static_cast<double>((k * 37 + 11) % 23);
  sim.set_round_trip_bounds(bound);
  ref.set_round_trip_bounds(bound);
  std::uint64_t cycles = 0;
  bool same = true;
  sim.set_observer(
      [&](const std::vector<std::uint32_t>& sent, const std::vector<std::uint32_t>& delivered) {
        ++cycles;
        if (ref.cycle(sent) != delivered) same = false;
      });
  route(sim);
  CHECK(same);
  CHECK(sim.steps() == ref.steps());
  CHECK(sim.elapsed() == ref.elapsed());
  CHECK(sim.elapsed_bound() == ref.elapsed_bound());
  if (wires) CHECK(sim.take_path_lengths() == ref.take_path_lengths());
  return cycles;
}

// Sends each of `cycles` on the simulator and on the reference (same policy and seed): every
// cycle must deliver the same messages, and the steps must agree.
void compare_cycles(const FatTree& tree, const MessageSet& m, SwitchPolicy policy,
                    std::uint64_t seed, std::size_t threshold,
                    const std::vector<std::vector<std::uint32_t>>& cycles) {
  DeliverySimulator sim(tree, m, policy, seed);
  ReferenceDelivery ref(tree, m, policy, seed);
  sim.set_parallel_threshold(threshold);
  for (const auto& sent : cycles) CHECK(sim.cycle(sent) == ref.cycle(sent));
  CHECK(sim.steps() == ref.steps());
}

// Wire lengths at random: cap(k) wires per side and direction at every level.
ChannelWireLengths random_wires(const FatTree& tree, std::mt19937_64& rng) {
  ChannelWireLengths w;
  w.table.resize(static_cast<std::size_t>(tree.levels()) + 1);
  for (int k = 0; k <= tree.levels(); ++k)
    for (auto& side : w.table[static_cast<std::size_t>(k)])
      for (auto& dir : side) {
        dir.resize(tree.capacity(k));
        for (auto& len : dir) len = rng() % 1000 + 1;
      }
  return w;
}

}  // namespace

TEST_SUITE("delivery_property") {
  TEST_CASE("GREEDY, RANDOM and RANDOM' cycles equal the reference simulator's") {
    std::mt19937_64 rng(2024);
    const std::vector<CapacityProfile> profiles{
        CapacityProfile::kAreaUniversal, CapacityProfile::kDoubleEvery2,
        CapacityProfile::kFourWay,       CapacityProfile::kConstant,
        CapacityProfile::kFull,          CapacityProfile::kLinearSize};
    const std::vector<std::string> patterns{"permutation", "bit-reversal", "uniform", "hot-spot",
                                            "local"};
    std::uint64_t compared = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const int levels = 2 + static_cast<int>(rng() % 9);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const CapacityProfile profile = profiles[rng() % profiles.size()];
      const std::uint64_t constant = 1 + rng() % (2 * levels);
      const FatTree tree = tree_of(n, profile, constant);
      PatternParams pp;
      pp.name = patterns[rng() % patterns.size()];
      pp.count = 1 + rng() % (4 * n);
      pp.block = std::min<std::uint64_t>(n, 4);
      pp.seed = rng();
      const MessageSet m = make_pattern(pp, n);
      const auto policy = rng() % 2 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
      const std::uint64_t seed = rng();
      // Two lanes always, never, or from a size on.
      const std::size_t threshold = trial % 3 == 0 ? 0 : trial % 3 == 1 ? SIZE_MAX : rng() % 64;
      const ChannelWireLengths wires = random_wires(tree, rng);
      const ChannelWireLengths* timed = trial % 4 == 0 ? &wires : nullptr;
      CAPTURE(trial);
      CAPTURE(n);
      CAPTURE(pp.name);
      RandomParams rp;
      rp.congestion = congestion_parameter(tree);
      rp.seed = seed + 1;
      compared += compare(tree, m, policy, seed, threshold, timed, [&](DeliverySimulator& sim) {
        CHECK(route_greedy(sim, m.size(), 1000000).delivered == m.size());
      });
      if (load_factor(channel_loads(m, levels), tree) < 64)
        compared += compare(tree, m, policy, seed, threshold, timed, [&](DeliverySimulator& sim) {
          CHECK(route_random(sim, m.size(), n, rp, 10000000).delivered == m.size());
        });
      bool wide = true;
      for (int k = 0; k <= levels; ++k) wide = wide && tree.capacity(k) >= std::uint64_t(levels);
      if (wide)
        compared += compare(tree, m, policy, seed, threshold, timed, [&](DeliverySimulator& sim) {
          CHECK(route_random_prime(sim, m.size(), seed + 2, 1000000).delivered == m.size());
        });
    }
    CHECK(compared > 500);
  }

  TEST_CASE("the off-line schedules' cycles equal the reference simulator's") {
    std::mt19937_64 rng(77);
    for (int trial = 0; trial < 12; ++trial) {
      const int levels = 3 + static_cast<int>(rng() % 6);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const bool wide = trial % 2 == 0;
      const FatTree tree = wide ? tree_of(n, CapacityProfile::kConstant, 2 * levels)
                                : tree_of(n, CapacityProfile::kAreaUniversal);
      PatternParams pp;
      pp.name = trial % 3 == 0 ? "permutation" : "uniform";
      pp.count = 1 + rng() % (4 * n);
      pp.seed = rng();
      const MessageSet m = make_pattern(pp, n);
      const auto cycles = wide ? offline_schedule_wide(tree, m).cycles : offline_schedule(tree, m);
      CAPTURE(trial);
      for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority})
        for (std::size_t threshold : {std::size_t{0}, SIZE_MAX})
          CHECK(compare(tree, m, policy, rng(), threshold, nullptr, [&](DeliverySimulator& sim) {
                  bool lossless = false;
                  CHECK(route_schedule(sim, m.size(), cycles, lossless).delivered == m.size());
                  CHECK(lossless);
                }) == cycles.size());
    }
  }

  TEST_CASE("the adversary's GREEDY and RANDOM cycles equal the reference simulator's") {
    std::mt19937_64 rng(9);
    for (std::uint64_t n : {16, 64, 256, 1024}) {
      const FatTree tree = tree_of(n, CapacityProfile::kFourWay);
      const std::uint64_t lambda = 12 + rng() % 40;
      const AdversarySet a = adversary_set(tree, lambda);
      const MessageSet& m = a.messages;
      CAPTURE(n);
      for (std::size_t threshold : {std::size_t{0}, SIZE_MAX}) {
        compare(tree, m, SwitchPolicy::kPriority, 1, threshold, nullptr,
                [&](DeliverySimulator& sim) { route_greedy(sim, m.size(), 1000000); });
        RandomParams rp;
        rp.congestion = congestion_parameter(tree);
        rp.seed = rng();
        compare(tree, m, SwitchPolicy::kRandom, rng(), threshold, nullptr,
                [&](DeliverySimulator& sim) { route_random(sim, m.size(), n, rp, 10000000); });
      }
    }
  }

  // Sparse cycles (at most n/16 messages) lift the records alone in their channels past the
  // levels below where they meet another (docs/routing.md, "Lifting lone messages"): the lifted
  // records' steps, the channels counted for the random switches' draw order and the up step's
  // merge with them must leave every cycle as the reference's, on one lane and on two.
  TEST_CASE("sparse cycles, with lone messages lifted, equal the reference's cycles") {
    std::mt19937_64 rng(5150);
    const std::vector<CapacityProfile> profiles{
        CapacityProfile::kAreaUniversal, CapacityProfile::kConstant, CapacityProfile::kLinearSize,
        CapacityProfile::kDoubleEvery2, CapacityProfile::kFourWay};
    for (int trial = 0; trial < 48; ++trial) {
      const int levels = 6 + static_cast<int>(rng() % 9);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, profiles[rng() % profiles.size()], 1 + rng() % 3);
      PatternParams pp;
      pp.name = trial % 3 == 0 ? "hot-spot" : "uniform";
      pp.count = 1 + rng() % (2 * n);
      pp.seed = rng();
      const MessageSet m = make_pattern(pp, n);
      const auto policy = trial % 4 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
      const std::uint64_t seed = rng();
      CAPTURE(trial);
      CAPTURE(n);
      std::vector<std::vector<std::uint32_t>> cycles;
      for (int cycle = 0; cycle < 12; ++cycle) {
        // Some cycles clustered in one subtree, so that lone and crowded records mix.
        const std::size_t size = 1 + rng() % std::max<std::uint64_t>(1, n / 16);
        const std::uint32_t span = cycle % 3 == 0
                                       ? static_cast<std::uint32_t>(m.size())
                                       : 1 + static_cast<std::uint32_t>(rng() % m.size());
        std::vector<std::uint32_t> sent;
        for (std::size_t i = 0; i < size; ++i)
          sent.push_back(static_cast<std::uint32_t>(rng() % span));
        std::sort(sent.begin(), sent.end());
        sent.erase(std::unique(sent.begin(), sent.end()), sent.end());
        cycles.push_back(std::move(sent));
      }
      compare_cycles(tree, m, policy, seed, trial % 2 ? 0 : SIZE_MAX, cycles);
    }
  }

  // The random switches resolve a level's overflowing channels in ascending channel order when
  // more than an eighth of the level's channels are used, else by lowest key; lifted records use
  // channels too. Here pairs of records meet only at level 8 (capacity one: they overflow there),
  // and about 40 lone records, all lifted, decide whether level 8 counts as dense (32 channels).
  TEST_CASE("lifted records count among a level's channels for the random switches' order") {
    std::mt19937_64 rng(8128);
    const int levels = 12;
    const std::uint64_t n = std::uint64_t{1} << levels;
    const FatTree tree = tree_of(n, CapacityProfile::kConstant, 1);
    for (int trial = 0; trial < 16; ++trial) {
      std::vector<std::uint32_t> blocks(n / 16);  // the 16-leaf subtrees, level 8's channels
      std::iota(blocks.begin(), blocks.end(), 0u);
      std::shuffle(blocks.begin(), blocks.end(), rng);
      MessageSet m;
      const auto far = [&](std::uint32_t src) {  // a destination outside src's 16 leaves
        return static_cast<std::uint32_t>((src + 16 + rng() % (n - 32)) % n);
      };
      const std::size_t lone = 36 + rng() % 12, pairs = 2 + rng() % 4;
      for (std::size_t b = 0; b < lone; ++b) {
        const auto src = static_cast<std::uint32_t>(blocks[b] * 16 + rng() % 16);
        m.push_back({src, far(src)});
      }
      for (std::size_t b = lone; b < lone + pairs; ++b)
        for (std::uint32_t half : {0u, 8u}) {
          const auto src = static_cast<std::uint32_t>(blocks[b] * 16 + half + rng() % 8);
          m.push_back({src, far(src)});
        }
      std::shuffle(m.begin(), m.end(), rng);  // keys in no relation to channels
      std::vector<std::uint32_t> sent(m.size());
      std::iota(sent.begin(), sent.end(), 0u);
      CAPTURE(trial);
      compare_cycles(tree, m, SwitchPolicy::kRandom, rng(), trial % 2 ? 0 : SIZE_MAX, {sent});
    }
  }

  // A cycle of at least n messages on leaf channels of one wire, using more than an eighth of
  // them, is resolved at the leaves while its records are written (route/delivery.cpp). Here a
  // varying share of the sources send (about an eighth or fewer: up to 23 messages each, so that
  // a sparse cycle of n messages or more is drawn in its own order), some to themselves, and the
  // keys are in no relation to the sources.
  TEST_CASE("leaf channels resolved as the records are written equal the reference's cycles") {
    std::mt19937_64 rng(4242);
    const std::vector<CapacityProfile> profiles{
        CapacityProfile::kAreaUniversal, CapacityProfile::kConstant, CapacityProfile::kFourWay,
        CapacityProfile::kDoubleEvery2, CapacityProfile::kLinearSize};
    const std::vector<double> share{0.04, 0.1, 0.125, 0.14, 0.3, 1.0};
    int leaf_one = 0;
    for (int trial = 0; trial < 48; ++trial) {
      const int levels = 2 + static_cast<int>(rng() % 11);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, profiles[rng() % profiles.size()], 1 + rng() % 2);
      if (tree.capacity(levels) != 1) continue;
      ++leaf_one;
      const double sending = share[rng() % share.size()];
      MessageSet m;
      for (std::uint32_t src = 0; src < n; ++src) {
        if (static_cast<double>(rng() % 1000) >= sending * 1000) continue;
        const std::uint64_t sends = rng() % (sending < 0.2 ? 24 : 8);  // m >= n often
        for (std::uint64_t i = 0; i < sends; ++i)
          m.push_back({src, rng() % 8 == 0 ? src : static_cast<std::uint32_t>(rng() % n)});
      }
      std::shuffle(m.begin(), m.end(), rng);
      if (m.empty()) continue;
      const auto policy = trial % 3 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
      const std::uint64_t seed = rng();
      const std::size_t threshold = trial % 3 == 0 ? 0 : trial % 3 == 1 ? SIZE_MAX : rng() % 64;
      const ChannelWireLengths wires = random_wires(tree, rng);
      CAPTURE(trial);
      CAPTURE(n);
      CAPTURE(sending);
      for (const ChannelWireLengths* timed :
           {static_cast<const ChannelWireLengths*>(nullptr), &wires})
        compare(tree, m, policy, seed, threshold, timed, [&](DeliverySimulator& sim) {
          CHECK(route_greedy(sim, m.size(), 1000000).delivered == m.size());
        });
    }
    CHECK(leaf_one >= 24);
  }

  // The bottom levels that no channel can overflow are passed in one scan (route/delivery.cpp,
  // pass_bottom). Each source sends up to `most` messages, to leaves near it (so that they turn
  // within those levels, into several turning lists) or far; the trees' low capacities let
  // anywhere from one level to all but the top one pass. The messages come in source order, or
  // shuffled so that a node's keys come in no order. Both policies, one lane and two, and cycles
  // whose leaf channels were resolved as the records were written (capacity one at the leaves,
  // many records a source).
  TEST_CASE("the levels that cannot overflow, passed in one scan, equal the reference's cycles") {
    std::mt19937_64 rng(6174);
    const std::vector<CapacityProfile> profiles{
        CapacityProfile::kAreaUniversal, CapacityProfile::kConstant, CapacityProfile::kFull,
        CapacityProfile::kLinearSize, CapacityProfile::kDoubleEvery2};
    std::uint64_t passed = 0;
    int from_leaves = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const int levels = 2 + static_cast<int>(rng() % 10);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, profiles[rng() % profiles.size()], 1 + rng() % 6);
      const std::uint64_t most = 1 + rng() % (trial % 4 == 0 ? 6 : 2);
      const std::uint64_t near = std::uint64_t{1} << (rng() % (levels + 1));  // a block of leaves
      MessageSet m;
      for (std::uint32_t src = 0; src < n; ++src) {
        const std::uint64_t sends = rng() % (most + 1);
        for (std::uint64_t i = 0; i < sends; ++i) {
          const std::uint64_t block = src / near * near;
          const auto dst =
              static_cast<std::uint32_t>(rng() % 3 == 0 ? rng() % n : block + rng() % near);
          m.push_back({src, dst});
        }
      }
      if (m.empty()) continue;
      // Shuffled, a set of n messages or more is counted into source order (keys in no order
      // within a node); later, smaller cycles are then sorted and go level by level.
      if (trial % 4 >= 2) std::shuffle(m.begin(), m.end(), rng);
      from_leaves += m.size() >= n && tree.capacity(levels) == 1 && most > 2;
      const auto policy = trial % 3 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
      const std::uint64_t seed = rng();
      const std::size_t threshold = trial % 2 ? 0 : SIZE_MAX;
      CAPTURE(trial);
      CAPTURE(n);
      CAPTURE(most);
      DeliverySimulator* seen = nullptr;
      compare(tree, m, policy, seed, threshold, nullptr, [&](DeliverySimulator& sim) {
        CHECK(route_greedy(sim, m.size(), 1000000).delivered == m.size());
        seen = &sim;
        passed += sim.levels_passed_at_once();
      });
      CHECK(seen != nullptr);
    }
    CHECK(passed > 80);
    CHECK(from_leaves >= 3);
    // From the leaves' survivors: on the area-universal tree (capacities 1, 2, 2, 3 ... from the
    // leaves up) every source sends three to five messages, most of them within its block of
    // four leaves, so that level L is resolved as the records are written and L - 1 is passed.
    std::uint64_t passed_from_leaves = 0;
    for (int trial = 0; trial < 12; ++trial) {
      const int levels = 4 + static_cast<int>(rng() % 8);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree = tree_of(n, CapacityProfile::kAreaUniversal);
      MessageSet m;
      for (std::uint32_t src = 0; src < n; ++src)
        for (std::uint64_t i = 0, sends = 3 + rng() % 3; i < sends; ++i)
          m.push_back({src, static_cast<std::uint32_t>(rng() % 3 == 0 ? rng() % n
                                                                      : src / 4 * 4 + rng() % 4)});
      std::shuffle(m.begin(), m.end(), rng);
      CAPTURE(trial);
      compare(tree, m, trial % 3 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority, rng(),
              trial % 2 ? 0 : SIZE_MAX, nullptr, [&](DeliverySimulator& sim) {
                CHECK(route_greedy(sim, m.size(), 1000000).delivered == m.size());
                passed_from_leaves += sim.levels_passed_at_once();
              });
    }
    CHECK(passed_from_leaves >= 12);
  }

  TEST_CASE("arbitrary subsets, in any order and with repeats, equal the reference's cycles") {
    std::mt19937_64 rng(31);
    for (int trial = 0; trial < 40; ++trial) {
      const int levels = 1 + static_cast<int>(rng() % 10);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree =
          tree_of(n, trial % 2 ? CapacityProfile::kConstant : CapacityProfile::kDoubleEvery2,
                  1 + rng() % 3);
      PatternParams pp;
      pp.name = "uniform";
      pp.count = 1 + rng() % (8 * n);
      pp.seed = rng();
      const MessageSet m = make_pattern(pp, n);
      const auto policy = trial % 3 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
      const std::uint64_t seed = rng();
      const std::size_t threshold = rng() % 3 == 0 ? SIZE_MAX : rng() % 16;
      CAPTURE(trial);
      std::vector<std::vector<std::uint32_t>> cycles(20);
      for (std::size_t cycle = 0; cycle < cycles.size(); ++cycle) {
        std::vector<std::uint32_t>& sent = cycles[cycle];
        const std::size_t size = rng() % (m.size() + 1);
        for (std::size_t i = 0; i < size; ++i)
          sent.push_back(static_cast<std::uint32_t>(rng() % m.size()));
        if (cycle % 2) std::sort(sent.begin(), sent.end());
      }
      compare_cycles(tree, m, policy, seed, threshold, cycles);
    }
  }
}
