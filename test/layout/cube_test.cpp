#include "ftvlsi/layout/cube.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

FatTree universal(std::uint64_t n) {
  return tree_of(n, CapacityProfile::kUniversal);
}

}  // namespace

TEST_SUITE("cube") {
  TEST_CASE("cube layouts are DRC-clean, hierarchically and flattened, over sizes and profiles") {
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kQuadrupleEvery3,
                         CapacityProfile::kAreaUniversal, CapacityProfile::kDoubleEvery2,
                         CapacityProfile::kFull}) {
      for (int L = 0; L <= 10; ++L) {
        if (profile == CapacityProfile::kFull && L > 8) continue;
        const FatTree tree = tree_of(std::uint64_t{1} << L, profile);
        for (bool slab : {false, true}) {
          const Layout<3> cube = slab ? build_slab_cube(tree) : build_cube(tree);
          CAPTURE(slab);
          CAPTURE(L);
          CAPTURE(std::string(to_string(profile)));
          const DrcReport h = check_hierarchical(cube), f = check_flat(cube, 1ull << 32);
          CHECK(h.violations == 0);
          CHECK(f.violations == 0);
          // Every channel is drawn: cap(k) wires up from each level-k switch and, below the
          // root, one link from each child's pin to its parent's switch.
          const LayoutMetrics<3> m = measure(cube);
          CHECK(m.processors == tree.processors());
          CHECK(m.switches == tree.processors() - 1);
          for (int k = 0; k <= L; ++k) {
            const std::uint64_t nodes = std::uint64_t{1} << k;
            const std::uint64_t up = k == L ? 0 : nodes * tree.capacity(k);
            const std::uint64_t links = k == 0 ? 0 : nodes * tree.capacity(k);
            CHECK(m.wires_by_level[k] == up + links);
          }
          CHECK(m.volume() == m.width * m.height * m.depth);
        }
      }
    }
  }

  TEST_CASE(
      "Theorem 4: volume / (w lg(n/w))^(3/2) does not grow for w = n^(2/3) and n^(5/6), "
      "and stays at or below the slab's") {
    for (int sixths : {4, 5}) {
      std::vector<double> ratios;
      for (int L = 9; L <= 18; L += 3) {
        const FatTree tree = ftvlsi::test::universal_tree(
            std::uint64_t{1} << L, std::uint64_t{1} << ((L * sixths + 5) / 6));
        const LayoutMetrics<3> cube = measure(build_cube(tree));
        const LayoutMetrics<3> slab = measure(build_slab_cube(tree));
        CAPTURE(L);
        CAPTURE(sixths);
        CHECK(cube.volume() <= slab.volume());
        ratios.push_back(static_cast<double>(cube.volume()) / theorem4_volume(tree));
        // Components (wire ends on switches), measured: O(n lg(w^3 / n^2)) (Theorem 4).
        const double n = static_cast<double>(tree.processors());
        const double w = static_cast<double>(tree.capacity(0));
        const double lg = std::max(1.0, std::log2(w * w * w / (n * n)));
        CHECK(static_cast<double>(cube.components) <= 24 * n * lg);
      }
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      for (std::size_t i = 0; i < ratios.size(); ++i) {
        const double x = static_cast<double>(9 + 3 * i) * std::log(2.0), y = std::log(ratios[i]);
        sx += x, sy += y, sxx += x * x, sxy += x * y;
      }
      const double k = static_cast<double>(ratios.size());
      const double growth = (k * sxy - sx * sy) / (k * sxx - sx * sx);
      MESSAGE("w = n^(" << sixths << "/6): ratios " << ratios.front() << " .. " << ratios.back()
                        << ", fitted growth " << growth);
      CHECK(growth <= 0.05);
    }
  }

  TEST_CASE("the volume follows Theorem 4's O((w lg(n/w))^(3/2)) over a sweep of sizes") {
    // Measured over n = 2^6 .. 2^18: the ratio to Theorem 4 does not grow; the construction's
    // own analysis gives O(w^(3/2) lg^3(n/w)), whose ratio falls.
    double first = 0, last = 0, worst = 0;
    for (int L = 6; L <= 18; ++L) {
      const FatTree tree = universal(std::uint64_t{1} << L);
      const LayoutMetrics<3> m = measure(build_cube(tree));
      const double ratio = static_cast<double>(m.volume()) / theorem4_volume(tree);
      CAPTURE(L);
      CAPTURE(ratio);
      if (L == 6) first = ratio;
      last = ratio;
      worst = std::max(worst, ratio);
      CHECK(ratio <= 200);
    }
    CHECK(last <= first);
    CHECK(worst <= 1.5 * first);
  }

  TEST_CASE("the 3D check finds a short, a wire through a node and an open end") {
    const FatTree tree = universal(64);
    {
      Layout<3> cube = build_cube(tree);
      Cell<3>& top = cube.cells[cube.top];
      // Copy a wire of the top cell: two wires on the same grid points.
      const std::vector<Point<3>> pts(top.wire(0).begin(), top.wire(0).end());
      top.add_wire(pts, 0);
      CHECK(check_hierarchical(cube).violations > 0);
      CHECK(check_flat(cube, 1ull << 30).violations > 0);
    }
    {
      Layout<3> cube = build_cube(tree);
      Cell<3>& top = cube.cells[cube.top];
      // A wire straight through the switch.
      const Box<3> s = top.node_box[0];
      Point<3> a = s.lo, b = s.lo;
      a[0] -= 1, b[0] = s.hi[0] + 1;
      a[1] = b[1] = (s.lo[1] + s.hi[1]) / 2;
      a[2] = b[2] = (s.lo[2] + s.hi[2]) / 2;
      const Point<3> pts[2] = {a, b};
      top.add_wire(pts, 0);
      const DrcReport r = check_hierarchical(cube);
      CHECK(r.violations > 0);
      bool crossing = false;
      for (const auto& v : r.samples) crossing = crossing || v.rule == "crossing";
      CHECK(crossing);
    }
    {
      Layout<3> cube = build_cube(tree);
      Cell<3>& top = cube.cells[cube.top];
      // A dangling wire far outside everything.
      const Box<3> bb = top.bbox;
      const Point<3> pts[2] = {{bb.hi[0] + 5, bb.hi[1] + 5, 0}, {bb.hi[0] + 9, bb.hi[1] + 5, 0}};
      top.add_wire(pts, 0);
      cube.finalize();
      const DrcReport r = check_hierarchical(cube);
      bool open = false;
      for (const auto& v : r.samples) open = open || v.rule == "open";
      CHECK(open);
    }
  }
}
