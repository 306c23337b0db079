#include "ftvlsi/network/graph.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/layout/channel_layout.hpp"

using namespace ftvlsi;

TEST_SUITE("graph") {
  TEST_CASE("integer distinct coordinates are kept, others keep each axis's order") {
    Coordinates c;
    c.point = {{0, 0, 0}, {5, 2, 0}, {3, 9, 0}};
    CHECK(grid_positions(c) ==
          std::vector<std::array<std::int64_t, 3>>{{0, 0, 0}, {5, 2, 0}, {3, 9, 0}});
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-1, 1);
    c.point.clear();
    for (int i = 0; i < 2000; ++i) c.point.push_back({u(rng), u(rng), 0});
    c.point.push_back(c.point[7]);  // a coinciding point gets its own cell
    const auto p = grid_positions(c);
    auto sorted = p;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    int kept = 0;
    for (int i = 0; i < 2000; i += 13)
      for (int j = 0; j < 2000; j += 17)
        if (c.point[i][0] < c.point[j][0] - 0.05) kept += p[i][0] <= p[j][0] + 1;
    int pairs = 0;
    for (int i = 0; i < 2000; i += 13)
      for (int j = 0; j < 2000; j += 17) pairs += c.point[i][0] < c.point[j][0] - 0.05;
    CHECK(kept == pairs);  // order along x kept up to one cell of displacement
  }

  TEST_CASE("integer coordinates with a shared point are spread like any others") {
    // Distinct integer points are kept as they are; one shared point sends the whole set through
    // the quantile cells, whether the points pack into one radix key (a 600-wide square) or not
    // (coordinates near ±10^12, compared as points).
    for (const double scale : {1.0, 1e9}) {
      std::mt19937_64 rng(9);
      Coordinates c;
      for (int i = 0; i < 1500; ++i)
        c.point.push_back({scale * static_cast<double>(rng() % 600),
                           static_cast<double>(rng() % 600), static_cast<double>(i % 3)});
      std::sort(c.point.begin(), c.point.end());
      c.point.erase(std::unique(c.point.begin(), c.point.end()), c.point.end());
      std::shuffle(c.point.begin(), c.point.end(), rng);
      c.dimensions = 3;
      const auto kept = grid_positions(c);
      for (std::size_t v = 0; v < c.point.size(); ++v)
        CHECK(kept[v] == std::array<std::int64_t, 3>{static_cast<std::int64_t>(c.point[v][0]),
                                                     static_cast<std::int64_t>(c.point[v][1]),
                                                     static_cast<std::int64_t>(c.point[v][2])});
      c.point.push_back(c.point[100]);
      const auto spread = grid_positions(c);
      CHECK(spread != std::vector<std::array<std::int64_t, 3>>(kept.begin(), kept.end()));
      auto sorted = spread;
      std::sort(sorted.begin(), sorted.end());
      CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    }
  }

  TEST_CASE("a graph without coordinates gets a computed embedding with a valid layout") {
    for (const char* kind : {"mesh", "planar", "tree", "hypercube"}) {
      CAPTURE(kind);
      const CompetingNetwork built = make_competing(kind, 64, 3);
      Graph g = graph_of(built);
      g.vertices += 2;  // two isolated vertices: components are embedded side by side
      const CompetingNetwork net = network_from_graph(g, std::nullopt, 11);
      CHECK(net.geometry_computed);
      CHECK(net.processors() == g.vertices);
      CHECK(net.wires == g.edges);
      CHECK_NOTHROW(validate(net, "embedded"));  // distinct positions
      const Layout<2> layout = build_channel_layout(net);
      CHECK(check_hierarchical(layout).violations == 0);
      CHECK(check_flat(layout, std::uint64_t{1} << 30).violations == 0);
      // Same seed, same embedding.
      CHECK(network_from_graph(g, std::nullopt, 11).position == net.position);
    }
  }
}
