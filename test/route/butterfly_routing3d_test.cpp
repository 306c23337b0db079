// Routing on the 3D butterfly fat-tree and the 3D fat-pyramid (docs/simulate3d.md §1).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <tuple>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
#include "support/route_results.hpp"

using namespace ftvlsi;

namespace {

using Cell3 = std::array<std::int64_t, 3>;

Cell3 region(const Cell3& c, int l) {
  return {c[0] >> l, c[1] >> l, c[2] >> l};
}

std::int64_t chebyshev(const Cell3& a, const Cell3& b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

MessageSet random_messages(std::uint64_t n, std::uint64_t count, std::uint64_t seed) {
  SplitMix64 rng(seed);
  MessageSet m;
  for (std::uint64_t i = 0; i < count; ++i)
    m.push_back(
        {static_cast<std::uint32_t>(rng.below(n)), static_cast<std::uint32_t>(rng.below(n))});
  return m;
}

// Every processor to each of its (up to six) grid neighbours.
MessageSet mesh3d_step(std::uint64_t n) {
  const auto side = static_cast<std::int64_t>(std::llround(std::cbrt(static_cast<double>(n))));
  MessageSet m;
  for (std::uint64_t p = 0; p < n; ++p) {
    const Cell3 c = demorton3(p);
    for (int a = 0; a < 3; ++a)
      for (int d : {-1, 1}) {
        Cell3 q = c;
        q[a] += d;
        if (q[a] < 0 || q[a] >= side) continue;
        m.push_back({static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(morton3(q))});
      }
  }
  return m;
}

// The load factor counted from the paths: every directed channel a path crosses (the tree
// channel above a node, up or down; the mesh channel from one node to a neighbour), its width the
// number of graph wires in it.
double brute_force_load_factor(const ButterflyFatTree3d& net, const MessageSet& m,
                               std::uint64_t seed) {
  const ButterflyFatTree3dGraph g = net.graph();
  using Key = std::tuple<int, int, Cell3, Cell3>;  // level, kind (0 up, 1 down, 2 mesh), from, to
  auto tree_key = [&](std::uint32_t child, bool up) {
    const int l = g.level[child];
    return Key{l, up ? 0 : 1, region(g.cell[child], l), Cell3{}};
  };
  auto mesh_key = [&](std::uint32_t from, std::uint32_t to) {
    const int l = g.level[from];
    return Key{l, 2, region(g.cell[from], l), region(g.cell[to], l)};
  };
  std::map<Key, std::uint64_t> width, load;
  for (std::uint32_t w = 0; w < g.wires.size(); ++w) {
    const auto [a, b] = g.wires[w];
    if (g.wire_is_mesh[w]) {
      ++width[mesh_key(a, b)], ++width[mesh_key(b, a)];
    } else {
      ++width[tree_key(a, true)], ++width[tree_key(a, false)];
    }
  }
  const auto paths = butterfly_paths(net, m, seed);
  for (const auto& p : paths)
    for (std::size_t i = 0; i < p.wires.size(); ++i) {
      const auto [a, b] = g.wires[p.wires[i]];
      const std::uint32_t from = p.nodes[i], to = p.nodes[i + 1];
      if (g.wire_is_mesh[p.wires[i]])
        ++load[mesh_key(from, to)];
      else
        ++load[tree_key(a, from == a)];
      (void)b;
    }
  double lambda = 0;
  for (const auto& [key, count] : load)
    lambda = std::max(lambda, static_cast<double>(count) / static_cast<double>(width.at(key)));
  return lambda;
}

}  // namespace

TEST_SUITE("butterfly_routing3d") {
  TEST_CASE("the tree leaves for the mesh exactly at the first level whose nodes are adjacent") {
    for (std::uint64_t n : {8, 64, 512}) {
      const ButterflyFatTree3d pyramid(n, true), tree(n, false);
      const MessageSet pairs = n <= 64 ? [&] {
        MessageSet all;
        for (std::uint32_t s = 0; s < n; ++s)
          for (std::uint32_t d = 0; d < n; ++d) all.push_back({s, d});
        return all;
      }()
                                       : random_messages(n, 20000, n);
      std::uint64_t shortcuts = 0;
      for (const auto& [s, d] : pairs) {
        if (s == d) continue;
        const Cell3 a = demorton3(s), b = demorton3(d);
        // Independently: the first level with the same node, and the first l >= 1 at which the
        // nodes are within Chebyshev distance 1.
        int apex = 0;
        while (region(a, apex) != region(b, apex)) ++apex;
        int near = 1;
        while (near < apex && chebyshev(region(a, near), region(b, near)) > 1) ++near;
        const ButterflyTurn t = butterfly_turn(pyramid, s, d);
        CAPTURE(s);
        CAPTURE(d);
        CHECK(t.mesh == (near < apex));
        CHECK(t.level == (near < apex ? near : apex));
        shortcuts += t.mesh;
        const ButterflyTurn plain = butterfly_turn(tree, s, d);
        CHECK_FALSE(plain.mesh);
        CHECK(plain.level == apex);
      }
      if (n >= 64) CHECK(shortcuts > 0);
    }
  }

  TEST_CASE("every path is a walk through the graph: up, at most three mesh hops x, y, z, down") {
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree3d net(n, pyramid);
        const ButterflyFatTree3dGraph g = net.graph();
        for (std::uint64_t seed : {1, 2, 3}) {
          const MessageSet m = random_messages(n, 3 * n, seed * 977 + n);
          const auto paths = butterfly_paths(net, m, seed);
          REQUIRE(paths.size() == m.size());
          for (std::size_t i = 0; i < m.size(); ++i) {
            const auto& p = paths[i];
            CAPTURE(m[i].first);
            CAPTURE(m[i].second);
            REQUIRE(p.nodes.size() == p.wires.size() + 1);
            CHECK(p.nodes.front() == m[i].first);
            CHECK(p.nodes.back() == m[i].second);
            const ButterflyTurn t = butterfly_turn(net, m[i].first, m[i].second);
            std::size_t mesh = 0;
            int last_axis = -1;
            for (std::size_t w = 0; w < p.wires.size(); ++w) {
              const auto [a, b] = g.wires[p.wires[w]];
              const std::uint32_t u = p.nodes[w], v = p.nodes[w + 1];
              // Consecutive wires share a node: wire w joins nodes w and w + 1.
              CHECK(((a == u && b == v) || (a == v && b == u)));
              if (g.wire_is_mesh[p.wires[w]]) {
                ++mesh;
                CHECK(g.level[u] == t.level);
                const Cell3 ru = region(g.cell[u], t.level), rv = region(g.cell[v], t.level);
                int axis = -1, moved = 0;
                for (int x = 0; x < 3; ++x)
                  if (ru[x] != rv[x]) axis = x, moved += static_cast<int>(std::abs(ru[x] - rv[x]));
                CHECK(moved == 1);
                CHECK(axis > last_axis);  // x, then y, then z
                last_axis = axis;
              } else {
                // Tree wires climb before the turn and descend after it, one level per wire.
                CHECK(std::abs(g.level[u] - g.level[v]) == 1);
                CHECK((w < static_cast<std::size_t>(t.level)) == (g.level[v] > g.level[u]));
              }
            }
            if (m[i].first == m[i].second) {
              CHECK(p.wires.empty());
              continue;
            }
            std::size_t axes = 0;
            const Cell3 ra = region(demorton3(m[i].first), t.level),
                        rb = region(demorton3(m[i].second), t.level);
            for (int x = 0; x < 3; ++x) axes += ra[x] != rb[x];
            CHECK(mesh == (t.mesh ? axes : 0));
            CHECK(p.wires.size() == 2 * static_cast<std::size_t>(t.level) + mesh);
          }
        }
      }
    }
  }

  TEST_CASE("the router's arithmetic finds the paths, wires and draws of a walk through graph()") {
    for (std::uint64_t n : {8, 64, 512, 4096})
      for (bool pyramid : {false, true})
        for (auto parents : {ParentChoice::kRandom, ParentChoice::kFirst}) {
          const ButterflyFatTree3d net(n, pyramid);
          MessageSet m = random_messages(n, 4 * n, n + (pyramid ? 1 : 0));
          const MessageSet step = mesh3d_step(n);
          m.insert(m.end(), step.begin(), step.end());
          m.push_back({3, 3});
          for (std::uint64_t seed : {1, 2}) {
            CAPTURE(n);
            CAPTURE(pyramid);
            CAPTURE(seed);
            const auto fast = butterfly_paths(net, m, seed, parents);
            const auto walked = detail::butterfly_paths_on_graph(net, m, seed, parents);
            REQUIRE(fast.size() == walked.size());
            std::size_t differ = 0;
            for (std::size_t i = 0; i < m.size(); ++i)
              differ += fast[i].nodes != walked[i].nodes || fast[i].wires != walked[i].wires;
            CHECK(differ == 0);
          }
        }
  }

  TEST_CASE("the load factor equals a brute-force count over the channels the paths cross") {
    for (std::uint64_t n : {8, 64, 512}) {
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree3d net(n, pyramid);
        for (std::uint64_t seed : {5, 6}) {
          const MessageSet m = random_messages(n, 2 * n, seed + n);
          CAPTURE(n);
          CAPTURE(pyramid);
          const double lambda = butterfly_load_factor(net, m);
          CHECK(lambda == doctest::Approx(brute_force_load_factor(net, m, seed)));
        }
        if (n >= 64) {
          // A 3D mesh's step: six messages leave every processor over its one wire.
          const MessageSet step = mesh3d_step(n);
          CHECK(butterfly_load_factor(net, step) == doctest::Approx(6.0));
          CHECK(brute_force_load_factor(net, step, 1) == doctest::Approx(6.0));
        }
      }
    }
  }

  TEST_CASE("GREEDY and RANDOM' deliver every message, never faster than lambda") {
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree3d net(n, pyramid);
        for (std::uint64_t seed : {11, 12}) {
          const MessageSet m = random_messages(n, 2 * n, seed * n);
          const double lambda = butterfly_load_factor(net, m);
          CAPTURE(n);
          CAPTURE(pyramid);
          for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority}) {
            const RouteResult r = route_butterfly_greedy(net, m, policy, seed, 100000);
            CHECK(r.delivered == m.size());
            CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
          }
          const RouteResult rp = route_butterfly(net, m, ButterflyAlgorithm::kRandomPrime,
                                                 SwitchPolicy::kRandom, seed, 10000000);
          CHECK(rp.delivered == m.size());
          CHECK(static_cast<double>(rp.cycles) >= std::ceil(lambda - 1e-9));
        }
      }
    }
  }

  TEST_CASE("two lanes draw and route exactly as one, on the 3D fat-tree and fat-pyramid") {
    for (bool pyramid : {false, true}) {
      const ButterflyFatTree3d net(512, pyramid);
      MessageSet m = random_messages(512, 3000, pyramid ? 7 : 8);
      const MessageSet step = mesh3d_step(512);
      m.insert(m.end(), step.begin(), step.end());
      m.push_back({5, 5});
      SplitMix64 rng(9);
      std::vector<std::uint64_t> lengths;
      for (std::size_t w = 0; w < net.graph().wires.size(); ++w)
        lengths.push_back(1 + rng.below(40));
      const ButterflyTiming timing{{}, lengths};
      for (auto algorithm : {ButterflyAlgorithm::kGreedy, ButterflyAlgorithm::kRandomPrime})
        for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority})
          for (auto parents : {ParentChoice::kRandom, ParentChoice::kFirst}) {
            CAPTURE(pyramid);
            const auto run = [&](std::size_t threshold) {
              return route_butterfly(net, m, algorithm, policy, 3, 1000000, &timing, parents,
                                     threshold);
            };
            test::check_same_routing(run(SIZE_MAX), run(1));
            // And as drawing every path before the first phase, which the shapes stand in for.
            test::check_same_routing(run(1), detail::route_butterfly_paths_first(
                                                 net, m, algorithm, policy, 3, &timing, parents));
          }
    }
  }

  TEST_CASE("the same seed routes the same way") {
    const ButterflyFatTree3d net(512, true);
    const MessageSet m = random_messages(512, 2048, 3);
    const RouteResult a = route_butterfly_greedy(net, m, SwitchPolicy::kRandom, 9, 1000);
    const RouteResult b = route_butterfly_greedy(net, m, SwitchPolicy::kRandom, 9, 1000);
    CHECK(a.cycles == b.cycles);
    CHECK(a.steps == b.steps);
    CHECK(a.cycle_of == b.cycle_of);
  }

  TEST_CASE("a mesh wire carries one message per cycle, whichever hop of their paths it is") {
    // 64 processors: level-1 nodes form a 2 x 2 x 2 grid, one switch each, one wire per mesh
    // channel. A goes x then y, (0,0,0) -> (1,0,0) -> (1,1,0); B goes y only, (1,0,0) -> (1,1,0):
    // both need the same directed wire, as A's second hop and B's first. Nothing else is shared.
    const ButterflyFatTree3d net(64, true);
    const auto at = [](std::int64_t x, std::int64_t y, std::int64_t z) {
      return static_cast<std::uint32_t>(morton3({x, y, z}));
    };
    const MessageSet m{{at(1, 1, 0), at(2, 2, 0)}, {at(2, 1, 0), at(3, 2, 0)}};
    for (const auto& [s, d] : m) {
      CHECK(butterfly_turn(net, s, d).level == 1);
      CHECK(butterfly_turn(net, s, d).mesh);
    }
    const std::vector<std::uint64_t> ones(net.graph().wires.size(), 1);
    const ButterflyTiming unit{{}, ones};
    const RouteResult both = route_butterfly_greedy(net, m, SwitchPolicy::kRandom, 1, 10, &unit);
    CHECK(both.delivered == 2);
    CHECK(both.cycles == 2);
    CHECK(butterfly_load_factor(net, m) == doctest::Approx(2.0));
    // Path lengths in wires: up, two mesh hops, down; up, one mesh hop, down.
    CHECK(both.path_length[0] == 4);
    CHECK(both.path_length[1] == 3);
    // Alone, each goes through in one cycle.
    for (const auto& msg : m)
      CHECK(route_butterfly_greedy(net, MessageSet{msg}, SwitchPolicy::kRandom, 1, 10).cycles == 1);
  }

  TEST_CASE("a corner neighbour's node is three mesh hops away") {
    const ButterflyFatTree3d net(512, true);
    const auto at = [](std::int64_t x, std::int64_t y, std::int64_t z) {
      return static_cast<std::uint32_t>(morton3({x, y, z}));
    };
    // Across the root's cut on every axis: level-1 nodes (1,1,1) and (2,2,2) touch at a corner.
    const MessageSet m{{at(3, 3, 3), at(4, 4, 4)}};
    const ButterflyTurn t = butterfly_turn(net, m[0].first, m[0].second);
    CHECK(t.level == 1);
    CHECK(t.mesh);
    const auto paths = butterfly_paths(net, m, 1);
    CHECK(paths[0].wires.size() == 5);
    const ButterflyFatTree3d tree(512, false);
    CHECK(butterfly_turn(tree, m[0].first, m[0].second).level == 3);
    CHECK(butterfly_paths(tree, m, 1)[0].wires.size() == 6);
  }
}
