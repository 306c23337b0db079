#pragma once
// Tree wires and mesh edges of a 2D layout, per wire level, measured from the drawn wires of
// every cell times its number of placements: a mesh edge joins two nodes of one level (the
// fat-pyramid's hierarchical mesh, Greenberg 1990 §4), a tree wire two different levels.
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct WireKindMetrics {
  std::vector<std::uint64_t> tree_wire_length_max_by_level;
  std::vector<std::uint64_t> mesh_wires_by_level;
  std::vector<std::uint64_t> mesh_wire_length_total_by_level;
  std::vector<std::uint64_t> mesh_wire_length_max_by_level;
};

// `levels` is the number of wire levels (arrays have that many entries).
WireKindMetrics measure_wire_kinds(const Layout<2>& layout, int levels);

}  // namespace ftvlsi
