#include "ftvlsi/network/transit_composition.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

std::string_view to_string(Rn1Config config) {
  return config == Rn1Config::kDilation2 ? "dilation-2" : "dual-4x4";
}

std::string_view to_string(TransitLeaf leaf) {
  switch (leaf) {
    case TransitLeaf::kSmall:
      return "small";
    case TransitLeaf::kCluster12:
      return "cluster-12";
    case TransitLeaf::kCluster48:
      return "cluster-48";
    case TransitLeaf::kCluster192:
      return "cluster-192";
  }
  return "small";
}

std::string_view to_string(RedundantWiring wiring) {
  return wiring == RedundantWiring::kRandom ? "random" : "deterministic";
}

std::vector<std::string> transit_composition_names() {
  return {"4K", "256K", "12K", "768K", "custom"};
}

// The paper's four examples (Transit Note #32 §Examples, §Example Hybrid Fat-Trees).
TransitParams resolve_composition(TransitParams p) {
  struct Named {
    const char* name;
    TransitLeaf leaf;
    int stages;
  };
  static constexpr Named kNamed[] = {{"4K", TransitLeaf::kSmall, 1},
                                     {"256K", TransitLeaf::kSmall, 2},
                                     {"12K", TransitLeaf::kCluster192, 1},
                                     {"768K", TransitLeaf::kCluster192, 2}};
  for (const auto& n : kNamed)
    if (p.composition == n.name) {
      p.leaf = n.leaf;
      p.stages = n.stages;
      return p;
    }
  if (p.composition == "custom") return p;
  throw InputError(
      3501,
      fmt::format(
          "composition '{}' does not exist; choose 4K, 256K, 12K, 768K or custom (with --leaf and "
          "--stages)",
          p.composition));
}

int cluster_processors(TransitLeaf leaf) {
  switch (leaf) {
    case TransitLeaf::kSmall:
      return 0;
    case TransitLeaf::kCluster12:
      return 12;
    case TransitLeaf::kCluster48:
      return 48;
    case TransitLeaf::kCluster192:
      return 192;
  }
  return 0;
}

std::uint64_t unit_tree_routers(int m) {
  return 26ull * static_cast<std::uint64_t>(m);
}

// First stage: 8c/3 inputs (2c from processors, 2c/3 from the tree), c/3 RN1s; then
// log4(c/3) stages of 2c inputs, c/4 RN1s each.
std::uint64_t cluster_routers(TransitLeaf leaf) {
  const std::uint64_t c = cluster_processors(leaf);
  if (c == 0) return 0;
  std::uint64_t inner = 0;
  for (std::uint64_t t = c / 3; t > 1; t /= 4) ++inner;
  return c / 3 + inner * (c / 4);
}

namespace {

constexpr std::uint64_t kMaxRouters = 4'000'000;  // input slots fit 32 bits

void fill_stages(TransitShape& s) {
  const bool small = s.params.leaf == TransitLeaf::kSmall;
  const int c = cluster_processors(s.params.leaf);
  std::uint64_t nodes = s.leaf_units;
  std::uint64_t top = small ? 2 : 2ull * c / 3;  // connections of a child's channel
  s.connections_by_level.push_back(top);
  if (!small) {
    s.unit_trees_by_stage.push_back(s.leaf_clusters);
    s.unit_tree_size_by_stage.push_back(0);
    s.unit_trees_per_node.push_back(1);
    s.routers_by_stage.push_back(s.leaf_clusters * cluster_routers(s.params.leaf));
  }
  for (int st = 0; st < s.unit_tree_stages; ++st) {
    nodes /= 64;
    const int m = small && st == 0 ? kSmallUnitTree : s.params.upper_unit_tree;
    const std::uint64_t u = top / static_cast<std::uint64_t>(m);
    s.unit_trees_by_stage.push_back(nodes * u);
    s.unit_tree_size_by_stage.push_back(m);
    s.unit_trees_per_node.push_back(u);
    s.routers_by_stage.push_back(nodes * u * unit_tree_routers(m));
    for (std::uint64_t f : {3, 8, 16}) s.connections_by_level.push_back(f * m * u);
    top = 16ull * m * u;
  }
}

}  // namespace

TransitShape transit_shape(const TransitParams& given) {
  TransitShape s;
  s.params = resolve_composition(given);
  FTVLSI_ASSERT(s.params.upper_unit_tree == kLargeUnitTree ||
                s.params.upper_unit_tree == kSmallUnitTree);
  const bool small = s.params.leaf == TransitLeaf::kSmall;
  const int max_stages = small ? 3 : 2;
  if (s.params.stages < 0 || s.params.stages > max_stages)
    throw InputError(
        3502,
        fmt::format(
            "--stages must be 0 .. {} for {} leaves (each stage multiplies the processors by 64); "
            "got {}",
            max_stages, to_string(s.params.leaf), s.params.stages));
  s.unit_tree_stages = s.params.stages + (small ? 1 : 0);
  s.tree_levels = 3 * s.unit_tree_stages;
  s.leaf_units = 1;
  for (int i = 0; i < s.unit_tree_stages; ++i) s.leaf_units *= 64;
  const std::uint64_t unit = small ? 1 : cluster_processors(s.params.leaf);
  s.processors = s.leaf_units * unit;
  s.leaf_clusters = small ? 0 : s.leaf_units;
  fill_stages(s);
  for (auto r : s.routers_by_stage) s.routers += r;
  if (s.routers > kMaxRouters)
    throw InputError(
        3503, fmt::format(
                  "a composition of {} RN1s is beyond this tool's limit of {}; use fewer --stages",
                  s.routers, kMaxRouters));
  s.processors_by_class.push_back(small ? 0 : unit - 1);
  std::uint64_t below = 1;
  for (int l = 1; l <= s.tree_levels; ++l, below *= 4)
    s.processors_by_class.push_back(unit * (4 * below - below));
  return s;
}

}  // namespace ftvlsi
