// DeHon's compositions as counts: the paper's four examples, and for every composition the
// processors, unit trees, RN1s and channel connections that follow from its leaves and stages.
#include "ftvlsi/network/transit_composition.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

TransitParams named(const std::string& name) {
  TransitParams p;
  p.composition = name;
  return p;
}

TransitParams custom(TransitLeaf leaf, int stages) {
  TransitParams p;
  p.composition = "custom";
  p.leaf = leaf;
  p.stages = stages;
  return p;
}

constexpr TransitLeaf kLeaves[] = {TransitLeaf::kSmall, TransitLeaf::kCluster12,
                                   TransitLeaf::kCluster48, TransitLeaf::kCluster192};

}  // namespace

TEST_SUITE("transit_composition") {
  TEST_CASE("the four compositions have the paper's counts") {
    const auto k4 = transit_shape(named("4K"));
    CHECK(k4.processors == 4096);
    CHECK(k4.unit_trees_by_stage == std::vector<std::uint64_t>{64, 4});
    CHECK(k4.unit_tree_size_by_stage == std::vector<int>{2, 8});
    const auto k256 = transit_shape(named("256K"));
    CHECK(k256.processors == 262144);
    CHECK(k256.unit_trees_by_stage == std::vector<std::uint64_t>{4096, 256, 64});
    const auto k12 = transit_shape(named("12K"));
    CHECK(k12.processors == 12288);
    CHECK(k12.leaf_clusters == 64);
    CHECK(k12.unit_trees_by_stage == std::vector<std::uint64_t>{64, 16});
    const auto k768 = transit_shape(named("768K"));
    CHECK(k768.processors == 786432);
    CHECK(k768.leaf_clusters == 4096);
    CHECK(k768.unit_trees_by_stage == std::vector<std::uint64_t>{4096, 1024, 256});
  }

  TEST_CASE("unit trees and clusters have 26m RN1s and the bidelta stage counts") {
    CHECK(unit_tree_routers(kSmallUnitTree) == 52);
    CHECK(unit_tree_routers(kLargeUnitTree) == 208);
    CHECK(cluster_routers(TransitLeaf::kCluster12) == 7);
    CHECK(cluster_routers(TransitLeaf::kCluster48) == 40);
    CHECK(cluster_routers(TransitLeaf::kCluster192) == 208);
    const auto k4 = transit_shape(named("4K"));
    CHECK(k4.routers_by_stage == std::vector<std::uint64_t>{64 * 52, 4 * 208});
    const auto k768 = transit_shape(named("768K"));
    CHECK(k768.routers == 4096ull * 208 + 1024 * 208 + 256 * 208);
  }

  TEST_CASE("channel capacity grows by 16 over each stage's 3 levels, 4^(2/3) per level") {
    const auto k256 = transit_shape(named("256K"));
    CHECK(k256.connections_by_level ==
          std::vector<std::uint64_t>{2, 6, 16, 32, 96, 256, 512, 1536, 4096, 8192});
    for (std::size_t l = 0; l + 3 < k256.connections_by_level.size(); l += 3)
      CHECK(k256.connections_by_level[l + 3] == 16 * k256.connections_by_level[l]);
    const auto k12 = transit_shape(named("12K"));
    CHECK(k12.connections_by_level == std::vector<std::uint64_t>{128, 384, 1024, 2048});
  }

  TEST_CASE("processors by class add up to the other processors") {
    for (const char* name : {"4K", "12K", "768K"}) {
      const auto s = transit_shape(named(name));
      std::uint64_t sum = 0;
      for (auto c : s.processors_by_class) sum += c;
      CHECK(sum == s.processors - 1);
    }
  }

  TEST_CASE("a composition that does not exist names the valid ones") {
    try {
      transit_shape(named("1M"));
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      const std::string what = e.what();
      for (const char* n : {"4K", "256K", "12K", "768K", "custom"})
        CHECK(what.find(n) != std::string::npos);
    }
    TransitParams p = named("custom");
    p.stages = 7;
    CHECK_THROWS_AS(transit_shape(p), InputError);
  }

  TEST_CASE("every custom composition's counts follow from its leaves and stages") {
    for (const TransitLeaf leaf : kLeaves) {
      const bool small = leaf == TransitLeaf::kSmall;
      for (int stages = 0; stages <= (small ? 3 : 2); ++stages) {
        CAPTURE(to_string(leaf));
        CAPTURE(stages);
        TransitShape s;
        try {
          s = transit_shape(custom(leaf, stages));
        } catch (const InputError& e) {
          CHECK(e.id() == 3503);  // only too many RN1s may refuse a valid stage count
          continue;
        }
        const std::uint64_t unit = small ? 1 : cluster_processors(leaf);
        std::uint64_t leaf_units = 1;
        for (int i = 0; i < s.unit_tree_stages; ++i) leaf_units *= 64;
        CHECK(s.unit_tree_stages == stages + (small ? 1 : 0));
        CHECK(s.tree_levels == 3 * s.unit_tree_stages);
        CHECK(s.leaf_units == leaf_units);
        CHECK(s.processors == leaf_units * unit);
        CHECK(s.leaf_clusters == (small ? 0 : leaf_units));
        CHECK(s.classes() == s.tree_levels + 1);
        // RN1s: each stage's unit trees (or clusters) times their own count, summed.
        std::uint64_t routers = 0;
        for (std::size_t st = 0; st < s.routers_by_stage.size(); ++st) {
          const int m = s.unit_tree_size_by_stage[st];
          CHECK(s.routers_by_stage[st] ==
                s.unit_trees_by_stage[st] *
                    (m == 0 ? cluster_routers(leaf) : unit_tree_routers(m)));
          routers += s.routers_by_stage[st];
        }
        CHECK(s.routers == routers);
        // A large unit tree's channels carry m, 3m, 8m, 16m per unit tree of the node.
        REQUIRE(s.connections_by_level.size() == static_cast<std::size_t>(s.tree_levels) + 1);
        for (std::size_t l = 0; l + 3 < s.connections_by_level.size(); l += 3)
          CHECK(s.connections_by_level[l + 3] == 16 * s.connections_by_level[l]);
        // Above the first stage, a node's unit trees are u_(s+1) = 2 m_s u_s, and each stage
        // has four times fewer unit trees than the one below.
        const std::size_t first_tree = small ? 0 : 1;
        for (std::size_t st = first_tree + 1; st < s.unit_trees_per_node.size(); ++st) {
          CHECK(s.unit_trees_per_node[st] ==
                2 * s.unit_tree_size_by_stage[st - 1] * s.unit_trees_per_node[st - 1]);
          if (st > first_tree + 1 || !small)
            CHECK(s.unit_trees_by_stage[st] * 4 == s.unit_trees_by_stage[st - 1]);
        }
        std::uint64_t others = 0;
        for (const auto c : s.processors_by_class) others += c;
        CHECK(others == s.processors - 1);
      }
    }
  }

  TEST_CASE("a named composition is the custom one of its leaves and stages") {
    for (const char* name : {"4K", "256K", "12K", "768K"}) {
      CAPTURE(name);
      const TransitParams resolved = resolve_composition(named(name));
      const TransitShape a = transit_shape(named(name));
      const TransitShape b = transit_shape(custom(resolved.leaf, resolved.stages));
      CHECK(a.processors == b.processors);
      CHECK(a.routers_by_stage == b.routers_by_stage);
      CHECK(a.connections_by_level == b.connections_by_level);
      CHECK(a.processors_by_class == b.processors_by_class);
    }
    std::set<std::string_view> leaves;
    for (const TransitLeaf leaf : kLeaves) CHECK(leaves.insert(to_string(leaf)).second);
    CHECK(to_string(RedundantWiring::kRandom) != to_string(RedundantWiring::kDeterministic));
  }
}
