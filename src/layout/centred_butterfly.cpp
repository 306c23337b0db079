#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"

namespace ftvlsi {

namespace {

// Routes the graph with node v at the given fine-grid position; the router only uses the order
// of the coordinates, so a cell may hold any number of nodes.
Layout<2> route(const ButterflyFatTree& bft, const ButterflyFatTreeGraph& g,
                const std::vector<std::array<std::int64_t, 3>>& position) {
  CompetingNetwork net;
  net.kind = bft.pyramid() ? "fat-pyramid" : "butterfly-fat-tree";
  net.position = position;
  net.wires = g.wires;
  ChannelNotes notes;
  notes.style = LayoutStyle::kHTree;  // the H-tree placement, routed in channels
  notes.wire_levels = bft.levels() + 1;
  notes.wire_level = g.wire_level;
  for (int l : g.level) {
    notes.kind.push_back(l == 0 ? NodeKind::kProcessor : NodeKind::kSwitch);
    notes.node_level.push_back(l);
  }
  return build_channel_layout(net, notes);
}

}  // namespace

Layout<2> build_centred_butterfly(const ButterflyFatTree& bft) {
  const ButterflyFatTreeGraph g = bft.graph();
  // Every node's switches go to the cell at its region's centre, one diagonal slot each.
  const std::int64_t slots = static_cast<std::int64_t>(g.level.size()) + 1;
  std::vector<std::int64_t> used(bft.processors(), 1);
  std::vector<std::array<std::int64_t, 3>> position;
  for (std::size_t v = 0; v < g.level.size(); ++v) {
    const int l = g.level[v];
    std::int64_t cx = g.cell[v][0], cy = g.cell[v][1];
    if (l > 0) {
      const std::int64_t half = std::int64_t{1} << (l - 1);
      cx = (cx >> l << l) + half;  // centre of the node's 2^l x 2^l region
      cy = (cy >> l << l) + half;
      cx = std::min<std::int64_t>(cx, (std::int64_t{1} << bft.levels()) - 1);
      cy = std::min<std::int64_t>(cy, (std::int64_t{1} << bft.levels()) - 1);
    }
    const std::int64_t side = std::int64_t{1} << bft.levels();
    const std::int64_t slot = l == 0 ? 0 : used[cy * side + cx]++;
    position.push_back({cx * slots + slot, cy * slots + slot, 0});
  }
  return route(bft, g, position);
}

}  // namespace ftvlsi
