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

namespace {

MessageSet random_set(std::uint64_t n, std::size_t count, std::mt19937_64& rng) {
  MessageSet m;
  for (std::size_t i = 0; i < count; ++i)
    m.push_back({static_cast<std::uint32_t>(rng() % n), static_cast<std::uint32_t>(rng() % n)});
  return m;
}

}  // namespace

TEST_SUITE("route") {
  TEST_CASE("channel loads and lambda equal a brute-force count on small trees") {
    std::mt19937_64 rng(41);
    for (int trial = 0; trial < 50; ++trial) {
      const std::uint64_t n = std::uint64_t{1} << (1 + rng() % 6);
      const FatTree tree = tree_of(n, CapacityProfile::kAreaUniversal);
      const MessageSet m = random_set(n, 1 + rng() % 200, rng);
      const ChannelLoadTable t = channel_loads(m, tree.levels());
      double lambda = 0;
      for (int k = 0; k <= tree.levels(); ++k) {
        for (std::uint64_t j = 0; j < (std::uint64_t{1} << k); ++j) {
          std::uint64_t up = 0, down = 0;
          for (const auto& [s, d] : m) {
            const bool s_in = (s >> (tree.levels() - k)) == j,
                       d_in = (d >> (tree.levels() - k)) == j;
            up += s_in && !d_in;
            down += d_in && !s_in;
          }
          CHECK(t.up[k][j] == up);
          CHECK(t.down[k][j] == down);
          lambda =
              std::max({lambda, double(up) / tree.capacity(k), double(down) / tree.capacity(k)});
        }
      }
      CHECK(load_factor(t, tree) == doctest::Approx(lambda));
    }
  }

  TEST_CASE("the congestion parameter is the least r meeting its definition") {
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kDoubleEvery2,
                         CapacityProfile::kConstant, CapacityProfile::kFull}) {
      const FatTree tree = tree_of(1024, profile);
      const double r = congestion_parameter(tree);
      auto worst = [&](double x) {
        double through = 0, out = 0;
        for (int k = 0; k <= tree.levels(); ++k) {
          const double term = std::pow(M_E / x, double(tree.capacity(k)));
          out += term;
          if (k > 0) through += 2 * term;
        }
        return std::max(through, out);
      };
      CHECK(worst(r) <= 0.5 + 1e-9);
      CHECK(worst(r * (1 - 1e-6)) > 0.5);
    }
    // Capacities that grow make r a small constant; constant capacities make it grow with lg n.
    // (double-every-2 has leaf channels of capacity 1, so r >= 8e whatever n is.)
    CHECK(congestion_parameter(tree_of(1 << 16, CapacityProfile::kDoubleEvery2)) <
          1.1 * congestion_parameter(tree_of(1 << 8, CapacityProfile::kDoubleEvery2)));
    CHECK(congestion_parameter(tree_of(1 << 16, CapacityProfile::kConstant)) >
          congestion_parameter(tree_of(1 << 8, CapacityProfile::kConstant)));
  }

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

  TEST_CASE("message files: a processor that does not exist or an empty file is an error") {
    CHECK(parse_messages("# a\n0 3\n3 0\n", "m", 4).size() == 2);
    CHECK_THROWS_AS(parse_messages("0 4\n", "m", 4), InputError);
    CHECK_THROWS_AS(parse_messages("# none\n", "m", 4), InputError);
    CHECK_THROWS_AS(parse_messages("0 x\n", "m", 4), InputError);
    PatternParams pp;
    pp.name = "spiral";
    CHECK_THROWS_AS(make_pattern(pp, 16), InputError);
  }
}
