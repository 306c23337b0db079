#include "ftvlsi/decomp/mapping.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/decomp/subtree_cuts.hpp"

namespace ftvlsi {

std::vector<std::uint64_t> geometric_mapping(const CuttingTree& tree, int host_levels) {
  std::vector<std::uint64_t> leaf(tree.leaf.size());
  for (std::size_t p = 0; p < leaf.size(); ++p) {
    leaf[p] = tree.depth >= host_levels ? tree.leaf[p] >> (tree.depth - host_levels)
                                        : tree.leaf[p] << (host_levels - tree.depth);
  }
  return leaf;
}

ChannelLoads one_step_loads(const CompetingNetwork& net, const std::vector<std::uint64_t>& leaf,
                            const FatTree& host) {
  // The message a -> b climbs a's channels below the lowest common ancestor and descends b's;
  // b -> a the reverse: each channel's up and down loads both equal the subtree's cut.
  ChannelLoads out;
  out.messages = 2 * net.wires.size();
  out.max_load_by_level = subtree_cuts(leaf, host.levels(), net.wires).max_by_level;
  for (int k = 0; k <= host.levels(); ++k) {
    out.max_lambda_by_level.push_back(static_cast<double>(out.max_load_by_level[k]) /
                                      host.capacity(k));
    out.load_factor = std::max(out.load_factor, out.max_lambda_by_level.back());
  }
  return out;
}

}  // namespace ftvlsi
