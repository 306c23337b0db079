// The lattice layouts' hierarchical DRC (geometry/line_colours.hpp): sound against the flat
// check under random mutations, and each of its rules caught on purpose.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"

using namespace ftvlsi;

namespace {

constexpr std::uint64_t kMemory = std::uint64_t{1} << 30;

Layout<2> pyramid(std::uint64_t n) {
  return build_fold_and_squash(ButterflyFatTree(n, true));
}

bool has_rule(const DrcReport& r, const std::string& rule) {
  for (const auto& v : r.samples)
    if (v.rule == rule) return true;
  return false;
}

}  // namespace

TEST_SUITE("drc_lattice") {
  TEST_CASE("random mutations of a fat-pyramid lattice: whatever the flat check finds, it finds") {
    std::mt19937_64 rng(77);
    const Layout<2> clean = pyramid(256);
    REQUIRE(check_hierarchical(clean).violations == 0);
    int flat_caught = 0, caught = 0;
    for (int trial = 0; trial < 300; ++trial) {
      Layout<2> layout = clean;
      std::size_t c = rng() % layout.cells.size();
      Cell<2>& cell = layout.cells[c];
      const int kind = static_cast<int>(rng() % 3);
      const Coord delta = static_cast<Coord>(rng() % 3 + 1) * ((rng() % 2) ? 1 : -1);
      if (kind == 2 || cell.wire_count() == 0) {
        // A node moved by a few tracks.
        const std::size_t n = rng() % cell.node_count();
        Box<2>& b = cell.node_box[n];
        if (rng() % 2)
          b.lo[0] += delta, b.hi[0] += delta;
        else
          b.lo[1] += delta, b.hi[1] += delta;
      } else {
        // One segment of a wire moved across by a few tracks (its neighbours stretch), or an
        // end point moved along its segment.
        const std::size_t w = rng() % cell.wire_count();
        const std::size_t first = cell.wire_start[w], last = cell.wire_start[w + 1] - 1;
        const std::size_t i = first + rng() % (last - first);  // segment (i, i + 1)
        Point<2>& a = cell.wire_points[i];
        Point<2>& b = cell.wire_points[i + 1];
        if (kind == 0 && a.y() == b.y())
          a.y() += delta, b.y() += delta;
        else if (kind == 0)
          a.x() += delta, b.x() += delta;
        else if (a.y() == b.y())
          b.x() += delta;
        else
          b.y() += delta;
      }
      layout.finalize();
      const auto h = check_hierarchical(layout).violations;
      const auto f = check_flat(layout, kMemory).violations;
      CHECK((h > 0 || f == 0));  // sound: never clean where the flat check is not
      flat_caught += f > 0;
      caught += h > 0;
    }
    MESSAGE("mutations caught: flat " << flat_caught << ", lattice " << caught << " of 300");
    CHECK(flat_caught > 100);
  }

  TEST_CASE(
      "a mesh edge moved onto its neighbour's track in the top cell is a short of the pattern") {
    Layout<2> layout = pyramid(256);
    Cell<2>& top = layout.cells[layout.top];
    // The first mesh edge of the top cell (a level below the top's) with a horizontal middle
    // segment: a diagonal or H edge.
    const int top_level = ButterflyFatTree(256, true).levels();
    std::size_t w = 0;
    while (w < top.wire_count() && (top.wire(w).size() != 4 || top.wire_level[w] == top_level)) ++w;
    REQUIRE(w < top.wire_count());
    const std::size_t at = top.wire_start[w] + 1;
    // Its track group holds p = 2 tracks per kind: move to the other one of the pair.
    const std::int32_t colour = layout.colours->row_colour(top.wire_points[at].y());
    Coord shift = 1;
    if (layout.colours->row_colour(top.wire_points[at].y() + 1) != colour) shift = -1;
    top.wire_points[at].y() += shift;
    top.wire_points[at + 1].y() += shift;
    layout.finalize();
    const DrcReport h = check_hierarchical(layout);
    CHECK(check_flat(layout, kMemory).violations > 0);
    CHECK(h.violations > 0);
    bool pattern = false;
    for (const auto& v : h.samples) pattern = pattern || v.cell.rfind("(pattern", 0) == 0;
    CHECK(pattern);
  }

  TEST_CASE("a tree wire through a child's switch is a crossing, a pin used twice is a short") {
    Layout<2> layout = pyramid(64);
    Cell<2>& top = layout.cells[layout.top];
    // A copy of a tree wire of the top cell: it ends on the same pin twice.
    const auto pts = top.wire(0);
    const std::vector<Point<2>> copy(pts.begin(), pts.end());
    top.add_wire(copy, top.wire_level[0], WireDir::kUp, top.wire_from[0], top.wire_to[0]);
    layout.finalize();
    const DrcReport twice = check_hierarchical(layout);
    CHECK(twice.violations > 0);
    CHECK(has_rule(twice, "short"));
  }

  TEST_CASE("an instance off its lattice, a wire off its colour, a node across colours") {
    {
      Layout<2> layout = pyramid(64);
      layout.cells[layout.top].instances[1].transform.offset.x() += layout.colours->pitch;
      layout.finalize();
      const DrcReport r = check_hierarchical(layout);
      CHECK(has_rule(r, "lattice"));
      CHECK(check_flat(layout, kMemory).violations > 0);
    }
    {
      Layout<2> layout = pyramid(64);
      Cell<2>& cell = layout.cells[1];
      // Move a whole tree wire right onto the first column of another colour.
      const std::size_t w = 0;
      const Coord x = cell.wire_points[cell.wire_start[w]].x();
      Coord shift = 1;
      while (layout.colours->col_colour(x + shift) == layout.colours->col_colour(x)) ++shift;
      for (std::size_t i = cell.wire_start[w]; i < cell.wire_start[w + 1]; ++i)
        cell.wire_points[i].x() += shift;
      layout.finalize();
      CHECK(has_rule(check_hierarchical(layout), "colour"));
    }
    {
      Layout<2> layout = pyramid(64);
      Cell<2>& cell = layout.cells[2];
      cell.node_box[0].hi[1] += 3;  // into the rows of the next band
      layout.finalize();
      CHECK(has_rule(check_hierarchical(layout), "colour"));
    }
  }

  TEST_CASE("butterfly fat-tree and scalable fat-tree lattices are clean under both checks") {
    for (const std::vector<int>& parents :
         std::vector<std::vector<int>>{{2}, {1}, {4}, {4, 1, 2}, {1, 4, 4}})
      for (bool pyr : {false, true}) {
        CAPTURE(pyr);
        CAPTURE(parents.size());
        CAPTURE(parents.front());
        const std::uint64_t n = parents.size() == 3 ? 256 : 1024;
        const Layout<2> layout = build_fold_and_squash(ButterflyFatTree(n, pyr, parents));
        const DrcReport h = check_hierarchical(layout);
        CHECK(h.violations == 0);
        if (!h.samples.empty())
          MESSAGE(h.samples[0].rule << " " << h.samples[0].cell << " " << h.samples[0].detail);
        CHECK(check_flat(layout, kMemory).violations == 0);
      }
  }
}
