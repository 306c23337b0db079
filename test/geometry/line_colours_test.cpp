// Line colours repeat with the pitch on every row and column, negative coordinates included.
#include "ftvlsi/geometry/line_colours.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace ftvlsi;

TEST_SUITE("line_colours") {
  TEST_CASE("mod lands at least 0 and below m and keeps the residue, for negative values too") {
    std::mt19937_64 rng(0xc01);
    for (int i = 0; i < 10000; ++i) {
      const Coord m = 1 + static_cast<Coord>(rng() % 50);
      const Coord v = static_cast<Coord>(rng() % 2001) - 1000;
      const Coord r = LineColours::mod(v, m);
      CHECK(r >= 0);
      CHECK(r < m);
      CHECK((v - r) % m == 0);
    }
  }

  TEST_CASE("row and column colours repeat with the pitch, and node colours are the node rules") {
    std::mt19937_64 rng(0xc02);
    for (int trial = 0; trial < 50; ++trial) {
      LineColours lc;
      lc.pitch = 1 + static_cast<Coord>(rng() % 12);
      lc.rules.resize(1 + rng() % 4);
      for (auto& rule : lc.rules) rule.kind = static_cast<ColourRule::Kind>(rng() % 3);
      for (Coord i = 0; i < lc.pitch; ++i) {
        lc.row.push_back(static_cast<std::int32_t>(rng() % lc.rules.size()));
        lc.col.push_back(static_cast<std::int32_t>(rng() % lc.rules.size()));
      }
      for (int q = 0; q < 100; ++q) {
        const Coord y = static_cast<Coord>(rng() % 401) - 200;
        const Coord k = static_cast<Coord>(rng() % 21) - 10;
        CHECK(lc.row_colour(y) == lc.row_colour(y + k * lc.pitch));
        CHECK(lc.col_colour(y) == lc.col_colour(y + k * lc.pitch));
        if (y >= 0 && y < lc.pitch) {
          CHECK(lc.row_colour(y) == lc.row[y]);
          CHECK(lc.col_colour(y) == lc.col[y]);
        }
      }
      for (std::size_t c = 0; c < lc.rules.size(); ++c)
        CHECK(lc.is_node(static_cast<std::int32_t>(c)) ==
              (lc.rules[c].kind == ColourRule::Kind::kNode));
    }
  }
}
