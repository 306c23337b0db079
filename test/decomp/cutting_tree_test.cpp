// The cutting-plane tree: every processor's leaf is its path of cuts, the levels' bandwidths and
// piece counts are those of the pieces its leaves define, and a mesh's bandwidths shrink as
// Theorem 5 says.
#include "ftvlsi/decomp/cutting_tree.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <set>
#include <vector>

#include "ftvlsi/network/competing.hpp"
#include "support/networks.hpp"

using namespace ftvlsi;
using ftvlsi::test::max_piece_bandwidth;
using ftvlsi::test::random_network;

namespace {

// The piece of processor p at level k computed from the geometry alone: along each axis, the
// offset from the origin without the low bits the first k cuts have not yet cut.
std::array<std::int64_t, 3> box_at_level(const CuttingTree& t, const CompetingNetwork& net,
                                         std::uint64_t p, int k) {
  std::array<int, 3> cuts{};
  for (int i = 0; i < k; ++i) ++cuts[t.axis_of_level[i]];
  std::array<std::int64_t, 3> box{};
  for (int a = 0; a < 3; ++a)
    box[a] = (net.position[p][a] - t.origin[a]) >> (t.exponent[a] - cuts[a]);
  return box;
}

}  // namespace

TEST_SUITE("cutting_tree") {
  TEST_CASE("a mesh's cutting-plane tree has one processor per leaf and halving bandwidths") {
    const CompetingNetwork net = make_competing("mesh", 1024, 1);
    const CuttingTree tree = build_cutting_tree(net);
    CHECK(tree.depth == 10);
    CHECK(tree.pieces_by_level.back() == 1024);
    // Level 0 is the whole mesh (no wire leaves it); a 32 x 16 half has 32 wires leaving.
    CHECK(tree.bandwidth_by_level[0] == 0);
    CHECK(tree.bandwidth_by_level[1] == 32);
    CHECK(tree.bandwidth_by_level[10] == 4);  // an interior processor's degree
    CHECK(tree.fit_alpha == doctest::Approx(std::sqrt(2.0)).epsilon(0.15));
  }

  TEST_CASE("a 3D mesh's bandwidths follow Theorem 5's (O(v^(2/3)), 4^(1/3)) shape") {
    std::vector<double> ratio;
    for (std::uint64_t side : {8, 16, 32}) {
      const std::uint64_t v = side * side * side;
      const CuttingTree tree = build_cutting_tree(make_competing("mesh3d", v, 1));
      CAPTURE(side);
      CHECK(tree.fit_alpha == doctest::Approx(std::cbrt(4.0)).epsilon(0.1));
      // w_k <= C (v / 2^k)^(2/3) at every level: a piece of volume u has surface below
      // 2 (1 + 2^(1/3) + 2^(2/3)) u^(2/3) < 8 u^(2/3), crossed by at most one wire per unit.
      for (int k = 1; k <= tree.depth; ++k)
        CHECK(tree.bandwidth_by_level[k] <= 8.0 * std::pow(v / std::ldexp(1.0, k), 2.0 / 3.0));
      ratio.push_back(tree.bandwidth_by_level[1] / std::pow(static_cast<double>(v), 2.0 / 3.0));
    }
    // The root bandwidth grows like v^(2/3): the ratio stays put.
    CHECK(ratio.back() == doctest::Approx(ratio.front()).epsilon(0.2));
  }

  TEST_CASE("the cuts halve the root region axis by axis until every piece is one grid cell") {
    std::mt19937_64 rng(0xc077);
    for (int trial = 0; trial < 60; ++trial) {
      const int dims = 2 + trial % 2;
      const std::int64_t side = 1 + static_cast<std::int64_t>(rng() % (dims == 2 ? 40 : 12));
      const std::uint64_t cells = dims == 2 ? side * side : side * side * side;
      const std::uint64_t n = 1 + rng() % std::min<std::uint64_t>(cells, 150);
      const CompetingNetwork net = random_network(rng, n, dims, side, 2 * n);
      const CuttingTree t = build_cutting_tree(net);
      CAPTURE(trial);
      // The root region holds every processor and is the least power of two per axis that does.
      for (int a = 0; a < dims; ++a) {
        std::int64_t lo = net.position[0][a], hi = lo;
        for (const auto& p : net.position) lo = std::min(lo, p[a]), hi = std::max(hi, p[a]);
        CHECK(t.origin[a] == lo);
        CHECK(hi - lo < (std::int64_t{1} << t.exponent[a]));
        if (t.exponent[a] > 0) CHECK(hi - lo >= (std::int64_t{1} << (t.exponent[a] - 1)));
      }
      // Each axis is cut exactly its exponent's times; in 2D the longer side first, x on a tie.
      REQUIRE(static_cast<int>(t.axis_of_level.size()) == t.depth);
      std::array<int, 3> remaining = t.exponent;
      for (int axis : t.axis_of_level) {
        REQUIRE(remaining[axis] > 0);
        if (dims == 2) CHECK(remaining[axis] >= remaining[1 - axis] + (axis == 1 ? 1 : 0));
        --remaining[axis];
      }
      CHECK(remaining == std::array<int, 3>{});
      CHECK(t.surface_by_level.back() == (dims == 2 ? 4u : 6u));  // one grid cell
    }
  }

  TEST_CASE(
      "a leaf is the path of cuts: processors share a piece exactly when its box holds both") {
    std::mt19937_64 rng(0x1eaf);
    for (int trial = 0; trial < 40; ++trial) {
      const int dims = 2 + trial % 2;
      const std::int64_t side = 2 + static_cast<std::int64_t>(rng() % (dims == 2 ? 30 : 10));
      const std::uint64_t cells = dims == 2 ? side * side : side * side * side;
      const std::uint64_t n = 2 + rng() % std::min<std::uint64_t>(cells - 1, 120);
      const CompetingNetwork net = random_network(rng, n, dims, side, 0);
      const CuttingTree t = build_cutting_tree(net);
      CAPTURE(trial);
      std::set<std::uint64_t> distinct;
      for (std::uint64_t p = 0; p < n; ++p) {
        REQUIRE(t.leaf[p] < (std::uint64_t{1} << t.depth));
        distinct.insert(t.leaf[p]);
      }
      CHECK(distinct.size() == n);  // one processor per leaf
      for (int k = 0; k <= t.depth; ++k)
        for (std::uint64_t p = 0; p < n; ++p)
          for (std::uint64_t q = p + 1; q < n; q += 7) {
            const bool same_leaf = (t.leaf[p] >> (t.depth - k)) == (t.leaf[q] >> (t.depth - k));
            REQUIRE(same_leaf == (box_at_level(t, net, p, k) == box_at_level(t, net, q, k)));
          }
      // The order lists the processors by leaf.
      std::vector<std::uint32_t> order(t.order);
      std::sort(order.begin(), order.end());
      for (std::uint32_t i = 0; i < n; ++i) REQUIRE(order[i] == i);
      for (std::uint64_t i = 0; i < n; ++i) CHECK(t.sorted_leaf[i] == t.leaf[t.order[i]]);
      CHECK(std::is_sorted(t.sorted_leaf.begin(), t.sorted_leaf.end()));
    }
  }

  TEST_CASE("count_leaves counts the processors whose leaves lie in the range") {
    std::mt19937_64 rng(0xc0de);
    for (int trial = 0; trial < 30; ++trial) {
      const CompetingNetwork net = random_network(rng, 1 + rng() % 100, 2, 20, 0);
      const CuttingTree t = build_cutting_tree(net);
      const std::uint64_t leaves = std::uint64_t{1} << t.depth;
      for (int q = 0; q < 50; ++q) {
        std::uint64_t begin = rng() % (leaves + 1), end = rng() % (leaves + 1);
        if (begin > end) std::swap(begin, end);
        std::uint64_t expected = 0;
        for (const std::uint64_t leaf : t.leaf) expected += leaf >= begin && leaf < end;
        REQUIRE(count_leaves(t, begin, end) == expected);
      }
      CHECK(count_leaves(t, 0, leaves) == net.processors());
    }
  }

  TEST_CASE("each level's bandwidth and piece count are those of its pieces, wire by wire") {
    std::mt19937_64 rng(0xbadd);
    for (int trial = 0; trial < 30; ++trial) {
      const int dims = 2 + trial % 2;
      const std::uint64_t n = 2 + rng() % 80;
      const CompetingNetwork net = random_network(rng, n, dims, dims == 2 ? 16 : 6, 3 * n);
      const CuttingTree t = build_cutting_tree(net);
      CAPTURE(trial);
      REQUIRE(t.bandwidth_by_level.size() == static_cast<std::size_t>(t.depth) + 1);
      for (int k = 0; k <= t.depth; ++k) {
        auto piece = [&](std::uint64_t p) { return t.leaf[p] >> (t.depth - k); };
        std::set<std::uint64_t> pieces;
        for (std::uint64_t p = 0; p < n; ++p) pieces.insert(piece(p));
        CHECK(t.pieces_by_level[k] == pieces.size());
        CHECK(t.bandwidth_by_level[k] == max_piece_bandwidth(net, piece));
      }
    }
  }
}
