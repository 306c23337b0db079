#include "ftvlsi/network/butterfly_fat_tree3d.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

TEST_SUITE("butterfly3d") {
  TEST_CASE("the 3D butterfly fat-tree: 8 children, 4 parents, channels of p^(2/3) wires") {
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      const ButterflyFatTree3d net(n);
      const ButterflyFatTree3dGraph g = net.graph();
      std::vector<std::uint64_t> per_level(net.levels() + 1, 0);
      for (int l : g.level) ++per_level[l];
      CHECK(per_level[0] == n);
      for (int l = 1; l <= net.levels(); ++l) {
        CHECK(per_level[l] == (n >> (3 * l)) * (std::uint64_t{1} << (2 * (l - 1))));
        // p = 8^l processors below a level-l node, p^(2/3) = 4^l wires above it.
        CHECK(net.channel_width(l) == std::uint64_t{1} << (2 * l));
        CHECK(net.switches_per_node(l) * 4 == net.channel_width(l));
      }
      CHECK(net.wires() == g.wires.size());
      std::vector<int> up(g.level.size(), 0), down(g.level.size(), 0);
      for (const auto& [child, parent] : g.wires) ++up[child], ++down[parent];
      for (std::size_t v = 0; v < g.level.size(); ++v) {
        const int l = g.level[v];
        if (l > 0) CHECK(down[v] == 8);
        if (l == 0 && net.levels() > 0) CHECK(up[v] == 1);
        if (l > 0 && l < net.levels()) CHECK(up[v] == 4);
        // Every switch sits inside its node's subcube.
        for (int a = 0; a < 3; ++a)
          CHECK((g.cell[v][a] >> l) < (std::int64_t{1} << (net.levels() - l)));
      }
    }
    CHECK_THROWS_AS(ButterflyFatTree3d(64 * 4), InputError);
  }
}
