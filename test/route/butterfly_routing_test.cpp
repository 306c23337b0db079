#include "ftvlsi/route/butterfly_routing.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "ftvlsi/core/rng.hpp"
#include "support/route_results.hpp"

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

TEST_SUITE("fat_pyramid_routing") {
  TEST_CASE("a message leaves the tree at the first level where the nodes are adjacent") {
    const ButterflyFatTree pyramid(64, true), tree(64, false);  // 8 x 8 processors
    auto at = [](std::uint32_t x, std::uint32_t y) { return y * 8 + x; };
    // Same level-1 node: the apex, no shortcut.
    CHECK(butterfly_turn(pyramid, at(0, 0), at(1, 1)).level == 1);
    CHECK_FALSE(butterfly_turn(pyramid, at(0, 0), at(1, 1)).mesh);
    // Across the root's cut, horizontally and diagonally: level-1 nodes adjacent.
    for (auto [a, b] :
         {std::pair{at(3, 3), at(4, 3)}, {at(3, 3), at(4, 4)}, {at(3, 4), at(4, 3)}}) {
      const ButterflyTurn t = butterfly_turn(pyramid, a, b);
      CHECK(t.level == 1);
      CHECK(t.mesh);
      CHECK(butterfly_turn(tree, a, b).level == 3);  // the plain tree climbs to the root
    }
    // Two level-1 nodes apart, but adjacent level-2 nodes.
    const ButterflyTurn far = butterfly_turn(pyramid, at(0, 0), at(4, 0));
    CHECK(far.level == 2);
    CHECK(far.mesh);
  }

  TEST_CASE("a diagonal neighbour costs two mesh edges on Greenberg's mesh, one with diagonals") {
    for (bool diagonals : {false, true}) {
      CAPTURE(diagonals);
      const ButterflyFatTree pyramid(64, true, {}, diagonals);
      auto at = [](std::uint32_t x, std::uint32_t y) { return y * 8 + x; };
      const std::vector<std::uint64_t> ones(pyramid.graph().wires.size(), 1);
      const ButterflyTiming unit{{}, ones};
      // Across the root's cut diagonally, and horizontally: level-1 nodes adjacent.
      const MessageSet m{{at(3, 3), at(4, 4)}, {at(3, 4), at(4, 3)}, {at(3, 3), at(4, 3)}};
      for (std::size_t i = 0; i < m.size(); ++i) {
        const MessageSet one{m[i]};
        const RouteResult r =
            route_butterfly_greedy(pyramid, one, SwitchPolicy::kRandom, 1, 10, &unit);
        REQUIRE(r.delivered == 1);
        const bool diagonal = i < 2;
        // Up one wire, the mesh edge(s), down one wire.
        CHECK(r.path_length[0] == (diagonal && !diagonals ? 4u : 3u));
        CHECK(r.steps == (diagonal && !diagonals ? 4u : 3u));
      }
      // The load factor counts the two mesh channels a diagonal message crosses.
      // From one level-1 node: two to the north-east node, one to the east node. On Greenberg's
      // mesh all three cross the eastward channel (2 wires): 3/2.
      const MessageSet three{{at(3, 3), at(4, 4)}, {at(2, 2), at(4, 5)}, {at(3, 2), at(4, 3)}};
      CHECK(butterfly_load_factor(pyramid, three) == doctest::Approx(diagonals ? 1.0 : 1.5));
    }
  }

  TEST_CASE("GREEDY on a fat-pyramid delivers every pattern, never faster than lambda") {
    for (std::uint64_t n : {16, 64, 256, 1024}) {
      const ButterflyFatTree net(n, true);
      for (const char* pattern : {"permutation", "transpose", "uniform", "local"}) {
        PatternParams pp;
        pp.name = pattern;
        pp.count = 2 * n;
        pp.block = 4;
        pp.seed = n + 7;
        const MessageSet m = make_pattern(pp, n);
        const double lambda = butterfly_load_factor(net, m);
        CHECK(lambda >= 1);
        for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority}) {
          const RouteResult r = route_butterfly_greedy(net, m, policy, 5, 100000);
          CAPTURE(std::string(pattern));
          CHECK(r.delivered == m.size());
          CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
        }
      }
    }
  }

  TEST_CASE("GL §6's RANDOM' delivers everything within O(lambda lg^2 n) cycles") {
    for (std::uint64_t n : {16, 64, 256, 1024}) {
      const double lgn = std::log2(static_cast<double>(n));
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree net(n, pyramid);
        for (std::uint64_t per : {1, 4}) {
          PatternParams pp;
          pp.name = "uniform";
          pp.count = per * n;
          pp.seed = n + per;
          const MessageSet m = make_pattern(pp, n);
          const double lambda = butterfly_load_factor(net, m);
          const RouteResult r = route_butterfly(net, m, ButterflyAlgorithm::kRandomPrime,
                                                SwitchPolicy::kRandom, n * 3 + per, 10000000);
          CAPTURE(n);
          CAPTURE(pyramid);
          CHECK(r.delivered == m.size());
          CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
          CHECK(static_cast<double>(r.cycles) <= 4 * lambda * lgn * lgn);
        }
      }
    }
  }

  TEST_CASE("mesh neighbours cost the fat-pyramid O(1) cycles and short paths at every size") {
    for (std::uint64_t side : {4, 8, 16, 32, 64}) {
      const std::uint64_t n = side * side;
      MessageSet m;  // every processor to its right and upper neighbour and back
      for (std::uint32_t y = 0; y < side; ++y)
        for (std::uint32_t x = 0; x < side; ++x) {
          const std::uint32_t p = y * side + x;
          if (x + 1 < side) m.push_back({p, p + 1}), m.push_back({p + 1, p});
          if (y + 1 < side)
            m.push_back({p, p + static_cast<std::uint32_t>(side)}),
                m.push_back({p + static_cast<std::uint32_t>(side), p});
        }
      const ButterflyFatTree pyramid(n, true), tree(n, false);
      const std::vector<std::uint64_t> ones(pyramid.graph().wires.size(), 1);
      const ButterflyTiming unit{{}, ones};
      const RouteResult r =
          route_butterfly_greedy(pyramid, m, SwitchPolicy::kRandom, 1, 1000, &unit);
      CAPTURE(side);
      CHECK(r.delivered == m.size());
      CHECK(r.cycles <= 12);  // four messages per processor wire, a few retries
      for (std::size_t i = 0; i < m.size(); ++i) {
        const ButterflyTurn t = butterfly_turn(pyramid, m[i].first, m[i].second);
        CHECK(t.level == 1);
        CHECK(r.path_length[i] == 2u * t.level + t.mesh);
      }
      // The plain butterfly fat-tree needs its whole root channel: lambda grows with the side.
      CHECK(butterfly_load_factor(tree, m) >= butterfly_load_factor(pyramid, m));
    }
  }

  TEST_CASE("two lanes draw and route exactly as one, on every 2D network shape") {
    // Parents 1, 2 and 4 by level, the mesh with and without diagonals (parallel mesh wires
    // draw), both policies, both algorithms, timed; messages to themselves among the rest.
    struct Shape {
      std::uint64_t n;
      bool pyramid, diagonals;
      std::vector<int> parents;
    };
    const Shape shapes[] = {{256, false, false, {}},
                            {256, true, false, {}},
                            {256, true, true, {}},
                            {1024, true, true, {1, 2, 4, 2}},
                            {1024, false, false, {4}}};
    for (const Shape& sh : shapes) {
      const ButterflyFatTree net(sh.n, sh.pyramid, sh.parents, sh.diagonals);
      SplitMix64 rng(sh.n + sh.parents.size());
      MessageSet m;
      for (std::uint64_t i = 0; i < 6 * sh.n; ++i)
        m.push_back({static_cast<std::uint32_t>(rng.below(sh.n)),
                     static_cast<std::uint32_t>(rng.below(sh.n))});
      std::vector<std::uint64_t> lengths;
      for (std::size_t w = 0; w < net.graph().wires.size(); ++w)
        lengths.push_back(1 + rng.below(40));
      const ButterflyTiming timing{{}, lengths};
      for (auto algorithm : {ButterflyAlgorithm::kGreedy, ButterflyAlgorithm::kRandomPrime})
        for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority}) {
          CAPTURE(sh.n);
          CAPTURE(sh.pyramid);
          CAPTURE(sh.diagonals);
          const auto run = [&](std::size_t threshold) {
            return route_butterfly(net, m, algorithm, policy, 5, 1000000, &timing,
                                   ParentChoice::kRandom, threshold);
          };
          test::check_same_routing(run(SIZE_MAX), run(1));
          // And as drawing every path before the first phase, which the shapes stand in for.
          test::check_same_routing(
              run(1), detail::route_butterfly_paths_first(net, m, algorithm, policy, 5, &timing,
                                                          ParentChoice::kRandom));
        }
    }
  }
}

TEST_SUITE("scalable_routing") {
  TEST_CASE(
      "routing on switches with 1, 2 or 4 parents delivers everything, never beating lambda") {
    for (const std::vector<int>& parents : {std::vector<int>{1}, {4}, {4, 1, 2}, {1, 2, 4}})
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree net(256, pyramid, parents);
        PatternParams pp;
        pp.name = "uniform";
        pp.count = 1024;
        pp.seed = 11;
        const MessageSet m = make_pattern(pp, 256);
        const double lambda = butterfly_load_factor(net, m);
        for (auto algorithm : {ButterflyAlgorithm::kGreedy, ButterflyAlgorithm::kRandomPrime}) {
          const RouteResult r =
              route_butterfly(net, m, algorithm, SwitchPolicy::kRandom, 3, 10000000);
          CHECK(r.delivered == m.size());
          CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
        }
      }
  }
}

TEST_CASE("a directed mesh wire carries one message per cycle, whatever hop it is for") {
  // On the 16-processor fat-pyramid, A goes diagonally from level-1 node (0, 0) to (1, 1): its
  // horizontal edge, then the vertical edge from (1, 0) to (1, 1). B1 and B2 take that vertical
  // edge as their only one. The two parallel wires of that edge take two of the three messages
  // per cycle at most, though A holds its wire one phase after B1 and B2 hold theirs.
  const ButterflyFatTree net(16, true);
  const MessageSet messages{{0, 10}, {2, 11}, {3, 14}};
  for (std::uint64_t seed = 1; seed <= 32; ++seed) {
    CAPTURE(seed);
    const RouteResult r = route_butterfly(net, messages, ButterflyAlgorithm::kGreedy,
                                          SwitchPolicy::kRandom, seed, 100);
    CHECK(r.delivered == 3);
    int first = 0;
    for (auto c : r.cycle_of) first += c == 1;
    CHECK(first <= 2);
  }
}
