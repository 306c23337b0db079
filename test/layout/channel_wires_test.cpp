#include "ftvlsi/layout/channel_wires.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <random>
#include <tuple>

#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

// (level, channel, up, wire) -> length, recounted from the flattened geometry: every placement
// of every cell, its wires' points moved by the composed transform, keyed by the channel index the
// instance path spells (instance 0 the even child) and the pin the wire starts from.
using Key = std::tuple<int, std::uint64_t, bool, std::uint64_t>;
std::map<Key, std::uint64_t> flat_recount(const FatTree& tree, const Layout<2>& layout) {
  std::map<Key, std::uint64_t> out;
  const int levels = tree.levels();
  // The top cell draws the root channel; cell i (i >= 1) is a node of level L - i.
  auto visit = [&](auto&& self, std::int32_t cell_id, const Transform<2>& t, std::uint64_t node,
                   int node_level) -> void {
    const Cell<2>& cell = layout.cells[cell_id];
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const Terminal from = cell.wire_from[w];
      const int k = node_level + 1;
      const std::uint64_t cap = tree.capacity(k), pin = static_cast<std::uint64_t>(from.index);
      std::vector<Point<2>> placed;
      for (const Point<2>& p : cell.wire(w)) placed.push_back(t.apply(p));
      const std::uint64_t channel =
          k == 0 ? 0 : 2 * node + static_cast<std::uint64_t>(from.instance);
      out[{k, channel, pin < cap, pin < cap ? pin : pin - cap}] = wire_length<2>(placed);
    }
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Instance<2>& inst = cell.instances[i];
      if (node_level + 1 >= levels) continue;  // the processors draw no wires
      self(self, inst.cell, t.compose(inst.transform), node_level < 0 ? 0 : 2 * node + i,
           node_level + 1);
    }
  };
  visit(visit, layout.top, Transform<2>{}, 0, -1);
  return out;
}

}  // namespace

TEST_SUITE("channel_wires") {
  TEST_CASE("every channel wire's length equals a recount over the flattened H-tree") {
    for (auto profile : {CapacityProfile::kAreaUniversal, CapacityProfile::kLinearSize,
                         CapacityProfile::kDoubleEvery2, CapacityProfile::kFull}) {
      for (std::uint64_t n : {4u, 16u, 64u}) {
        const FatTree tree = tree_of(n, profile);
        const Layout<2> layout = build_h_tree(tree);
        const ChannelWireLengths wires = h_tree_channel_wires(tree, layout);
        const auto flat = flat_recount(tree, layout);
        std::size_t expected = 0;
        for (int k = 0; k <= tree.levels(); ++k) expected += 2 * tree.capacity(k) << k;
        CHECK(flat.size() == expected);
        for (const auto& [key, length] : flat) {
          const auto& [k, channel, up, wire] = key;
          CHECK(wires.length(k, channel, up, wire) == length);
        }
        // The longest wire of each level is the metrics' per-level maximum.
        CHECK(wires.max_by_level() == measure(layout).wire_length_max_by_level);
      }
    }
  }

  TEST_CASE("a message's path length is the sum of the wires the simulator handed it") {
    // A one-cycle set with priority switches: the k-th message (by id) on a directed channel
    // gets wire k, so each path can be recounted from the flattened layout by hand.
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 20; ++trial) {
      const FatTree tree = tree_of(64, CapacityProfile::kFull);
      const Layout<2> layout = build_h_tree(tree);
      const auto flat = flat_recount(tree, layout);
      std::vector<std::uint32_t> to(64);
      for (std::uint32_t s = 0; s < 64; ++s) to[s] = s;
      std::shuffle(to.begin(), to.end(), rng);
      MessageSet m;  // part of a permutation: at most cap(k) messages on a level-k channel
      for (std::uint32_t s = 0; s < 64; ++s)
        if (rng() % 2) m.push_back({s, to[s]});
      const int levels = tree.levels();
      std::map<std::tuple<int, std::uint64_t, bool>, std::uint64_t> used;
      std::vector<std::uint64_t> recount(m.size(), 0);
      for (std::size_t i = 0; i < m.size(); ++i) {
        const auto [s, d] = m[i];
        if (s == d) continue;
        const int turn = levels - (32 - __builtin_clz(s ^ d));
        for (int k = levels; k > turn; --k) {
          const std::uint64_t c = s >> (levels - k);
          recount[i] += flat.at({k, c, true, used[{k, c, true}]++});
        }
        for (int k = turn + 1; k <= levels; ++k) {
          const std::uint64_t c = d >> (levels - k);
          recount[i] += flat.at({k, c, false, used[{k, c, false}]++});
        }
      }
      DeliverySimulator sim(tree, m, SwitchPolicy::kPriority, 1);
      const ChannelWireLengths wires = h_tree_channel_wires(tree, layout);
      sim.set_wire_timing(wires, MessageTiming{parse_delay_model("linear"), 1, 8});
      std::vector<std::uint32_t> all(m.size());
      for (std::uint32_t i = 0; i < m.size(); ++i) all[i] = i;
      REQUIRE(sim.cycle(all).size() == m.size());
      CHECK(sim.take_path_lengths() == recount);
    }
  }

  TEST_CASE("real wires never take longer than the longest wires of every level") {
    std::mt19937_64 rng(9);
    const FatTree tree = tree_of(256, CapacityProfile::kAreaUniversal);
    const Layout<2> layout = build_h_tree(tree);
    const ChannelWireLengths wires = h_tree_channel_wires(tree, layout);
    const auto longest = wires.max_by_level();
    MessageSet m;
    for (int i = 0; i < 2000; ++i)
      m.push_back(
          {static_cast<std::uint32_t>(rng() % 256), static_cast<std::uint32_t>(rng() % 256)});
    const MessageTiming timing{parse_delay_model("linear"), 1, 16};
    // By the level of the ends' common ancestor.
    std::vector<double> bound(static_cast<std::size_t>(tree.levels()), 0);
    for (int turn = 0; turn < tree.levels(); ++turn) {
      double delay = 0;
      for (int k = turn + 1; k <= tree.levels(); ++k)
        delay += 2.0 * static_cast<double>(longest[k]);
      bound[static_cast<std::size_t>(turn)] =
          timing.round_trip(delay, 2 * static_cast<std::size_t>(tree.levels() - turn) - 1);
    }
    DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, 3);
    sim.set_wire_timing(wires, timing);
    sim.set_round_trip_bounds(bound);
    std::vector<std::uint32_t> left(m.size());
    for (std::uint32_t i = 0; i < m.size(); ++i) left[i] = i;
    int cycles = 0;
    double expected_bound = 0;  // each cycle: the slowest bound of the messages it sends
    while (!left.empty() && cycles < 1000) {
      double slowest = 0;
      for (const auto id : left)
        if (const auto [s, d] = m[id]; s != d)
          slowest = std::max(
              slowest,
              bound[static_cast<std::size_t>(tree.levels() - (32 - __builtin_clz(s ^ d)))]);
      expected_bound += slowest;
      const auto got = sim.cycle(left);
      std::vector<std::uint32_t> next;
      std::set_difference(left.begin(), left.end(), got.begin(), got.end(),
                          std::back_inserter(next));
      left = std::move(next);
      ++cycles;
    }
    CHECK(left.empty());
    CHECK(sim.elapsed() > 0);
    CHECK(sim.elapsed_bound() == expected_bound);
    CHECK(sim.elapsed() <= sim.elapsed_bound());
    CHECK(sim.elapsed() < sim.elapsed_bound());  // the H-tree's wires of one level differ
  }

  TEST_CASE("the cube's channel wires add up to the flattened wire length, level by level") {
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kQuadrupleEvery3}) {
      for (std::uint64_t n : {2u, 8u, 64u, 512u}) {
        CAPTURE(n);
        const FatTree tree = tree_of(n, profile);
        const Layout<3> layout = build_cube(tree);
        const ChannelWireLengths wires = cube_channel_wires(tree, layout);
        const LayoutMetrics<3> m = measure(layout);
        std::uint64_t total = 0;
        for (int k = 0; k <= tree.levels(); ++k) {
          const std::uint64_t channels = std::uint64_t{1} << k;
          std::uint64_t level_max = 0;
          for (std::uint64_t c = 0; c < channels; ++c)
            for (std::uint64_t i = 0; i < tree.capacity(k); ++i) {
              // One drawn wire serves both directions.
              CHECK(wires.length(k, c, true, i) == wires.length(k, c, false, i));
              total += wires.length(k, c, true, i);
              level_max = std::max(level_max, wires.length(k, c, true, i));
            }
          CHECK(level_max > 0);
        }
        CHECK(total == m.wire_length_total);
      }
    }
  }
}
