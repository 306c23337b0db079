#include "ftvlsi/layout/h_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "switch_contents.hpp"

namespace ftvlsi {
namespace {

Coord as_coord(u64 v) {
  FTVLSI_ASSERT(v < (u64{1} << 60));
  return static_cast<Coord>(v);
}

// Pins spread over the bottom edge [x0, x0 + side] of a node, centred; the first `cap` carry
// up-wires, the rest down-wires.
void add_bottom_pins(Cell<2>& cell, std::int32_t node, Coord x0, Coord side, u64 cap, int level) {
  const Coord m = as_coord(2 * cap);
  const Coord start = x0 + (side - (m - 1)) / 2;
  for (Coord i = 0; i < m; ++i) {
    cell.pins.push_back({{start + i, cell.node_box[node].lo[1]},
                         node,
                         level,
                         static_cast<u64>(i) < cap ? WireDir::kUp : WireDir::kDown});
  }
}

Cell<2> make_leaf(const FatTree& tree) {
  const int k = tree.levels();
  const u64 cap = tree.capacity(k);
  const Coord side = std::max<Coord>(
      {as_coord(ceil_sqrt(tree.capacity_params().alpha)), as_coord(2 * cap) - 1, Coord{1}});
  Cell<2> cell;
  cell.name = "PROCESSOR";
  const auto node = cell.add_node({0, 0, side, side}, NodeKind::kProcessor, k);
  add_bottom_pins(cell, node, 0, side, cap, k);
  return cell;
}

// The child's pins after transform t, sorted by height, each with its pin index.
std::vector<std::pair<Point<2>, std::int32_t>> placed_pins(const Cell<2>& child,
                                                           const Transform<2>& t) {
  std::vector<std::pair<Point<2>, std::int32_t>> out;
  for (std::size_t i = 0; i < child.pins.size(); ++i)
    out.push_back({t.apply(child.pins[i].at), static_cast<std::int32_t>(i)});
  std::sort(out.begin(), out.end(),
            [](const auto& a, const auto& b) { return a.first.y() < b.first.y(); });
  return out;
}

// Routes one child's channel across the strip onto the top edge of the switch. `step` is +1 for
// the left child (wires turn down at xL+1, xL+2, ...) and -1 for the right child.
void route_child(Cell<2>& cell, const Cell<2>& child, std::int32_t inst, Coord edge_x, int step,
                 Coord switch_top) {
  const auto pins = placed_pins(child, cell.instances[inst].transform);
  Coord rank = 0;
  for (const auto& [at, pin] : pins) {
    FTVLSI_ASSERT(at.x() == edge_x && at.y() > switch_top);
    const Coord turn_x = edge_x + step * (rank + 1);
    const std::array<Point<2>, 3> path{at, Point<2>{turn_x, at.y()}, Point<2>{turn_x, switch_top}};
    const Pin<2>& p = child.pins[pin];
    cell.add_wire(path, p.level, p.dir, Terminal::pin(inst, pin), Terminal::node(0));
    ++rank;
  }
}

Cell<2> make_inner(const FatTree& tree, const Layout<2>& layout, std::int32_t child_id, int k,
                   u64 stretch) {
  const Cell<2>& child = layout.cells[child_id];
  const Box<2>& b = child.bbox;
  const Coord child_pins = as_coord(child.pins.size());
  const Coord up_pins = as_coord(2 * tree.capacity(k));
  const Coord gap = as_coord(stretch) * std::max(2 * child_pins, up_pins) + 1;
  const Coord switch_side = std::max<Coord>(gap - 2, 1);
  Coord min_pin_x = b.hi[0];
  for (const Pin<2>& p : child.pins) min_pin_x = std::min(min_pin_x, p.at.x());
  // Children sit high enough that every incoming wire passes above the switch.
  const Coord dy = std::max(-b.lo[0], switch_side + 1 - min_pin_x);
  const Coord x_left = b.hi[1] - b.lo[1];  // right edge of the left child
  const Coord x_right = x_left + gap;

  Cell<2> cell;
  cell.name = "FATTREE_K" + std::to_string(k);
  const auto sw = cell.add_node({x_left + 1, 0, x_right - 1, switch_side}, NodeKind::kSwitch, k);
  // Left child: quarter turn counter-clockwise, port edge facing right.
  const auto left = cell.add_instance(child_id, Transform<2>::gds(1, false, {b.hi[1], dy}));
  // Right child: mirrored then turned, port edge facing left, pins at the same heights.
  const auto right =
      cell.add_instance(child_id, Transform<2>::gds(1, true, {x_right - b.lo[1], dy}));
  route_child(cell, child, left, x_left, +1, switch_side);
  route_child(cell, child, right, x_right, -1, switch_side);
  add_bottom_pins(cell, sw, x_left + 1, switch_side, tree.capacity(k), k);
  return cell;
}

Cell<2> make_top(const FatTree& tree, const Layout<2>& layout, std::int32_t root_id) {
  const Cell<2>& root = layout.cells[root_id];
  Cell<2> top;
  top.name = "TOP";
  const auto inst = top.add_instance(root_id, Transform<2>{});
  Coord x0 = root.pins.front().at.x(), x1 = x0;
  for (const Pin<2>& p : root.pins) {
    x0 = std::min(x0, p.at.x());
    x1 = std::max(x1, p.at.x());
  }
  const Coord y = root.bbox.lo[1];
  const auto pad = top.add_node({x0, y - 2, std::max(x1, x0 + 1), y - 1}, NodeKind::kInterface, -1);
  for (std::size_t i = 0; i < root.pins.size(); ++i) {
    const Pin<2>& p = root.pins[i];
    FTVLSI_ASSERT(p.at.y() == y);
    const std::array<Point<2>, 2> path{p.at, Point<2>{p.at.x(), y - 1}};
    top.add_wire(path, p.level, p.dir, Terminal::pin(inst, static_cast<std::int32_t>(i)),
                 Terminal::node(pad));
  }
  (void)tree;
  return top;
}

}  // namespace

std::uint64_t estimate_h_tree_bytes(const FatTree& tree) {
  // Per cell: its child channels' wires (3 points each plus attributes) and its own pins.
  constexpr u64 kWireBytes = 3 * sizeof(Point<2>) + 4 + 4 + 1 + 2 * sizeof(Terminal);
  constexpr u64 kPinBytes = sizeof(Pin<2>);
  u128 total = 4096;
  for (int k = 0; k <= tree.levels(); ++k) {
    const u128 pins = 2 * static_cast<u128>(tree.capacity(k));
    total += pins * kPinBytes + 2 * pins * kWireBytes;
  }
  return total > UINT64_MAX ? UINT64_MAX : static_cast<u64>(total);
}

namespace {

// `seed` set: every switch drawn with its partial concentrators inside.
Layout<2> build(const FatTree& tree, u64 stretch, const ProgressFn& progress,
                std::optional<u64> seed = std::nullopt,
                detail::SwitchInsides insides = detail::SwitchInsides::kPartial) {
  // The work of level k's cell grows with its pins, 2 cap(k), and those of its children.
  u64 total = 0, done = 0;
  for (int k = 0; k <= tree.levels(); ++k) total += tree.capacity(k);
  Layout<2> layout;
  layout.style = LayoutStyle::kHTree;
  layout.wire_levels = tree.levels() + 1;
  layout.cells.push_back(make_leaf(tree));
  layout.finalize_cell(0);
  done += tree.capacity(tree.levels());
  for (int k = tree.levels() - 1; k >= 0; --k) {
    if (progress) progress(fmt::format("level {}", k), done, total);
    const auto child = static_cast<std::int32_t>(layout.cells.size() - 1);
    layout.cells.push_back(seed ? detail::make_partial_node(tree, layout, child, k, *seed, insides)
                                : make_inner(tree, layout, child, k, stretch));
    layout.finalize_cell(layout.cells.size() - 1);
    done += tree.capacity(k);
  }
  const auto root = static_cast<std::int32_t>(layout.cells.size() - 1);
  layout.cells.push_back(make_top(tree, layout, root));
  layout.top = static_cast<std::int32_t>(layout.cells.size() - 1);
  layout.finalize_cell(layout.top);
  return layout;
}

}  // namespace

Layout<2> build_h_tree(const FatTree& tree, const ProgressFn& progress) {
  return build(tree, 1, progress);
}

Layout<2> build_h_tree(const FatTree& tree, SwitchModel model, std::uint64_t seed,
                       const ProgressFn& progress) {
  if (model == SwitchModel::kIdeal) return build(tree, 1, progress);
  return build(tree, 1, progress, seed);
}

Layout<2> build_h_tree_crossbar_switches(const FatTree& tree) {
  return build(tree, 1, {}, 0, detail::SwitchInsides::kCrossbar);
}

Layout<2> build_h_tree_stretched_switches(const FatTree& tree, std::uint64_t stretch) {
  FTVLSI_ASSERT(stretch >= 1);
  return build(tree, stretch, {});
}

}  // namespace ftvlsi
