#pragma once
// Compositions of DeHon's practical fat-tree (docs/dehon.md §1; Transit Note #32 §Fat-Tree
// Composition, §Examples, §Hybrid Fat-Trees): the parameters of a network and the counts that
// follow from them, without building a router.
//
// A unit tree joins 64 subtrees to one parent through 4 layers of RN1s: one up-routing layer
// (8m routers, m/2 per group of 4 subtrees) and the down-routing quaternary tree D3, D2, D1
// (4m, 6m and 8m routers), 26m RN1s in all, where m is the number of physical connections per
// subtree and direction: m = 2 for the small unit tree (its subtrees are processors, which have
// 2 network inputs and 2 outputs), m = 8 for the large one. Each up router sends 2 connections in
// each of its 4 directions: lateral crossovers into D1, D2 and D3 of the same unit tree (a
// connection whose subtrees meet 1, 2 or 3 levels up), or up to the parent. So the logical
// channels of a unit tree carry m, 3m, 8m and 16m connections per direction at its 4 levels, a
// growth of 16 over 3 levels: 4^(2/3) per level on average, what volume universality needs.
//
// A composition stacks stages of 3 fat-tree levels each, x64 processors per stage. A logical
// node of stage s is u_s unit trees; its parent takes m = 8 connections per subtree from each of
// u_(s+1) large unit trees, so u_(s+1) = (the child node's top channel) / 8 = 2 m_s u_s, and
// each stage has 4 times fewer unit trees than the one below.
// Bidelta leaf clusters of c = 12, 48 or 192 processors (3 * 4^k) replace the small unit trees in
// hybrid fat-trees: a first stage of 8c/3 inputs (2c from processors, a quarter from the tree)
// routes to the cluster's three thirds or up, then log4(c/3) stages route inside.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/network/rn1.hpp"

namespace ftvlsi {

enum class TransitLeaf : std::uint8_t { kSmall, kCluster12, kCluster48, kCluster192 };
enum class RedundantWiring : std::uint8_t { kRandom, kDeterministic };

std::string_view to_string(TransitLeaf leaf);
std::string_view to_string(RedundantWiring wiring);

inline constexpr int kSmallUnitTree = 2;  // connections per subtree and direction
inline constexpr int kLargeUnitTree = 8;

struct TransitParams {
  std::string composition = "4K";  // 4K, 256K, 12K, 768K or custom (then leaf and stages)
  TransitLeaf leaf = TransitLeaf::kSmall;
  int stages = 1;  // unit-tree stages above the leaves (small unit trees or clusters)
  Rn1Config rn1 = Rn1Config::kDilation2;
  RedundantWiring wiring = RedundantWiring::kRandom;
  std::uint64_t seed = 1;
  // m of the unit trees above the first stage: DeHon's large unit tree (8). 2 builds the same
  // processors, RN1s and connections from small unit trees only, 4 times as many of them above
  // the leaves: the negative control of `ftvlsi check` D-compose (docs/checks.md).
  int upper_unit_tree = kLargeUnitTree;
};

// The named compositions; InputError naming the valid ones for any other name. "custom" keeps
// the given leaf and stages.
std::vector<std::string> transit_composition_names();
TransitParams resolve_composition(TransitParams params);

// Processors of a leaf cluster (0 for small unit-tree leaves).
int cluster_processors(TransitLeaf leaf);
// RN1s of a unit tree of size m (26m) and of a bidelta leaf cluster.
std::uint64_t unit_tree_routers(int m);
std::uint64_t cluster_routers(TransitLeaf leaf);

struct TransitShape {
  TransitParams params;
  std::uint64_t processors = 0;
  std::uint64_t leaf_clusters = 0;  // hybrids; 0 otherwise
  int unit_tree_stages = 0;         // stages of unit trees (small leaves included)
  int tree_levels = 0;              // fat-tree levels above the leaf units (3 per stage)
  std::uint64_t leaf_units = 0;     // processors (small) or clusters: the fat-tree's leaves
  // Leaf stage first; for hybrids the first entry counts leaf clusters.
  std::vector<std::uint64_t> unit_trees_by_stage;
  std::vector<int> unit_tree_size_by_stage;        // m per stage (0: clusters)
  std::vector<std::uint64_t> unit_trees_per_node;  // u_s: unit trees in one logical node
  std::vector<std::uint64_t> routers_by_stage;     // RN1s, same indexing
  std::uint64_t routers = 0;
  // Physical connections per direction in one logical channel, fat-tree level 0 (the channel of
  // a leaf unit: a processor or a cluster) to tree_levels (the root's, which is not wired).
  std::vector<std::uint64_t> connections_by_level;
  // Processors whose lowest common ancestor with a given one is at each class: class 0 is the
  // own cluster (hybrids; 0 for small leaves), class l >= 1 the fat-tree level l.
  std::vector<std::uint64_t> processors_by_class;
  int classes() const { return tree_levels + 1; }
};

// Throws InputError for a composition that cannot be built.
TransitShape transit_shape(const TransitParams& params);

}  // namespace ftvlsi
