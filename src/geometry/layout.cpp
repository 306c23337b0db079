#include "ftvlsi/geometry/layout.hpp"

#include <limits>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

std::int32_t Cell::add_node(const Box<2>& box, NodeKind kind, std::int32_t level) {
  node_box.push_back(box);
  node_kind.push_back(kind);
  node_level.push_back(level);
  return static_cast<std::int32_t>(node_box.size() - 1);
}

std::int32_t Cell::add_wire(std::span<const Point<2>> points, std::int32_t level, WireDir dir,
                            Terminal from, Terminal to) {
  FTVLSI_ASSERT(points.size() >= 2);
  wire_points.insert(wire_points.end(), points.begin(), points.end());
  wire_start.push_back(static_cast<std::uint32_t>(wire_points.size()));
  wire_level.push_back(level);
  wire_dir.push_back(dir);
  wire_from.push_back(from);
  wire_to.push_back(to);
  return static_cast<std::int32_t>(wire_level.size() - 1);
}

std::int32_t Cell::add_instance(std::int32_t cell, const Transform<2>& t) {
  instances.push_back({cell, t});
  return static_cast<std::int32_t>(instances.size() - 1);
}

void Layout::finalize() {
  for (std::size_t c = 0; c < cells.size(); ++c) finalize_cell(c);
}

void Layout::finalize_cell(std::size_t c) {
  {
    Cell& cell = cells[c];
    constexpr Coord kMax = std::numeric_limits<Coord>::max();
    constexpr Coord kMin = std::numeric_limits<Coord>::min();
    Box<2> bb{kMax, kMax, kMin, kMin};
    for (const Box<2>& b : cell.node_box) bb = bb.united(b);
    for (const Point<2>& p : cell.wire_points) bb = bb.united(Box<2>::at(p));
    for (const auto& inst : cell.instances) {
      FTVLSI_ASSERT(inst.cell >= 0 && static_cast<std::size_t>(inst.cell) < c);
      bb = bb.united(inst.transform.apply(cells[inst.cell].bbox));
    }
    FTVLSI_ASSERT(bb.lo[0] <= bb.hi[0] && bb.lo[1] <= bb.hi[1]);
    cell.bbox = bb;
  }
}

std::vector<FlatCounts> Layout::flat_counts() const {
  std::vector<FlatCounts> counts(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const Cell& cell = cells[c];
    FlatCounts fc;
    fc.nodes = cell.node_count();
    fc.wires = cell.wire_count();
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto n = cell.wire(w).size();
      fc.segments += n - 1;
      fc.vias += n - 2;
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

std::pair<std::int32_t, std::int32_t> pin_node(const Layout& layout, std::int32_t cell,
                                               std::int32_t pin) {
  for (;;) {
    const Pin& p = layout.cells[cell].pins[pin];
    if (!p.reexported()) return {cell, p.node};
    cell = layout.cells[cell].instances[p.via_instance].cell;
    pin = p.via_pin;
  }
}

}  // namespace ftvlsi
