#include "ftvlsi/io/plot_svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/palette.hpp"
#include "xml_text.hpp"

namespace ftvlsi {
namespace {

constexpr double kWidth = 720, kPlotHeight = 440;
constexpr double kFont = 12, kMinFont = 11;  // px: every text at least 11 px
constexpr double kCharWidth = 0.55 * kFont;  // a sans-serif character, about
constexpr double kLegendLine = 18;

// Characters of a UTF-8 text (continuation bytes are not characters).
std::size_t chars_of(std::string_view text) {
  std::size_t chars = 0;
  for (const char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return chars;
}

double title_font_size(std::string_view title) {
  const double fit =
      0.95 * kWidth / (0.55 * static_cast<double>(std::max<std::size_t>(chars_of(title), 1)));
  return std::clamp(fit, kMinFont, 15.0);
}

// A legend label broken at spaces into lines of at most `width` px at 12 px (a word longer than
// a line keeps its own line).
std::vector<std::string> wrapped(std::string_view label, double width) {
  const auto per_line = static_cast<std::size_t>(width / kCharWidth);
  std::vector<std::string> lines(1);
  std::size_t at = 0;
  while (at < label.size()) {
    std::size_t end = label.find(' ', at);
    if (end == std::string_view::npos) end = label.size();
    const std::string_view word = label.substr(at, end - at);
    if (!lines.back().empty() && chars_of(lines.back()) + 1 + chars_of(word) > per_line)
      lines.emplace_back();
    if (!lines.back().empty()) lines.back() += ' ';
    lines.back() += word;
    at = end + 1;
  }
  return lines;
}

constexpr double kLeft = 80, kRight = 30, kTop = 40, kBottom = 60;

// A log axis over [lo, hi], padded so that no point sits on the frame: the data's range widened
// by a quarter at each end, then to whole decades, or to powers of two when it spans less than
// two decades.
struct Axis {
  double lo, hi;
  std::vector<double> ticks;
  Axis(double min, double max) {
    min /= 1.25, max *= 1.25;
    double e0 = std::floor(std::log10(min)), e1 = std::ceil(std::log10(max));
    if (e1 <= e0) e1 = e0 + 1;
    if (e1 - e0 >= 2) {
      lo = std::pow(10, e0), hi = std::pow(10, e1);
      for (double e = e0; e <= e1; ++e) ticks.push_back(std::pow(10, e));
    } else {
      e0 = std::floor(std::log2(min)), e1 = std::ceil(std::log2(max));
      if (e1 <= e0) e1 = e0 + 1;
      lo = std::exp2(e0), hi = std::exp2(e1);
      for (double e = e0; e <= e1; ++e) ticks.push_back(std::exp2(e));
    }
  }
  double at(double v, double from, double to) const {
    return from + (to - from) * (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo));
  }
};

std::string tick_label(double v) {
  if (v >= 1e5 || v < 1e-2) return fmt::format("{:.0e}", v);
  if (v >= 1) return fmt::format("{:.0f}", v);
  return fmt::format("{:.2g}", v);
}

// The frame a plot's series are drawn in: the plot area's corners in SVG coordinates.
struct Frame {
  double x0, x1, y0, y1;
};

// One series: its line and its points (unless dashed).
std::string series_svg(const PlotSeries& s, std::size_t i, const Axis& ax, const Axis& ay,
                       const Frame& f) {
  const std::string colour = categorical_colour(i);
  std::string points, svg;
  for (const auto& [x, y] : s.points)
    points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", ax.at(x, f.x0, f.x1),
                          ay.at(y, f.y0, f.y1));
  svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{}/>\n",
                     points, colour, s.dashed ? " stroke-dasharray=\"6 4\"" : "");
  if (!s.dashed)
    for (const auto& [x, y] : s.points)
      svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>\n",
                         ax.at(x, f.x0, f.x1), ay.at(y, f.y0, f.y1), colour);
  return svg;
}

// The legend below the plot, one entry per series, its label wrapped to the width at 12 px;
// returns the entries and advances `y` past them.
std::string legend_svg(const std::vector<PlotSeries>& series, double& y) {
  std::string svg;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const std::string colour = categorical_colour(i);
    const auto lines = wrapped(series[i].label, kWidth - kLeft - 40 - kRight);
    svg += fmt::format(
        "<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"{}\" "
        "stroke-width=\"2\"{}/>\n",
        kLeft, y - 4, kLeft + 28, y - 4, colour,
        series[i].dashed ? " stroke-dasharray=\"6 4\"" : "");
    for (const auto& line : lines) {
      svg +=
          fmt::format("<text x=\"{}\" y=\"{:.1f}\">{}</text>\n", kLeft + 36, y, xml_escape(line));
      y += kLegendLine;
    }
  }
  return svg;
}

}  // namespace

std::string plot_svg(const std::vector<PlotSeries>& series, const PlotOptions& o) {
  double x0 = INFINITY, x1 = 0, y0 = INFINITY, y1 = 0;
  for (const auto& s : series)
    for (const auto& [x, y] : s.points) {
      if (!(x > 0 && y > 0 && std::isfinite(x) && std::isfinite(y)))
        throw InputError(5331,
                         fmt::format("plot '{}': series '{}' has a point ({}, {}) that a log axis "
                                     "cannot show; every value must be positive",
                                     o.title, s.label, x, y));
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  if (x1 == 0) x0 = 1, x1 = 10, y0 = 1, y1 = 10;
  const Axis ax(x0, x1), ay(y0, y1);
  const double px0 = kLeft, px1 = kWidth - kRight, py0 = kPlotHeight - kBottom, py1 = kTop;
  double legend_y = kPlotHeight + 4;
  const std::string legend = legend_svg(series, legend_y);
  const double height = legend_y + 8;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{:.0f}\" viewBox=\"0 0 {} "
      "{:.0f}\" font-family=\"sans-serif\" font-size=\"{}\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{}\" y=\"22\" font-size=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
      kWidth, height, kWidth, height, kFont, kWidth / 2, title_font_size(o.title),
      xml_escape(o.title));
  for (double t : ax.ticks) {
    const double x = ax.at(t, px0, px1);
    svg += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"#ddd\"/>"
        "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
        x, py0, x, py1, x, py0 + 16, tick_label(t));
  }
  for (double t : ay.ticks) {
    const double y = ay.at(t, py0, py1);
    svg += fmt::format(
        "<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
        px0, y, px1, y, px0 - 6, y + 4, tick_label(t));
  }
  svg += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\"/>\n"
      "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n"
      "<text x=\"18\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {})\">{}</text>\n",
      px0, py1, px1 - px0, py0 - py1, (px0 + px1) / 2, kPlotHeight - 18, xml_escape(o.x_label),
      (py0 + py1) / 2, (py0 + py1) / 2, xml_escape(o.y_label));
  for (std::size_t i = 0; i < series.size(); ++i)
    svg += series_svg(series[i], i, ax, ay, {px0, px1, py0, py1});
  svg += legend;
  svg += "</svg>\n";
  return svg;
}

namespace {

// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string plot_csv(const std::vector<PlotSeries>& series, const PlotOptions& o) {
  std::string csv =
      fmt::format("series,reference,{},{}\n", csv_field(o.x_label), csv_field(o.y_label));
  for (const auto& s : series)
    for (const auto& [x, y] : s.points)
      csv += fmt::format("{},{},{},{}\n", csv_field(s.label), s.dashed ? "yes" : "no", x, y);
  return csv;
}

void write_plot(const std::string& svg_path, const std::vector<PlotSeries>& series,
                const PlotOptions& options) {
  write_file_atomically(svg_path, plot_svg(series, options));
  write_file_atomically(plot_csv_path(svg_path), plot_csv(series, options));
}

std::string plot_csv_path(const std::string& svg_path) {
  return std::filesystem::path(svg_path).replace_extension(".csv").string();
}

}  // namespace ftvlsi
