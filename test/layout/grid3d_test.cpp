#include "ftvlsi/layout/grid3d.hpp"

#include <doctest/doctest.h>

#include <array>
#include <map>
#include <random>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"

using namespace ftvlsi;

TEST_SUITE("grid3d") {
  TEST_CASE("a 3D mesh is drawn on the 3D grid with unit wires, DRC-clean, volume Theta(n)") {
    for (std::uint64_t side : {2, 3, 4, 6, 8}) {
      const CompetingNetwork net = make_competing("mesh3d", side * side * side, 1);
      const Layout<3> layout = build_grid3d(net);
      const LayoutMetrics<3> m = measure(layout);
      CHECK(check_hierarchical(layout).violations == 0);
      CHECK(check_flat(layout, 1ull << 30).violations == 0);
      CHECK(m.wires == net.wires.size());
      CHECK(m.wire_length_max == 1);
      CHECK(m.volume() == (3 * side - 1) * (3 * side - 1) * (3 * side - 1));
      for (Coord padded : {2, 5, 40})
        CHECK(Grid3dVolume(net).at(padded) == measure_grid3d(net, padded).volume);
    }
  }

  TEST_CASE("the cube style refuses a 3D network with a long wire") {
    CompetingNetwork net = make_competing("mesh3d", 27, 1);
    net.wires.push_back({0, 26});
    CHECK_THROWS_AS(build_grid3d(net), InputError);
    CHECK_THROWS_AS(measure_grid3d(net), InputError);
    for (auto& q : net.position)  // and from the cube corners
      for (auto& c : q) c *= grid3d_pitch(kGrid3dSide);
    CHECK_THROWS_AS(measure_grid3d(net, kGrid3dSide, false, true), InputError);
  }

  TEST_CASE("measure_grid3d gives the drawing's metrics and wire lengths without storing it") {
    // Seeded random 3D networks of grid neighbours: random places in a box (so the grid has
    // gaps and the box is not a cube) and a random subset of their neighbour pairs.
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      std::mt19937_64 rng(seed);
      CompetingNetwork net;
      net.kind = "file";
      net.dimensions = 3;
      const std::int64_t extent[3] = {static_cast<std::int64_t>(1 + rng() % 7),
                                      static_cast<std::int64_t>(1 + rng() % 5),
                                      static_cast<std::int64_t>(1 + rng() % 9)};
      std::map<std::array<std::int64_t, 3>, std::uint32_t> at;
      for (int i = 0; i < 40; ++i) {
        const std::array<std::int64_t, 3> q{static_cast<std::int64_t>(rng() % extent[0]) + 2,
                                            static_cast<std::int64_t>(rng() % extent[1]),
                                            static_cast<std::int64_t>(rng() % extent[2]) + 1};
        if (at.emplace(q, static_cast<std::uint32_t>(net.position.size())).second)
          net.position.push_back(q);
      }
      for (const auto& [q, u] : at)
        for (int a = 0; a < 3; ++a) {
          auto r = q;
          ++r[a];
          if (const auto it = at.find(r); it != at.end() && rng() % 3 != 0)
            net.wires.push_back(rng() % 2 ? std::pair{u, it->second} : std::pair{it->second, u});
        }
      for (Coord side : {2, 3, 7}) {
        const Layout<3> layout = build_grid3d(net, side);
        const LayoutMetrics<3> m = measure(layout);
        const Grid3dMeasure g = measure_grid3d(net, side);
        CHECK(g.volume == m.volume());
        CHECK(g.bbox == m.bbox);
        const Cell<3>& top = layout.cells[layout.top];
        REQUIRE(g.wire_length.size() == top.wire_count());
        for (std::size_t w = 0; w < top.wire_count(); ++w)
          CHECK(g.wire_length[w] == wire_length(top.wire(w)));
        // The same drawing from the cube corners (decompose's places) as from the grid places.
        CompetingNetwork corners = net;
        for (auto& q : corners.position)
          for (auto& c : q) c *= grid3d_pitch(side);
        const Grid3dMeasure h = measure_grid3d(corners, side, true, true);
        CHECK(h.volume == g.volume);
        CHECK(h.bbox == g.bbox);
        CHECK(h.wire_length == g.wire_length);
        CHECK(h.metrics.vias == m.vias);
        CHECK(h.metrics.segments_by_axis == m.segments_by_axis);
        CHECK(measure_grid3d(net, side, false).wire_length.empty());
        CHECK(measure_grid3d(net, side, false).volume == m.volume());
        CHECK(Grid3dVolume(net).at(side) == m.volume());
        // Every figure measure() takes from the drawing.
        const LayoutMetrics<3>& s = measure_grid3d(net, side, false).metrics;
        CHECK(s.bbox == m.bbox);
        CHECK(s.width == m.width);
        CHECK(s.height == m.height);
        CHECK(s.depth == m.depth);
        CHECK(s.size == m.size);
        CHECK(s.layers == m.layers);
        CHECK(s.nodes == m.nodes);
        CHECK(s.processors == m.processors);
        CHECK(s.switches == m.switches);
        CHECK(s.interfaces == m.interfaces);
        CHECK(s.wires == m.wires);
        CHECK(s.segments == m.segments);
        CHECK(s.segments_by_axis == m.segments_by_axis);
        CHECK(s.vias == m.vias);
        CHECK(s.components == m.components);
        CHECK(s.wire_length_total == m.wire_length_total);
        CHECK(s.wire_length_max == m.wire_length_max);
        CHECK(s.wires_by_level == m.wires_by_level);
        CHECK(s.wire_length_total_by_level == m.wire_length_total_by_level);
        CHECK(s.wire_length_max_by_level == m.wire_length_max_by_level);
        CHECK(s.processor_size == m.processor_size);
        CHECK(s.processor_fraction == m.processor_fraction);
        CHECK(s.switch_size == m.switch_size);
        CHECK(s.cells == m.cells);
        CHECK(s.instances == m.instances);
        CHECK(s.placements == m.placements);
      }
    }
  }
}
