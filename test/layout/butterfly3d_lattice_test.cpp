#include "ftvlsi/layout/butterfly3d_lattice.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <tuple>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/butterfly3d_layered.hpp"

using namespace ftvlsi;

namespace {

double ratio(const LayoutMetrics<3>& m, double n) {
  return static_cast<double>(m.volume()) / (n * std::pow(std::log2(n), 1.5));
}

}  // namespace

TEST_SUITE("butterfly3d_lattice") {
  TEST_CASE("the 3D lattice is DRC-clean hierarchically and flat, one cell per level") {
    // The fat-pyramid to 8^5, the first size whose slot column meets a mesh step line (a step of
    // no length).
    for (const bool pyramid : {false, true})
      for (std::uint64_t n : {8, 64, 512, 4096, 32768}) {
        if (n == 32768 && !pyramid) continue;
        CAPTURE(n);
        CAPTURE(pyramid);
        const ButterflyFatTree3d net(n, pyramid);
        const Layout<3> layout = build_butterfly3d_lattice(net);
        CHECK(layout.cells.size() == static_cast<std::size_t>(net.levels() + 1));
        const DrcReport h = check_hierarchical(layout);
        CHECK(h.violations == 0);
        if (!h.samples.empty()) MESSAGE(h.samples[0].rule << " " << h.samples[0].detail);
        CHECK(check_flat(layout, std::uint64_t{1} << 31).violations == 0);
      }
  }

  TEST_CASE("nodes and wires per level are the network's") {
    for (std::uint64_t n : {64, 4096, 32768}) {
      CAPTURE(n);
      const ButterflyFatTree3d net(n);
      const LayoutMetrics<3> m = measure(build_butterfly3d_lattice(net));
      CHECK(m.processors == n);
      std::uint64_t switches = 0;
      for (int l = 1; l <= net.levels(); ++l) switches += net.switches_at(l);
      CHECK(m.switches == switches);
      CHECK(m.wires == net.wires());
      REQUIRE(m.wires_by_level.size() == static_cast<std::size_t>(net.levels() + 1));
      CHECK(m.wires_by_level[0] == 0);
      for (int l = 1; l <= net.levels(); ++l) CHECK(m.wires_by_level[l] == 8 * net.switches_at(l));
      CHECK(m.components == 2 * m.wires - n);  // both ends on switches, but at the processors
    }
  }

  TEST_CASE("a level-l wire is at most 3 * 2^l cell sides long") {
    for (std::uint64_t n : {512, 32768}) {
      const ButterflyFatTree3d net(n);
      const LayoutMetrics<3> m = measure(build_butterfly3d_lattice(net));
      const auto side = butterfly3d_lattice_cell(net.levels());
      const Coord cell = *std::max_element(side.begin(), side.end());
      for (int l = 1; l <= net.levels(); ++l) {
        CAPTURE(l);
        CHECK(m.wire_length_max_by_level[l] <= static_cast<std::uint64_t>(3 * (cell << l)));
        CHECK(m.wire_length_max_by_level[l] > static_cast<std::uint64_t>(cell << (l - 1)));
      }
    }
  }

  TEST_CASE("volume / (n lg^(3/2) n) stays bounded, below the layered router's") {
    std::vector<double> ratios;
    for (std::uint64_t n : {64, 512, 4096, 32768, 262144}) {
      const ButterflyFatTree3d net(n);
      ratios.push_back(ratio(measure(build_butterfly3d_lattice(net)), static_cast<double>(n)));
      if (n == 512 || n == 4096)
        CHECK(ratios.back() < ratio(measure(build_butterfly3d(net)), static_cast<double>(n)));
    }
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    MESSAGE("volume ratios from " << *lo << " to " << *hi);
    CHECK(*hi < 400);
    CHECK(*hi / *lo < 1.5);
    // The fitted growth over n = 8^2 .. 8^6 (least squares of log ratio on log n).
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < ratios.size(); ++i) {
      const double x = std::log(64.0) + static_cast<double>(i) * std::log(8.0);
      const double y = std::log(ratios[i]);
      sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    const double k = static_cast<double>(ratios.size());
    CHECK((k * sxy - sx * sy) / (k * sxx - sx * sx) < 0.05);
  }

  TEST_CASE("the cell side grows like sqrt(lg n): its volume is at most 1600 (k + 1)^(3/2)") {
    for (int k = 1; k <= 60; ++k) {  // the packing alone, far beyond the sizes we can build
      const auto s = butterfly3d_lattice_cell(k);
      const double volume = static_cast<double>(s[0] * s[1] * s[2]);
      CAPTURE(k);
      CHECK(volume <= 1600 * std::pow(k + 1, 1.5));
      CHECK(volume >= 1000 * std::pow(k + 1, 1.5));
    }
  }

  TEST_CASE("every fat-pyramid mesh wire joins the same switch of face-adjacent nodes, once") {
    for (std::uint64_t n : {64, 512, 4096}) {
      CAPTURE(n);
      const ButterflyFatTree3d net(n, true);
      const Layout<3> layout = build_butterfly3d_lattice(net);
      const FlatLayout<3> flat = flatten(layout, std::uint64_t{1} << 31);
      const auto side = butterfly3d_lattice_cell(net.levels(), true);
      auto cell = [&](std::uint64_t v, int a) { return flat.node_box[v].lo[a] / side[a]; };
      std::vector<std::uint64_t> mesh(net.levels() + 1, 0);
      std::set<std::tuple<std::uint64_t, std::uint64_t>> seen;
      for (std::size_t w = 0; w < flat.wire_count(); ++w) {
        const std::uint64_t a = flat.wire_from_node[w], b = flat.wire_to_node[w];
        REQUIRE(a != kNoNode);
        REQUIRE(b != kNoNode);
        const int l = flat.node_level[a];
        if (flat.node_level[b] != l) continue;  // a tree wire
        ++mesh[l];
        CHECK(seen.insert({std::min(a, b), std::max(a, b)}).second);
        int axes = 0;
        for (int x = 0; x < 3; ++x) {
          const Coord mask = (Coord{1} << l) - 1;
          CHECK((cell(a, x) & mask) == (cell(b, x) & mask));  // the same switch of its node
          const Coord d = (cell(b, x) >> l) - (cell(a, x) >> l);
          CHECK((d == 0 || d == 1));
          axes += d != 0;
        }
        CHECK(axes == 1);
      }
      for (int l = 0; l <= net.levels(); ++l) CHECK(mesh[l] == net.mesh_wires_at(l));
      const LayoutMetrics<3> m = measure(layout);
      CHECK(m.wires == net.wires());
      for (int l = 1; l <= net.levels(); ++l)
        CHECK(m.wires_by_level[l] == 8 * net.switches_at(l) + net.mesh_wires_at(l));
    }
  }

  TEST_CASE("the wire lengths in graph order are the drawn ones") {
    for (bool pyramid : {false, true})
      for (std::uint64_t n : {64, 4096}) {
        CAPTURE(n);
        const ButterflyFatTree3d net(n, pyramid);
        const auto lengths = butterfly3d_lattice_wire_lengths(net);
        const ButterflyFatTree3dGraph g = net.graph();
        REQUIRE(lengths.size() == g.wires.size());
        const LayoutMetrics<3> m = measure(build_butterfly3d_lattice(net));
        CHECK(std::accumulate(lengths.begin(), lengths.end(), std::uint64_t{0}) ==
              m.wire_length_total);
        std::vector<std::uint64_t> longest(net.levels() + 1, 0);
        for (std::size_t w = 0; w < lengths.size(); ++w)
          longest[g.wire_level[w]] = std::max(longest[g.wire_level[w]], lengths[w]);
        for (int l = 1; l <= net.levels(); ++l) CHECK(longest[l] == m.wire_length_max_by_level[l]);
      }
  }

  TEST_CASE(
      "a fat-pyramid mesh wire of level l is about 2^l cell sides, the volume stays within "
      "a constant of the fat-tree's") {
    for (std::uint64_t n : {512, 32768}) {
      const ButterflyFatTree3d net(n, true);
      const auto lengths = butterfly3d_lattice_wire_lengths(net);
      const ButterflyFatTree3dGraph g = net.graph();
      const auto side = butterfly3d_lattice_cell(net.levels(), true);
      for (std::size_t w = 0; w < lengths.size(); ++w) {
        if (!g.wire_is_mesh[w]) continue;
        const int l = g.wire_level[w];
        const Coord along = *std::max_element(side.begin(), side.end()) << l;
        CHECK(lengths[w] <= static_cast<std::uint64_t>(along + 4 * side[1]));
        CHECK(lengths[w] >= static_cast<std::uint64_t>(std::min({side[0], side[1], side[2]}) << l));
      }
      const double tree =
          ratio(measure(build_butterfly3d_lattice(ButterflyFatTree3d(n))), static_cast<double>(n));
      const double pyramid = ratio(measure(build_butterfly3d_lattice(net)), static_cast<double>(n));
      MESSAGE("n = " << n << ": volume / (n lg^(3/2) n) " << tree << " (tree), " << pyramid
                     << " (pyramid)");
      CHECK(pyramid >= tree);
      CHECK(pyramid <= 2.5 * tree);
    }
  }
}
