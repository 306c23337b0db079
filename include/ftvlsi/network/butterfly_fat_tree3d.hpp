#pragma once
// The three-dimensional butterfly fat-tree (Greenberg & Leiserson §6) on n = 8^k processors:
// level l = 1 .. k holds n / 8^l nodes (the 2^l x 2^l x 2^l subcubes), each of s_l = 4^(l-1)
// constant-size switches with 8 children and 4 parents: switch j of a level-l node joins switch
// j mod s_(l-1) of each of its eight child nodes (level-1 switches: the eight processors), so the
// channel above a subtree of p = 8^l processors has 4^l = p^(2/3) wires.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace ftvlsi {

struct ButterflyFatTree3dGraph {
  // Nodes: processors 0 .. n-1 (level 0, Morton order of their (x, y, z)), then switches level by
  // level, node by node.
  std::vector<int> level;
  std::vector<std::array<std::int64_t, 3>> cell;  // the processor cell (x, y, z) a node sits in
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires;  // (child, parent)
  std::vector<int> wire_level;                                 // the parent's level
};

class ButterflyFatTree3d {
 public:
  // Throws InputError naming the nearest powers of 8 when n is not one (at most 8^7).
  explicit ButterflyFatTree3d(std::uint64_t processors);
  std::uint64_t processors() const { return n_; }
  int levels() const { return k_; }
  std::uint64_t switches_per_node(int l) const { return std::uint64_t{1} << (2 * (l - 1)); }
  std::uint64_t nodes_at(int l) const { return n_ >> (3 * l); }
  std::uint64_t switches_at(int l) const { return nodes_at(l) * switches_per_node(l); }
  std::uint64_t channel_width(int l) const { return std::uint64_t{1} << (2 * l); }
  // Eight child wires per switch.
  std::uint64_t wires() const {
    std::uint64_t total = 0;
    for (int l = 1; l <= k_; ++l) total += 8 * switches_at(l);
    return total;
  }
  // Every switch of a level-l node sits in a distinct cell of the node's subcube.
  ButterflyFatTree3dGraph graph() const;

 private:
  std::uint64_t n_;
  int k_;
};

}  // namespace ftvlsi
