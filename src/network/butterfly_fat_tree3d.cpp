#include "ftvlsi/network/butterfly_fat_tree3d.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

namespace {

// The mesh wires of level l: for each axis, each node with a neighbour beyond it along the axis,
// one wire from each of its switches to the same-numbered switch of that neighbour.
void add_mesh(const ButterflyFatTree3d& net, int l, std::uint64_t first,
              ButterflyFatTree3dGraph& g) {
  const std::uint64_t s = net.switches_per_node(l), nodes = net.nodes_at(l);
  const auto side = static_cast<std::int64_t>(net.nodes_per_side(l));
  for (int a = 0; a < 3; ++a)
    for (std::uint64_t node = 0; node < nodes; ++node) {
      auto at = demorton3(node);
      if (++at[a] >= side) continue;
      const std::uint64_t next = morton3(at);
      for (std::uint64_t j = 0; j < s; ++j) {
        g.add_wire(static_cast<std::uint32_t>(first + node * s + j),
                   static_cast<std::uint32_t>(first + next * s + j), l, true);
      }
    }
}

}  // namespace

ButterflyFatTree3d::ButterflyFatTree3d(std::uint64_t processors, bool pyramid)
    : n_(processors), pyramid_(pyramid) {
  const char* what = pyramid ? "3D fat-pyramid" : "3D butterfly fat-tree";
  require_power_size(processors, 8, what);
  if (processors > (std::uint64_t{1} << 21))
    throw InputError(3351, fmt::format("a {} may have at most 8^7 processors", what));
  k_ = floor_log2(processors) / 3;
}

ButterflyFatTree3dGraph ButterflyFatTree3d::graph() const {
  ButterflyFatTree3dGraph g;
  for (std::uint64_t p = 0; p < n_; ++p) {
    g.level.push_back(0);
    g.cell.push_back(demorton3(p));
  }
  // first[l]: id of the first switch of level l; a node is a Morton prefix.
  std::vector<std::uint64_t> first(k_ + 2, n_);
  for (int l = 1; l <= k_; ++l) first[l + 1] = first[l] + switches_at(l);
  for (int l = 1; l <= k_; ++l) {
    const std::uint64_t s = switches_per_node(l);
    for (std::uint64_t node = 0; node < nodes_at(l); ++node) {
      const auto corner = demorton3(node << (3 * l));
      for (std::uint64_t j = 0; j < s; ++j) {
        // Switch j in cell j of the node's subcube (Morton order within it): distinct cells.
        const auto offset = demorton3(j);
        g.level.push_back(l);
        g.cell.push_back({corner[0] + offset[0], corner[1] + offset[1], corner[2] + offset[2]});
        const auto self = static_cast<std::uint32_t>(first[l] + node * s + j);
        for (std::uint64_t c = 0; c < 8; ++c) {
          const std::uint64_t child_node = node * 8 + c;
          const std::uint64_t child = l == 1
                                          ? child_node
                                          : first[l - 1] + child_node * switches_per_node(l - 1) +
                                                j % switches_per_node(l - 1);
          g.add_wire(static_cast<std::uint32_t>(child), self, l, false);
        }
      }
    }
    if (pyramid_ && l < k_) add_mesh(*this, l, first[l], g);
  }
  return g;
}

}  // namespace ftvlsi
