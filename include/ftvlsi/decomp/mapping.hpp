#pragma once
// Mapping a competing network's processors onto a fat-tree's leaves, and the load its one-step
// message set (every wire carries one message each way) puts on the fat-tree's channels.
#include <cstdint>
#include <string_view>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

// kBalanced: exact bisection with cut-aware splits and refinement (decomp/bisection.hpp), the
// pearl-string tree's mapping when it would break Theorem 8's bound; kBalancedPlain: the
// pearl-string tree's level-L pieces (decomp/balanced_tree.hpp); kGeometric: see below.
// kBalancedTop: kBalanced with multilevel splits on the top levels, kBalancedRefined on every
// split (decomp/multilevel.hpp, BisectionOptions).
enum class MappingKind { kBalanced, kBalancedPlain, kGeometric, kBalancedRefined, kBalancedTop };

// The `--mapping` values and the JSON's mapping kind.
inline constexpr NameTable<MappingKind, 5> kMappingKindNames{{
    {MappingKind::kBalanced, "balanced"},
    {MappingKind::kBalancedTop, "balanced-top"},
    {MappingKind::kBalancedRefined, "balanced-refined"},
    {MappingKind::kBalancedPlain, "balanced-plain"},
    {MappingKind::kGeometric, "geometric"},
}};

constexpr std::string_view to_string(MappingKind kind) {
  return name_of(kMappingKindNames, kind);
}

// The mappings made by exact bisection, and those among them with multilevel splits.
constexpr bool multilevel_splits(MappingKind kind) {
  return kind == MappingKind::kBalancedTop || kind == MappingKind::kBalancedRefined;
}
constexpr bool bisects(MappingKind kind) {
  return kind == MappingKind::kBalanced || multilevel_splits(kind);
}

// Greenberg's geometric mapping: a processor goes to the leaf of its level-L cutting-tree piece
// (several processors may share a leaf).
std::vector<std::uint64_t> geometric_mapping(const CuttingTree& tree, int host_levels);

struct ChannelLoads {
  // Per level k = 0 .. L: the largest load of a channel (up and down loads are equal for a
  // one-step set) and the largest load / cap(k).
  std::vector<std::uint64_t> max_load_by_level;
  std::vector<double> max_lambda_by_level;
  double load_factor = 0;  // lambda = max over channels of load / cap
  std::uint64_t messages = 0;
};

ChannelLoads one_step_loads(const CompetingNetwork& net, const std::vector<std::uint64_t>& leaf,
                            const FatTree& host);

}  // namespace ftvlsi
