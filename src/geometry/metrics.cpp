#include "ftvlsi/geometry/metrics.hpp"

#include <algorithm>
#include <cstdlib>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {
namespace {

// Flattened sums of one cell, kept wide so that multiplying through instances cannot overflow.
template <int D>
struct CellSums {
  u128 nodes_by_kind[3] = {0, 0, 0};
  u128 processor_size = 0;
  u128 switch_size = 0;
  std::array<u128, D> segments_by_axis{};
  u128 vias = 0;
  u128 components = 0;
  u128 placements = 0;
  std::vector<u128> wires_by_level;
  std::vector<u128> length_by_level;
  std::vector<u64> max_by_level;

  void add(const CellSums& c) {
    for (int k = 0; k < 3; ++k) nodes_by_kind[k] += c.nodes_by_kind[k];
    processor_size += c.processor_size;
    switch_size += c.switch_size;
    for (int a = 0; a < D; ++a) segments_by_axis[a] += c.segments_by_axis[a];
    vias += c.vias;
    components += c.components;
    placements += 1 + c.placements;
    for (std::size_t k = 0; k < wires_by_level.size(); ++k) {
      wires_by_level[k] += c.wires_by_level[k];
      length_by_level[k] += c.length_by_level[k];
      max_by_level[k] = std::max(max_by_level[k], c.max_by_level[k]);
    }
  }
};

u64 narrow(u128 v, const char* what) {
  return layout_total(v, what);
}

// Switches a wire end of one cell counts for: the switch its named terminal is, or, for an end
// left to geometry, every own switch whose boundary holds it.
template <int D>
class SwitchEnds {
 public:
  SwitchEnds(const Layout<D>& layout, const Cell<D>& cell) : layout_(layout), cell_(cell) {
    for (std::size_t i = 0; i < cell.node_count(); ++i)
      if (cell.node_kind[i] == NodeKind::kSwitch) switches_.push_back(cell.node_box[i]);
  }

  unsigned count(const Terminal& t, Point<D> end) const {
    if (t.is_node()) return cell_.node_kind[t.index] == NodeKind::kSwitch;
    if (t.is_pin()) {
      const auto [owner, node] = pin_node(layout_, cell_.instances[t.instance].cell, t.index);
      return layout_.cells[owner].node_kind[node] == NodeKind::kSwitch;
    }
    unsigned n = 0;
    for (const Box<D>& b : switches_) n += b.on_boundary(end);
    return n;
  }

 private:
  const Layout<D>& layout_;
  const Cell<D>& cell_;
  std::vector<Box<D>> switches_;
};

// One wire's length, its segments along each axis (a segment runs along the last axis on which
// its ends differ, 0 for none) and its vias, in one pass over its points.
template <int D>
struct WireFigures {
  u64 length = 0;
  u64 vias = 0;
  std::array<u64, D> segments{};

  explicit WireFigures(std::span<const Point<D>> pts) {
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
      int axis = 0;
      for (int a = 0; a < D; ++a) {
        const auto step = static_cast<u64>(std::llabs(pts[i + 1][a] - pts[i][a]));
        length += step;
        if (step != 0 && a > 0) axis = a;
      }
      ++segments[axis];
    }
    vias = wire_vias<D>(pts);
  }
};

// One cell's own wires. Counts of segments and wire ends stay in 64 bits here (a cell holds
// fewer than 2^32 points), and the per-level figures are added once per run of wires of one
// level (constructions add a level's wires together).
template <int D>
void add_own_wires(const Layout<D>& layout, const Cell<D>& cell, CellSums<D>& s) {
  std::array<u64, D> segments{};
  u64 components = 0;
  u128 vias = 0;
  struct Run {
    int level = -1;
    u64 wires = 0, longest = 0;
    u128 length = 0;
  } run;
  auto end_run = [&] {
    if (run.level < 0) return;
    s.wires_by_level[run.level] += run.wires;
    s.length_by_level[run.level] += run.length;
    s.max_by_level[run.level] = std::max(s.max_by_level[run.level], run.longest);
  };
  const SwitchEnds<D> switch_ends(layout, cell);
  for (std::size_t w = 0; w < cell.wire_count(); ++w) {
    poll_cancel();
    const auto pts = cell.wire(w);
    const WireFigures<D> f(pts);
    for (int a = 0; a < D; ++a) segments[a] += f.segments[a];
    vias += f.vias;
    const int level = cell.wire_level[w];
    FTVLSI_ASSERT(level >= 0 && static_cast<std::size_t>(level) < s.wires_by_level.size());
    if (level != run.level) end_run(), run = {level};
    ++run.wires;
    run.length += f.length;
    run.longest = std::max(run.longest, f.length);
    components += switch_ends.count(cell.wire_from[w], pts.front());
    components += switch_ends.count(cell.wire_to[w], pts.back());
  }
  end_run();
  for (int a = 0; a < D; ++a) s.segments_by_axis[a] += segments[a];
  s.vias += vias;
  s.components += components;
}

template <int D>
CellSums<D> sum_cell(const Layout<D>& layout, const Cell<D>& cell,
                     const std::vector<CellSums<D>>& done) {
  const auto levels = static_cast<std::size_t>(std::max(0, layout.wire_levels));
  CellSums<D> s;
  s.wires_by_level.assign(levels, 0);
  s.length_by_level.assign(levels, 0);
  s.max_by_level.assign(levels, 0);
  for (std::size_t n = 0; n < cell.node_count(); ++n) {
    s.nodes_by_kind[static_cast<int>(cell.node_kind[n])] += 1;
    const NodeKind kind = cell.node_kind[n];
    if (kind == NodeKind::kProcessor || kind == NodeKind::kSwitch) {
      u128 size = 1;
      for (int a = 0; a < D; ++a) size *= static_cast<u128>(cell.node_box[n].extent(a));
      (kind == NodeKind::kProcessor ? s.processor_size : s.switch_size) += size;
    }
  }
  add_own_wires(layout, cell, s);
  for (const auto& inst : cell.instances) s.add(done[inst.cell]);
  return s;
}

// Cells the top cell places, itself included, and the instances they hold.
template <int D>
void count_cells(const Layout<D>& layout, LayoutMetrics<D>& m) {
  std::vector<bool> placed(layout.cells.size(), false);
  placed[layout.top] = true;
  for (std::size_t c = layout.cells.size(); c-- > 0;) {
    if (!placed[c]) continue;
    ++m.cells;
    m.instances += layout.cells[c].instances.size();
    for (const auto& inst : layout.cells[c].instances) placed[inst.cell] = true;
  }
}

template <int D>
void set_size(const CellSums<D>& top, LayoutMetrics<D>& m) {
  m.width = static_cast<u64>(m.bbox.extent(0));
  m.height = static_cast<u64>(m.bbox.extent(1));
  if constexpr (D == 3) m.depth = static_cast<u64>(m.bbox.extent(2));
  m.size = box_size(m.bbox);
  m.processor_size = narrow(top.processor_size, D == 2 ? "processor area" : "processor volume");
  m.switch_size = narrow(top.switch_size, D == 2 ? "switch area" : "switch volume");
  m.processor_fraction =
      m.size == 0 ? 0.0 : static_cast<double>(m.processor_size) / static_cast<double>(m.size);
}

}  // namespace

// FTV-5201: `{}` names the figure: the area or volume, a processor's, a wire length, or a count
// of instances, processors, switches, pads or segments.
std::uint64_t layout_total(unsigned __int128 v, const char* what) {
  if (v > UINT64_MAX)
    throw GeometryError(5201, std::string("the layout's ") + what +
                                  " does not fit 64 bits; choose a smaller network");
  return static_cast<std::uint64_t>(v);
}

template <int D>
std::uint64_t box_size(const Box<D>& bbox) {
  const char* size = D == 2 ? "area" : "volume";
  u128 v = static_cast<u128>(static_cast<u64>(bbox.extent(0))) * static_cast<u64>(bbox.extent(1));
  if constexpr (D == 3) v = narrow(v, size) * static_cast<u128>(static_cast<u64>(bbox.extent(2)));
  return narrow(v, size);
}

template <int D>
std::uint64_t wire_length(std::span<const Point<D>> points) {
  u64 len = 0;
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    for (int a = 0; a < D; ++a)
      len += static_cast<u64>(std::llabs(points[i + 1][a] - points[i][a]));
  return len;
}

template <int D>
LayoutMetrics<D> measure(const Layout<D>& layout) {
  std::vector<CellSums<D>> sums;
  sums.reserve(layout.cells.size());
  for (const auto& cell : layout.cells) sums.push_back(sum_cell(layout, cell, sums));
  const CellSums<D>& top = sums[layout.top];
  LayoutMetrics<D> m;
  count_cells(layout, m);
  m.placements = narrow(top.placements, "instance count");
  m.bbox = layout.cells[layout.top].bbox;
  set_size(top, m);
  m.processors = narrow(top.nodes_by_kind[0], "processor count");
  m.switches = narrow(top.nodes_by_kind[1], "switch count");
  m.interfaces = narrow(top.nodes_by_kind[2], "pad count");
  m.nodes = m.processors + m.switches + m.interfaces;
  u128 segments = 0;
  for (int a = 0; a < D; ++a) {
    m.segments_by_axis[a] = narrow(top.segments_by_axis[a], "segment count");
    segments += top.segments_by_axis[a];
    if constexpr (D == 2) m.layers += top.segments_by_axis[a] > 0;
  }
  if constexpr (D == 3) m.layers = static_cast<int>(m.depth + 1);
  m.segments = narrow(segments, "segment count");
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
  return m;
}

template LayoutMetrics<2> measure(const Layout<2>&);
template LayoutMetrics<3> measure(const Layout<3>&);
template std::uint64_t box_size<2>(const Box<2>&);
template std::uint64_t box_size<3>(const Box<3>&);
template std::uint64_t wire_length<2>(std::span<const Point<2>>);
template std::uint64_t wire_length<3>(std::span<const Point<3>>);

}  // namespace ftvlsi
