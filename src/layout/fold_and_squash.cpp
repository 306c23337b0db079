#include "ftvlsi/layout/fold_and_squash.hpp"

#include "ftvlsi/layout/channel_layout.hpp"

namespace ftvlsi {

Layout build_fold_and_squash(const ButterflyFatTree& bft) {
  const ButterflyFatTreeGraph g = bft.graph();
  const std::int64_t slots = bft.levels() + 1;
  CompetingNetwork net;
  net.kind = bft.pyramid() ? "fat-pyramid" : "butterfly-fat-tree";
  ChannelNotes notes;
  notes.style = "fold-and-squash";
  notes.wire_levels = bft.levels() + 1;
  notes.wire_level = g.wire_level;
  for (std::size_t v = 0; v < g.level.size(); ++v) {
    const int l = g.level[v];
    // Slot l of the cell, on the diagonal, so each slot has its own row and column.
    net.position.push_back({g.cell[v][0] * slots + l, g.cell[v][1] * slots + l, 0});
    notes.kind.push_back(l == 0 ? NodeKind::kProcessor : NodeKind::kSwitch);
    notes.node_level.push_back(l);
  }
  net.wires = g.wires;
  return build_channel_layout(net, notes);
}

}  // namespace ftvlsi
