#pragma once
// A single-file interactive view of a 3D layout: an HTML page with the flattened boxes and wire
// segments as data and a small script that draws them on a canvas in an orthographic projection
// (drag to turn, wheel to zoom, keys 1-9 to hide a level). No network access, no WebGL: it opens
// in any browser, headless ones included. When the page has drawn, it sets
// document.body.dataset.drawn to the number of segments drawn.
//
// A layout of more than `detail_items` (at most `max_items`) boxes and segments would be a
// hairball at screen size: the
// page then draws its upper wire levels (0, the root's, and down as many as fit) with their
// nodes, and each subtree that holds only deeper levels as its grey bounding box. When even level
// 0 does not fit, the hierarchy is drawn down to the deepest instance level within `max_items`,
// the cells below it as their bounding boxes.
#include <cstdint>
#include <string>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct View3dOptions {
  std::string title;
  std::uint64_t max_items = 200000;
  std::uint64_t detail_items = 40000;  // 0: never draw by levels
  bool leaves_first = false;           // wire level 0 is the processors' end, not the root's
};

std::string view3d_html(const Layout<3>& layout, const View3dOptions& options);
void write_view3d_html(const Layout<3>& layout, const std::string& path,
                       const View3dOptions& options);

}  // namespace ftvlsi
