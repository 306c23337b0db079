#include "ftvlsi/route/delivery.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

TEST_SUITE("delivery") {
  TEST_CASE("a concentrator passes min(arrivals, cap) and lost messages load nothing later") {
    // Four processors, capacity 1 everywhere: messages 0->2, 1->3 share the root's channels.
    FatTreeParams p;
    p.processors = 4;
    p.capacity.profile = CapacityProfile::kConstant;
    p.capacity.constant = 1;
    const FatTree tree(p);
    const MessageSet m{{0, 2}, {1, 3}, {2, 2}};
    DeliverySimulator sim(tree, m, SwitchPolicy::kPriority, 1);
    const auto delivered = sim.cycle({0, 1, 2});
    CHECK(delivered == std::vector<std::uint32_t>{0, 2});  // the lower number wins; 2->2 is free
  }
  TEST_CASE("GREEDY and RANDOM deliver everything and never beat the load factor") {
    std::mt19937_64 rng(7);
    for (auto profile : {CapacityProfile::kDoubleEvery2, CapacityProfile::kAreaUniversal,
                         CapacityProfile::kConstant}) {
      const FatTree tree = tree_of(256, profile);
      for (const char* pattern : {"permutation", "transpose", "hot-spot", "uniform", "local"}) {
        const std::string name = pattern;
        PatternParams pp;
        pp.name = pattern;
        pp.count = 1024;
        pp.seed = rng();
        const MessageSet m = make_pattern(pp, 256);
        const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
        // RANDOM's p = 1/(r lambda) with r >= 8e on these trees makes it slow on sets with a
        // large load factor; it is run on the moderate ones.
        const bool moderate = profile != CapacityProfile::kConstant && name != "hot-spot";
        for (int algorithm = 0; algorithm < (moderate ? 2 : 1); ++algorithm) {
          DeliverySimulator sim(tree, m,
                                algorithm ? SwitchPolicy::kRandom : SwitchPolicy::kPriority, 3);
          RandomParams rp;
          rp.congestion = congestion_parameter(tree);
          const RouteResult r = algorithm ? route_random(sim, m.size(), 256, rp, 10000000)
                                          : route_greedy(sim, m.size(), 10000000);
          CAPTURE(pattern);
          CHECK(r.delivered == m.size());
          CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
          for (auto c : r.cycle_of) CHECK((c >= 1 && c <= r.cycles));
        }
      }
    }
  }
  TEST_CASE("a one-cycle set (lambda <= 1) goes through GREEDY in one cycle") {
    const FatTree tree = tree_of(64, CapacityProfile::kFull);
    PatternParams pp;
    pp.name = "permutation";
    const MessageSet m = make_pattern(pp, 64);
    CHECK(load_factor(channel_loads(m, tree.levels()), tree) <= 1.0);
    DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, 1);
    CHECK(route_greedy(sim, m.size(), 10).cycles == 1);
  }
}
