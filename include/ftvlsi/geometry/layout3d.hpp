#pragma once
// A hierarchical layout on the three-dimensional Thompson grid (DESIGN §3.5): cells hold nodes
// (closed boxes), wires (Manhattan polylines through grid points; every grid point of a wire
// belongs to that wire alone) and placed instances of other cells. Wiring plane z is the set of
// grid points with that z; a wire's steps along z are vias between consecutive planes.
//
// Instances are placed by a mirror per axis and a translation (the layouts here never need to
// permute axes). A cell's pins are the ends of its wires that lie on its bounding box, plus its
// instances' pins that do; a parent's wire reaches into an instance only at such a pin.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

// Length of a Manhattan polyline in 3D.
std::uint64_t wire_length3(std::span<const Point<3>> points);

struct LayoutMetrics3 {
  Box<3> bbox;
  std::uint64_t width = 0, height = 0, depth = 0;  // x, y, z extents
  std::uint64_t volume = 0;
  std::uint64_t planes = 0;  // wiring planes holding at least one wire point
  std::uint64_t nodes = 0, processors = 0, switches = 0, interfaces = 0;
  std::uint64_t wires = 0, wire_length_total = 0, wire_length_max = 0;
  std::uint64_t vias = 0;            // unit steps along z
  std::uint64_t plane_segments = 0;  // segments along x or y (a GDS path each)
  std::uint64_t components = 0;  // wire ends on switches
  std::vector<std::uint64_t> wires_by_level, wire_length_total_by_level, wire_length_max_by_level;
  std::uint64_t processor_volume = 0;
  double processor_volume_fraction = 0;
  std::uint64_t cells = 0, instances = 0;
};

// Measured from the geometry, cell by cell and multiplied through the instances.
LayoutMetrics3 measure3(const Layout<3>& layout);

}  // namespace ftvlsi
