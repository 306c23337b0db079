// A drawn layout carries the metrics measured from it, and the choice of dimension hands back
// the layout only as the dimension it has.
#include "ftvlsi/geometry/drawn_layout.hpp"

#include <doctest/doctest.h>

#include <random>

#include "support/random_layout.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_layout;

TEST_SUITE("drawn_layout") {
  TEST_CASE("drawn_and_measured keeps the layout and measures it") {
    std::mt19937_64 rng(0xd7a);
    for (int trial = 0; trial < 20; ++trial) {
      const Layout<2> layout = random_layout<2>(rng, 1 + static_cast<int>(rng() % 5));
      const LayoutMetrics<2> measured = measure(layout);
      const DrawnLayout<2> d = drawn_and_measured(layout);
      CHECK(d.layout.cells.size() == layout.cells.size());
      CHECK(d.layout.cells[d.layout.top].bbox == layout.cells[layout.top].bbox);
      CHECK(d.metrics.bbox == measured.bbox);
      CHECK(d.metrics.size == measured.size);
      CHECK(d.metrics.nodes == measured.nodes);
      CHECK(d.metrics.wires == measured.wires);
      CHECK(d.metrics.vias == measured.vias);
      CHECK(d.metrics.wire_length_total == measured.wire_length_total);
      CHECK(d.metrics.nodes == layout.flat_counts()[layout.top].nodes);
    }
  }

  TEST_CASE("drawn_as hands back the layout in its own dimension and null in the other") {
    std::mt19937_64 rng(0xd3d);
    const AnyDrawnLayout two = drawn_and_measured(random_layout<2>(rng, 3));
    const AnyDrawnLayout three = drawn_and_measured(random_layout<3>(rng, 3));
    REQUIRE(drawn_as<2>(two) != nullptr);
    CHECK(drawn_as<2>(two) == &std::get<DrawnLayout<2>>(two));
    CHECK(drawn_as<3>(two) == nullptr);
    REQUIRE(drawn_as<3>(three) != nullptr);
    CHECK(drawn_as<3>(three)->metrics.depth == drawn_as<3>(three)->metrics.bbox.depth());
    CHECK(drawn_as<2>(three) == nullptr);
  }
}
