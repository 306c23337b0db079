#include "ftvlsi/network/transit.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"

using namespace ftvlsi;

namespace {

TransitParams named(const std::string& name, RedundantWiring w = RedundantWiring::kRandom) {
  TransitParams p;
  p.composition = name;
  p.wiring = w;
  return p;
}

// Follows a connection src -> dst through every choice of equivalent outputs; true if some
// choice delivers it to dst (and no choice delivers it anywhere else).
bool has_path(const TransitNetwork& net, std::uint64_t src, std::uint64_t dst) {
  std::vector<std::int64_t> frontier = {net.injection(src, 0), net.injection(src, 1)};
  std::set<std::int64_t> seen;
  bool reached = false;
  while (!frontier.empty()) {
    const std::int64_t in = frontier.back();
    frontier.pop_back();
    REQUIRE(in != kNoLink);
    if (in < 0) {
      REQUIRE(delivered_processor(in) == dst);
      reached = true;
      continue;
    }
    const std::uint64_t r = static_cast<std::uint64_t>(in) / kRn1Ports;
    if (!seen.insert(static_cast<std::int64_t>(r)).second) continue;
    const int d = net.direction(r, src, dst);
    const auto ch = rn1_choices(net.rn1(), static_cast<int>(in % kRn1Ports), d);
    for (int k = 0; k < ch.count; ++k) {
      frontier.push_back(net.link(r * kRn1Ports + ch.outputs[k]));
    }
  }
  return reached;
}

}  // namespace

TEST_SUITE("transit") {
  TEST_CASE("every router's inputs and outputs are wired as the unit tree says") {
    for (auto w : {RedundantWiring::kRandom, RedundantWiring::kDeterministic})
      for (const char* name : {"4K", "12K"}) {
        const TransitNetwork net(named(name, w));
        const auto& shape = net.shape();
        REQUIRE(net.routers() == shape.routers);
        std::vector<int> in_degree(net.routers(), 0), out_degree(net.routers(), 0);
        std::uint64_t delivered = 0;
        for (std::uint64_t r = 0; r < net.routers(); ++r)
          for (int o = 0; o < kRn1Ports; ++o) {
            const auto to = net.link(r * kRn1Ports + o);
            if (to == kNoLink) continue;
            ++out_degree[r];
            if (to < 0)
              ++delivered;
            else
              ++in_degree[static_cast<std::uint64_t>(to) / kRn1Ports];
          }
        for (std::uint64_t p = 0; p < net.processors(); ++p)
          for (int i = 0; i < 2; ++i) {
            REQUIRE(net.injection(p, i) >= 0);
            ++in_degree[static_cast<std::uint64_t>(net.injection(p, i)) / kRn1Ports];
          }
        CHECK(delivered == 2 * net.processors());
        for (std::uint64_t r = 0; r < net.routers(); ++r) {
          const bool root =
              net.role(r) == RouterRole::kUp && net.level(r) == shape.unit_tree_stages - 1;
          const bool root_d3 =
              net.role(r) == RouterRole::kDown && net.level(r) == shape.tree_levels;
          CHECK(out_degree[r] == (root ? 6 : 8));  // the root's "up" outputs stay open
          CHECK(in_degree[r] == (root_d3 ? 4 : 8));
        }
      }
  }

  TEST_CASE("every processor pair has a path") {
    for (auto rn1 : {Rn1Config::kDilation2, Rn1Config::kDual4x4})
      for (const char* name : {"4K", "12K"}) {
        TransitParams p = named(name);
        p.rn1 = rn1;
        const TransitNetwork net(p);
        SplitMix64 rng(5);
        for (int k = 0; k < 400; ++k) {
          const auto s = rng.below(net.processors()), d = rng.below(net.processors());
          if (s != d) CHECK(has_path(net, s, d));
        }
        CHECK(has_path(net, 0, net.processors() - 1));
        CHECK(has_path(net, 0, 1));
      }
  }

  TEST_CASE("custom compositions of every leaf have a path between every sampled pair") {
    for (auto leaf : {TransitLeaf::kSmall, TransitLeaf::kCluster12, TransitLeaf::kCluster48})
      for (int stages : {0, 1}) {
        TransitParams p = named("custom");
        p.leaf = leaf;
        p.stages = stages;
        const TransitNetwork net(p);
        SplitMix64 rng(9);
        for (int k = 0; k < 200; ++k) {
          const auto s = rng.below(net.processors()), d = rng.below(net.processors());
          if (s != d) CHECK(has_path(net, s, d));
        }
      }
  }

  TEST_CASE("the shortcuts cut the up stages to one per unit-tree stage") {
    const TransitNetwork net(named("256K", RedundantWiring::kDeterministic));
    const int root = net.shape().tree_levels;  // 9
    const auto st = net.stages_of_class(root);
    CHECK(st.up == 3);
    CHECK(st.naive_up == 9);
    CHECK(st.total() == 12);
    CHECK(st.naive_total() == 18);
    // Measured on a path: count the up routers a root-crossing connection passes.
    const std::uint64_t s = 0, d = net.processors() - 1;
    REQUIRE(net.locality_class(s, d) == root);
    std::int64_t in = net.injection(s, 0);
    int ups = 0, downs = 0;
    while (in >= 0) {
      const auto r = static_cast<std::uint64_t>(in) / kRn1Ports;
      (net.role(r) == RouterRole::kUp ? ups : downs)++;
      const auto ch =
          rn1_choices(net.rn1(), static_cast<int>(in % kRn1Ports), net.direction(r, s, d));
      in = net.link(r * kRn1Ports + ch.outputs[0]);
    }
    CHECK(delivered_processor(in) == d);
    CHECK(ups == st.up);
    CHECK(downs == st.down);
    const TransitNetwork hybrid(named("12K"));
    CHECK(hybrid.stages_of_class(0).total() == 4);  // 40 ns inside a cluster at 100 MHz
  }

  TEST_CASE("the same seed wires the same network, another seed another") {
    TransitParams p = named("4K");
    const TransitNetwork a(p), b(p);
    p.seed = 2;
    const TransitNetwork c(p);
    bool same_ab = true, same_ac = true;
    for (std::uint64_t s = 0; s < a.routers() * kRn1Ports; ++s) {
      same_ab = same_ab && a.link(s) == b.link(s);
      same_ac = same_ac && a.link(s) == c.link(s);
    }
    CHECK(same_ab);
    CHECK_FALSE(same_ac);
  }
}

TEST_SUITE("transit control") {
  TEST_CASE("small unit trees only (D-compose's control): same RN1s, 4x the upper stacks, paths") {
    for (const char* name : {"4K", "12K"}) {
      CAPTURE(name);
      TransitParams p = named(name);
      const TransitNetwork paper(p);
      p.upper_unit_tree = kSmallUnitTree;
      const TransitNetwork small(p);
      CHECK(small.processors() == paper.processors());
      CHECK(small.routers() == paper.routers());
      const auto upper = [](const TransitNetwork& net) {
        std::uint64_t count = 0;
        for (std::uint32_t s = 0; s < net.stacks(); ++s) count += net.stack_stage(s) > 0;
        return count;
      };
      CHECK(upper(small) == 4 * upper(paper));
      SplitMix64 rng(3);
      for (int k = 0; k < 200; ++k) {
        const auto s = rng.below(small.processors()), d = rng.below(small.processors());
        if (s != d) CHECK(has_path(small, s, d));
      }
    }
  }
}
