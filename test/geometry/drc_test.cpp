#include "ftvlsi/geometry/drc.hpp"

#include <doctest/doctest.h>

#include <array>
#include <functional>
#include <random>
#include <string>
#include <utility>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/h_tree.hpp"

using namespace ftvlsi;

namespace {

constexpr std::uint64_t kMemory = std::uint64_t{1} << 30;

// Two nodes joined by an L-shaped wire, in one flat cell.
Layout<2> two_nodes() {
  Layout<2> layout;
  layout.wire_levels = 1;
  Cell<2> cell;
  cell.name = "TOP";
  const auto a = cell.add_node({0, 0, 2, 2}, NodeKind::kSwitch, 0);
  const auto b = cell.add_node({10, 10, 12, 12}, NodeKind::kSwitch, 0);
  const std::array<Point<2>, 3> path{Point<2>{2, 1}, Point<2>{11, 1}, Point<2>{11, 10}};
  cell.add_wire(path, 0, WireDir::kUp, Terminal::node(a), Terminal::node(b));
  layout.cells.push_back(cell);
  layout.top = 0;
  layout.finalize();
  return layout;
}

std::size_t both_count(const Layout<2>& layout) {
  const auto h = check_hierarchical(layout).violations;
  const auto f = check_flat(layout, kMemory).violations;
  CHECK((h > 0) == (f > 0));
  return h;
}

FatTree tree_of(std::uint64_t n, CapacityProfile profile) {
  FatTreeParams params;
  params.processors = n;
  params.capacity.profile = profile;
  return FatTree(params);
}

}  // namespace

TEST_SUITE("drc") {
  TEST_CASE("a clean two-node layout passes both checks") {
    CHECK(both_count(two_nodes()) == 0);
  }

  TEST_CASE("two wires overlapping on one layer are a short") {
    Layout<2> layout = two_nodes();
    const std::array<Point<2>, 3> path{Point<2>{2, 2}, Point<2>{5, 2}, Point<2>{5, 1}};
    layout.cells[0].add_wire(path, 0, WireDir::kDown, Terminal::node(0), Terminal::node(0));
    layout.finalize();
    CHECK(both_count(layout) > 0);
  }

  TEST_CASE("a wire crossing a wire on the other layer is fine, through its bend it is not") {
    Layout<2> layout = two_nodes();
    const std::array<Point<2>, 2> vertical{Point<2>{5, 0}, Point<2>{5, 3}};
    layout.cells[0].add_node({4, -3, 6, -1}, NodeKind::kSwitch, 0);
    layout.cells[0].add_node({4, 3, 6, 5}, NodeKind::kSwitch, 0);
    const std::array<Point<2>, 2> v2{Point<2>{5, -1}, Point<2>{5, 3}};
    layout.cells[0].add_wire(v2, 0, WireDir::kDown, Terminal::node(2), Terminal::node(3));
    layout.finalize();
    CHECK(both_count(layout) == 0);
    // Now a vertical wire through the bend at (11, 1).
    Layout<2> bad = two_nodes();
    bad.cells[0].add_node({10, -3, 12, -1}, NodeKind::kSwitch, 0);
    bad.cells[0].add_node({13, 0, 15, 2}, NodeKind::kSwitch, 0);
    const std::array<Point<2>, 3> through{Point<2>{11, -1}, Point<2>{11, 1}, Point<2>{13, 1}};
    bad.cells[0].add_wire(through, 0, WireDir::kDown, Terminal::node(2), Terminal::node(3));
    bad.finalize();
    CHECK(both_count(bad) > 0);
    (void)vertical;
  }

  TEST_CASE("a wire through a node it does not connect to is a crossing") {
    Layout<2> layout = two_nodes();
    layout.cells[0].add_node({5, 0, 6, 3}, NodeKind::kProcessor, 0);
    layout.finalize();
    CHECK(both_count(layout) > 0);
  }

  TEST_CASE("a wire that stops short of its node is open") {
    Layout<2> layout = two_nodes();
    layout.cells[0].wire_points.back() = Point<2>{11, 9};
    layout.finalize();
    CHECK(both_count(layout) > 0);
  }

  TEST_CASE("overlapping nodes and diagonal wires are violations") {
    Layout<2> layout = two_nodes();
    layout.cells[0].add_node({1, 1, 3, 3}, NodeKind::kSwitch, 0);
    layout.finalize();
    CHECK(both_count(layout) > 0);
    Layout<2> diag = two_nodes();
    diag.cells[0].wire_points[1] = Point<2>{10, 2};
    diag.finalize();
    CHECK(check_hierarchical(diag).violations > 0);
  }

  TEST_CASE("overlapping instances are caught by the hierarchical check") {
    FatTree tree = tree_of(16, CapacityProfile::kLinearSize);
    Layout<2> layout = build_h_tree(tree);
    // Push the right child of the root cell onto the left one.
    Cell<2>& root = layout.cells[layout.cells.size() - 2];
    root.instances[1].transform.offset.x() -= 3;
    layout.finalize();
    CHECK(check_hierarchical(layout).violations > 0);
    CHECK(check_flat(layout, kMemory).violations > 0);
  }

  TEST_CASE("random single-point mutations of an H-tree are caught by both checks") {
    std::mt19937_64 rng(2024);
    int caught = 0;
    for (int trial = 0; trial < 200; ++trial) {
      Layout<2> layout = build_h_tree(tree_of(64, CapacityProfile::kModular));
      // Pick a cell with wires and move one wire point by one track.
      std::size_t c = rng() % (layout.cells.size());
      while (layout.cells[c].wire_points.empty()) c = (c + 1) % layout.cells.size();
      Cell<2>& cell = layout.cells[c];
      const std::size_t w = rng() % cell.wire_count();
      const std::size_t first = cell.wire_start[w], last = cell.wire_start[w + 1] - 1;
      const std::size_t p = first + rng() % (last - first + 1);
      // Move the point along the segment it starts or ends, keeping the wire Manhattan.
      const bool horizontal_next =
          p < last && cell.wire_points[p].y() == cell.wire_points[p + 1].y();
      const Coord delta = (rng() % 2) ? 1 : -1;
      if (p == first || p == last) {
        // An end point: slide it off its node or pin along the wire.
        const Point<2> other = cell.wire_points[p == first ? p + 1 : p - 1];
        if (other.x() == cell.wire_points[p].x())
          cell.wire_points[p].y() += (other.y() > cell.wire_points[p].y() ? 1 : -1);
        else
          cell.wire_points[p].x() += (other.x() > cell.wire_points[p].x() ? 1 : -1);
      } else if (horizontal_next) {
        cell.wire_points[p].x() += delta;  // breaks the bend: the previous segment is vertical
        cell.wire_points[p - 1].x() += delta;
      } else {
        cell.wire_points[p].y() += delta;
        cell.wire_points[p - 1].y() += delta;
      }
      layout.finalize();
      const auto h = check_hierarchical(layout).violations;
      const auto f = check_flat(layout, kMemory).violations;
      // The hierarchical check is sound: whatever the flat check finds, it finds too (it may
      // be stricter: an end moved along its node's edge off the pin is an error only there).
      CHECK((h > 0 || f == 0));
      if (p == first || p == last) CHECK(h > 0);
      caught += h > 0;
    }
    MESSAGE("mutations caught: " << caught << " of 200");
    CHECK(caught > 50);
  }

  TEST_CASE("in 3D, ends left to geometry rest on a node's boundary, never inside it") {
    Layout<3> layout;
    Cell<3> cell;
    cell.name = "TOP";
    cell.add_node({{0, 0, 0}, {2, 2, 2}}, NodeKind::kProcessor, 0);
    cell.add_node({{5, 0, 0}, {7, 2, 2}}, NodeKind::kProcessor, 0);
    const std::array<Point<3>, 2> unit{Point<3>{2, 1, 1}, Point<3>{5, 1, 1}};
    cell.add_wire(unit, 0);
    layout.wire_levels = 1;
    layout.cells.push_back(cell);
    layout.top = 0;
    layout.finalize();
    CHECK(check_hierarchical(layout).violations == 0);
    CHECK(check_flat(layout, kMemory).violations == 0);
    Layout<3> inside = layout;
    inside.cells[0].wire_points[1] = Point<3>{6, 1, 1};  // into the second node
    inside.finalize();
    CHECK(check_hierarchical(inside).violations > 0);
    CHECK(check_flat(inside, kMemory).violations > 0);
    Layout<3> loose = layout;
    loose.cells[0].wire_points[1] = Point<3>{4, 1, 1};  // short of it: in the air
    loose.finalize();
    CHECK(check_hierarchical(loose).violations > 0);
    CHECK(check_flat(loose, kMemory).violations > 0);
    Layout<3> along = layout;  // a second wire starting on the first: a short
    const std::array<Point<3>, 3> bent{Point<3>{3, 1, 1}, Point<3>{3, 1, 4}, Point<3>{6, 1, 4}};
    along.cells[0].add_wire(bent, 0);
    along.finalize();
    CHECK(check_hierarchical(along).violations > 0);
  }

  TEST_CASE("random mutations of a cube layout caught flat are caught hierarchically") {
    std::mt19937_64 rng(2025);
    int caught = 0, flat_caught = 0;
    for (int trial = 0; trial < 150; ++trial) {
      Layout<3> layout = build_cube(tree_of(64, CapacityProfile::kUniversal));
      std::size_t c = rng() % layout.cells.size();
      while (layout.cells[c].wire_points.empty()) c = (c + 1) % layout.cells.size();
      Cell<3>& cell = layout.cells[c];
      const std::size_t w = rng() % cell.wire_count();
      const std::size_t first = cell.wire_start[w], last = cell.wire_start[w + 1] - 1;
      const int axis = static_cast<int>(rng() % 3);
      const Coord delta = (rng() % 2) ? 1 : -1;
      if (rng() % 2) {
        cell.wire_points[rng() % 2 ? first : last][axis] += delta;  // one end
      } else {
        for (std::size_t p = first; p <= last; ++p) cell.wire_points[p][axis] += delta;
      }
      layout.finalize();
      const auto h = check_hierarchical(layout).violations;
      const auto f = check_flat(layout, kMemory).violations;
      CHECK((h > 0 || f == 0));
      caught += h > 0;
      flat_caught += f > 0;
    }
    MESSAGE("mutations caught: hierarchical " << caught << ", flat " << flat_caught << " of 150");
    CHECK(caught > 100);
  }

  TEST_CASE("a DRC that needs more memory than it may use is refused before it allocates") {
    const Layout<2> layout = two_nodes();
    CHECK(flat_drc_bytes(layout) > 0);
    CHECK(hierarchical_drc_bytes(layout) > 0);
    for (const auto& [id, check] :
         {std::pair<int, std::function<void()>>{8011, [&] { check_flat(layout, 10); }},
          {8028, [&] { check_hierarchical(layout, 10); }}}) {
      try {
        check();
        FAIL("no refusal");
      } catch (const InputError& e) {
        CHECK(e.id() == id);
        CHECK(std::string(e.what()).find("10 bytes are available beside the layout") !=
              std::string::npos);
      }
    }
    CHECK(check_flat(layout, flat_drc_bytes(layout)).violations == 0);
    CHECK(check_hierarchical(layout, hierarchical_drc_bytes(layout)).violations == 0);
  }
}
