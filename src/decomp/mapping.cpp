#include "ftvlsi/decomp/mapping.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

std::string_view to_string(MappingKind kind) {
  return kind == MappingKind::kBalanced ? "balanced" : "geometric";
}

MappingKind parse_mapping_kind(std::string_view text) {
  if (text == "balanced") return MappingKind::kBalanced;
  if (text == "geometric") return MappingKind::kGeometric;
  throw InputError(
      fmt::format("unknown mapping '{}'; valid mappings are balanced and geometric", text));
}

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
  const int levels = host.levels();
  ChannelLoads out;
  out.messages = 2 * net.wires.size();
  std::vector<std::uint32_t> load;
  for (int k = 0; k <= levels; ++k) {
    load.assign(std::size_t{1} << k, 0);
    // The message a -> b climbs a's channels below the lowest common ancestor and descends
    // b's; b -> a the reverse: each side's channel carries one message up and one down.
    for (const auto& [a, b] : net.wires) {
      const std::uint64_t ja = leaf[a] >> (levels - k), jb = leaf[b] >> (levels - k);
      if (ja == jb) continue;
      ++load[ja];
      ++load[jb];
    }
    const std::uint64_t most = *std::max_element(load.begin(), load.end());
    out.max_load_by_level.push_back(most);
    out.max_lambda_by_level.push_back(static_cast<double>(most) / host.capacity(k));
    out.load_factor = std::max(out.load_factor, out.max_lambda_by_level.back());
  }
  return out;
}

}  // namespace ftvlsi
