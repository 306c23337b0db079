// The layered 3D router on random networks of bounded degree: one node box per slot, one wire per
// network wire from the top face of its source to the top face of its destination, every wire
// end on a pin of its own, the planes taken in pairs above the nodes, and the layout DRC clean.
#include "ftvlsi/layout/layered3d.hpp"

#include <doctest/doctest.h>

#include <array>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "ftvlsi/geometry/drc.hpp"

using namespace ftvlsi;

namespace {

Layered3dInput random_input(std::mt19937_64& rng) {
  Layered3dInput in;
  const std::uint64_t side = 2 + rng() % 6, nodes = 2 + rng() % (side * side - 1);
  std::set<std::array<Coord, 2>> taken;
  while (in.slot.size() < nodes) {
    const std::array<Coord, 2> s{static_cast<Coord>(rng() % side),
                                 static_cast<Coord>(rng() % side)};
    if (!taken.insert(s).second) continue;
    in.slot.push_back(s);
    in.kind.push_back(static_cast<NodeKind>(rng() % 3));
    in.level.push_back(static_cast<std::int32_t>(rng() % 4));
  }
  in.wire_levels = 4;
  for (std::uint64_t w = rng() % (3 * nodes); w > 0; --w) {
    const auto a = static_cast<std::uint32_t>(rng() % nodes);
    auto b = static_cast<std::uint32_t>(rng() % (nodes - 1));
    if (b >= a) ++b;
    in.wires.emplace_back(a, b);
    in.wire_level.push_back(static_cast<std::int32_t>(rng() % 4));
  }
  return in;
}

}  // namespace

TEST_SUITE("layered3d") {
  TEST_CASE(
      "every wire runs from its source's top face to its destination's, on a pin of its own") {
    std::mt19937_64 rng(0x1a3e);
    for (int trial = 0; trial < 40; ++trial) {
      const Layered3dInput in = random_input(rng);
      const Layout<3> layout = build_layered3d(in);
      CAPTURE(trial);
      REQUIRE(layout.cells.size() == 1);
      const Cell<3>& cell = layout.cells[layout.top];
      REQUIRE(cell.node_count() == in.slot.size());
      REQUIRE(cell.wire_count() == in.wires.size());
      // Node boxes are disjoint footprints in the order of the slots, on one device layer.
      for (std::size_t v = 0; v < in.slot.size(); ++v) {
        CHECK(cell.node_kind[v] == in.kind[v]);
        CHECK(cell.node_level[v] == in.level[v]);
        CHECK(cell.node_box[v].lo[2] == cell.node_box[0].lo[2]);
        CHECK(cell.node_box[v].hi[2] == cell.node_box[0].hi[2]);
        for (std::size_t u = 0; u < v; ++u) {
          CHECK_FALSE(cell.node_box[u].intersects(cell.node_box[v]));
          // Slots keep their order along each axis.
          for (int a = 0; a < 2; ++a)
            if (in.slot[u][a] < in.slot[v][a])
              CHECK(cell.node_box[u].hi[a] < cell.node_box[v].lo[a]);
        }
      }
      const Coord top = cell.node_box[0].hi[2];
      std::set<Point<3>> ends;
      for (std::size_t w = 0; w < in.wires.size(); ++w) {
        const auto pts = cell.wire(w);
        const Box<3>& src = cell.node_box[in.wires[w].first];
        const Box<3>& dst = cell.node_box[in.wires[w].second];
        CHECK(cell.wire_level[w] == in.wire_level[w]);
        CHECK(pts.front()[2] == top);
        CHECK(pts.back()[2] == top);
        CHECK(src.interior({pts.front()[0], pts.front()[1], (src.lo[2] + src.hi[2]) / 2}));
        CHECK(dst.interior({pts.back()[0], pts.back()[1], (dst.lo[2] + dst.hi[2]) / 2}));
        CHECK(ends.insert(pts.front()).second);
        CHECK(ends.insert(pts.back()).second);
        // Between its ends the wire stays above the nodes.
        for (std::size_t i = 1; i + 1 < pts.size(); ++i) CHECK(pts[i][2] > top);
      }
      CHECK(check_hierarchical(layout).violations == 0);
      CHECK(check_flat(layout, std::uint64_t{1} << 30).violations == 0);
    }
  }

  TEST_CASE("wires that cannot share planes get further pairs, a lone wire takes the first") {
    Layered3dInput in;
    in.slot = {{0, 0}, {3, 0}, {0, 3}, {3, 3}};
    in.kind.assign(4, NodeKind::kSwitch);
    in.level.assign(4, 0);
    in.wires = {{0, 3}};
    in.wire_level = {0};
    const Layout<3> one = build_layered3d(in);
    Coord highest_one = 0;
    for (const auto& p : one.cells[0].wire_points) highest_one = std::max(highest_one, p[2]);
    // Many parallel wires between the same two nodes share rows and columns: more planes.
    for (int i = 0; i < 8; ++i) in.wires.emplace_back(0, 3), in.wire_level.push_back(0);
    const Layout<3> many = build_layered3d(in);
    Coord highest_many = 0;
    for (const auto& p : many.cells[0].wire_points) highest_many = std::max(highest_many, p[2]);
    CHECK(highest_one == one.cells[0].node_box[0].hi[2] + 2);  // one pair of planes
    CHECK(highest_many > highest_one);
    CHECK(check_hierarchical(many).violations == 0);
    CHECK(check_flat(many, std::uint64_t{1} << 30).violations == 0);
  }
}
