#pragma once
// KLayout's layer-properties file (.lyp) of a GDS: one entry per layer/datatype with its name and
// colours, so that a GDS opened with it shows "switch" or "met1: wiring layer 0" instead of bare
// numbers (docs/layout.md). io/gds_writer.hpp's gds_layers lists the layers a layout is drawn on.
#include <optional>
#include <span>
#include <string>

namespace ftvlsi {

struct GdsLayer {
  int layer = 0, datatype = 0;
  std::string name;
  std::string colour;  // "#rrggbb"
  bool filled = true;  // false: an outline (a node's box seen through its wires)
};

// FILE.lyp beside FILE.gds (any other name: NAME.lyp beside it); none when the GDS goes to an
// existing file that is not a regular one (/dev/null, a FIFO), which has nothing beside it.
std::optional<std::string> layer_properties_path(const std::string& gds_path);

// The XML KLayout reads with File > Load Layer Properties, or `klayout FILE.gds -l FILE.lyp`.
std::string layer_properties_xml(std::span<const GdsLayer> layers);

// Writes layer_properties_xml(layers) to `path` atomically (IoError when it cannot).
void write_layer_properties(const std::string& path, std::span<const GdsLayer> layers);

}  // namespace ftvlsi
