#include "ftvlsi/geometry/types.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>

using namespace ftvlsi;

namespace {

// Every signed permutation of D axes with a random offset.
template <int D>
std::vector<Transform<D>> all_transforms(std::mt19937_64& rng) {
  std::vector<Transform<D>> out;
  std::array<std::int8_t, D> perm;
  std::iota(perm.begin(), perm.end(), 0);
  do {
    for (int signs = 0; signs < (1 << D); ++signs) {
      Transform<D> t;
      t.axis = perm;
      for (int a = 0; a < D; ++a) {
        t.sign[a] = (signs >> a) & 1 ? -1 : 1;
        t.offset[a] = static_cast<Coord>(rng() % 2001) - 1000;
      }
      out.push_back(t);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

template <int D>
Point<D> random_point(std::mt19937_64& rng) {
  Point<D> p;
  for (int a = 0; a < D; ++a) p[a] = static_cast<Coord>(rng() % 2001) - 1000;
  return p;
}

}  // namespace

TEST_SUITE("types") {
  TEST_CASE_TEMPLATE("composing transforms equals applying them one after the other", P, Point<2>,
                     Point<3>) {
    constexpr int D = sizeof(P) / sizeof(Coord);
    std::mt19937_64 rng(3);
    const auto ts = all_transforms<D>(rng);
    CHECK(ts.size() == (D == 2 ? 8u : 48u));
    for (const auto& outer : ts) {
      for (const auto& inner : ts) {
        const Transform<D> both = outer.compose(inner);
        for (int i = 0; i < 4; ++i) {
          const P p = random_point<D>(rng);
          CHECK(both.apply(p) == outer.apply(inner.apply(p)));
          CHECK(both.unapply(both.apply(p)) == p);
        }
      }
    }
  }

  TEST_CASE("GDSII's rotation and mirror survive the round trip through a signed permutation") {
    for (int rotation = 0; rotation < 4; ++rotation)
      for (bool mirror : {false, true}) {
        const auto t = Transform<2>::gds(rotation, mirror, {3, -4});
        CHECK(t.gds_rotation() == rotation);
        CHECK(t.gds_mirror() == mirror);
      }
    // Composing equals composing GDSII's linear parts R^a M^p R^b M^q = R^(a ± b) M^(p xor q).
    for (int a = 0; a < 8; ++a)
      for (int b = 0; b < 8; ++b) {
        const auto both =
            Transform<2>::gds(a & 3, a >= 4, {}).compose(Transform<2>::gds(b & 3, b >= 4, {}));
        CHECK(both.gds_mirror() == ((a >= 4) != (b >= 4)));
        CHECK(both.gds_rotation() == (((a & 3) + (a >= 4 ? 4 - (b & 3) : (b & 3))) & 3));
      }
  }

  TEST_CASE("a quarter turn maps the x axis onto the y axis") {
    const auto r90 = Transform<2>::gds(1, false, {0, 0});
    CHECK(r90.apply(Point<2>{1, 0}) == Point<2>{0, 1});
    const auto mirror_r90 = Transform<2>::gds(1, true, {0, 0});
    CHECK(mirror_r90.apply(Point<2>{2, 5}) == Point<2>{5, 2});
    Transform<3> mirror_y;
    mirror_y.sign[1] = -1;
    CHECK(mirror_y.apply(Point<3>{1, 2, 3}) == Point<3>{1, -2, 3});
  }

  TEST_CASE("closed boxes meet when they share only a corner") {
    const Box<2> a{0, 0, 2, 2}, b{2, 2, 4, 4}, c{3, 0, 4, 1};
    CHECK(a.intersects(b));
    CHECK_FALSE(a.intersects(c));
    CHECK(a.on_boundary(Point<2>{1, 0}));
    CHECK_FALSE(a.on_boundary(Point<2>{1, 1}));
    const Box<3> d{{0, 0, 0}, {2, 2, 2}}, e{{2, 2, 2}, {3, 3, 3}};
    CHECK(d.intersects(e));
    CHECK(d.intersection(e) == Box<3>::at({2, 2, 2}));
    CHECK(d.interior(Point<3>{1, 1, 1}));
    CHECK(d.on_boundary(Point<3>{1, 1, 2}));
    CHECK(Box<3>::none().united(d) == d);
  }
}
