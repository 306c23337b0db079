// The pearl-string tree: every split halves a piece's processors floor and ceiling, each level's
// bandwidth is that of its pieces, Theorem 8's bound is 4 times the cutting tree's suffix sums,
// and the mapping onto a host deeper than the tree sends lone processors down second halves.
#include "ftvlsi/decomp/balanced_tree.hpp"

#include <doctest/doctest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "ftvlsi/decomp/cutting_tree.hpp"
#include "support/networks.hpp"

using namespace ftvlsi;
using ftvlsi::test::max_piece_bandwidth;
using ftvlsi::test::random_network;

TEST_SUITE("balanced_tree") {
  TEST_CASE("every level-k piece holds floor or ceil of n / 2^k processors, each on its own leaf") {
    std::mt19937_64 rng(0xba1);
    for (int trial = 0; trial < 60; ++trial) {
      const int dims = 2 + trial % 2;
      const std::uint64_t n = 1 + rng() % 150;
      const CompetingNetwork net = random_network(rng, n, dims, dims == 2 ? 30 : 8, 2 * n);
      const CuttingTree tree = build_cutting_tree(net);
      const BalancedTree bal = build_balanced_tree(net, tree, tree.depth);
      CAPTURE(trial);
      CAPTURE(n);
      REQUIRE(bal.leaf_at_map_level.size() == n);
      CHECK(std::set<std::uint64_t>(bal.leaf_at_map_level.begin(), bal.leaf_at_map_level.end())
                .size() == n);
      CHECK(bal.max_imbalance <= 1);
      CHECK(bal.max_strings <= 2);
      for (int k = 0; k <= tree.depth; ++k) {
        std::map<std::uint64_t, std::uint64_t> count;
        for (const auto leaf : bal.leaf_at_map_level) ++count[leaf >> (tree.depth - k)];
        const std::uint64_t lo = n >> k, hi = (n + (std::uint64_t{1} << k) - 1) >> k;
        for (std::uint64_t piece = 0; piece < (std::uint64_t{1} << k); ++piece) {
          const std::uint64_t c = count.count(piece) ? count.at(piece) : 0;
          CHECK((c == lo || c == hi));
        }
      }
    }
  }

  TEST_CASE("each level's bandwidth is its pieces' own, and the bound is 4 times the suffix sums") {
    std::mt19937_64 rng(0xb0d);
    for (int trial = 0; trial < 30; ++trial) {
      const std::uint64_t n = 2 + rng() % 80;
      const CompetingNetwork net = random_network(rng, n, 2, 14, 3 * n);
      const CuttingTree tree = build_cutting_tree(net);
      const BalancedTree bal = build_balanced_tree(net, tree, tree.depth);
      CAPTURE(trial);
      REQUIRE(bal.bandwidth_by_level.size() == static_cast<std::size_t>(tree.depth) + 1);
      REQUIRE(bal.bound_by_level.size() == bal.bandwidth_by_level.size());
      std::uint64_t suffix = 0;
      for (int k = tree.depth; k >= 0; --k) {
        suffix += tree.bandwidth_by_level[k];
        CHECK(bal.bound_by_level[k] == 4 * suffix);
        CHECK(bal.bandwidth_by_level[k] == max_piece_bandwidth(net, [&](std::uint64_t p) {
                return bal.leaf_at_map_level[p] >> (tree.depth - k);
              }));
      }
      CHECK(bal.within_bound());  // Theorem 8
      CHECK(bal.within_bound() == bal.bounds(bal.bandwidth_by_level));
    }
  }

  TEST_CASE("bounds() holds a mapping's levels to the bound, levels below the tree to its last") {
    std::mt19937_64 rng(0xb0b);
    const CompetingNetwork net = random_network(rng, 40, 2, 10, 100);
    const CuttingTree tree = build_cutting_tree(net);
    const BalancedTree bal = build_balanced_tree(net, tree, tree.depth);
    std::vector<std::uint64_t> at_bound = bal.bound_by_level;
    CHECK(bal.bounds(at_bound));
    for (std::size_t k = 0; k < at_bound.size(); ++k) {
      std::vector<std::uint64_t> over = at_bound;
      ++over[k];
      CHECK_FALSE(bal.bounds(over));
    }
    at_bound.push_back(bal.bound_by_level.back());  // a host one level deeper than the tree
    CHECK(bal.bounds(at_bound));
    ++at_bound.back();
    CHECK_FALSE(bal.bounds(at_bound));
    CHECK(bal.bounds({}));
  }

  TEST_CASE("a host deeper than the tree keeps each processor's piece and its own leaf") {
    std::mt19937_64 rng(0xdee);
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint64_t n = 1 + rng() % 60;
      const CompetingNetwork net = random_network(rng, n, 2, 9, n);
      const CuttingTree tree = build_cutting_tree(net);
      const BalancedTree at_tree = build_balanced_tree(net, tree, tree.depth);
      const int deeper = tree.depth + 1 + static_cast<int>(rng() % 3);
      const BalancedTree at_host = build_balanced_tree(net, tree, deeper);
      const BalancedTree shallower = build_balanced_tree(net, tree, tree.depth / 2);
      CAPTURE(trial);
      std::set<std::uint64_t> used;
      for (std::uint64_t p = 0; p < n; ++p) {
        CHECK(at_host.leaf_at_map_level[p] < (std::uint64_t{1} << deeper));
        CHECK((at_host.leaf_at_map_level[p] >> (deeper - tree.depth)) ==
              at_tree.leaf_at_map_level[p]);
        CHECK(shallower.leaf_at_map_level[p] ==
              at_tree.leaf_at_map_level[p] >> (tree.depth - tree.depth / 2));
        used.insert(at_host.leaf_at_map_level[p]);
      }
      CHECK(used.size() == n);
    }
  }
}
