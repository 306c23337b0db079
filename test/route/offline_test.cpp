#include "ftvlsi/route/offline.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <set>

#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {}  // namespace

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
        const auto cycles = offline_schedule(tree, m);
        std::set<std::uint32_t> seen;
        DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, 5);
        for (const auto& c : cycles) {
          CHECK(sim.cycle(c).size() == c.size());  // nothing is lost: a one-cycle set
          seen.insert(c.begin(), c.end());
        }
        CAPTURE(pp.name);
        CHECK(seen.size() == m.size());
        CHECK(cycles.size() <= 2 * std::ceil(lambda) * tree.levels());
        CHECK(static_cast<double>(cycles.size()) >= std::ceil(lambda) - 1e-9);
      }
    }
  }
}
