#pragma once
// SVG writer for layouts of either dimension. A 2D layout is one picture: one <path> per
// (wiring layer, wire level), coloured by level, node boxes, a legend and a scale bar. Layouts
// with more shapes than `max_shapes` are drawn down to the deepest instance depth that fits;
// deeper subtrees appear as outlines and a note in the picture says what was left out. A 3D
// layout is drawn as 2D pictures of its planes: the view from above and one section per plane.
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

// A line drawn over the layout, e.g. a cut of a decomposition tree, coloured by its level.
struct SvgLine {
  Point<2> a, b;
  int level = 0;
};

struct SvgOptions {
  std::string title;
  // Legend text per wire level (index = level); "level k" when missing.
  std::vector<std::string> level_labels;
  std::uint64_t max_shapes = 250000;
  double max_pixels = 1600;  // longest side of the picture in CSS pixels
  std::vector<SvgLine> overlay;
  std::string overlay_name = "cut";  // legend: "<name> at level k"
  // 3D: the most wires and vias drawn plane by plane (the HTML view draws larger layouts).
  std::uint64_t max_plane_segments = 2000000;
};

// Writes `path`. A 3D layout: `path` gets the view from above (every plane's wires and the
// nodes' footprints), and PATH-zNNNN.svg (PATH without ".svg") each wiring plane: its wires
// along x and y and the nodes it cuts. Returns the plane files written (none in 2D). Throws
// InputError when a 3D layout has more than `max_plane_segments` wires and vias.
template <int D>
std::vector<std::string> write_svg(const Layout<D>& layout, const std::string& path,
                                   const SvgOptions& options);

}  // namespace ftvlsi
