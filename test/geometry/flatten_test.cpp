// Flattening on random hierarchies in 2D and 3D: every placed node and wire appears once in top
// coordinates, each wire end resolves (through pins and re-exported pins) to the node it names or
// to none when it is left to geometry, and the memory limit is the flat layout's own size.
#include "ftvlsi/geometry/flatten.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <tuple>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "support/random_layout.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_layout;

namespace {

template <int D>
using FlatWire = std::tuple<std::vector<Point<D>>, std::int32_t, WireDir, std::optional<Box<D>>,
                            std::optional<Box<D>>>;
template <int D>
using FlatNode = std::tuple<Box<D>, NodeKind, std::int32_t>;

template <int D>
bool before(const std::optional<Box<D>>& a, const std::optional<Box<D>>& b) {
  if (!a || !b) return !a && b;
  return std::tie(a->lo, a->hi) < std::tie(b->lo, b->hi);
}

template <int D>
struct ByParts {
  bool operator()(const FlatWire<D>& a, const FlatWire<D>& b) const {
    if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) < std::get<0>(b);
    if (std::get<1>(a) != std::get<1>(b)) return std::get<1>(a) < std::get<1>(b);
    if (std::get<2>(a) != std::get<2>(b)) return std::get<2>(a) < std::get<2>(b);
    if (std::get<3>(a) != std::get<3>(b)) return before<D>(std::get<3>(a), std::get<3>(b));
    return before<D>(std::get<4>(a), std::get<4>(b));
  }
  bool operator()(const FlatNode<D>& a, const FlatNode<D>& b) const {
    return std::tie(std::get<0>(a).lo, std::get<0>(a).hi, std::get<1>(a), std::get<2>(a)) <
           std::tie(std::get<0>(b).lo, std::get<0>(b).hi, std::get<1>(b), std::get<2>(b));
  }
};

// The expected flat layout, by hand: returns each pin's node box in the caller's coordinates.
template <int D>
std::vector<Box<D>> expand(const Layout<D>& layout, std::int32_t id, const Transform<D>& t,
                           std::vector<FlatNode<D>>& nodes, std::vector<FlatWire<D>>& wires) {
  const Cell<D>& cell = layout.cells[id];
  for (std::size_t n = 0; n < cell.node_count(); ++n)
    nodes.emplace_back(t.apply(cell.node_box[n]), cell.node_kind[n], cell.node_level[n]);
  std::vector<std::vector<Box<D>>> child;
  for (const auto& inst : cell.instances)
    child.push_back(expand(layout, inst.cell, t.compose(inst.transform), nodes, wires));
  auto end_box = [&](const Terminal& term) -> std::optional<Box<D>> {
    if (term.is_geometric()) return std::nullopt;
    if (term.is_node()) return t.apply(cell.node_box[term.index]);
    return child[term.instance][term.index];
  };
  for (std::size_t w = 0; w < cell.wire_count(); ++w) {
    std::vector<Point<D>> pts;
    for (const auto& p : cell.wire(w)) pts.push_back(t.apply(p));
    wires.emplace_back(pts, cell.wire_level[w], cell.wire_dir[w], end_box(cell.wire_from[w]),
                       end_box(cell.wire_to[w]));
  }
  std::vector<Box<D>> pins;
  for (const auto& p : cell.pins)
    pins.push_back(p.reexported() ? child[p.via_instance][p.via_pin]
                                  : t.apply(cell.node_box[p.node]));
  return pins;
}

template <int D>
void check_flatten(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 60; ++trial) {
    const Layout<D> layout = random_layout<D>(rng, 1 + static_cast<int>(rng() % 6));
    const FlatLayout<D> flat = flatten(layout, flat_bytes(layout));
    CAPTURE(trial);
    std::vector<FlatNode<D>> nodes, got_nodes;
    std::vector<FlatWire<D>> wires, got_wires;
    expand(layout, layout.top, Transform<D>{}, nodes, wires);
    REQUIRE(flat.node_box.size() == nodes.size());
    REQUIRE(flat.node_kind.size() == nodes.size());
    REQUIRE(flat.node_level.size() == nodes.size());
    REQUIRE(flat.wire_count() == wires.size());
    REQUIRE(flat.wire_start.size() == wires.size() + 1);
    for (std::size_t n = 0; n < flat.node_box.size(); ++n)
      got_nodes.emplace_back(flat.node_box[n], flat.node_kind[n], flat.node_level[n]);
    auto box_of = [&](std::uint64_t node) -> std::optional<Box<D>> {
      if (node == kNoNode) return std::nullopt;
      REQUIRE(node < flat.node_box.size());
      return flat.node_box[node];
    };
    for (std::size_t w = 0; w < flat.wire_count(); ++w) {
      const auto pts = flat.wire(w);
      got_wires.emplace_back(std::vector<Point<D>>(pts.begin(), pts.end()), flat.wire_level[w],
                             flat.wire_dir[w], box_of(flat.wire_from_node[w]),
                             box_of(flat.wire_to_node[w]));
    }
    std::sort(nodes.begin(), nodes.end(), ByParts<D>{});
    std::sort(got_nodes.begin(), got_nodes.end(), ByParts<D>{});
    std::sort(wires.begin(), wires.end(), ByParts<D>{});
    std::sort(got_wires.begin(), got_wires.end(), ByParts<D>{});
    CHECK(got_nodes == nodes);
    CHECK(got_wires == wires);
    // The limit is the flat layout's size: one byte less is refused before anything is built.
    const std::uint64_t need = flat_bytes(layout);
    CHECK(need > 0);
    try {
      flatten(layout, need - 1);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 8003);
    }
  }
}

}  // namespace

TEST_SUITE("flatten") {
  TEST_CASE("every placed node and wire appears once in top coordinates, ends resolved (2D)") {
    check_flatten<2>(0xf1a2);
  }

  TEST_CASE("every placed node and wire appears once in top coordinates, ends resolved (3D)") {
    check_flatten<3>(0xf1a3);
  }

  TEST_CASE("the flat layout's size grows with the nodes, wires and points it will hold") {
    std::mt19937_64 rng(0xb1e);
    for (int trial = 0; trial < 30; ++trial) {
      Layout<2> layout = random_layout<2>(rng, 3);
      const std::uint64_t before = flat_bytes(layout);
      const auto flat = flatten(layout, before);
      CHECK(before >=
            flat.node_box.size() * sizeof(Box<2>) + flat.wire_points.size() * sizeof(Point<2>));
      // One more wire in the top cell, placed once: the size grows by at least its points.
      const std::vector<Point<2>> extra{{0, 0}, {4, 0}, {4, 4}};
      layout.cells[layout.top].add_wire(extra, 0);
      layout.finalize();
      CHECK(flat_bytes(layout) >= before + 3 * sizeof(Point<2>));
    }
  }
}
