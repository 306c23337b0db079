#pragma once
// Design-rule check of a Thompson-grid layout (DESIGN §3.1):
//   short      two different wires overlap on one wiring layer (a via occupies both layers);
//   crossing   a wire touches a node it does not connect to;
//   overlap    two nodes (or, hierarchically, two instances, or a node and an instance) meet;
//   open       a wire does not end on the node or pin it names;
//   malformed  a wire with a zero-length, diagonal or collinear (bend-less) segment;
//   pin        a pin that is off its node or the cell boundary, or touched by other shapes.
//
// The hierarchical check visits each cell definition once: own shapes against each other,
// own shapes against instance bounding boxes (a wire may touch an instance only at the pin it
// ends on), and instance boxes against each other (they must be disjoint). Since every cell's
// contents lie inside its bounding box, a layout clean under these rules is clean flattened;
// the flat check proves it independently on layouts small enough to flatten.
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct DrcViolation {
  std::string rule;
  std::string cell;
  std::string detail;
  Box<2> where;
};

struct DrcReport {
  std::string mode;  // "hierarchical" or "flat"
  std::uint64_t violations = 0;
  std::vector<DrcViolation> samples;  // the first few
  std::uint64_t shapes_checked = 0;
  std::uint64_t cells_checked = 0;
  bool clean() const { return violations == 0; }
};

DrcReport check_hierarchical(const Layout<2>& layout);
// Throws InputError when flattening would exceed `max_bytes`.
DrcReport check_flat(const Layout<2>& layout, std::uint64_t max_bytes);

}  // namespace ftvlsi
