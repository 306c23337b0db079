#include "switch_graph.hpp"

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

namespace ftvlsi::detail {
namespace {

using u32 = std::uint32_t;

u32 add_item(SwitchGraph& g, SwitchSide side = SwitchSide::kComponent, WireDir dir = WireDir::kUp,
             u32 index = 0) {
  g.items.push_back({side, dir, index, 0});
  return static_cast<u32>(g.items.size() - 1);
}

void link(SwitchGraph& g, u32 a, u32 b, WireDir dir) {
  g.links.push_back({a, b, dir});
  ++g.items[a].ends, ++g.items[b].ends;
}

// A switch's input vertices and inner levels as components, wired level by level, its last
// level onto `outputs`. Returns the input vertices.
std::vector<u32> add_switch(SwitchGraph& g, const ConcentratorSwitch& sw,
                            const std::vector<u32>& outputs, WireDir dir) {
  std::vector<u32> layer;
  for (u32 i = 0; i < sw.inputs; ++i) layer.push_back(add_item(g));
  const std::vector<u32> inputs = layer;
  if (sw.levels.empty()) {  // r ≤ s: straight wires, a full concentrator
    for (u32 i = 0; i < sw.inputs; ++i) link(g, layer[i], outputs[i], dir);
    return inputs;
  }
  for (std::size_t l = 0; l < sw.levels.size(); ++l) {
    const ConcentratorLevel& level = sw.levels[l];
    std::vector<u32> next;
    if (l + 1 == sw.levels.size()) {
      next = outputs;
    } else {
      for (u32 o = 0; o < level.outputs; ++o) next.push_back(add_item(g));
    }
    for (u32 i = 0; i < level.inputs; ++i)
      for (u32 o : level.neighbours(i)) link(g, layer[i], next[o], dir);
    layer = std::move(next);
  }
  return inputs;
}

}  // namespace

std::uint64_t SwitchGraph::ports() const {
  std::uint64_t n = 0;
  for (const auto& side : port)
    for (const auto& dir : side) n += dir.size();
  return n;
}

SwitchGraph node_switch_graph(const FatTree& tree, int k, std::uint64_t seed,
                              SwitchInsides insides) {
  const u32 c = static_cast<u32>(tree.capacity(k)), cc = static_cast<u32>(tree.capacity(k + 1));
  const auto shapes = node_switches(tree, k);
  FTVLSI_ASSERT(shapes.size() == 3);
  std::array<ConcentratorSwitch, 3> sw;
  for (int s = 0; s < 3; ++s)
    sw[s] = insides == SwitchInsides::kCrossbar
                ? crossbar_concentrator(shapes[s].inputs, shapes[s].outputs)
                : build_concentrator(shapes[s].inputs, shapes[s].outputs,
                                     switch_seed(seed, k, shapes[s].kind));
  SwitchGraph g;
  for (int side = 0; side < 3; ++side)
    for (int d = 0; d < 2; ++d) {
      const u32 count = side == 2 ? c : cc;
      for (u32 i = 0; i < count; ++i)
        g.port[side][d].push_back(
            add_item(g, static_cast<SwitchSide>(side), static_cast<WireDir>(d), i));
    }
  const int up = static_cast<int>(WireDir::kUp), down = static_cast<int>(WireDir::kDown);
  const auto first = [&] { return static_cast<u32>(g.items.size()); };
  g.first_component[0] = first();
  const auto u_in = add_switch(g, sw[0], g.port[2][up], WireDir::kUp);
  g.first_component[1] = first();
  const auto dl_in = add_switch(g, sw[1], g.port[0][down], WireDir::kDown);
  g.first_component[2] = first();
  const auto dr_in = add_switch(g, sw[2], g.port[1][down], WireDir::kDown);
  for (u32 i = 0; i < cc; ++i) {
    link(g, g.port[0][up][i], u_in[i], WireDir::kUp);
    link(g, g.port[0][up][i], dr_in[c + i], WireDir::kDown);
    link(g, g.port[1][up][i], u_in[cc + i], WireDir::kUp);
    link(g, g.port[1][up][i], dl_in[c + i], WireDir::kDown);
  }
  for (u32 i = 0; i < c; ++i) {
    link(g, g.port[2][down][i], dl_in[i], WireDir::kDown);
    link(g, g.port[2][down][i], dr_in[i], WireDir::kDown);
  }
  return g;
}

}  // namespace ftvlsi::detail
