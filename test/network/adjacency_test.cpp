// Compressed adjacency lists: every wire appears once at each of its ends, and a vertex's
// neighbours are exactly the other ends of its wires.
#include "ftvlsi/network/adjacency.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

using namespace ftvlsi;

namespace {

// `count` wires between random vertices of n, self-wires and repeats included.
std::vector<std::pair<std::uint32_t, std::uint32_t>> random_edges(std::mt19937_64& rng,
                                                                  std::uint64_t n,
                                                                  std::uint64_t count) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(count);
  for (auto& [a, b] : edges) {
    a = static_cast<std::uint32_t>(rng() % n);
    b = static_cast<std::uint32_t>(rng() % n);
  }
  return edges;
}

}  // namespace

TEST_SUITE("adjacency") {
  TEST_CASE("each vertex lists the other end of every wire it has, repeats and all") {
    std::mt19937_64 rng(0xad1);
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint64_t n = 1 + rng() % 40;
      const auto edges = random_edges(rng, n, rng() % 120);
      const Adjacency adj(n, edges);
      CAPTURE(trial);
      REQUIRE(adj.vertices() == n);
      REQUIRE(adj.start.front() == 0);
      REQUIRE(adj.start.back() == 2 * edges.size());
      for (std::uint64_t v = 0; v < n; ++v) {
        REQUIRE(adj.start[v] <= adj.start[v + 1]);
        std::vector<std::uint32_t> listed(adj.next.begin() + adj.start[v],
                                          adj.next.begin() + adj.start[v + 1]);
        std::vector<std::uint32_t> expected;
        for (auto [a, b] : edges) {
          if (a == v) expected.push_back(b);
          if (b == v) expected.push_back(a);
        }
        std::sort(listed.begin(), listed.end());
        std::sort(expected.begin(), expected.end());
        CHECK(listed == expected);
      }
    }
  }

  TEST_CASE("vertices without wires have empty lists") {
    const Adjacency none(5, {});
    CHECK(none.vertices() == 5);
    for (std::uint64_t v = 0; v < 5; ++v) CHECK(none.start[v] == none.start[v + 1]);
    const Adjacency empty(0, {});
    CHECK(empty.vertices() == 0);
    CHECK(empty.next.empty());
  }

  TEST_CASE("simple exactly when no wire is a self-wire and no two join the same pair") {
    std::mt19937_64 rng(0xad2);
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint64_t n = 2 + rng() % 20;
      const auto edges = random_edges(rng, n, rng() % 30);
      bool simple = true;
      std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
      for (auto [a, b] : edges) {
        simple = simple && a != b;
        pairs.emplace_back(std::min(a, b), std::max(a, b));
      }
      std::sort(pairs.begin(), pairs.end());
      simple = simple && std::adjacent_find(pairs.begin(), pairs.end()) == pairs.end();
      CAPTURE(trial);
      CHECK(Adjacency(n, edges).simple() == simple);
    }
    CHECK(Adjacency(3, {{0, 1}, {1, 2}}).simple());
    CHECK_FALSE(Adjacency(3, {{0, 1}, {1, 0}}).simple());
    CHECK_FALSE(Adjacency(3, {{2, 2}}).simple());
  }
}
