// The hierarchical layout model on random hierarchies in 2D and 3D: a cell's bounding box is the
// union of everything it places, the flat counts and the instance depth are those of the
// expanded tree, walk_instances visits that tree depth first, pins resolve through re-exports to
// an own node, and vias follow the dimension's wiring model.
#include "ftvlsi/geometry/layout.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <tuple>
#include <vector>

#include "support/random_layout.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_layout;

namespace {

// The instance tree below `cell`, expanded by hand: every placement's cell, transform and depth
// in depth-first order.
template <int D>
void expand(const Layout<D>& layout, std::int32_t cell, const Transform<D>& t, int depth,
            std::vector<std::tuple<std::int32_t, Transform<D>, int>>& out) {
  out.emplace_back(cell, t, depth);
  for (const auto& inst : layout.cells[cell].instances)
    expand(layout, inst.cell, t.compose(inst.transform), depth + 1, out);
}

template <int D>
void check_random_hierarchies(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 60; ++trial) {
    const Layout<D> layout = random_layout<D>(rng, 1 + static_cast<int>(rng() % 6));
    const auto counts = layout.flat_counts();
    CAPTURE(trial);
    for (std::int32_t c = 0; c < static_cast<std::int32_t>(layout.cells.size()); ++c) {
      std::vector<std::tuple<std::int32_t, Transform<D>, int>> placed;
      expand(layout, c, Transform<D>{}, 0, placed);
      Box<D> bbox = Box<D>::none();
      FlatCounts expected;
      int depth = 0;
      for (const auto& [cell_id, t, d] : placed) {
        const Cell<D>& cell = layout.cells[cell_id];
        for (const auto& b : cell.node_box) bbox = bbox.united(t.apply(b));
        for (const auto& p : cell.wire_points) bbox = bbox.united(Box<D>::at(t.apply(p)));
        expected.nodes += cell.node_count();
        expected.wires += cell.wire_count();
        for (std::size_t w = 0; w < cell.wire_count(); ++w) {
          const auto wire = cell.wire(w);
          expected.segments += wire.size() - 1;
          for (std::size_t i = 1; i < wire.size(); ++i)  // 2D: each interior point is a bend
            expected.vias +=
                D == 2
                    ? (i + 1 < wire.size())
                    : static_cast<std::uint64_t>(std::llabs(wire[i][D - 1] - wire[i - 1][D - 1]));
        }
        depth = std::max(depth, d);
      }
      CHECK(layout.cells[c].bbox == bbox);
      CHECK(counts[c].nodes == expected.nodes);
      CHECK(counts[c].wires == expected.wires);
      CHECK(counts[c].segments == expected.segments);
      CHECK(counts[c].vias == expected.vias);
      if (c == layout.top) CHECK(instance_depth(layout) == depth);
      // walk_instances visits the same placements in the same order.
      std::vector<std::tuple<std::int32_t, Transform<D>, int>> walked;
      walk_instances(layout, c, Transform<D>{}, 0,
                     [&](std::int32_t cell, const Transform<D>& t, int d) {
                       walked.emplace_back(cell, t, d);
                       return true;
                     });
      CHECK(walked == placed);
      // Refusing to descend below depth 1 prunes exactly the deeper placements.
      std::size_t shallow = 0;
      walk_instances(layout, c, Transform<D>{}, 0, [&](std::int32_t, const Transform<D>&, int d) {
        ++shallow;
        return d < 1;
      });
      CHECK(shallow ==
            static_cast<std::size_t>(std::count_if(
                placed.begin(), placed.end(), [](const auto& p) { return std::get<2>(p) <= 1; })));
    }
  }
}

}  // namespace

TEST_SUITE("layout") {
  TEST_CASE("bounding boxes, flat counts, depth and the walk are those of the expanded tree (2D)") {
    check_random_hierarchies<2>(0x1a2);
  }

  TEST_CASE("bounding boxes, flat counts, depth and the walk are those of the expanded tree (3D)") {
    check_random_hierarchies<3>(0x1a3);
  }

  TEST_CASE("a pin resolves through its re-exports to an own node of the cell that holds it") {
    std::mt19937_64 rng(0x919);
    int reexported = 0;
    for (int trial = 0; trial < 100; ++trial) {
      const Layout<2> layout = random_layout<2>(rng, 2 + static_cast<int>(rng() % 5));
      for (std::int32_t c = 0; c < static_cast<std::int32_t>(layout.cells.size()); ++c)
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(layout.cells[c].pins.size()); ++p) {
          // Follow the chain by hand to a pin on an own node.
          std::int32_t cell = c, pin = p;
          while (layout.cells[cell].pins[pin].reexported()) {
            const auto& via = layout.cells[cell].pins[pin];
            cell = layout.cells[cell].instances[via.via_instance].cell, pin = via.via_pin;
          }
          reexported += cell != c;
          const auto [node_cell, node] = pin_node(layout, c, p);
          CHECK(node_cell == cell);
          CHECK(node == layout.cells[cell].pins[pin].node);
          CHECK(node >= 0);
        }
    }
    CHECK(reexported > 20);
  }

  TEST_CASE("vias: every bend in 2D, every unit step along z in 3D") {
    const std::vector<Point<2>> flat{{0, 0}, {5, 0}, {5, 3}, {9, 3}};
    CHECK(wire_vias<2>(flat) == 2);
    CHECK(wire_vias<2>(std::vector<Point<2>>{{0, 0}, {0, 7}}) == 0);
    const std::vector<Point<3>> rise{{0, 0, 0}, {0, 0, 4}, {3, 0, 4}, {3, 0, 1}, {3, 2, 1}};
    CHECK(wire_vias<3>(rise) == 7);
    CHECK(wire_vias<3>(std::vector<Point<3>>{{0, 0, 2}, {8, 0, 2}}) == 0);
  }

  TEST_CASE("a terminal is exactly one of an own node, an instance's pin or left to geometry") {
    for (const Terminal t : {Terminal::node(3), Terminal::pin(0, 2), Terminal::pin(5, 0),
                             Terminal::by_geometry(), Terminal{}}) {
      CHECK(int(t.is_node()) + int(t.is_pin()) + int(t.is_geometric()) == 1);
    }
    CHECK(Terminal::node(3).index == 3);
    CHECK(Terminal::pin(5, 1).instance == 5);
    CHECK(Terminal::pin(5, 1).index == 1);
    CHECK(Terminal{}.is_node());  // the default names own node 0
  }

  TEST_CASE("the bytes a layout holds grow with what it holds") {
    std::mt19937_64 rng(0xb7e);
    Layout<3> layout = random_layout<3>(rng, 4);
    const std::uint64_t before = layout_bytes(layout);
    std::uint64_t least = 0;
    for (const auto& c : layout.cells)
      least += c.wire_points.size() * sizeof(Point<3>) + c.node_box.size() * sizeof(Box<3>);
    CHECK(before >= least);
    layout.cells[0].reserve_wires(1000, 10000);
    CHECK(layout_bytes(layout) >= before + 10000 * sizeof(Point<3>));
  }
}
