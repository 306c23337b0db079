#pragma once
// SVG writer for 2D layouts: one <path> per (wiring layer, wire level), coloured by level,
// node boxes, a legend and a scale bar. Layouts with more shapes than `max_shapes` are drawn
// down to the deepest instance depth that fits; deeper subtrees appear as outlines and a note
// in the picture says what was left out.
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
};

void write_svg(const Layout<2>& layout, const std::string& path, const SvgOptions& options);

// A 3D layout: `path` gets the view from above (every plane's wires and the nodes' footprints),
// and PATH-zNNNN.svg (PATH without ".svg") each wiring plane: its wires along x and y and the
// nodes it cuts. Returns the plane files written. Throws InputError when the flattened layout
// has more than `max_segments` segments (the HTML view draws large ones).
std::vector<std::string> write_svg3(const Layout<3>& layout, const std::string& path,
                                    const SvgOptions& options,
                                    std::uint64_t max_segments = 2000000);

}  // namespace ftvlsi
