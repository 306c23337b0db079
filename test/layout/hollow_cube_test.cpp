#include "ftvlsi/layout/hollow_cube.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"

using namespace ftvlsi;

namespace {

TransitParams named(const std::string& name, RedundantWiring w = RedundantWiring::kRandom) {
  TransitParams p;
  p.composition = name;
  p.wiring = w;
  return p;
}

}  // namespace

TEST_SUITE("hollow_cube") {
  TEST_CASE("hollow cubes are DRC-clean in 3D, hierarchically and flattened") {
    for (auto w : {RedundantWiring::kRandom, RedundantWiring::kDeterministic})
      for (const char* name : {"4K", "12K"}) {
        const TransitNetwork net(named(name, w));
        const HollowCube hc = build_hollow_cube(net, {});
        CAPTURE(std::string(name));
        const DrcReport h = check_hierarchical(hc.layout);
        const DrcReport f = check_flat(hc.layout, 1ull << 32);
        for (const auto& v : h.samples) MESSAGE(v.rule << " " << v.detail << " in " << v.cell);
        CHECK(h.violations == 0);
        CHECK(f.violations == 0);
        const LayoutMetrics<3> m = measure(hc.layout);
        // One cable per (leaf stack, parent unit tree) pair: 64 leaves x u parents.
        CHECK(m.wires == 64 * net.shape().unit_trees_per_node[1]);
        CHECK(m.switches == 64 + net.shape().unit_trees_per_node[1]);
        REQUIRE(hc.levels.size() == 1);
        // ... carrying every link of the leaves' top channels (small unit trees: level 3).
        const int top = net.shape().params.leaf == TransitLeaf::kSmall ? 3 : 0;
        CHECK(hc.levels[0].connections == 64 * net.shape().connections_by_level[top]);
      }
  }

  TEST_CASE("custom compositions of every leaf pack and check clean") {
    for (auto leaf : {TransitLeaf::kSmall, TransitLeaf::kCluster12, TransitLeaf::kCluster48})
      for (int stages : {0, 1}) {
        TransitParams p = named("custom");
        p.leaf = leaf;
        p.stages = stages;
        const TransitNetwork net(p);
        const HollowCube hc = build_hollow_cube(net, {});
        CHECK(check_hierarchical(hc.layout).violations == 0);
        CHECK(check_flat(hc.layout, 1ull << 32).violations == 0);
      }
  }
}
