// Pivot MDS: one finite point per vertex, seeded, components side by side along x one unit
// apart, and graph distances kept: a path lies along a line, a mesh's neighbours stay near.
#include "ftvlsi/network/embedding.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/graph.hpp"

using namespace ftvlsi;

namespace {

// A graph of `parts` paths of random lengths, vertices numbered path after path.
Graph paths(std::mt19937_64& rng, int parts, std::vector<std::uint32_t>& first) {
  Graph g;
  for (int p = 0; p < parts; ++p) {
    first.push_back(g.vertices);
    const auto length = static_cast<std::uint32_t>(1 + rng() % 30);
    for (std::uint32_t i = 1; i < length; ++i)
      g.edges.emplace_back(g.vertices + i - 1, g.vertices + i);
    g.vertices += length;
  }
  first.push_back(g.vertices);
  return g;
}

}  // namespace

TEST_SUITE("embedding") {
  TEST_CASE("pivot MDS keeps a mesh's neighbours near each other") {
    const CompetingNetwork mesh = make_competing("mesh", 1024, 1);
    const Coordinates c = pivot_mds_embedding(graph_of(mesh), 4);
    // No wire is longer than a few mesh spacings (the spread is about 31 of them).
    double longest = 0, lo = 1e9, hi = -1e9;
    for (auto [a, b] : mesh.wires)
      longest = std::max(longest,
                         std::hypot(c.point[a][0] - c.point[b][0], c.point[a][1] - c.point[b][1]));
    for (const auto& p : c.point) lo = std::min(lo, p[0]), hi = std::max(hi, p[0]);
    CHECK(longest < 0.15 * (hi - lo));
  }

  TEST_CASE("components lie side by side along x, one unit apart, in the order of their vertices") {
    std::mt19937_64 rng(0xe3b);
    for (int trial = 0; trial < 30; ++trial) {
      std::vector<std::uint32_t> first;
      const Graph g = paths(rng, 1 + static_cast<int>(rng() % 5), first);
      const Coordinates c = pivot_mds_embedding(g, rng());
      CAPTURE(trial);
      REQUIRE(c.point.size() == g.vertices);
      CHECK(c.dimensions == 2);
      double previous_hi = -1;
      for (std::size_t part = 0; part + 1 < first.size(); ++part) {
        double lo = INFINITY, hi = -INFINITY;
        for (std::uint32_t v = first[part]; v < first[part + 1]; ++v) {
          REQUIRE(std::isfinite(c.point[v][0]));
          REQUIRE(std::isfinite(c.point[v][1]));
          CHECK(c.point[v][2] == 0);
          lo = std::min(lo, c.point[v][0]);
          hi = std::max(hi, c.point[v][0]);
        }
        CHECK(lo == doctest::Approx(part == 0 ? 0.0 : previous_hi + 1));
        previous_hi = hi;
      }
    }
  }

  TEST_CASE("a path is laid along a line in its own order, the same seed giving the same points") {
    std::mt19937_64 rng(0x9a7);
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<std::uint32_t> first;
      Graph g = paths(rng, 1, first);
      if (g.vertices < 3) continue;
      const std::uint64_t seed = rng();
      const Coordinates c = pivot_mds_embedding(g, seed);
      CAPTURE(g.vertices);
      // Hop distances along a path are exact on a line: one axis orders the vertices.
      bool up = true, down = true;
      for (std::uint32_t v = 1; v < g.vertices; ++v) {
        up = up && c.point[v][0] > c.point[v - 1][0];
        down = down && c.point[v][0] < c.point[v - 1][0];
      }
      CHECK((up || down));
      CHECK(pivot_mds_embedding(g, seed).point == c.point);
    }
  }
}
