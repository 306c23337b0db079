#include "ftvlsi/network/butterfly_fat_tree.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/report/layout_job.hpp"

using namespace ftvlsi;

TEST_SUITE("butterfly_fat_tree") {
  TEST_CASE("switch counts, four children and two parents, and channels of sqrt p wires") {
    for (std::uint64_t n : {4, 16, 64, 256, 1024, 4096}) {
      const ButterflyFatTree bft(n, false);
      const ButterflyFatTreeGraph g = bft.graph();
      std::map<int, std::uint64_t> per_level;
      for (int l : g.level) ++per_level[l];
      CHECK(per_level[0] == n);
      std::vector<int> up(g.level.size(), 0), down(g.level.size(), 0);
      for (const auto& [a, b] : g.wires) ++up[a], ++down[b];
      for (int l = 1; l <= bft.levels(); ++l) {
        CHECK(per_level[l] == n / (std::uint64_t{2} << l));  // n / 2^(l+1)
        CHECK(bft.switches_per_node(l) == (std::uint64_t{1} << (l - 1)));
      }
      for (std::size_t v = 0; v < g.level.size(); ++v) {
        if (g.level[v] > 0) CHECK(down[v] == 4);
        if (g.level[v] < bft.levels()) CHECK(up[v] == (g.level[v] == 0 ? 1 : 2));
      }
      // The channel above a level-l node: the up-links of its switches, 2^l = sqrt(4^l).
      for (int l = 1; l < bft.levels(); ++l)
        CHECK(bft.channel_width(l) * bft.channel_width(l) == (std::uint64_t{1} << (2 * l)));
    }
  }

  TEST_CASE("fat-pyramid mesh edges join H and V neighbours (diagonals only on request)") {
    for (bool diagonals : {false, true}) {
      CAPTURE(diagonals);
      const ButterflyFatTree fp(256, true, {}, diagonals);
      CHECK(fp.mesh_diagonals() == diagonals);
      const ButterflyFatTreeGraph g = fp.graph();
      CHECK(g.wires.size() == fp.wire_count());
      std::map<int, std::uint64_t> mesh, diagonal;
      for (std::size_t w = 0; w < g.wires.size(); ++w) {
        if (!g.wire_is_mesh[w]) continue;
        ++mesh[g.wire_level[w]];
        const auto& a = g.cell[g.wires[w].first];
        const auto& b = g.cell[g.wires[w].second];
        const int l = g.wire_level[w];
        // Switch i of adjacent nodes: their cells differ by one node side in x and/or y.
        const auto dx = std::llabs(a[0] - b[0]), dy = std::llabs(a[1] - b[1]);
        CHECK((dx == 0 || dx == (1 << l)));
        CHECK((dy == 0 || dy == (1 << l)));
        CHECK(dx + dy > 0);
        if (dx > 0 && dy > 0) ++diagonal[l];
      }
      for (int l = 1; l <= fp.levels(); ++l) {
        const std::uint64_t s = std::uint64_t{1} << (fp.levels() - l);  // nodes per side
        const std::uint64_t pairs = 2 * s * (s - 1) + (diagonals ? 2 * (s - 1) * (s - 1) : 0);
        CHECK(mesh[l] == pairs * fp.channel_width(l));  // 2^(l-1) switches x 2 wires
        CHECK(diagonal[l] == (diagonals ? 2 * (s - 1) * (s - 1) * fp.channel_width(l) : 0));
      }
    }
  }

  TEST_CASE("sizes that are not powers of four name the nearest valid sizes") {
    try {
      ButterflyFatTree bad(1000, true);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("256 and 1024") != std::string::npos);
    }
  }
}

TEST_SUITE("butterfly_fat_tree") {
  TEST_CASE("the wire count without the graph, and layouts that would not fit are refused") {
    for (const std::vector<int>& parents : std::vector<std::vector<int>>{{2}, {1}, {4}, {4, 1, 2}})
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree net(256, pyramid, parents);
        CHECK(net.wire_count() == net.graph().wires.size());
      }
    // Full bandwidth (4 parents) on 4^12 processors: the refusal comes before any allocation.
    LayoutSpec spec;
    spec.network = ButterflyParams{"fat-pyramid", std::uint64_t{1} << 24, {4}};
    try {
      run_layout(spec);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("GiB of memory") != std::string::npos);
    }
  }
}

TEST_SUITE("scalable_fat_tree") {
  TEST_CASE("1, 2 or 4 parents per level: switch counts, channel widths, wiring, clean layouts") {
    const std::vector<std::vector<int>> choices{{1}, {2}, {4}, {4, 1, 2}, {1, 4, 4}, {2, 1, 4}};
    for (const auto& parents : choices) {
      for (bool pyramid : {false, true}) {
        const std::uint64_t n = 256;  // m = 4: levels 1 .. 3 take parents
        const ButterflyFatTree net(n, pyramid, parents);
        const ButterflyFatTreeGraph g = net.graph();
        std::vector<int> p(5, 2);
        for (int l = 1; l <= 3; ++l) p[l] = parents.size() == 1 ? parents[0] : parents[l - 1];
        std::uint64_t s = 1;
        for (int l = 1; l <= 4; ++l) {
          CHECK(net.switches_per_node(l) == s);
          CHECK(net.channel_width(l) == s * static_cast<std::uint64_t>(p[l]));
          s *= static_cast<std::uint64_t>(p[l]);
        }
        // Every switch has four children and p_l parents (none above the root level).
        std::vector<int> up(g.level.size(), 0), down(g.level.size(), 0);
        for (std::size_t w = 0; w < g.wires.size(); ++w)
          if (!g.wire_is_mesh[w]) ++up[g.wires[w].first], ++down[g.wires[w].second];
        for (std::size_t v = 0; v < g.level.size(); ++v) {
          const int l = g.level[v];
          if (l > 0) CHECK(down[v] == 4);
          if (l == 0) CHECK(up[v] == 1);
          if (l > 0 && l < 4) CHECK(up[v] == p[l]);
        }
        const Layout<2> layout = build_fold_and_squash(net);
        CHECK(check_hierarchical(layout).violations == 0);
        CHECK(check_flat(layout, 1ull << 32).violations == 0);
      }
    }
  }

  TEST_CASE("parents other than 1, 2 and 4, or the wrong number of levels, are named") {
    CHECK_THROWS_AS(ButterflyFatTree(256, false, {3}), InputError);
    CHECK_THROWS_AS(ButterflyFatTree(256, false, {2, 2}), InputError);
    CHECK_NOTHROW(ButterflyFatTree(256, false, {2, 2, 2}));
  }
}
