#include "ftvlsi/geometry/layout3d.hpp"

#include <cstdlib>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

std::uint64_t wire_length3(std::span<const Point<3>> points) {
  std::uint64_t len = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    for (int a = 0; a < 3; ++a)
      len += static_cast<std::uint64_t>(std::llabs(points[i][a] - points[i - 1][a]));
  return len;
}

LayoutMetrics3 measure3(const Layout<3>& layout) {
  LayoutMetrics3 m;
  const std::size_t cells = layout.cells.size();
  // How many times each cell is placed in the top cell.
  std::vector<std::uint64_t> copies(cells, 0);
  copies[layout.top] = 1;
  for (std::size_t c = cells; c-- > 0;)
    for (const auto& inst : layout.cells[c].instances) copies[inst.cell] += copies[c];
  const auto levels = static_cast<std::size_t>(std::max(1, layout.wire_levels));
  m.wires_by_level.assign(levels, 0);
  m.wire_length_total_by_level.assign(levels, 0);
  m.wire_length_max_by_level.assign(levels, 0);
  for (std::size_t c = 0; c < cells; ++c) {
    const Cell<3>& cell = layout.cells[c];
    const std::uint64_t k = copies[c];
    if (k == 0) continue;
    ++m.cells;
    m.instances += k * cell.instances.size();
    for (std::size_t i = 0; i < cell.node_count(); ++i) {
      m.nodes += k;
      const Box<3>& b = cell.node_box[i];
      switch (cell.node_kind[i]) {
        case NodeKind::kProcessor:
          m.processors += k;
          m.processor_volume += k * static_cast<std::uint64_t>(b.extent(0) * b.extent(1) * b.extent(2));
          break;
        case NodeKind::kSwitch:
          m.switches += k;
          break;
        case NodeKind::kInterface:
          m.interfaces += k;
          break;
      }
    }
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto pts = cell.wire(w);
      const std::uint64_t len = wire_length3(pts);
      const auto level = static_cast<std::size_t>(cell.wire_level[w]);
      FTVLSI_ASSERT(level < levels);
      m.wires += k;
      m.wire_length_total += k * len;
      m.wire_length_max = std::max(m.wire_length_max, len);
      m.wires_by_level[level] += k;
      m.wire_length_total_by_level[level] += k * len;
      m.wire_length_max_by_level[level] = std::max(m.wire_length_max_by_level[level], len);
      for (std::size_t i = 1; i < pts.size(); ++i) {
        m.vias += k * static_cast<std::uint64_t>(std::llabs(pts[i][2] - pts[i - 1][2]));
        if (pts[i][2] == pts[i - 1][2]) m.plane_segments += k;
      }
      for (const Point<3>& end : {pts.front(), pts.back()})
        for (std::size_t i = 0; i < cell.node_count(); ++i)
          if (cell.node_kind[i] == NodeKind::kSwitch && cell.node_box[i].on_boundary(end))
            m.components += k;
    }
  }
  m.bbox = layout.cells[layout.top].bbox;
  m.width = static_cast<std::uint64_t>(m.bbox.extent(0));
  m.height = static_cast<std::uint64_t>(m.bbox.extent(1));
  m.depth = static_cast<std::uint64_t>(m.bbox.extent(2));
  const unsigned __int128 volume = static_cast<unsigned __int128>(m.width) * m.height * m.depth;
  if (volume > UINT64_MAX) throw GeometryError("the layout's volume does not fit 64 bits");
  m.volume = static_cast<std::uint64_t>(volume);
  m.planes = m.depth + 1;
  m.processor_volume_fraction =
      m.volume ? static_cast<double>(m.processor_volume) / static_cast<double>(m.volume) : 0;
  return m;
}

}  // namespace ftvlsi
