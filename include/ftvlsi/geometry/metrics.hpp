#pragma once
// Metrics measured from a layout's geometry (docs/design.md §3.6, docs/geometry.md): every
// figure is summed over the shapes actually placed, cell by cell and multiplied through the
// instances, never taken from a formula. One set of metrics serves both dimensions; area() and
// volume() name its size.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

template <int D>
struct LayoutMetrics {
  Box<D> bbox;
  std::uint64_t width = 0;   // extent along x
  std::uint64_t height = 0;  // along y
  std::uint64_t depth = 0;   // along z; 0 in 2D
  std::uint64_t size = 0;    // the bounding box's area (2D) or volume (3D)
  // 2D: the wiring layers that carry at least one segment; 3D: the wiring planes the layout
  // spans (depth + 1).
  int layers = 0;
  std::uint64_t nodes = 0;
  std::uint64_t processors = 0;
  std::uint64_t switches = 0;
  std::uint64_t interfaces = 0;
  std::uint64_t wires = 0;
  std::uint64_t segments = 0;
  // Segments along each axis; in 2D these are the wiring layers (x on 0, y on 1).
  std::array<std::uint64_t, D> segments_by_axis{};
  std::uint64_t vias = 0;
  // Wire ends on switches, summed over switches (Leiserson's component count).
  std::uint64_t components = 0;
  std::uint64_t wire_length_total = 0;
  std::uint64_t wire_length_max = 0;
  // Indexed by wire level (binary level k of the channel, 0 = root).
  std::vector<std::uint64_t> wires_by_level;
  std::vector<std::uint64_t> wire_length_total_by_level;
  std::vector<std::uint64_t> wire_length_max_by_level;
  std::uint64_t processor_size = 0;  // the processors' total area (2D) or volume (3D)
  double processor_fraction = 0;     // processor_size / size
  std::uint64_t switch_size = 0;     // the switches' total area (2D) or volume (3D)
  std::uint64_t cells = 0;           // cells the top cell places (itself included)
  std::uint64_t instances = 0;       // instances in those cells (the hierarchy's size)
  std::uint64_t placements = 0;      // instances in the flattened layout

  std::uint64_t area() const requires(D == 2) { return size; }
  std::uint64_t volume() const requires(D == 3) { return size; }
};

// Throws GeometryError if a total does not fit 64 bits.
template <int D>
LayoutMetrics<D> measure(const Layout<D>& layout);

// The area (2D) or volume (3D) of a bounding box, as measure() reports it; throws GeometryError
// (FTV-5201) if it does not fit 64 bits.
template <int D>
std::uint64_t box_size(const Box<D>& bbox);

// A layout's total (a count, a length, an area or volume, named by `what`) as measure() reports
// it; throws GeometryError (FTV-5201) if it does not fit 64 bits.
std::uint64_t layout_total(unsigned __int128 v, const char* what);

// Length of a Manhattan polyline.
template <int D>
std::uint64_t wire_length(std::span<const Point<D>> points);

}  // namespace ftvlsi
