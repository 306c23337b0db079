#pragma once
// Three-dimensional competing networks drawn on the 3D grid (docs/design.md §3.5).
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

// A three-dimensional competing network whose wires join grid neighbours (mesh3d): processor
// (x, y, z) is a cube of side `side` (at least 2) at (p x, p y, p z), pitch p = side + 1, and each
// wire a straight unit segment between facing faces. A larger side pads the processors (to compare
// networks of equal volume, docs/measurements.md). Throws InputError for a network with any other
// wire.
Layout<3> build_grid3d(const CompetingNetwork& net, Coord side = 2);

// Bytes build_grid3d needs for a network of `processors` and `wires`, estimated before anything
// is allocated (docs/memory-limits.md).
long double estimate_grid3d_bytes(std::uint64_t processors, std::uint64_t wires);

}  // namespace ftvlsi
