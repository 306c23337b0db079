#pragma once
// The butterfly fat-tree (Greenberg & Leiserson Fig. 8, DESIGN §2.2) and the fat-pyramid
// (Greenberg §1, DESIGN §2.3) on n = 4^m processors.
//
// Level l = 1 .. m holds (n / 4^l) tree nodes on a 2^(m-l) x 2^(m-l) grid, each of 2^(l-1)
// constant-size switches with 4 children and 2 parents: switch i of a level-l node connects, for
// each of its four child nodes, to that child's switch i mod 2^(l-2) (level-1 switches to the
// node's four processors). The channel above a subtree of p = 4^l processors therefore has
// 2^l = sqrt p wires. The fat-pyramid adds, at every level, two wires between switch i of every
// pair of nodes adjacent horizontally, vertically or diagonally: the capacity 2^l of the
// adjacent channels.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace ftvlsi {

struct ButterflyFatTreeGraph {
  // Nodes: processors 0 .. n-1 (level 0), then switches level by level.
  std::vector<int> level;
  std::vector<std::array<std::int64_t, 2>> cell;  // the processor cell a node sits in
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires;
  std::vector<int> wire_level;  // level of the upper switch (tree) or of both (mesh)
  std::vector<bool> wire_is_mesh;
};

class ButterflyFatTree {
 public:
  // Throws InputError naming the nearest powers of 4 when n is not one.
  ButterflyFatTree(std::uint64_t processors, bool pyramid);

  std::uint64_t processors() const { return n_; }
  int levels() const { return m_; }  // m
  bool pyramid() const { return pyramid_; }
  std::uint64_t switches_per_node(int l) const { return std::uint64_t{1} << (l - 1); }
  std::uint64_t nodes_at(int l) const { return n_ >> (2 * l); }
  std::uint64_t switches_at(int l) const { return nodes_at(l) * switches_per_node(l); }
  // Wires in the channel above a level-l node (l = 0: a processor's single wire).
  std::uint64_t channel_width(int l) const { return std::uint64_t{1} << l; }

  // The whole graph with every switch placed regularly over its node's region: the 2^(l-1)
  // switches of a level-l node sit at the centres of a 2^a x 2^b grid of equal sub-blocks
  // (a + b = l - 1), so every cell holds at most one switch of each level.
  ButterflyFatTreeGraph graph() const;

 private:
  std::uint64_t n_;
  int m_;
  bool pyramid_;
};

}  // namespace ftvlsi
