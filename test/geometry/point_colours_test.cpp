#include "ftvlsi/geometry/point_colours.hpp"

#include <doctest/doctest.h>

using namespace ftvlsi;

TEST_SUITE("point_colours") {
  TEST_CASE("a point's colour repeats with the period along each axis, negative ones too") {
    PointColours pc;
    pc.period = {2, 3, 4};
    pc.colour.resize(24);
    for (std::size_t i = 0; i < 24; ++i) pc.colour[i] = static_cast<std::int32_t>(i);
    CHECK(pc.at({0, 0, 0}) == 0);
    CHECK(pc.at({1, 2, 3}) == 1 + 2 * (2 + 3 * 3));
    for (Coord x = -5; x < 5; ++x)
      for (Coord z = -9; z < 9; ++z) {
        CHECK(pc.at({x, 7, z}) == pc.at({x + 2, 7 - 3, z + 4}));
        CHECK(pc.at({x, 7, z}) == pc.at({x - 4, 1, z - 8}));
      }
  }

  TEST_CASE("only a node colour is pierced, and only by its listed wire colours") {
    PointColours pc;
    pc.rules = {{ColourRule::Kind::kNode, 0, {1}}, {ColourRule::Kind::kLocalWire, 0, {}}};
    CHECK(pc.is_node(0));
    CHECK_FALSE(pc.is_node(1));
    CHECK_FALSE(pc.is_node(PointColours::kNone));
    CHECK(pc.may_pierce(0, 1));
    CHECK_FALSE(pc.may_pierce(0, 0));
    CHECK_FALSE(pc.may_pierce(1, 1));
  }
}
