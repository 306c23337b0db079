#include "ftvlsi/decomp/subtree_cuts.hpp"

#include <doctest/doctest.h>

#include <map>
#include <random>

using namespace ftvlsi;

TEST_SUITE("subtree_cuts") {
  TEST_CASE("bottom-up subtree cuts equal a direct count at every level") {
    std::mt19937_64 rng(23);
    for (int trial = 0; trial < 300; ++trial) {
      // Shallow trees count subtrees in an array; deep sparse ones (far more leaves than
      // processors) sort them instead: both paths are exercised.
      const int depth =
          trial % 3 == 0 ? 20 + static_cast<int>(rng() % 24) : static_cast<int>(rng() % 9);
      const std::size_t n = 1 + rng() % 60;
      std::vector<std::uint64_t> leaf(n);
      // Leaves may repeat (a geometric mapping puts several processors on one leaf).
      for (auto& l : leaf) l = rng() % (std::uint64_t{1} << depth);
      std::vector<std::pair<std::uint32_t, std::uint32_t>> wires;
      for (std::size_t i = 0; i < 3 * n; ++i)
        wires.push_back(
            {static_cast<std::uint32_t>(rng() % n), static_cast<std::uint32_t>(rng() % n)});
      const LevelCuts cuts = subtree_cuts(leaf, depth, wires);
      for (int k = 0; k <= depth; ++k) {
        CAPTURE(depth);
        std::map<std::uint64_t, std::uint64_t> cut;
        std::map<std::uint64_t, bool> present;
        for (auto l : leaf) present[l >> (depth - k)] = true;
        for (const auto& [a, b] : wires) {
          const auto pa = leaf[a] >> (depth - k), pb = leaf[b] >> (depth - k);
          if (pa == pb) continue;
          ++cut[pa];
          ++cut[pb];
        }
        std::uint64_t most = 0;
        for (const auto& [piece, c] : cut) most = std::max(most, c);
        CHECK(cuts.max_by_level[k] == most);
        CHECK(cuts.pieces_by_level[k] == present.size());
      }
    }
  }
}
