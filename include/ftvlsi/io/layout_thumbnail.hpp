#pragma once
// A small picture of a layout for the report's index: the upper levels of its hierarchy drawn
// wire by wire (coloured by wire level, io/palette.hpp), the cells below them as grey outlines,
// at most `max_items` shapes in all, so that even a 65,536-processor layout is a few kilobytes.
// A 2D layout is seen from above; a 3D one at the angle its HTML view opens with.
#include <cstdint>
#include <string>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct ThumbnailOptions {
  std::uint64_t max_items = 2000;
  double pixels = 240;        // the longer side
  std::string title;          // the picture's <title>
  bool leaves_first = false;  // wire level 0 is the processors' end (butterfly fat-trees)
};

template <int D>
std::string layout_thumbnail_svg(const Layout<D>& layout, const ThumbnailOptions& options);

// The thumbnail of layout `name` in its report folder: "NAME-thumb.svg".
std::string thumbnail_file(const std::string& name);

}  // namespace ftvlsi
