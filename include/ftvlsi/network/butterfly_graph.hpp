#pragma once
// The graph of a butterfly fat-tree or fat-pyramid, in 2D (network/butterfly_fat_tree.hpp) or 3D
// (network/butterfly_fat_tree3d.hpp): nodes are the processors (level 0), then the switches level
// by level; each node sits in one processor cell of the D-dimensional grid.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace ftvlsi {

template <int D>
struct ButterflyGraph {
  std::vector<int> level;
  std::vector<std::array<std::int64_t, D>> cell;               // the processor cell a node sits in
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires;  // tree wires: (child, parent)
  std::vector<int> wire_level;     // level of the upper switch (tree) or of both ends (mesh)
  std::vector<bool> wire_is_mesh;  // fat-pyramid mesh wires

  void add_wire(std::uint32_t a, std::uint32_t b, int at_level, bool mesh) {
    wires.push_back({a, b});
    wire_level.push_back(at_level);
    wire_is_mesh.push_back(mesh);
  }
};

using ButterflyFatTreeGraph = ButterflyGraph<2>;
using ButterflyFatTree3dGraph = ButterflyGraph<3>;

}  // namespace ftvlsi
