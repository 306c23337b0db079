#pragma once
// The three-dimensional butterfly fat-tree (Greenberg & Leiserson §6) on n = 8^k processors:
// level l = 1 .. k holds n / 8^l nodes (the 2^l x 2^l x 2^l subcubes), each of s_l = 4^(l-1)
// constant-size switches with 8 children and 4 parents: switch j of a level-l node joins switch
// j mod s_(l-1) of each of its eight child nodes (level-1 switches: the eight processors), so the
// channel above a subtree of p = 8^l processors has 4^l = p^(2/3) wires.
//
// The 3D fat-pyramid (Greenberg 1990's hierarchical mesh in three dimensions,
// docs/fat-pyramid3d.md) adds, at every level l = 1 .. k-1, one wire between switch j of every pair
// of level-l nodes whose subcubes share a face (6 neighbours): the mesh channel between adjacent
// level-l nodes has s_l = 4^(l-1) wires, a quarter of the tree channel above either of them.
#include <array>
#include <cstdint>
#include <vector>

#include "ftvlsi/network/butterfly_graph.hpp"

namespace ftvlsi {

class ButterflyFatTree3d {
 public:
  // Throws InputError naming the nearest powers of 8 when n is not one (at most 8^7).
  explicit ButterflyFatTree3d(std::uint64_t processors, bool pyramid = false);
  std::uint64_t processors() const { return n_; }
  int levels() const { return k_; }
  bool pyramid() const { return pyramid_; }
  // Level-l nodes per side of the cube of nodes.
  std::uint64_t nodes_per_side(int l) const { return std::uint64_t{1} << (k_ - l); }
  std::uint64_t switches_per_node(int l) const { return std::uint64_t{1} << (2 * (l - 1)); }
  std::uint64_t nodes_at(int l) const { return n_ >> (3 * l); }
  std::uint64_t switches_at(int l) const { return nodes_at(l) * switches_per_node(l); }
  std::uint64_t channel_width(int l) const { return std::uint64_t{1} << (2 * l); }
  // Eight child wires per switch.
  std::uint64_t tree_wires() const {
    std::uint64_t total = 0;
    for (int l = 1; l <= k_; ++l) total += 8 * switches_at(l);
    return total;
  }
  // Fat-pyramid: s_l wires per face-adjacent pair of level-l nodes (l = 1 .. k-1).
  std::uint64_t mesh_wires_at(int l) const {
    if (!pyramid_ || l < 1 || l >= k_) return 0;
    const std::uint64_t side = nodes_per_side(l);
    return 3 * side * side * (side - 1) * switches_per_node(l);
  }
  std::uint64_t mesh_wires() const {
    std::uint64_t total = 0;
    for (int l = 1; l < k_; ++l) total += mesh_wires_at(l);
    return total;
  }
  std::uint64_t wires() const { return tree_wires() + mesh_wires(); }
  // Every switch of a level-l node sits in a distinct cell of the node's subcube.
  ButterflyFatTree3dGraph graph() const;

 private:
  std::uint64_t n_;
  int k_;
  bool pyramid_;
};

namespace detail {

// Bits 0, 3, 6, ..., 60 of x gathered into bits 0 ... 20, and back (the usual magic-mask
// shifts: each step halves the gaps between the bits kept).
inline std::uint64_t compact_every_third(std::uint64_t x) {
  x &= 0x1249249249249249ull;
  x = (x ^ (x >> 2)) & 0x10c30c30c30c30c3ull;
  x = (x ^ (x >> 4)) & 0x100f00f00f00f00full;
  x = (x ^ (x >> 8)) & 0x001f0000ff0000ffull;
  x = (x ^ (x >> 16)) & 0x001f00000000ffffull;
  x = (x ^ (x >> 32)) & 0x00000000001fffffull;
  return x;
}

inline std::uint64_t spread_every_third(std::uint64_t x) {
  x &= 0x1fffffull;
  x = (x | (x << 32)) & 0x001f00000000ffffull;
  x = (x | (x << 16)) & 0x001f0000ff0000ffull;
  x = (x | (x << 8)) & 0x100f00f00f00f00full;
  x = (x | (x << 4)) & 0x10c30c30c30c30c3ull;
  x = (x | (x << 2)) & 0x1249249249249249ull;
  return x;
}

}  // namespace detail

// The Morton index of (x, y, z) (bit i of axis a is bit 3i + a) and its inverse. The router asks
// for every message's cells every delivery cycle, so these are inline shifts and masks rather
// than a loop over the bits (the same values; butterfly_fat_tree3d_test checks both ways).
[[gnu::always_inline]] inline std::uint64_t morton3(const std::array<std::int64_t, 3>& p) {
  return detail::spread_every_third(static_cast<std::uint64_t>(p[0])) |
         (detail::spread_every_third(static_cast<std::uint64_t>(p[1])) << 1) |
         (detail::spread_every_third(static_cast<std::uint64_t>(p[2])) << 2);
}
[[gnu::always_inline]] inline std::array<std::int64_t, 3> demorton3(std::uint64_t m) {
  return {static_cast<std::int64_t>(detail::compact_every_third(m) | ((m >> 63) << 21)),
          static_cast<std::int64_t>(detail::compact_every_third(m >> 1)),
          static_cast<std::int64_t>(detail::compact_every_third(m >> 2))};
}

}  // namespace ftvlsi
