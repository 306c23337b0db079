// The decomposition end to end on every competing kind: the balanced tree meets Theorem 8's
// bound, and the geometric mapping's load factor is O(lg A) (Lemma 2.1).
#include "ftvlsi/decomp/decomposition.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <random>

#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/network/competing.hpp"

using namespace ftvlsi;

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

TEST_SUITE("decomposition") {
  TEST_CASE("balanced trees halve processors within one, keep two strings, and meet Theorem 8") {
    std::mt19937_64 rng(17);
    const char* kinds[] = {"planar", "torus", "mesh", "tree", "hypercube", "butterfly", "mesh3d"};
    for (int trial = 0; trial < 42; ++trial) {
      const std::string kind = kinds[trial % 7];
      const std::uint64_t side = 2 + rng() % 40, k = 1 + rng() % 8;
      std::uint64_t n = 50 + rng() % 2000;  // planar
      if (kind == "mesh" || kind == "torus") n = side * side;
      if (kind == "tree" || kind == "hypercube") n = std::uint64_t{1} << (1 + rng() % 11);
      if (kind == "butterfly") n = (k + 1) << k;
      if (kind == "mesh3d") n = (2 + side % 12) * (2 + side % 12) * (2 + side % 12);
      const CompetingNetwork net = make_competing(kind, n, rng());
      const CuttingTree tree = build_cutting_tree(net);
      int levels = 0;
      while ((std::uint64_t{1} << levels) < net.processors()) ++levels;
      const BalancedTree bal = build_balanced_tree(net, tree, levels);
      CAPTURE(kind);
      CAPTURE(net.processors());
      CHECK(bal.max_imbalance <= 1);
      CHECK(bal.max_strings <= 2);
      CHECK(bal.within_bound());
      // The mapping is one-to-one onto the leaves.
      std::map<std::uint64_t, int> used;
      for (auto leaf : bal.leaf_at_map_level) CHECK(++used[leaf] == 1);
      for (auto leaf : bal.leaf_at_map_level) CHECK(leaf < (std::uint64_t{1} << levels));
    }
  }

  TEST_CASE("Lemma 2.1: the geometric mapping onto a linear-size fat-tree has lambda = O(lg A)") {
    for (const char* kind : {"mesh", "planar", "torus", "tree"}) {
      std::vector<double> ratios;
      for (std::uint64_t side : {16, 32, 64, 128}) {
        const std::string k = kind;
        const CompetingNetwork net =
            make_competing(kind, k == "tree" ? side * side / 2 : side * side, 3);
        const CuttingTree tree = build_cutting_tree(net);
        const FatTree host = host_for(net, tree);
        const ChannelLoads loads =
            one_step_loads(net, geometric_mapping(tree, host.levels()), host);
        const double area = std::ldexp(1.0, tree.exponent[0] + tree.exponent[1]);
        ratios.push_back(loads.load_factor / std::log2(area));
        MESSAGE(std::string(kind) << " n=" << net.processors() << " lambda=" << loads.load_factor
                                  << " lambda/lg A=" << ratios.back());
      }
      // O(lg A) with one constant over the sweep; a load factor growing like sqrt(A) would
      // multiply the ratio by about 4.5 from n = 256 to n = 16384.
      for (double r : ratios) CHECK(r <= 10.0);
      CHECK(ratios.back() <= ratios.front() * 1.5);
    }
  }
}

TEST_SUITE("decomposition") {
  TEST_CASE("Lemma 2.1 on the networks' own channel layouts: lambda = O(lg A)") {
    for (const char* kind : {"mesh", "planar", "tree"}) {
      std::vector<double> ratios;
      for (std::uint64_t side : {16, 32, 64}) {
        const std::string k = kind;
        CompetingNetwork net = make_competing(kind, k == "tree" ? side * side / 2 : side * side, 3);
        const Layout<2> layout = build_channel_layout(net);
        for (std::size_t p = 0; p < net.processors(); ++p)
          net.position[p] = {layout.cells[0].node_box[p].lo[0], layout.cells[0].node_box[p].lo[1],
                             0};
        const CuttingTree tree = build_cutting_tree(net);
        const FatTree host = host_for(net, tree);
        const ChannelLoads loads =
            one_step_loads(net, geometric_mapping(tree, host.levels()), host);
        const double area = static_cast<double>(measure(layout).area());
        ratios.push_back(loads.load_factor / std::log2(area));
        MESSAGE(k << " n=" << net.processors() << " A=" << area << " lambda=" << loads.load_factor);
      }
      for (double r : ratios) CHECK(r <= 10.0);
      CHECK(ratios.back() <= ratios.front() * 1.5);
    }
  }
}
