#include "ftvlsi/io/svg_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"

namespace ftvlsi {
namespace {

constexpr std::array<const char*, 12> kPalette{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                               "#9467bd", "#8c564b", "#e377c2", "#17becf",
                                               "#bcbd22", "#7f7f7f", "#393b79", "#637939"};
constexpr std::array<const char*, 3> kNodeFill{"#4c72b0", "#333333", "#c44e52"};
constexpr std::array<const char*, 3> kNodeName{"processors", "switches", "interface"};

std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Shapes drawn when descending `depth` more levels below a cell: own nodes, segments and vias,
// plus one outline per instance that is not entered.
class DepthCounter {
 public:
  explicit DepthCounter(const Layout& layout) : layout_(layout) {}
  std::uint64_t shapes(std::int32_t cell, int depth) {
    const auto key = std::make_pair(cell, depth);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Cell& c = layout_.cells[cell];
    std::uint64_t n = c.node_count() + c.wire_points.size();  // segments + vias <= points
    for (const auto& inst : c.instances) n += depth > 0 ? shapes(inst.cell, depth - 1) : 1;
    return memo_[key] = n;
  }
  int max_depth(std::int32_t cell) {
    int d = 0;
    for (const auto& inst : layout_.cells[cell].instances)
      d = std::max(d, 1 + max_depth(inst.cell));
    return d;
  }

 private:
  const Layout& layout_;
  std::map<std::pair<std::int32_t, int>, std::uint64_t> memo_;
};

// Path data per (layer, level) and per node kind, gathered over the drawn cells.
struct Drawing {
  std::map<std::pair<int, int>, std::string> wires;  // (layer, level)
  std::map<int, std::string> vias;                   // level
  std::array<std::string, 3> nodes;
  std::string outlines;
  std::uint64_t hidden_wires = 0;
  std::uint64_t hidden_subtrees = 0;
};

void draw_box(std::string& d, const Box& b) {
  fmt::format_to(std::back_inserter(d), "M{} {}h{}v{}h{}z", b.x0, b.y0, b.width(), b.height(),
                 -b.width());
}

void draw_wire(Drawing& out, std::span<const Point> pts, const Transform& t, int level, bool vias) {
  Point a = t.apply(pts[0]);
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const Point b = t.apply(pts[i]);
    std::string& d = out.wires[{a.y == b.y ? 0 : 1, level}];
    if (a.y == b.y)
      fmt::format_to(std::back_inserter(d), "M{} {}H{}", a.x, a.y, b.x);
    else
      fmt::format_to(std::back_inserter(d), "M{} {}V{}", a.x, a.y, b.y);
    if (vias && i + 1 < pts.size())
      fmt::format_to(std::back_inserter(out.vias[level]), "M{:.1f} {:.1f}h.4v.4h-.4z", b.x - 0.2,
                     b.y - 0.2);
    a = b;
  }
}

void draw_cell(const Layout& layout, const Cell& cell, const Transform& t, bool vias,
               Drawing& out) {
  for (std::size_t n = 0; n < cell.node_count(); ++n)
    draw_box(out.nodes[static_cast<int>(cell.node_kind[n])], t.apply(cell.node_box[n]));
  for (std::size_t w = 0; w < cell.wire_count(); ++w)
    draw_wire(out, cell.wire(w), t, cell.wire_level[w], vias);
  (void)layout;
}

Drawing draw(const Layout& layout, int depth, bool vias) {
  Drawing out;
  const auto counts = layout.flat_counts();
  walk_instances(layout, layout.top, Transform{}, 0,
                 [&](std::int32_t c, const Transform& t, int d) {
                   if (d > depth) {
                     draw_box(out.outlines, t.apply(layout.cells[c].bbox));
                     out.hidden_wires += counts[c].wires;
                     ++out.hidden_subtrees;
                     return false;
                   }
                   draw_cell(layout, layout.cells[c], t, vias, out);
                   return true;
                 });
  return out;
}

// 1, 2 or 5 times a power of ten, close to x.
std::int64_t round_length(double x) {
  const double p = std::pow(10.0, std::floor(std::log10(std::max(x, 1.0))));
  for (double m : {5.0, 2.0, 1.0})
    if (m * p <= x) return static_cast<std::int64_t>(m * p);
  return 1;
}

class SvgWriter {
 public:
  SvgWriter(const Layout& layout, const SvgOptions& options, const std::string& path)
      : layout_(layout), options_(options), file_(path) {}

  void write(const Drawing& drawing, int depth, int max_depth) {
    header();
    body(drawing);
    legend(drawing, depth, max_depth);
    put("</svg>\n");
    file_.write(buf_.data(), buf_.size());
    file_.commit();
  }

 private:
  template <class... Args>
  void put(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(buf_), f, std::forward<Args>(args)...);
    if (buf_.size() > (1 << 16)) {
      file_.write(buf_.data(), buf_.size());
      buf_.clear();
    }
  }

  void header() {
    const Box& b = layout_.cells[layout_.top].bbox;
    side_ = std::max<Coord>({b.width(), b.height(), 1});
    margin_ = side_ / 20 + 2;
    legend_width_ = side_ * 0.95 + margin_;
    const double vw = b.width() + 2.0 * margin_ + legend_width_;
    const double vh = std::max<double>(b.height() + 2.0 * margin_, side_ * 0.6);
    const double scale = options_.max_pixels / std::max(vw, vh);
    put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
        "viewBox=\"{} {} {:.1f} {:.1f}\">\n",
        vw * scale, vh * scale, b.x0 - margin_, -b.y1 - margin_, vw, vh);
    put("<title>{}</title>\n", escape(options_.title));
    put("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"white\"/>\n",
        b.x0 - margin_, -b.y1 - margin_, vw, vh);
  }

  void body(const Drawing& d) {
    // Layout y points up; SVG's points down.
    put("<g transform=\"scale(1 -1)\" fill=\"none\" stroke-linecap=\"square\">\n");
    if (!d.outlines.empty())
      put("<path id=\"outlines\" d=\"{}\" fill=\"#eeeeee\" stroke=\"#999999\" "
          "vector-effect=\"non-scaling-stroke\"/>\n",
          d.outlines);
    for (int k = 0; k < 3; ++k)
      if (!d.nodes[k].empty())
        put("<path id=\"nodes-{}\" class=\"nodes\" d=\"{}\" fill=\"{}\" fill-opacity=\"0.8\"/>\n",
            kNodeName[k], d.nodes[k], kNodeFill[k]);
    for (const auto& [key, data] : d.wires) {
      const auto [layer, level] = key;
      put("<path id=\"wires-l{}-k{}\" class=\"wires layer{}\" d=\"{}\" stroke=\"{}\" "
          "stroke-width=\"{}\" stroke-opacity=\"{}\" vector-effect=\"non-scaling-stroke\"/>\n",
          layer, level, layer, data, kPalette[level % kPalette.size()], layer == 0 ? "1" : "0.8",
          layer == 0 ? "1" : "0.6");
    }
    for (const auto& [level, data] : d.vias)
      put("<path id=\"vias-k{}\" class=\"vias\" d=\"{}\" fill=\"{}\"/>\n", level, data,
          kPalette[level % kPalette.size()]);
    overlay();
    put("</g>\n");
  }

  // Overlay lines, one path per level; shallower levels drawn wider.
  void overlay() {
    std::map<int, std::string> by_level;
    for (const SvgLine& l : options_.overlay)
      fmt::format_to(std::back_inserter(by_level[l.level]), "M{} {}L{} {}", l.a.x, l.a.y, l.b.x,
                     l.b.y);
    for (const auto& [level, data] : by_level)
      put("<path id=\"overlay-k{}\" class=\"overlay\" d=\"{}\" stroke=\"{}\" "
          "stroke-width=\"{:.1f}\" "
          "stroke-opacity=\"0.85\" vector-effect=\"non-scaling-stroke\"/>\n",
          level, data, kPalette[level % kPalette.size()], std::max(0.8, 4.0 - 0.4 * level));
  }

  std::string level_label(int k) const {
    if (static_cast<std::size_t>(k) < options_.level_labels.size()) return options_.level_labels[k];
    return fmt::format("level {}", k);
  }

  void legend(const Drawing& d, int depth, int max_depth) {
    const Box& b = layout_.cells[layout_.top].bbox;
    const double x = b.x1 + margin_;
    const double font = side_ / 60.0 + 0.5;
    double y = -b.y1 + font;
    put("<g font-family=\"sans-serif\" font-size=\"{:.2f}\">\n", font);
    put("<text x=\"{:.1f}\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n", x, y,
        escape(options_.title));
    y += 1.6 * font;
    for (int k = 0; k < layout_.wire_levels; ++k, y += 1.3 * font) {
      put("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
          "stroke-width=\"{:.2f}\"/><text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
          x, y - 0.3 * font, x + 2 * font, y - 0.3 * font, kPalette[k % kPalette.size()], font / 4,
          x + 2.5 * font, y, escape(level_label(k)));
    }
    int shown = 0;
    for (int level = 0; shown < 16 && !options_.overlay.empty() && level < 64; ++level) {
      if (std::none_of(options_.overlay.begin(), options_.overlay.end(),
                       [&](const SvgLine& l) { return l.level == level; }))
        continue;
      put("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
          "stroke-width=\"{:.2f}\"/><text x=\"{:.1f}\" y=\"{:.1f}\">{} at level {}</text>\n",
          x, y - 0.3 * font, x + 2 * font, y - 0.3 * font, kPalette[level % kPalette.size()],
          font / 2, x + 2.5 * font, y, escape(options_.overlay_name), level);
      y += 1.3 * font;
      ++shown;
    }
    for (int k = 0; k < 3; ++k, y += 1.3 * font)
      put("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.2f}\" fill=\"{}\"/>"
          "<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
          x, y - 0.8 * font, font, font * 0.8, kNodeFill[k], x + 2.5 * font, y, kNodeName[k]);
    put("<text x=\"{:.1f}\" y=\"{:.1f}\">horizontal wires solid (layer 0), vertical lighter "
        "(layer 1)</text>\n",
        x, y);
    y += 1.6 * font;
    const std::int64_t bar = round_length(b.width() / 5.0);
    put("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"black\" "
        "stroke-width=\"{:.2f}\"/><text x=\"{:.1f}\" y=\"{:.1f}\">{} grid units</text>\n",
        x, y, x + bar, y, font / 4, x, y + 1.2 * font, bar);
    y += 2.6 * font;
    if (depth < max_depth) {
      put("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#b00000\">Drawn down to instance depth {} of {}; "
          "{} wires in {} deeper subtrees shown as outlines.</text>\n",
          x, y, depth, max_depth, d.hidden_wires, d.hidden_subtrees);
    } else if (d.vias.empty() && d.wires.size() > 0) {
      put("<text x=\"{:.1f}\" y=\"{:.1f}\">Vias not drawn (too many for the budget).</text>\n", x,
          y);
    }
    put("</g>\n");
  }

  const Layout& layout_;
  const SvgOptions& options_;
  AtomicFile file_;
  fmt::memory_buffer buf_;
  Coord side_ = 1;
  Coord margin_ = 1;
  double legend_width_ = 1;
};

}  // namespace

void write_svg(const Layout& layout, const std::string& path, const SvgOptions& options) {
  FTVLSI_ASSERT(layout.top >= 0);
  DepthCounter counter(layout);
  const int max_depth = counter.max_depth(layout.top);
  int depth = max_depth;
  while (depth > 0 && counter.shapes(layout.top, depth) > options.max_shapes) --depth;
  const auto flat = layout.flat_counts()[layout.top];
  const bool vias =
      depth == max_depth && counter.shapes(layout.top, depth) + flat.vias <= options.max_shapes;
  SvgWriter writer(layout, options, path);
  writer.write(draw(layout, depth, vias), depth, max_depth);
}

}  // namespace ftvlsi
