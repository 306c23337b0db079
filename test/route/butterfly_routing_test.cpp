#include "ftvlsi/route/butterfly_routing.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace ftvlsi;

TEST_SUITE("butterfly_routing") {
  TEST_CASE("GREEDY on a butterfly fat-tree delivers every pattern, never faster than lambda") {
    for (std::uint64_t n : {16, 64, 256}) {
      const ButterflyFatTree net(n, false);
      for (const char* pattern : {"permutation", "transpose", "uniform", "hot-spot", "local"}) {
        PatternParams pp;
        pp.name = pattern;
        pp.count = n;
        pp.block = 4;
        pp.seed = n;
        const MessageSet m = make_pattern(pp, n);
        const double lambda = butterfly_load_factor(net, m);
        for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority}) {
          const RouteResult r = route_butterfly_greedy(net, m, policy, 3, 100000);
          CAPTURE(std::string(pattern));
          CHECK(r.delivered == m.size());
          CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
          // hot-spot: every message ends on processor 0's single wire, one per cycle.
          if (std::string(pattern) == "hot-spot") {
            std::uint64_t self = 0;
            for (const auto& [s, d] : m) self += s == d;
            CHECK(r.cycles >= m.size() - self);
          }
        }
      }
    }
  }

  TEST_CASE("a message to a sibling processor takes two wires and always gets through alone") {
    const ButterflyFatTree net(16, false);
    const MessageSet m{{0, 1}};
    const RouteResult r = route_butterfly_greedy(net, m, SwitchPolicy::kRandom, 1, 10);
    CHECK(r.cycles == 1);
    CHECK(r.steps == 2);
  }
}
