#pragma once
// A small line chart as a standalone SVG: one polyline with markers per series, logarithmic
// axes with decade (or power-of-two) ticks, a legend. Deterministic text, no scripts.
#include <string>
#include <utility>
#include <vector>

namespace ftvlsi {

struct PlotSeries {
  std::string label;
  std::vector<std::pair<double, double>> points;  // (x, y), both > 0
  bool dashed = false;                            // a reference curve
};

struct PlotOptions {
  std::string title, x_label, y_label;
};

// Throws InputError when a point is not positive and finite (a log axis cannot show it).
std::string plot_svg(const std::vector<PlotSeries>& series, const PlotOptions& options);

}  // namespace ftvlsi
