#include "ftvlsi/layout/fold_and_squash.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/geometry/metrics.hpp"
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

TEST_SUITE("fold_and_squash") {
  TEST_CASE("fat-pyramids with diagonal mesh wires are DRC clean too") {
    for (std::uint64_t n : {16, 64, 256, 1024}) {
      CAPTURE(n);
      const Layout<2> layout = build_fold_and_squash(ButterflyFatTree(n, true, {}, true));
      CHECK(check_hierarchical(layout).violations == 0);
      CHECK(check_flat(layout, std::uint64_t{1} << 30).violations == 0);
    }
  }

  TEST_CASE("processors of side lg n keep the layout DRC clean and are drawn that size") {
    for (std::uint64_t n : {4, 16, 64, 256}) {
      CAPTURE(n);
      const ButterflyFatTree fp(n, true);
      const Coord side = std::max(1, lg(n));
      const Layout<2> layout = build_fold_and_squash(fp, side);
      CHECK(check_hierarchical(layout).violations == 0);
      CHECK(check_flat(layout, std::uint64_t{1} << 30).violations == 0);
      CHECK(measure(layout).processor_size == n * static_cast<std::uint64_t>(side * side));
      CHECK(fold_and_squash_wire_lengths(fp, side).size() == fp.wire_count());
    }
  }

  TEST_CASE("fold-and-squash layouts are DRC clean") {
    for (bool pyramid : {false, true})
      for (std::uint64_t n : {1, 4, 16, 64, 256, 1024}) {
        CAPTURE(pyramid);
        CAPTURE(n);
        const Layout<2> layout = build_fold_and_squash(ButterflyFatTree(n, pyramid));
        CHECK(check_hierarchical(layout).violations == 0);
        CHECK(check_flat(layout, std::uint64_t{1} << 30).violations == 0);
      }
  }

  TEST_CASE("area Theta(n lg^2 n) and level-l wires O(2^l lg A) with one constant over sizes") {
    for (bool pyramid : {false, true}) {
      double worst_first = 0, worst_last = 0, area_first = 0, area_last = 0;
      for (std::uint64_t n : {64, 256, 1024, 4096}) {
        const ButterflyFatTree bft(n, pyramid);
        const LayoutMetrics<2> m = measure(build_fold_and_squash(bft));
        // The leaf cells' side: Theta(lg n), at most 8 lg n; a level-l wire spans at most
        // 2^l cells each way (its two switches share a region or lie in adjacent ones).
        const double side = static_cast<double>(m.width) / std::ldexp(1.0, bft.levels());
        CHECK(side <= 8 * std::log2(static_cast<double>(n)));
        for (int l = 1; l <= bft.levels(); ++l)
          CHECK(m.wire_length_max_by_level[l] <= (std::ldexp(2.0, l) + 2) * side);
        const double lg_a = std::log2(static_cast<double>(m.area()));
        const double lgn = std::log2(static_cast<double>(n));
        double worst = 0;
        for (int l = 1; l <= bft.levels(); ++l)
          worst = std::max(worst, m.wire_length_max_by_level[l] / (std::ldexp(1.0, l) * lg_a));
        const double area_ratio = m.area() / (n * lgn * lgn);
        MESSAGE(std::string(pyramid ? "fat-pyramid" : "butterfly")
                << " n=" << n << " area/(n lg^2 n)=" << area_ratio
                << " max_l len/(2^l lg A)=" << worst);
        if (worst_first == 0) worst_first = worst, area_first = area_ratio;
        worst_last = worst, area_last = area_ratio;
        CHECK(worst < 12.0);  // a constant C: about 1.1 (butterfly), 3.9 (pyramid) here
      }
      CHECK(worst_last <= worst_first * 1.5);
      CHECK(area_last <= area_first * 1.5);
    }
  }
}

TEST_SUITE("fold_and_squash") {
  TEST_CASE("the H-tree placement's level-1 wires grow like sqrt n, fold-and-squash's do not") {
    auto level1 = [](std::uint64_t n, bool regular) {
      const ButterflyFatTree fp(n, true);
      const Layout<2> layout = regular ? build_fold_and_squash(fp) : build_centred_butterfly(fp);
      CHECK(check_hierarchical(layout).violations == 0);
      return static_cast<double>(measure(layout).wire_length_max_by_level[1]);
    };
    // Sizes 1024 -> 16384 (x16, as 256 -> 4096 was): the lattice's cells carry a band per level,
    // so a level-1 wire crosses a whole cell, whose side (8m + O(1)) grows faster than lg A
    // while m is small.
    const double regular_growth = level1(16384, true) / level1(1024, true);
    const double centred_growth = level1(16384, false) / level1(1024, false);
    MESSAGE("level-1 growth n=1024 -> 16384: fold-and-squash " << regular_growth << ", H-tree "
                                                               << centred_growth);
    CHECK(regular_growth < 1.5);  // lg A grows by 1.5x at most here
    CHECK(centred_growth > 2.0);  // sqrt n grows 4x; the central channels take part of it
    CHECK(centred_growth > 2 * regular_growth);
  }
}

TEST_SUITE("fold_and_squash") {
  TEST_CASE("the lengths in graph order are the drawn wires' lengths, level by level") {
    for (const std::vector<int>& parents : std::vector<std::vector<int>>{{2}, {4, 1, 2}})
      for (bool pyramid : {false, true}) {
        const ButterflyFatTree net(256, pyramid, parents);
        const ButterflyFatTreeGraph g = net.graph();
        const auto lengths = fold_and_squash_wire_lengths(net);
        REQUIRE(lengths.size() == g.wires.size());
        const FlatLayout<2> flat = flatten(build_fold_and_squash(net), std::uint64_t{1} << 30);
        REQUIRE(flat.wire_count() == g.wires.size());
        // Per level and kind (mesh: both ends on one level), the same multiset of lengths.
        std::map<std::pair<int, bool>, std::vector<std::uint64_t>> drawn, listed;
        for (std::size_t w = 0; w < flat.wire_count(); ++w) {
          const bool mesh =
              flat.node_level[flat.wire_from_node[w]] == flat.node_level[flat.wire_to_node[w]];
          drawn[{flat.wire_level[w], mesh}].push_back(wire_length(flat.wire(w)));
        }
        for (std::size_t w = 0; w < g.wires.size(); ++w)
          listed[{g.wire_level[w], g.wire_is_mesh[w]}].push_back(lengths[w]);
        for (auto* m : {&drawn, &listed})
          for (auto& [key, v] : *m) std::sort(v.begin(), v.end());
        CHECK(drawn == listed);
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
