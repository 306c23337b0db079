#pragma once
// Three-dimensional competing networks drawn on the 3D grid (docs/design.md §3.5).
#include <array>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

// A three-dimensional competing network whose wires join grid neighbours (mesh3d): processor
// (x, y, z) is a cube of side `side` (at least 2) at (p x, p y, p z), pitch p = side + 1, and each
// wire a straight unit segment between facing faces. A larger side pads the processors (to compare
// networks of equal volume, docs/measurements.md). Throws InputError for a network with any other
// wire.
inline constexpr Coord kGrid3dSide = 2;  // the processors' side unless padded
// The distance between neighbouring processors' cubes of side `side`: one unit of wire.
inline constexpr Coord grid3d_pitch(Coord side) {
  return side + 1;
}
Layout<3> build_grid3d(const CompetingNetwork& net, Coord side = kGrid3dSide);

// What build_grid3d's drawing measures, streamed from the same geometry without storing it: the
// bounding box, its volume and every wire's drawn length, in wire order, and all of
// measure(build_grid3d(net, side)). For R where the layout itself is not kept (simulate, export,
// decompose's placement on the grid), at a fraction of the drawing's time and none of its memory.
// Throws as build_grid3d and measure do.
struct Grid3dMeasure {
  Box<3> bbox;
  std::uint64_t volume = 0;
  std::vector<std::uint64_t> wire_length;  // empty unless asked for
  LayoutMetrics<3> metrics;
};
// With `placed` the positions are the processors' cube corners already (grid place times
// grid3d_pitch(side), as decompose cuts them), not their grid places.
Grid3dMeasure measure_grid3d(const CompetingNetwork& net, Coord side = kGrid3dSide,
                             bool lengths = true, bool placed = false);
// The volume of build_grid3d's drawing at any processor side, from the extent of the processors'
// places alone (each wire lies between the cubes it joins), for searches over the side. The same
// as measure_grid3d(net, side).volume for a network the grid draws; it does not check the wires.
class Grid3dVolume {
 public:
  explicit Grid3dVolume(const CompetingNetwork& net);
  std::uint64_t at(Coord side) const;

 private:
  std::array<std::int64_t, 3> lo_{}, hi_{};
};

// Bytes measure_grid3d needs: the lengths, one a wire.
inline long double estimate_measure_grid3d_bytes(std::uint64_t wires) {
  return static_cast<long double>(wires) * sizeof(std::uint64_t);
}

// Bytes build_grid3d needs for a network of `processors` and `wires`, estimated before anything
// is allocated (docs/memory-limits.md).
long double estimate_grid3d_bytes(std::uint64_t processors, std::uint64_t wires);

}  // namespace ftvlsi
