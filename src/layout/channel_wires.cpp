#include "ftvlsi/layout/channel_wires.hpp"

#include <algorithm>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

std::vector<std::uint64_t> ChannelWireLengths::max_by_level() const {
  std::vector<std::uint64_t> out;
  for (const auto& level : table) {
    std::uint64_t most = 0;
    for (const auto& side : level)
      for (const auto& dir : side)
        for (auto len : dir) most = std::max(most, len);
    out.push_back(most);
  }
  return out;
}

ChannelWireLengths h_tree_channel_wires(const FatTree& tree, const Layout<2>& layout) {
  const int levels = tree.levels();
  FTVLSI_ASSERT(layout.style == LayoutStyle::kHTree &&
                layout.cells.size() == static_cast<std::size_t>(levels) + 2);
  ChannelWireLengths out;
  out.table.resize(static_cast<std::size_t>(levels) + 1);
  for (int k = 0; k <= levels; ++k) {
    const std::uint64_t cap = tree.capacity(k);
    for (auto& side : out.table[k])
      for (auto& dir : side) dir.assign(cap, 0);
    // Cells are built bottom-up: cell i holds the node of level L - i; the level-k channels are
    // drawn by the cell of their parent (level k - 1), or by the top cell for k = 0.
    const Cell<2>& cell = layout.cells[k == 0 ? layout.top : levels - k + 1];
    std::vector<std::uint8_t> seen(4 * cap, 0);
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const Terminal from = cell.wire_from[w];
      // A switch drawn with its partial concentrators inside (SwitchModel::kPartial) also holds
      // wires between its own components: they belong to the switch, not to a channel.
      if (from.is_node() && cell.wire_to[w].is_node()) continue;
      FTVLSI_ASSERT(!from.is_node() && from.instance < 2);
      const auto pin = static_cast<std::uint64_t>(from.index);
      const bool up = pin < cap;
      const std::uint64_t wire = up ? pin : pin - cap;
      FTVLSI_ASSERT(wire < cap && cell.wire_level[w] == k);
      out.table[k][from.instance][up ? 0 : 1][wire] = wire_length(cell.wire(w));
      ++seen[(2 * static_cast<std::uint64_t>(from.instance) + (up ? 0 : 1)) * cap + wire];
    }
    const std::size_t sides = k == 0 ? 1 : 2;
    for (std::size_t i = 0; i < 2 * sides * cap; ++i) FTVLSI_ASSERT(seen[i] == 1);
  }
  return out;
}

ChannelWireLengths cube_channel_wires(const FatTree& tree, const Layout<3>& layout) {
  const int levels = tree.levels();
  FTVLSI_ASSERT(layout.cells.size() == static_cast<std::size_t>(levels) + 1);
  // Cell i holds a node of level L - i: first, per pin i of its child, the unit steps from the
  // two children (level k + 1, instance 0 then 1), then its own cap(k) risers (level k) in the
  // order of the pins it offers its parent (layout/cube.cpp builds them so).
  std::vector<std::vector<std::uint64_t>> riser(levels + 1);
  std::vector<std::array<std::vector<std::uint64_t>, 2>> step(levels + 1);
  for (int k = 0; k <= levels; ++k) {
    const Cell<3>& cell = layout.cells[levels - k];
    const std::uint64_t below = k == levels ? 0 : tree.capacity(k + 1);
    const std::uint64_t own = k == levels ? 0 : tree.capacity(k);
    FTVLSI_ASSERT(cell.wire_count() == 2 * below + own);
    for (std::uint64_t i = 0; i < below; ++i)
      for (int side = 0; side < 2; ++side) {
        const std::size_t w = 2 * i + side;
        FTVLSI_ASSERT(cell.wire_level[w] == k + 1);
        step[k + 1][side].push_back(wire_length(cell.wire(w)));
      }
    for (std::uint64_t i = 0; i < own; ++i) {
      FTVLSI_ASSERT(cell.wire_level[2 * below + i] == k);
      riser[k].push_back(wire_length(cell.wire(2 * below + i)));
    }
  }
  ChannelWireLengths out;
  out.table.resize(static_cast<std::size_t>(levels) + 1);
  for (int k = 0; k <= levels; ++k) {
    const std::uint64_t cap = tree.capacity(k);
    for (int side = 0; side < (k == 0 ? 1 : 2); ++side)
      for (int dir = 0; dir < 2; ++dir)
        for (std::uint64_t i = 0; i < cap; ++i)
          out.table[k][side][dir].push_back((k == levels ? 0 : riser[k][i]) +
                                            (k == 0 ? 0 : step[k][side][i]));
  }
  return out;
}

}  // namespace ftvlsi
