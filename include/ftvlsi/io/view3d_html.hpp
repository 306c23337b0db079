#pragma once
// A single-file interactive view of a 3D layout: an HTML page with the flattened boxes and wire
// segments as data and a small script that draws them on a canvas in an orthographic projection
// (drag to turn, wheel to zoom, keys 1-9 to hide a level). No network access, no WebGL: it opens
// in any browser, headless ones included. When the page has drawn, it sets
// document.body.dataset.drawn to the number of segments drawn.
//
// Layouts larger than `max_items` boxes and segments are drawn down to the deepest level of the
// hierarchy that fits; the cells below it appear as their bounding boxes.
#include <cstdint>
#include <string>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct View3dOptions {
  std::string title;
  std::uint64_t max_items = 200000;
};

std::string view3d_html(const Layout<3>& layout, const View3dOptions& options);
void write_view3d_html(const Layout<3>& layout, const std::string& path,
                       const View3dOptions& options);

}  // namespace ftvlsi
