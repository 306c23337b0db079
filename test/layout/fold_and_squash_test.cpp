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
