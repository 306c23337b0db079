// The geometric mapping sends each processor to its cutting-tree piece at the host's leaf level,
// and the one-step loads are the channel cuts of the mapping, counted message by message.
#include "ftvlsi/decomp/mapping.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/network/competing.hpp"
#include "support/networks.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_network;

namespace {

FatTree host_for(const CompetingNetwork& net, const CuttingTree& tree) {
  FatTreeParams p;
  p.processors = 1;
  while (p.processors < net.processors()) p.processors *= 2;
  p.capacity.profile = CapacityProfile::kLinearSize;
  const double area = std::ldexp(1.0, tree.exponent[0] + tree.exponent[1]);
  p.capacity.alpha = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(area / p.processors));
  return FatTree(p);
}

}  // namespace

TEST_SUITE("mapping") {
  TEST_CASE("one-step loads equal a brute-force count over every channel") {
    const CompetingNetwork net = make_competing("planar", 300, 5);
    const CuttingTree tree = build_cutting_tree(net);
    const FatTree host = host_for(net, tree);
    const auto leaf = geometric_mapping(tree, host.levels());
    const ChannelLoads loads = one_step_loads(net, leaf, host);
    const int levels = host.levels();
    double lambda = 0;
    for (int k = 0; k <= levels; ++k) {
      std::uint64_t most = 0;
      for (std::uint64_t j = 0; j < (std::uint64_t{1} << k); ++j) {
        // Directed messages a -> b leaving subtree j through its up channel.
        std::uint64_t up = 0, down = 0;
        for (const auto& [a, b] : net.wires) {
          for (auto [s, d] : {std::pair{a, b}, std::pair{b, a}}) {
            const bool s_in = (leaf[s] >> (levels - k)) == j, d_in = (leaf[d] >> (levels - k)) == j;
            up += s_in && !d_in;
            down += d_in && !s_in;
          }
        }
        CHECK(up == down);
        most = std::max(most, up);
        lambda = std::max(lambda, static_cast<double>(up) / host.capacity(k));
      }
      CHECK(loads.max_load_by_level[k] == most);
    }
    CHECK(loads.load_factor == doctest::Approx(lambda));
  }

  TEST_CASE("the geometric mapping keeps the cutting tree's pieces down to the host's leaves") {
    std::mt19937_64 rng(0x6e0);
    for (int trial = 0; trial < 40; ++trial) {
      const CompetingNetwork net = random_network(rng, 1 + rng() % 120, 2, 24, 0);
      const CuttingTree tree = build_cutting_tree(net);
      const int levels = static_cast<int>(rng() % (tree.depth + 4));  // shallower and deeper
      const auto leaf = geometric_mapping(tree, levels);
      CAPTURE(trial);
      CAPTURE(levels);
      REQUIRE(leaf.size() == net.processors());
      for (std::uint64_t p = 0; p < net.processors(); ++p) {
        REQUIRE(leaf[p] < (std::uint64_t{1} << levels));
        // At every level both trees have, p's fat-tree subtree is its cutting-tree piece.
        for (int k = 0; k <= std::min(levels, tree.depth); ++k)
          REQUIRE((leaf[p] >> (levels - k)) == (tree.leaf[p] >> (tree.depth - k)));
      }
    }
  }

  TEST_CASE("one-step loads count two messages per wire and divide each level by its capacity") {
    std::mt19937_64 rng(0x10ad);
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint64_t n = 2 + rng() % 60;
      const CompetingNetwork net = random_network(rng, n, 2, 12, 1 + rng() % (3 * n));
      std::uint64_t host_n = 1;
      while (host_n < n) host_n *= 2;
      const FatTree host = ftvlsi::test::tree_of(host_n, CapacityProfile::kConstant, 1 + trial % 3);
      std::vector<std::uint64_t> leaf(n);  // any mapping, several processors to a leaf allowed
      for (auto& l : leaf) l = rng() % host_n;
      const ChannelLoads loads = one_step_loads(net, leaf, host);
      CHECK(loads.messages == 2 * net.wires.size());
      double lambda = 0;
      for (int k = 0; k <= host.levels(); ++k) {
        CHECK(loads.max_lambda_by_level[k] ==
              doctest::Approx(double(loads.max_load_by_level[k]) / host.capacity(k)));
        lambda = std::max(lambda, loads.max_lambda_by_level[k]);
      }
      CHECK(loads.load_factor == doctest::Approx(lambda));
      // Every processor on one leaf: no message leaves a subtree, so no channel carries one.
      std::vector<std::uint64_t> same(n, leaf[0]);
      CHECK(one_step_loads(net, same, host).load_factor == 0);
    }
  }
}
