#pragma once
// Metrics measured from a layout's geometry (DESIGN §3.6): every figure is summed over the
// shapes actually placed, cell by cell and multiplied through the instances, never taken from
// a formula.
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct LayoutMetrics {
  Box<2> bbox;
  std::uint64_t width = 0;
  std::uint64_t height = 0;
  std::uint64_t area = 0;
  int layers = 0;  // wiring layers that carry at least one segment
  std::uint64_t nodes = 0;
  std::uint64_t processors = 0;
  std::uint64_t switches = 0;
  std::uint64_t interfaces = 0;
  std::uint64_t wires = 0;
  std::uint64_t segments = 0;
  std::uint64_t segments_by_layer[2] = {0, 0};  // horizontal (layer 0), vertical (layer 1)
  std::uint64_t vias = 0;
  // Wires incident to switches, summed over switches (Leiserson's component count).
  std::uint64_t components = 0;
  std::uint64_t wire_length_total = 0;
  std::uint64_t wire_length_max = 0;
  // Indexed by wire level (binary level k of the channel, 0 = root).
  std::vector<std::uint64_t> wires_by_level;
  std::vector<std::uint64_t> wire_length_total_by_level;
  std::vector<std::uint64_t> wire_length_max_by_level;
  std::uint64_t processor_area = 0;
  double processor_area_fraction = 0;
  std::uint64_t cells = 0;
  std::uint64_t instances = 0;  // placed in all cells (hierarchical size)
};

// Throws GeometryError if a total does not fit 64 bits.
LayoutMetrics measure(const Layout<2>& layout);

// Length of a Manhattan polyline.
std::uint64_t wire_length(std::span<const Point<2>> points);

}  // namespace ftvlsi
