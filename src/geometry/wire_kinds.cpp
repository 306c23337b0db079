#include "ftvlsi/geometry/wire_kinds.hpp"

#include <algorithm>

#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {

WireKindMetrics measure_wire_kinds(const Layout<2>& layout, int levels) {
  const auto n = static_cast<std::size_t>(levels);
  std::vector<std::uint64_t> count[2], total[2], longest[2];  // [0] tree wires, [1] mesh edges
  for (int kind = 0; kind < 2; ++kind)
    count[kind].assign(n, 0), total[kind].assign(n, 0), longest[kind].assign(n, 0);
  std::vector<std::uint64_t> placements(layout.cells.size(), 0);
  if (layout.top >= 0) placements[layout.top] = 1;
  for (std::size_t c = layout.cells.size(); c-- > 0;)
    for (const Instance<2>& inst : layout.cells[c].instances)
      placements[inst.cell] += placements[c];
  for (std::size_t c = 0; c < layout.cells.size(); ++c) {
    const Cell<2>& cell = layout.cells[c];
    auto level_of = [&](const Terminal& t) {
      if (t.is_node()) return cell.node_level[t.index];
      const auto [owner, node] = pin_node(layout, cell.instances[t.instance].cell, t.index);
      return layout.cells[owner].node_level[node];
    };
    for (std::size_t w = 0; w < cell.wire_count() && placements[c] > 0; ++w) {
      const int kind = level_of(cell.wire_from[w]) == level_of(cell.wire_to[w]) ? 1 : 0;
      const auto l = static_cast<std::size_t>(cell.wire_level[w]);
      if (l >= n) continue;
      const std::uint64_t len = wire_length(cell.wire(w));
      count[kind][l] += placements[c];
      total[kind][l] += len * placements[c];
      longest[kind][l] = std::max(longest[kind][l], len);
    }
  }
  return {std::move(longest[0]), std::move(count[1]), std::move(total[1]), std::move(longest[1])};
}

}  // namespace ftvlsi
