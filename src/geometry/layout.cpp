#include "ftvlsi/geometry/layout.hpp"

#include <algorithm>
#include <cstdlib>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

template <int D>
std::int32_t Cell<D>::add_node(const Box<D>& box, NodeKind kind, std::int32_t level) {
  poll_cancel();
  node_box.push_back(box);
  node_kind.push_back(kind);
  node_level.push_back(level);
  return static_cast<std::int32_t>(node_box.size() - 1);
}

template <int D>
std::int32_t Cell<D>::add_wire(std::span<const Point<D>> points, std::int32_t level, WireDir dir,
                               Terminal from, Terminal to) {
  // Every layout builder adds its wires here: where a long construction can be stopped.
  poll_cancel();
  FTVLSI_ASSERT(points.size() >= 2);
  wire_points.insert(wire_points.end(), points.begin(), points.end());
  wire_start.push_back(static_cast<std::uint32_t>(wire_points.size()));
  wire_level.push_back(level);
  wire_dir.push_back(dir);
  wire_from.push_back(from);
  wire_to.push_back(to);
  return static_cast<std::int32_t>(wire_level.size() - 1);
}

template <int D>
void Cell<D>::reserve_wires(std::size_t wires, std::size_t points) {
  wire_start.reserve(wire_start.size() + wires);
  wire_points.reserve(wire_points.size() + points);
  wire_level.reserve(wire_level.size() + wires);
  wire_dir.reserve(wire_dir.size() + wires);
  wire_from.reserve(wire_from.size() + wires);
  wire_to.reserve(wire_to.size() + wires);
}

template <int D>
std::int32_t Cell<D>::add_instance(std::int32_t cell, const Transform<D>& t) {
  instances.push_back({cell, t});
  return static_cast<std::int32_t>(instances.size() - 1);
}

template <int D>
void Layout<D>::finalize() {
  for (std::size_t c = 0; c < cells.size(); ++c) finalize_cell(c);
}

template <int D>
void Layout<D>::finalize_cell(std::size_t c) {
  Cell<D>& cell = cells[c];
  Box<D> bb = Box<D>::none();
  for (const Box<D>& b : cell.node_box) bb = bb.united(b);
  for (const Point<D>& p : cell.wire_points) bb = bb.united(Box<D>::at(p));
  for (const auto& inst : cell.instances) {
    FTVLSI_ASSERT(inst.cell >= 0 && static_cast<std::size_t>(inst.cell) < c);
    bb = bb.united(inst.transform.apply(cells[inst.cell].bbox));
  }
  FTVLSI_ASSERT(!bb.empty());
  cell.bbox = bb;
}

template <int D>
std::vector<FlatCounts> Layout<D>::flat_counts() const {
  std::vector<FlatCounts> counts(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const Cell<D>& cell = cells[c];
    FlatCounts fc;
    fc.nodes = cell.node_count();
    fc.wires = cell.wire_count();
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      fc.segments += cell.wire(w).size() - 1;
      fc.vias += wire_vias<D>(cell.wire(w));
    }
    for (const auto& inst : cell.instances) {
      const FlatCounts& sub = counts[inst.cell];
      fc.nodes += sub.nodes;
      fc.wires += sub.wires;
      fc.segments += sub.segments;
      fc.vias += sub.vias;
    }
    counts[c] = fc;
  }
  return counts;
}

template <int D>
std::pair<std::int32_t, std::int32_t> pin_node(const Layout<D>& layout, std::int32_t cell,
                                               std::int32_t pin) {
  for (;;) {
    const Pin<D>& p = layout.cells[cell].pins[pin];
    if (!p.reexported()) return {cell, p.node};
    cell = layout.cells[cell].instances[p.via_instance].cell;
    pin = p.via_pin;
  }
}

namespace {

template <class T>
std::uint64_t held(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

}  // namespace

template <int D>
std::uint64_t layout_bytes(const Layout<D>& layout) {
  std::uint64_t bytes = held(layout.cells);
  for (const Cell<D>& c : layout.cells)
    bytes += held(c.node_box) + held(c.node_kind) + held(c.node_level) + held(c.wire_start) +
             held(c.wire_points) + held(c.wire_level) + held(c.wire_dir) + held(c.wire_from) +
             held(c.wire_to) + held(c.instances) + held(c.pins);
  return bytes;
}

template <int D>
int instance_depth(const Layout<D>& layout) {
  // Instances refer only to earlier cells, so one forward pass sees every child first.
  std::vector<int> height(layout.cells.size(), 0);
  for (std::size_t c = 0; c < layout.cells.size(); ++c)
    for (const auto& inst : layout.cells[c].instances)
      height[c] = std::max(height[c], height[inst.cell] + 1);
  return height[layout.top];
}

template struct Cell<2>;
template struct Cell<3>;
template struct Layout<2>;
template struct Layout<3>;
template std::uint64_t layout_bytes(const Layout<2>&);
template std::uint64_t layout_bytes(const Layout<3>&);
template int instance_depth(const Layout<2>&);
template int instance_depth(const Layout<3>&);
template std::pair<std::int32_t, std::int32_t> pin_node(const Layout<2>&, std::int32_t,
                                                        std::int32_t);
template std::pair<std::int32_t, std::int32_t> pin_node(const Layout<3>&, std::int32_t,
                                                        std::int32_t);

}  // namespace ftvlsi
