// The 3D lattice layouts' hierarchical DRC (geometry/point_colours.hpp): sound against the flat
// check under seeded random mutations, and each of its rules caught on purpose.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/layout/butterfly3d_lattice.hpp"

using namespace ftvlsi;

namespace {

constexpr std::uint64_t kMemory = std::uint64_t{1} << 30;

Layout<3> lattice(std::uint64_t n, bool pyramid = false) {
  return build_butterfly3d_lattice(ButterflyFatTree3d(n, pyramid));
}

bool has_rule(const DrcReport& r, const std::string& rule) {
  for (const auto& v : r.samples)
    if (v.rule == rule) return true;
  return false;
}

// One random change: a node moved, a whole wire moved, one segment of a wire moved across (its
// neighbours stretch), or a wire drawn over another one of its cell.
void mutate(Layout<3>& layout, std::mt19937_64& rng) {
  Cell<3>& cell = layout.cells[1 + rng() % (layout.cells.size() - 1)];
  const int axis = static_cast<int>(rng() % 3);
  const Coord delta = static_cast<Coord>(rng() % 2 + 1) * ((rng() % 2) ? 1 : -1);
  const int kind = static_cast<int>(rng() % 4);
  if (kind == 0) {
    Box<3>& b = cell.node_box[rng() % cell.node_count()];
    b.lo[axis] += delta, b.hi[axis] += delta;
    return;
  }
  const std::size_t w = rng() % cell.wire_count();
  const std::size_t first = cell.wire_start[w], last = cell.wire_start[w + 1] - 1;
  if (kind == 1) {
    for (std::size_t i = first; i <= last; ++i) cell.wire_points[i][axis] += delta;
  } else if (kind == 2) {
    const std::size_t i = first + 1 + rng() % (last - first - 1);  // an inner segment (i, i + 1)
    Point<3>& a = cell.wire_points[i];
    Point<3>& b = cell.wire_points[i + 1];
    const int along = a.x() != b.x() ? 0 : a.y() != b.y() ? 1 : 2;
    const int across = (along + 1 + static_cast<int>(rng() % 2)) % 3;
    a[across] += delta, b[across] += delta;
  } else {
    const std::size_t v = rng() % cell.wire_count();
    const auto pts = cell.wire(v);
    const std::vector<Point<3>> copy(pts.begin(), pts.end());
    cell.add_wire(copy, cell.wire_level[w], WireDir::kUp, cell.wire_from[w], cell.wire_to[w]);
  }
}

}  // namespace

TEST_SUITE("drc_lattice3") {
  TEST_CASE("random mutations of a 3D lattice: whatever the flat check finds, it finds") {
    for (bool pyramid : {false, true}) {
      CAPTURE(pyramid);
      std::mt19937_64 rng(pyramid ? 2718 : 314);
      const Layout<3> clean = lattice(512, pyramid);
      REQUIRE(check_hierarchical(clean).violations == 0);
      REQUIRE(check_flat(clean, kMemory).violations == 0);
      int flat_caught = 0, caught = 0;
      for (int trial = 0; trial < 120; ++trial) {
        Layout<3> layout = clean;
        mutate(layout, rng);
        layout.finalize();
        const auto h = check_hierarchical(layout).violations;
        const auto f = check_flat(layout, kMemory).violations;
        CHECK((h > 0 || f == 0));  // sound: never clean where the flat check is not
        flat_caught += f > 0;
        caught += h > 0;
      }
      MESSAGE("mutations caught: flat " << flat_caught << ", lattice " << caught << " of 120");
      CHECK(flat_caught > 100);
    }
  }

  TEST_CASE("fat-pyramid mesh: a cell off its pattern's lattice, a mesh wire moved by a node") {
    {
      Layout<3> layout = lattice(512, true);
      layout.cells[2].lattice = 1;  // draws level-1 mesh wires (period 4 cells)
      CHECK(has_rule(check_hierarchical(layout), "lattice"));
    }
    {
      // A level-1 mesh wire of the level-2 cell moved one level-1 node along its axis: it now
      // lies on a wire the level-3 cell draws. Its translate class is that wire's, so the window
      // sees one wire; its ends left its pins (open), and a pin reaches at most one wire because
      // each cell uses or re-exports a child's pin once.
      Layout<3> layout = lattice(512, true);
      Cell<3>& cell = layout.cells[2];
      const auto side = layout.point_colours->period;
      std::size_t w = 0;
      while (w < cell.wire_count() && cell.wire_level[w] != 1) ++w;
      REQUIRE(w < cell.wire_count());
      const auto pts = cell.wire(w);
      const int axis = pts.front().x() != pts.back().x()   ? 0
                       : pts.front().y() != pts.back().y() ? 1
                                                           : 2;
      for (std::size_t i = cell.wire_start[w]; i < cell.wire_start[w + 1]; ++i)
        cell.wire_points[i][axis] += 2 * side[axis];
      layout.finalize();
      const DrcReport r = check_hierarchical(layout);
      CHECK(has_rule(r, "open"));
      CHECK(check_flat(layout, kMemory).violations > 0);
    }
    {
      // The same wire moved by half a cell's period across: it meets the translates of the
      // level's other wires on its new line; the window finds the short.
      Layout<3> layout = lattice(512, true);
      Cell<3>& top = layout.cells[layout.top];
      std::size_t w = 0;
      while (w < top.wire_count() && top.wire_level[w] != 1) ++w;
      REQUIRE(w < top.wire_count());
      const auto pts = top.wire(w);
      std::vector<Point<3>> copy(pts.begin(), pts.end());
      const Coord step = 2 * layout.point_colours->period[2];  // one level-1 node up
      for (Point<3>& p : copy) p.z() += step;
      top.add_wire(copy, 1, WireDir::kUp, top.wire_from[w], top.wire_to[w]);
      layout.finalize();
      const DrcReport r = check_hierarchical(layout);
      CHECK(r.violations > 0);
      CHECK(check_flat(layout, kMemory).violations > 0);
    }
  }

  TEST_CASE("a wire copied onto another's track is a short, a pin used twice is a short") {
    Layout<3> layout = lattice(64);
    Cell<3>& top = layout.cells[layout.top];
    const auto pts = top.wire(0);
    const std::vector<Point<3>> copy(pts.begin(), pts.end());
    top.add_wire(copy, top.wire_level[0], WireDir::kUp, top.wire_from[0], top.wire_to[0]);
    layout.finalize();
    const DrcReport r = check_hierarchical(layout);
    CHECK(has_rule(r, "short"));
    CHECK(check_flat(layout, kMemory).violations > 0);
  }

  TEST_CASE("an instance off the lattice, a wire off its colour, a node across colours") {
    {
      Layout<3> layout = lattice(64);
      layout.cells[layout.top].instances[1].transform.offset.z() += 1;
      layout.finalize();
      CHECK(has_rule(check_hierarchical(layout), "lattice"));
      CHECK(check_flat(layout, kMemory).violations > 0);
    }
    {
      Layout<3> layout = lattice(64);
      layout.cells[layout.top].instances[1].transform.offset.x() -= layout.point_colours->period[0];
      layout.finalize();
      CHECK(has_rule(check_hierarchical(layout), "overlap"));
      CHECK(check_flat(layout, kMemory).violations > 0);
    }
    {
      // A whole wire moved by two units along x: off its z-track onto points of no colour.
      Layout<3> layout = lattice(64);
      Cell<3>& cell = layout.cells[1];
      for (std::size_t i = cell.wire_start[0]; i < cell.wire_start[1]; ++i)
        cell.wire_points[i].x() += 2;
      layout.finalize();
      const DrcReport r = check_hierarchical(layout);
      CHECK(has_rule(r, "colour"));
      CHECK(has_rule(r, "open"));
    }
    {
      Layout<3> layout = lattice(64);
      layout.cells[2].node_box[0].hi[0] += 1;  // onto the z-tracks beside the slot
      layout.finalize();
      CHECK(has_rule(check_hierarchical(layout), "colour"));
    }
  }

  TEST_CASE("a colour used by two cells, or a pattern colour without a period, is refused") {
    {
      Layout<3> layout = lattice(64);
      layout.cells[1].node_box.push_back(layout.cells[2].node_box[0]);
      layout.cells[1].node_kind.push_back(NodeKind::kSwitch);
      layout.cells[1].node_level.push_back(2);
      layout.finalize();
      CHECK(has_rule(check_hierarchical(layout), "colour"));
    }
    {
      Layout<3> layout = lattice(8);
      layout.point_colours->rules[1].kind = ColourRule::Kind::kPatternWire;
      CHECK(has_rule(check_hierarchical(layout), "colour"));
    }
  }
}
