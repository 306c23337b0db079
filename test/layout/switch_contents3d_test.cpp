#include "layout/switch_contents3d.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

constexpr std::uint64_t kMemory = std::uint64_t{4} << 30;

// The level-k cell of a cube (cells: the leaf, then levels L-1 … 0).
const Cell<3>& level_cell(const Layout<3>& layout, const FatTree& tree, int k) {
  const Cell<3>& cell = layout.cells[static_cast<std::size_t>(tree.levels() - k)];
  REQUIRE(cell.name == "cube_" + std::to_string(k));
  return cell;
}

// The switch's box: every switch node of the cell (components and ports) united.
Box<3> switch_box(const Cell<3>& cell) {
  Box<3> box = Box<3>::none();
  for (std::size_t i = 0; i < cell.node_count(); ++i)
    if (cell.node_kind[i] == NodeKind::kSwitch) box = box.united(cell.node_box[i]);
  return box;
}

// m: the node's channel wires, both directions of its own channel and its children's.
double channel_wires(const FatTree& tree, int k) {
  return static_cast<double>(2 * tree.capacity(k) + 4 * tree.capacity(k + 1));
}

Coord longest_side(const Box<3>& b) {
  return std::max({b.extent(0), b.extent(1), b.extent(2)});
}

std::string first_violation(const DrcReport& r) {
  return r.samples.empty() ? "" : r.samples.front().rule + " " + r.samples.front().detail;
}

}  // namespace

TEST_SUITE("switch_contents3d") {
  TEST_CASE("every link of every switch is one wire between the ends the graph names") {
    const FatTree tree = tree_of(64, CapacityProfile::kUniversal);
    const std::uint64_t seed = 3;
    const Layout<3> cube = build_cube(tree, SwitchModel::kPartial, seed);
    for (int k = 0; k < tree.levels(); ++k) {
      CAPTURE(k);
      const Cell<3>& cell = level_cell(cube, tree, k);
      const detail::SwitchGraph g = detail::node_switch_graph(tree, k, seed);
      const std::uint64_t c = tree.capacity(k), cc = tree.capacity(k + 1);
      CHECK(g.ports() == 2 * c + 4 * cc);
      // Wires: the links, each port's channel wire (both children's, the parent's).
      CHECK(cell.wire_count() == g.links.size() + g.ports());
      CHECK(cell.node_count() == g.items.size() + (k == 0 ? 1 : 0));
      for (std::size_t w = 0; w < g.links.size(); ++w) {
        const auto& l = g.links[w];
        REQUIRE(cell.wire_from[w].is_node());
        REQUIRE(cell.wire_to[w].is_node());
        CHECK(cell.wire_from[w].index == static_cast<std::int32_t>(l.from));
        CHECK(cell.wire_to[w].index == static_cast<std::int32_t>(l.to));
        CHECK(cell.wire_dir[w] == l.dir);
        const auto pts = cell.wire(w);
        CHECK(cell.node_box[l.from].on_boundary(pts.front()));
        CHECK(cell.node_box[l.to].on_boundary(pts.back()));
      }
      // Every port carries one channel wire from outside the switch.
      std::vector<int> outside(g.items.size(), 0);
      for (std::size_t w = g.links.size(); w < cell.wire_count(); ++w) {
        const Terminal t = cell.wire_to[w].is_node() ? cell.wire_to[w] : cell.wire_from[w];
        REQUIRE(t.is_node());
        ++outside[static_cast<std::size_t>(t.index)];
      }
      for (std::size_t i = 0; i < g.items.size(); ++i)
        CHECK(outside[i] == (g.items[i].side == detail::SwitchSide::kComponent ? 0 : 1));
    }
  }

  TEST_CASE("cubes with their switches drawn inside are DRC clean, hierarchically and flat") {
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kAreaUniversal,
                         CapacityProfile::kFull, CapacityProfile::kConstant}) {
      for (std::uint64_t n : {1, 2, 4, 8, 16, 64, 512}) {
        if (profile == CapacityProfile::kFull && n > 64) continue;
        CAPTURE(std::string(to_string(profile)));
        CAPTURE(n);
        const Layout<3> cube = build_cube(tree_of(n, profile), SwitchModel::kPartial, 5);
        const DrcReport h = check_hierarchical(cube);
        CHECK_MESSAGE(h.violations == 0, first_violation(h));
        if (n <= 64 || profile == CapacityProfile::kUniversal) {
          const DrcReport f = check_flat(cube, kMemory);
          CHECK_MESSAGE(f.violations == 0, first_violation(f));
        }
      }
    }
  }

  TEST_CASE("a switch box stays O(√m) on every side, and so does its number of layer pairs") {
    double worst_side = 0, worst_pairs = 0;
    for (std::uint64_t n : {64, 512, 4096}) {
      const FatTree tree = tree_of(n, CapacityProfile::kUniversal);
      const Layout<3> cube = build_cube(tree, SwitchModel::kPartial, 1);
      for (int k = 0; k < tree.levels(); ++k) {
        const double m = channel_wires(tree, k);
        const Box<3> box = switch_box(level_cell(cube, tree, k));
        worst_side = std::max(worst_side, longest_side(box) / std::sqrt(m));
      }
      // The root's switch on its own, with its pairs counted.
      std::vector<detail::ChildPort> ports;
      const detail::PortGrid grid = detail::port_grid(2 * tree.capacity(1));
      for (std::uint64_t q = 0; q < 2 * tree.capacity(1); ++q)
        ports.push_back({1 + 2 * static_cast<Coord>(q / grid.columns),
                         1 + detail::kPortPitch * static_cast<Coord>(q % grid.columns),
                         q < tree.capacity(1) ? WireDir::kUp : WireDir::kDown,
                         static_cast<std::uint32_t>(q % tree.capacity(1))});
      const auto box = detail::build_switch_box(tree, 0, 1, ports);
      const double m = channel_wires(tree, 0);
      worst_pairs = std::max(worst_pairs, box.pairs / std::sqrt(m));
      MESSAGE("n " << n << ": root m " << m << ", pairs " << box.pairs << ", largest side / √m "
                   << worst_side);
    }
    // Measured: sides at most 16.3 √m and 4.2 √m pairs over n = 64 … 4096 (m = 8 … 1160).
    CHECK(worst_side < 20);
    CHECK(worst_pairs < 6);
  }

  TEST_CASE("one layer pair a wire makes the box Θ(m) high: side / √m grows") {
    std::vector<double> ratio;
    for (std::uint64_t n : {64, 512, 4096}) {
      const FatTree tree = tree_of(n, CapacityProfile::kUniversal);
      const Layout<3> cube = build_cube_unpacked_switches(tree, 1);
      const Box<3> box = switch_box(level_cell(cube, tree, 0));
      ratio.push_back(longest_side(box) / std::sqrt(channel_wires(tree, 0)));
    }
    CHECK(ratio[1] > 1.8 * ratio[0]);
    CHECK(ratio[2] > 1.8 * ratio[1]);
  }

  TEST_CASE("the DRC finds the shorts of wires forced into one layer pair") {
    const FatTree tree = tree_of(64, CapacityProfile::kUniversal);
    const Layout<3> broken = detail::build_partial_cube(tree, 1, detail::SwitchPacking::kOnePair);
    const DrcReport h = check_hierarchical(broken);
    CHECK(h.violations > 0);
    REQUIRE(!h.samples.empty());
    CHECK(h.samples.front().rule == "short");
    CHECK(check_flat(broken, kMemory).violations > 0);
  }

  TEST_CASE("the same seed draws the same cube, another seed other switches") {
    const FatTree tree = tree_of(64, CapacityProfile::kUniversal);
    const Layout<3> a = build_cube(tree, SwitchModel::kPartial, 9);
    const Layout<3> b = build_cube(tree, SwitchModel::kPartial, 9);
    const Layout<3> c = build_cube(tree, SwitchModel::kPartial, 10);
    const Cell<3>& root_a = a.cells[static_cast<std::size_t>(a.top)];
    CHECK(root_a.wire_points == b.cells[static_cast<std::size_t>(b.top)].wire_points);
    CHECK(root_a.wire_points != c.cells[static_cast<std::size_t>(c.top)].wire_points);
  }

  TEST_CASE(
      "the memory estimate's link count bounds the wires the cube draws from above, within 2x") {
    // estimate_partial_cube_links counts every concentrator level input at its full degree 6;
    // the drawn cells hold the switches' links (parallel edges merged), the ports' wires and the
    // children's one-unit joins. An estimate that missed a kind of wire would fall below.
    for (CapacityProfile profile : {CapacityProfile::kUniversal, CapacityProfile::kAreaUniversal,
                                    CapacityProfile::kConstant}) {
      for (std::uint64_t n : {16, 256, 4096}) {
        CAPTURE(to_string(profile));
        CAPTURE(n);
        const FatTree tree = tree_of(n, profile, 3);
        const Layout<3> layout = build_cube(tree, SwitchModel::kPartial, 1);
        std::uint64_t drawn = 0;
        for (const Cell<3>& cell : layout.cells) drawn += cell.wire_count();
        const std::uint64_t estimate = estimate_partial_cube_links(tree);
        CHECK(estimate >= drawn);
        CHECK(estimate <= 2 * drawn);
      }
    }
  }
}
