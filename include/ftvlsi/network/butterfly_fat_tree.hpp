#pragma once
// The butterfly fat-tree (Greenberg & Leiserson Fig. 8, docs/design.md §2.2) and the fat-pyramid
// (Greenberg §1, docs/design.md §2.3) on n = 4^m processors.
//
// Level l = 1 .. m holds (n / 4^l) tree nodes on a 2^(m-l) x 2^(m-l) grid, each of 2^(l-1)
// constant-size switches with 4 children and 2 parents: switch i of a level-l node connects, for
// each of its four child nodes, to that child's switch i mod 2^(l-2) (level-1 switches to the
// node's four processors). The channel above a subtree of p = 4^l processors therefore has
// 2^l = sqrt p wires. The fat-pyramid adds, at every level, two wires between switch i of every
// pair of nodes adjacent horizontally or vertically (Greenberg's hierarchical mesh, a
// 4-neighbour mesh per level): the capacity 2^l of the adjacent channels. A message reaches a
// diagonal neighbour's node by two of these mesh edges (Greenberg 1990 §4). With
// `mesh_diagonals` the mesh also joins diagonal neighbours directly (not the paper's network; an
// option for comparing area and slowdown).
//
// Greenberg's "scalable fat-tree" (Fig. 2): the switches of level l may have p_l = 1, 2 or 4
// parents (2 by default). A level-l node then holds s_l switches, s_1 = 1 and s_(l+1) = s_l p_l,
// its channel has c_l = s_l p_l wires (so capacities grow by p_l / 2 per binary level pair
// relative to sqrt p), switch j of a level-(l+1) node joins switch j mod s_l of each child node,
// and the fat-pyramid's adjacent nodes are joined by p_l wires between same-numbered switches.
#include <cstdint>
#include <vector>

#include "ftvlsi/network/butterfly_graph.hpp"

namespace ftvlsi {

class ButterflyFatTree {
 public:
  // Throws InputError naming the nearest powers of 4 when n is not one, or when `parents`
  // (per level 1 .. m-1; empty: all 2; one value: every level) holds anything but 1, 2 and 4.
  ButterflyFatTree(std::uint64_t processors, bool pyramid, std::vector<int> parents = {},
                   bool mesh_diagonals = false);

  std::uint64_t processors() const { return n_; }
  int levels() const { return m_; }  // m
  bool pyramid() const { return pyramid_; }
  // Whether the mesh joins diagonal neighbours too (fat-pyramids only; false by default).
  bool mesh_diagonals() const { return pyramid_ && diagonals_; }
  // Mesh directions per node pair class: 2 (right, up) or 4 (and up-right, up-left).
  int mesh_directions() const { return mesh_diagonals() ? 4 : 2; }
  // Parents of a level-l switch (l = 1 .. m; the root level's are the external channel).
  int parents(int l) const { return parents_[l]; }
  const std::vector<int>& parents_by_level() const { return parents_; }
  std::uint64_t switches_per_node(int l) const { return switches_[l]; }
  std::uint64_t nodes_at(int l) const { return n_ >> (2 * l); }
  std::uint64_t switches_at(int l) const { return nodes_at(l) * switches_per_node(l); }
  // Wires in the channel above a level-l node (l = 0: a processor's single wire).
  std::uint64_t channel_width(int l) const {
    return l == 0 ? 1 : switches_[l] * static_cast<std::uint64_t>(parents_[l]);
  }

  // The number of wires of graph(), without building it: tree wires and mesh edges.
  std::uint64_t wire_count() const;

  // The whole graph with every switch placed regularly over its node's region: the s_l = 2^e
  // switches of a level-l node sit at the centres of a 2^a x 2^b grid of equal sub-blocks
  // (a + b = e <= 2l), so every cell holds at most one switch of each level.
  ButterflyFatTreeGraph graph() const;

 private:
  std::uint64_t n_;
  int m_;
  bool pyramid_;
  bool diagonals_;
  std::vector<int> parents_;             // index l = 1 .. m (0 unused)
  std::vector<std::uint64_t> switches_;  // s_l, index l = 1 .. m
};

}  // namespace ftvlsi
