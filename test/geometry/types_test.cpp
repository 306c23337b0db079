#include "ftvlsi/geometry/types.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace ftvlsi;

TEST_SUITE("types") {
  TEST_CASE("composing transforms equals applying them one after the other") {
    std::mt19937_64 rng(3);
    auto coord = [&] { return static_cast<Coord>(rng() % 2001) - 1000; };
    for (int a = 0; a < 8; ++a) {
      for (int b = 0; b < 8; ++b) {
        const Transform outer{a & 3, a >= 4, {coord(), coord()}};
        const Transform inner{b & 3, b >= 4, {coord(), coord()}};
        const Transform both = outer.compose(inner);
        for (int i = 0; i < 20; ++i) {
          const Point p{coord(), coord()};
          CHECK(both.apply(p) == outer.apply(inner.apply(p)));
        }
      }
    }
  }

  TEST_CASE("a quarter turn maps the x axis onto the y axis") {
    const Transform r90{1, false, {0, 0}};
    CHECK(r90.apply(Point{1, 0}) == Point{0, 1});
    const Transform mirror_r90{1, true, {0, 0}};
    CHECK(mirror_r90.apply(Point{2, 5}) == Point{5, 2});
  }

  TEST_CASE("closed boxes meet when they share only a corner") {
    const Box a{0, 0, 2, 2}, b{2, 2, 4, 4}, c{3, 0, 4, 1};
    CHECK(a.intersects(b));
    CHECK_FALSE(a.intersects(c));
    CHECK(a.on_boundary(Point{1, 0}));
    CHECK_FALSE(a.on_boundary(Point{1, 1}));
  }
}
