#pragma once
// Design-rule check on the three-dimensional grid, with the rules of the 2D check:
//   short      two different wires share a grid point (on one plane, or a via between two);
//   crossing   a wire passes through a node or an instance, or touches one where it does not end;
//   overlap    two nodes, two instances, or a node and an instance meet;
//   open       a wire ends neither on a node nor on a pin of an instance (nor, below the top cell,
//              on the cell's boundary, where it becomes the cell's pin);
//   malformed  fewer than two points, a zero-length or diagonal segment, or a bend-less point.
// A wire's steps along z are its vias, so a via exists exactly where a wire changes plane.
// The hierarchical check visits each cell once; the flat one flattens the whole layout and
// proves the same independently (two wires may share a point only where both end: a pin).
#include <cstdint>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

DrcReport check_hierarchical3(const Layout<3>& layout);
// Throws InputError when flattening would exceed `max_bytes`.
DrcReport check_flat3(const Layout<3>& layout, std::uint64_t max_bytes);

}  // namespace ftvlsi
