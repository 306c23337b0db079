#include "ftvlsi/layout/grid3d.hpp"

#include <doctest/doctest.h>

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
    }
  }

  TEST_CASE("the cube style refuses a 3D network with a long wire") {
    CompetingNetwork net = make_competing("mesh3d", 27, 1);
    net.wires.push_back({0, 26});
    CHECK_THROWS_AS(build_grid3d(net), InputError);
  }
}
