#pragma once
// The layered layout of the 3D butterfly fat-tree (docs/design.md §3.5).
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"

namespace ftvlsi {

// The 3D butterfly fat-tree by the layered router (layout/layered3d): the nodes, ordered by the
// Morton index of their cell (then by level), take consecutive slots of a 2D Morton curve, so
// every subcube's nodes share a compact footprint; the wires go in plane pairs above them.
Layout<3> build_butterfly3d(const ButterflyFatTree3d& net);

// Bytes build_butterfly3d(net) needs at its peak, estimated before anything is allocated
// (docs/memory-limits.md).
long double estimate_butterfly3d_layered_bytes(const ButterflyFatTree3d& net);

}  // namespace ftvlsi
