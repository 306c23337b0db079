#include "ftvlsi/geometry/metrics.hpp"

#include <algorithm>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {
namespace {

// Flattened sums of one cell, kept wide so that multiplying through instances cannot overflow.
struct CellSums {
  u128 nodes_by_kind[3] = {0, 0, 0};
  u128 processor_area = 0;
  u128 segments_by_layer[2] = {0, 0};
  u128 vias = 0;
  u128 components = 0;
  std::vector<u128> wires_by_level;
  std::vector<u128> length_by_level;
  std::vector<u64> max_by_level;
};

u64 narrow(u128 v, const char* what) {
  if (v > UINT64_MAX)
    throw GeometryError(std::string("the layout's ") + what +
                        " does not fit 64 bits; choose a smaller network");
  return static_cast<u64>(v);
}

bool is_switch_terminal(const Layout<2>& layout, const Cell<2>& cell, const Terminal& t) {
  if (t.is_node()) return cell.node_kind[t.index] == NodeKind::kSwitch;
  const auto [owner, node] = pin_node(layout, cell.instances[t.instance].cell, t.index);
  return layout.cells[owner].node_kind[node] == NodeKind::kSwitch;
}

void add_own_wires(const Layout<2>& layout, const Cell<2>& cell, CellSums& s) {
  for (std::size_t w = 0; w < cell.wire_count(); ++w) {
    const auto pts = cell.wire(w);
    for (std::size_t i = 0; i + 1 < pts.size(); ++i)
      ++s.segments_by_layer[pts[i].y() == pts[i + 1].y() ? 0 : 1];
    s.vias += pts.size() - 2;
    const int level = cell.wire_level[w];
    FTVLSI_ASSERT(level >= 0 && static_cast<std::size_t>(level) < s.wires_by_level.size());
    const u64 len = wire_length(pts);
    s.wires_by_level[level] += 1;
    s.length_by_level[level] += len;
    s.max_by_level[level] = std::max(s.max_by_level[level], len);
    s.components += is_switch_terminal(layout, cell, cell.wire_from[w]);
    s.components += is_switch_terminal(layout, cell, cell.wire_to[w]);
  }
}

CellSums sum_cell(const Layout<2>& layout, const Cell<2>& cell, const std::vector<CellSums>& done) {
  const std::size_t levels = layout.wire_levels;
  CellSums s;
  s.wires_by_level.assign(levels, 0);
  s.length_by_level.assign(levels, 0);
  s.max_by_level.assign(levels, 0);
  for (std::size_t n = 0; n < cell.node_count(); ++n) {
    s.nodes_by_kind[static_cast<int>(cell.node_kind[n])] += 1;
    if (cell.node_kind[n] == NodeKind::kProcessor) {
      const Box<2>& b = cell.node_box[n];
      s.processor_area += static_cast<u128>(b.width()) * b.height();
    }
  }
  add_own_wires(layout, cell, s);
  for (const Instance<2>& inst : cell.instances) {
    const CellSums& c = done[inst.cell];
    for (int k = 0; k < 3; ++k) s.nodes_by_kind[k] += c.nodes_by_kind[k];
    s.processor_area += c.processor_area;
    for (int k = 0; k < 2; ++k) s.segments_by_layer[k] += c.segments_by_layer[k];
    s.vias += c.vias;
    s.components += c.components;
    for (std::size_t k = 0; k < levels; ++k) {
      s.wires_by_level[k] += c.wires_by_level[k];
      s.length_by_level[k] += c.length_by_level[k];
      s.max_by_level[k] = std::max(s.max_by_level[k], c.max_by_level[k]);
    }
  }
  return s;
}

}  // namespace

std::uint64_t wire_length(std::span<const Point<2>> points) {
  u64 len = 0;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    len += static_cast<u64>(std::abs(points[i + 1].x() - points[i].x()) +
                            std::abs(points[i + 1].y() - points[i].y()));
  }
  return len;
}

LayoutMetrics measure(const Layout<2>& layout) {
  std::vector<CellSums> sums;
  sums.reserve(layout.cells.size());
  LayoutMetrics m;
  for (const Cell<2>& cell : layout.cells) {
    sums.push_back(sum_cell(layout, cell, sums));
    m.instances += cell.instances.size();
  }
  const CellSums& top = sums[layout.top];
  m.cells = layout.cells.size();
  m.bbox = layout.cells[layout.top].bbox;
  m.width = static_cast<u64>(m.bbox.width());
  m.height = static_cast<u64>(m.bbox.height());
  m.area = narrow(static_cast<u128>(m.width) * m.height, "area");
  m.processors = narrow(top.nodes_by_kind[0], "processor count");
  m.switches = narrow(top.nodes_by_kind[1], "switch count");
  m.interfaces = narrow(top.nodes_by_kind[2], "pad count");
  m.nodes = m.processors + m.switches + m.interfaces;
  m.layers = (top.segments_by_layer[0] > 0) + (top.segments_by_layer[1] > 0);
  m.segments = narrow(top.segments_by_layer[0] + top.segments_by_layer[1], "segment count");
  m.segments_by_layer[0] = narrow(top.segments_by_layer[0], "segment count");
  m.segments_by_layer[1] = narrow(top.segments_by_layer[1], "segment count");
  m.vias = narrow(top.vias, "via count");
  m.components = narrow(top.components, "component count");
  u128 total = 0;
  for (int k = 0; k < layout.wire_levels; ++k) {
    m.wires_by_level.push_back(narrow(top.wires_by_level[k], "wire count"));
    m.wire_length_total_by_level.push_back(narrow(top.length_by_level[k], "wire length"));
    m.wire_length_max_by_level.push_back(top.max_by_level[k]);
    m.wires += m.wires_by_level.back();
    total += top.length_by_level[k];
    m.wire_length_max = std::max(m.wire_length_max, top.max_by_level[k]);
  }
  m.wire_length_total = narrow(total, "total wire length");
  m.processor_area = narrow(top.processor_area, "processor area");
  m.processor_area_fraction =
      m.area == 0 ? 0.0 : static_cast<double>(m.processor_area) / static_cast<double>(m.area);
  return m;
}

}  // namespace ftvlsi
