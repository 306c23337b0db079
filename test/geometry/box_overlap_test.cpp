// The box sweep behind every DRC (src/geometry/box_overlap.hpp, private to the geometry
// module): every intersecting pair exactly once, against a brute-force count on seeded random
// sets. 3D sets mix segments along each axis, points and solid boxes, so that the segment sweep
// (lines and planes), the segment-against-box pass (a few boxes, or many through CGAL) and
// CGAL among boxes all run, with 32-bit and 64-bit coordinates.
#include "../../src/geometry/box_overlap.hpp"

#include <doctest/doctest.h>

#include <random>
#include <set>
#include <utility>

using namespace ftvlsi;

namespace {

using Pairs = std::set<std::pair<std::uint32_t, std::uint32_t>>;

template <int D>
Pairs brute_force(const std::vector<Box<D>>& boxes) {
  Pairs out;
  for (std::uint32_t i = 0; i < boxes.size(); ++i)
    for (std::uint32_t j = i + 1; j < boxes.size(); ++j)
      if (boxes[i].intersects(boxes[j])) out.insert({i, j});
  return out;
}

template <int D>
Pairs swept(const std::vector<Box<D>>& boxes, int& duplicates) {
  Pairs out;
  duplicates = 0;
  detail::for_each_overlap<D>(boxes, [&](std::uint32_t i, std::uint32_t j) {
    if (!out.insert({std::min(i, j), std::max(i, j)}).second || i == j) ++duplicates;
  });
  return out;
}

std::vector<Box<3>> random_boxes3(std::mt19937_64& rng, int solids, Coord offset) {
  std::vector<Box<3>> boxes;
  auto coord = [&](Coord span) { return offset + static_cast<Coord>(rng() % span); };
  for (int i = 0; i < 400; ++i) {
    Point<3> lo{coord(16), coord(16), coord(16)};
    Point<3> hi = lo;
    const int kind = static_cast<int>(rng() % 4);  // a segment along x, y, z, or a point
    if (kind < 3) hi[kind] += static_cast<Coord>(1 + rng() % 8);
    boxes.push_back({lo, hi});
  }
  for (int i = 0; i < solids; ++i) {
    Point<3> lo{coord(16), coord(16), coord(16)};
    Point<3> hi{lo.x() + static_cast<Coord>(1 + rng() % 4),
                lo.y() + static_cast<Coord>(1 + rng() % 4), lo.z() + static_cast<Coord>(rng() % 4)};
    boxes.push_back({lo, hi});
  }
  std::shuffle(boxes.begin(), boxes.end(), rng);
  return boxes;
}

}  // namespace

TEST_SUITE("box_overlap") {
  TEST_CASE("3D: segments, points and boxes, every pair once (property, seeded)") {
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
      CAPTURE(seed);
      std::mt19937_64 rng(seed);
      const int solids = seed % 3 == 0 ? 0 : seed % 3 == 1 ? 8 : 60;  // none, few, many
      const Coord offset = seed % 2 == 0 ? 0 : (Coord{1} << 40);      // 32 or 64 bits
      const auto boxes = random_boxes3(rng, solids, offset);
      int duplicates = 0;
      const Pairs got = swept<3>(boxes, duplicates);
      CHECK(duplicates == 0);
      CHECK(got == brute_force<3>(boxes));
    }
  }

  TEST_CASE("2D: every pair once (property, seeded)") {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      std::mt19937_64 rng(seed);
      std::vector<Box<2>> boxes;
      for (int i = 0; i < 300; ++i) {
        const Coord x = static_cast<Coord>(rng() % 30), y = static_cast<Coord>(rng() % 30);
        boxes.push_back(
            {{x, y}, {x + static_cast<Coord>(rng() % 6), y + static_cast<Coord>(rng() % 6)}});
      }
      int duplicates = 0;
      CHECK(swept<2>(boxes, duplicates) == brute_force<2>(boxes));
      CHECK(duplicates == 0);
    }
  }
}
