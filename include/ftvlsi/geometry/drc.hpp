#pragma once
// Design-rule check of a layout on the Thompson grid, in either dimension (docs/design.md §3.9,
// docs/geometry.md):
//   short      two different wires meet where the wiring model forbids it (2D: on one wiring
//              layer, a contact or via occupying both; 3D: on any grid point);
//   crossing   a wire touches a node it does not connect to, or (hierarchically) enters an
//              instance other than at a pin it ends on;
//   overlap    two nodes (or, hierarchically, two instances, or a node and an instance) meet;
//   open       a wire does not end on the node or pin it names, or an end left to geometry
//              lands on no node, no instance and (below the top cell) not on the cell's boundary;
//   malformed  a wire with fewer than two points, a zero-length, diagonal or collinear
//              (bend-less) segment;
//   pin        a pin that is off its node or the cell boundary, or touched by other shapes.
// A wire may touch a node it names anywhere; an end left to geometry may rest on any node's
// boundary, and on an instance's boundary where the instance offers an end of its own there.
//
// The hierarchical check visits each cell definition once: own shapes against each other,
// own shapes against instance bounding boxes (a wire may touch an instance only at a pin it
// ends on), and instance boxes against each other (they must be disjoint). Since every cell's
// contents lie inside its bounding box, a layout clean under these rules is clean flattened;
// the flat check proves it independently on layouts small enough to flatten (there two wires
// left to geometry may meet end to end, once: where a channel crosses a cell's boundary).
// Layouts with line colours (2D lattices) are checked hierarchically by their own rules.
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct DrcViolation {
  std::string rule;
  std::string cell;
  std::string detail;  // 3D: ends with the point along z
  Box<2> where;        // in the plane
};

struct DrcReport {
  std::string mode;  // "hierarchical" or "flat"
  std::uint64_t violations = 0;
  std::vector<DrcViolation> samples;  // the first few
  std::uint64_t shapes_checked = 0;
  std::uint64_t cells_checked = 0;
  bool clean() const { return violations == 0; }
};

template <int D>
DrcReport check_hierarchical(const Layout<D>& layout);
// The same, first refusing (FTV-8028) a check that would need more than `max_bytes`
// (hierarchical_drc_bytes): a layout of one big cell sweeps all of its shapes at once.
template <int D>
DrcReport check_hierarchical(const Layout<D>& layout, std::uint64_t max_bytes);
// Bytes the hierarchical check needs: the largest cell's shapes and, in 3D, the wire ends every
// cell offers its parents.
template <int D>
std::uint64_t hierarchical_drc_bytes(const Layout<D>& layout);
// Throws InputError (FTV-8011) when the flat check would need more than `max_bytes` of memory
// (flat_drc_bytes), before it flattens anything.
template <int D>
DrcReport check_flat(const Layout<D>& layout, std::uint64_t max_bytes);

// The memory a flat check of `layout` may use: the memory available (core/system.hpp) less what
// the run holds already (the layout's bytes, or the process's peak so far when that is more).
template <int D>
std::uint64_t memory_beside(const Layout<D>& layout);

// Bytes the flat check of `layout` needs: the flattened copy, the shapes it sweeps (a box a
// segment, 2D contacts, a box a node) and the sweep's own copies (docs/memory-limits.md).
template <int D>
std::uint64_t flat_drc_bytes(const Layout<D>& layout);

}  // namespace ftvlsi
