#include "ftvlsi/layout/butterfly3d_lattice.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "ftvlsi/geometry/drc.hpp"
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
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      CAPTURE(n);
      const ButterflyFatTree3d net(n);
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
}
