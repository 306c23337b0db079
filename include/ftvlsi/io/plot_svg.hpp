#pragma once
// A small line chart as a standalone SVG: one polyline with markers per series, logarithmic
// axes with decade (or power-of-two) ticks, a legend. Deterministic text, no scripts. Its data
// goes beside it as CSV (write_plot).
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

// The same plot's data as CSV: a header (series, reference, then the axis labels) and one row a
// point, series by series in the legend's order; `reference` is "yes" for a dashed curve. Values
// are printed in the shortest form that reads back to the same double.
std::string plot_csv(const std::vector<PlotSeries>& series, const PlotOptions& options);

// Writes the plot to `svg_path` and its data beside it (plot_csv_path), each atomically.
void write_plot(const std::string& svg_path, const std::vector<PlotSeries>& series,
                const PlotOptions& options);

// NAME.svg's data file: NAME.csv in the same folder.
std::string plot_csv_path(const std::string& svg_path);

}  // namespace ftvlsi
