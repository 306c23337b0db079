// `ftvlsi check` L-IV: the concentrator switches of Leiserson 1985 §IV built with real insides
// (Pippenger's partial concentrators in cascade, docs/design.md §2.7) on every level of universal
// fat-trees, their property re-tested by max-flow on subsets independent of the build's own.
#include <algorithm>
#include <string>
#include <vector>

#include "check_measures.hpp"
#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

namespace ftvlsi::detail {
namespace {

using u64 = std::uint64_t;

struct TreeSwitches {
  double worst_fraction = 1;  // fewest connected / size over every subset tried
  double components = 0;      // crosspoints of every switch of every node
  double wires = 0;           // Σ m over the nodes (m: the node's incident wires)
  int depth = 0;              // the deepest cascade
};

// Every switch design of the tree (one per level and kind, used by all the level's nodes), built
// with re-drawing, then verified again from an independent seed: more random subsets and greedy
// starts than the build's own verification. The control builds the degree-1 graph instead.
TreeSwitches measure_tree(const FatTree& tree, const Ctx& ctx) {
  TreeSwitches out;
  VerifyParams fresh;
  fresh.random_subsets = 96;
  fresh.greedy_starts = 4;
  for (int k = 0; k < tree.levels(); ++k) {
    for (const SwitchShape& shape : node_switches(tree, k)) {
      const u64 seed = switch_seed(ctx.seed, k, shape.kind);
      const ConcentratorSwitch sw = ctx.control
                                        ? weak_concentrator(shape.inputs, shape.outputs)
                                        : build_concentrator(shape.inputs, shape.outputs, seed);
      fresh.seed = SplitMix64(~seed)();
      const ConcentratorVerdict verdict = verify_concentrator(sw, fresh);
      out.worst_fraction = std::min(out.worst_fraction, verdict.worst_fraction());
      out.components += static_cast<double>(tree.nodes_at(k) * sw.components());
      out.depth = std::max(out.depth, sw.depth());
    }
    out.wires += static_cast<double>(tree.nodes_at(k) * tree.switch_degree(k));
  }
  return out;
}

}  // namespace

// L-IV: every concentrator switch of the universal fat-tree (root n^(2/3)) connects any ⌊3s/4⌋
// of its inputs by vertex-disjoint paths (the fewest connected over the subsets tried, as a
// fraction, must be 1); its components are O(m) and its depth O(1) (lg n rules).
std::vector<CheckSeries> measure_l_iv(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto connected = series(
      "fewest inputs connected / subset size, any ⌊3s/4⌋ inputs of every switch, universal "
      "profile (max-flow: exhaustive for ≤ 12 inputs a level, else greedy hardest and 96 random "
      "subsets)",
      lower(1.0));
  auto components =
      series("components (crosspoints of every switch) / Σ m (m: a node's incident wires)",
             growth_lg(0.4));
  auto depth = series("deepest switch cascade (levels of partial concentrators)", growth_lg(0.4));
  for (u64 n : sizes) {
    const FatTree tree(tree_params(n, CapacityProfile::kUniversal));
    const TreeSwitches m = measure_tree(tree, ctx);
    connected.points.push_back({n, ctx.tamper(n, m.worst_fraction), 1.0});
    components.points.push_back({n, m.components, m.wires});
    depth.points.push_back({n, static_cast<double>(m.depth), 1.0});
  }
  return {connected, components, depth};
}

}  // namespace ftvlsi::detail
