#include "ftvlsi/io/svg_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/palette.hpp"
#include "xml_text.hpp"

namespace ftvlsi {
namespace {

// Indexed by NodeKind.
constexpr std::array<std::string_view, 3> kNodeFill{"#4c72b0", "#333333", "#c44e52"};
constexpr std::array<std::string_view, 3> kNodeName{"processors", "switches", "interface"};

constexpr double kWireWidth = 0.5;    // grid units: neighbouring tracks stay apart
constexpr double kMinStrokePx = 0.8;  // thinner strokes vanish in a browser
constexpr double kViaSide = 0.6;      // grid units, a little wider than a wire
constexpr double kLayer1Opacity = 0.55;
constexpr double kCharWidth = 0.55;  // of the font size; a little over sans-serif's average
constexpr std::size_t kFlushBytes = std::size_t{1} << 16;

// Wire levels (and overlay levels) in categorical colours that never repeat (io/palette.hpp).
std::string level_colour(int level) {
  return categorical_colour(static_cast<std::size_t>(std::max(level, 0)));
}

// Fixed point with at most two decimals and no trailing zeros: short, exact for integers and
// independent of the locale (fmt never consults it without the L flag).
std::string num(double v) {
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// The picture's layer of a segment: horizontal ones are on layer 0. Decided after the
// transform, since a quarter-turned instance turns its cell's horizontal wires vertical.
int layer_of(Point<2> a, Point<2> b) {
  return a.y() == b.y() ? 0 : 1;
}

// The 1, 2 or 5 times a power of ten nearest to `target` by ratio; at least 1.
std::int64_t round_length(double target) {
  std::int64_t best = 1;
  auto off = [&](double c) { return std::max(c / target, target / c); };
  for (std::int64_t p = 1; static_cast<double>(p) <= target * 10; p *= 10)
    for (const std::int64_t m : {1, 2, 5})
      if (off(static_cast<double>(m * p)) < off(static_cast<double>(best))) best = m * p;
  return best;
}

struct Placed {
  std::int32_t cell = 0;
  Transform<2> t;
};

// What the picture holds: the cells drawn in full and the subtrees drawn as outlines.
struct Plan {
  int depth = 0;      // D: instances at depth <= D are drawn in full
  int max_depth = 0;  // E: depth of the instance tree
  bool vias = false;
  std::uint64_t vias_total = 0;  // of the whole layout
  std::vector<Placed> drawn;
  std::vector<Placed> outlined;  // instances at depth D + 1
  std::uint64_t hidden_wires = 0;
};

// Nodes plus wire segments of each cell itself, without its instances.
std::vector<std::uint64_t> own_shapes(const Layout<2>& layout) {
  std::vector<std::uint64_t> out;
  out.reserve(layout.cells.size());
  for (const Cell<2>& c : layout.cells)
    out.push_back(c.node_count() + c.wire_points.size() - c.wire_count());
  return out;
}

// Shapes drawn when descending at most `depth` levels: own nodes and segments of the cells at
// depth <= `depth` plus one outline per instance at depth + 1. Stops once past `cap`, so a
// huge layout costs about `cap` steps per call.
std::uint64_t shapes_to_depth(const Layout<2>& layout, const std::vector<std::uint64_t>& own,
                              int depth, std::uint64_t cap) {
  std::uint64_t n = 0;
  walk_instances(layout, layout.top, Transform<2>{}, 0,
                 [&](std::int32_t c, const Transform<2>&, int d) {
                   if (n > cap) return false;
                   if (d > depth) {
                     ++n;
                     return false;
                   }
                   n += own[c];
                   return true;
                 });
  return n;
}

int choose_depth(const Layout<2>& layout, const FlatCounts& flat, int max_depth,
                 std::uint64_t budget) {
  if (flat.nodes + flat.segments <= budget) return max_depth;
  const auto own = own_shapes(layout);
  for (int d = max_depth - 1; d > 0; --d)
    if (shapes_to_depth(layout, own, d, budget) <= budget) return d;
  return 0;  // the top cell is drawn even when it alone is over the budget
}

Plan make_plan(const Layout<2>& layout, std::uint64_t budget) {
  Plan p;
  const auto counts = layout.flat_counts();
  const FlatCounts& flat = counts[layout.top];
  p.max_depth = instance_depth(layout);
  p.depth = choose_depth(layout, flat, p.max_depth, budget);
  p.vias_total = flat.vias;
  p.vias = p.depth == p.max_depth && flat.nodes + flat.segments + flat.vias <= budget;
  walk_instances(layout, layout.top, Transform<2>{}, 0,
                 [&](std::int32_t c, const Transform<2>& t, int d) {
                   if (d > p.depth) {
                     p.outlined.push_back({c, t});
                     p.hidden_wires += counts[c].wires;
                     return false;
                   }
                   p.drawn.push_back({c, t});
                   return true;
                 });
  return p;
}

// Which paths the picture needs, so that every path element is written in one piece.
struct Contents {
  std::set<std::pair<int, int>> wire_groups;  // (layer, level)
  std::set<int> via_levels;
  std::array<bool, 3> node_kinds{};
  int levels = 0;  // the legend shows wire levels 0 .. levels - 1
};

// Buffered text onto an AtomicFile: the picture is streamed, never held whole.
class Out {
 public:
  explicit Out(const std::string& path) : file_(path) {}
  template <class... Args>
  void operator()(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(buf_), f, std::forward<Args>(args)...);
    if (buf_.size() >= kFlushBytes) flush();
  }
  void commit() {
    flush();
    file_.commit();
  }

 private:
  void flush() {
    file_.write(buf_.data(), buf_.size());
    buf_.clear();
  }
  AtomicFile file_;
  fmt::memory_buffer buf_;
};

struct LegendRow {
  enum class Kind { kTitle, kLine, kBox, kScale, kNote };
  Kind kind = Kind::kLine;
  std::string text;  // not escaped yet
  std::string colour;
  double opacity = 1;
};

class SvgWriter {
 public:
  SvgWriter(const Layout<2>& layout, const SvgOptions& options, const Plan& plan)
      : layout_(layout), options_(options), plan_(plan) {}

  void write(const std::string& path) {
    scan();
    bar_ = round_length(static_cast<double>(layout_.cells[layout_.top].bbox.width()) / 5.0);
    rows_ = legend_rows();
    measure();
    Out out(path);
    out_ = &out;
    header();
    drawing();
    legend();
    put("</svg>\n");
    out.commit();
  }

 private:
  template <class... Args>
  void put(fmt::format_string<Args...> f, Args&&... args) {
    (*out_)(f, std::forward<Args>(args)...);
  }

  // Calls f(level, placed, points) for every wire of every cell drawn in full.
  template <class F>
  void for_each_wire(F&& f) const {
    for (const Placed& p : plan_.drawn) {
      const Cell<2>& cell = layout_.cells[p.cell];
      for (std::size_t w = 0; w < cell.wire_count(); ++w)
        poll_cancel(), f(cell.wire_level[w], p, cell.wire(w));
    }
  }

  // Calls f(bend) for every interior point of a drawn wire where it turns between the axes
  // (a reversal or a straight pass stays on its layer and needs no via).
  template <class F>
  static void for_each_bend(const Placed& p, std::span<const Point<2>> pts, F&& f) {
    for (std::size_t i = 1; i + 1 < pts.size(); ++i) {
      const Point<2> a = p.t.apply(pts[i - 1]), b = p.t.apply(pts[i]), c = p.t.apply(pts[i + 1]);
      if (layer_of(a, b) != layer_of(b, c)) f(b);
    }
  }

  void scan() {
    int top_level = layout_.wire_levels - 1;
    for (const Placed& p : plan_.drawn)
      for (const NodeKind k : layout_.cells[p.cell].node_kind)
        c_.node_kinds[static_cast<std::size_t>(k)] = true;
    for_each_wire([&](int level, const Placed& p, std::span<const Point<2>> pts) {
      top_level = std::max(top_level, level);
      for (std::size_t i = 1; i < pts.size(); ++i)
        c_.wire_groups.insert({layer_of(p.t.apply(pts[i - 1]), p.t.apply(pts[i])), level});
      if (plan_.vias) for_each_bend(p, pts, [&](Point<2>) { c_.via_levels.insert(level); });
    });
    c_.levels = top_level + 1;
  }

  std::string level_label(int k) const {
    const auto i = static_cast<std::size_t>(k);
    return i < options_.level_labels.size() ? options_.level_labels[i] : fmt::format("level {}", k);
  }

  std::set<int> overlay_levels() const {
    std::set<int> levels;
    for (const SvgLine& l : options_.overlay) levels.insert(l.level);
    return levels;
  }

  std::vector<std::string> notes() const {
    std::vector<std::string> out;
    if (plan_.depth < plan_.max_depth)
      out.push_back(fmt::format(
          "Drawn down to instance depth {} of {}; {} wires in {} deeper subtrees shown as "
          "outlines.",
          plan_.depth, plan_.max_depth, plan_.hidden_wires, plan_.outlined.size()));
    if (!plan_.vias && plan_.vias_total > 0) {
      out.push_back(plan_.depth < plan_.max_depth
                        ? std::string("Vias not drawn: the drawing is partial.")
                        : fmt::format("Vias not drawn: {} vias would exceed the budget of {} "
                                      "shapes.",
                                      plan_.vias_total, options_.max_shapes));
    }
    return out;
  }

  std::vector<LegendRow> legend_rows() const {
    using K = LegendRow::Kind;
    std::vector<LegendRow> rows;
    if (!options_.title.empty()) rows.push_back({K::kTitle, options_.title, "#000000"});
    for (int k = 0; k < c_.levels; ++k) rows.push_back({K::kLine, level_label(k), level_colour(k)});
    for (const int k : overlay_levels())
      rows.push_back(
          {K::kLine, fmt::format("{} at level {}", options_.overlay_name, k), level_colour(k)});
    rows.push_back({K::kLine, "layer 0: horizontal wires", "#555555"});
    rows.push_back({K::kLine, "layer 1: vertical wires", "#555555", kLayer1Opacity});
    for (std::size_t k = 0; k < kNodeName.size(); ++k)
      rows.push_back({K::kBox, std::string(kNodeName[k]), std::string(kNodeFill[k])});
    rows.push_back({K::kScale, fmt::format("{} grid units", bar_), "#000000"});
    for (auto& note : notes()) rows.push_back({K::kNote, std::move(note), "#b00000"});
    return rows;
  }

  static double row_height(LegendRow::Kind k) {
    switch (k) {
      case LegendRow::Kind::kTitle:
        return 2.0;
      case LegendRow::Kind::kScale:
        return 2.8;
      case LegendRow::Kind::kLine:
      case LegendRow::Kind::kBox:
      case LegendRow::Kind::kNote:
        break;
    }
    return 1.5;
  }

  double row_width(const LegendRow& r) const {
    const double text = kCharWidth * static_cast<double>(r.text.size()) * font_;
    switch (r.kind) {
      case LegendRow::Kind::kTitle:
        return 1.35 * text;  // 1.2 times the font, and bold
      case LegendRow::Kind::kScale:
        return std::max(text, static_cast<double>(bar_));
      case LegendRow::Kind::kNote:
        return text;
      case LegendRow::Kind::kLine:
      case LegendRow::Kind::kBox:
        break;
    }
    return 2.8 * font_ + text;  // a swatch, then the text
  }

  // Picture geometry: the layout with a margin, the legend to its right, the pixel size, and
  // the wire width that stays visible at that size.
  void measure() {
    const Box<2>& b = layout_.cells[layout_.top].bbox;
    const Coord side = std::max<Coord>({b.width(), b.height(), 10});
    margin_ = side / 40 + 1;
    font_ = static_cast<double>(side) / 50.0;
    double width = 0, height = font_;
    for (const LegendRow& r : rows_) {
      width = std::max(width, row_width(r));
      height += row_height(r.kind) * font_;
    }
    view_ = {b.lo[0] - margin_, b.lo[1] - margin_,
             b.hi[0] + 2 * margin_ + static_cast<Coord>(std::ceil(width)) + margin_,
             std::max<Coord>(b.hi[1], b.lo[1] + static_cast<Coord>(std::ceil(height))) + margin_};
    scale_ = std::max(options_.max_pixels, 1.0) /
             static_cast<double>(std::max(view_.width(), view_.height()));
    wire_stroke_ = stroke(kWireWidth);
  }

  // A stroke of `width` grid units, widened to kMinStrokePx on screen where the layout is too
  // large for that. The width is computed here rather than left to vector-effect, which some
  // renderers ignore (librsvg 2.54 drew big layouts without any wires).
  std::string stroke(double width) const {
    return fmt::format(" stroke-width=\"{}\"", num(std::max(width, kMinStrokePx / scale_)));
  }

  void header() {
    put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" "
        "viewBox=\"{} {} {} {}\">\n",
        num(static_cast<double>(view_.width()) * scale_),
        num(static_cast<double>(view_.height()) * scale_), view_.lo[0], view_.lo[1], view_.width(),
        view_.height());
    put("<title>{}</title>\n", xml_escape(options_.title));
    put("<rect class=\"background\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
        "fill=\"#ffffff\"/>\n",
        view_.lo[0], view_.lo[1], view_.width(), view_.height());
  }

  void drawing() {
    const Box<2>& b = layout_.cells[layout_.top].bbox;
    // Layout y points up, SVG y down: y' = (y0 + y1) - y keeps the box where it was.
    put("<g class=\"layout\" transform=\"matrix(1 0 0 -1 0 {})\" fill=\"none\" "
        "stroke-linecap=\"square\">\n",
        b.lo[1] + b.hi[1]);
    outlines();
    nodes();
    for (const auto& [layer, level] : c_.wire_groups) wire_path(layer, level);
    for (const int level : c_.via_levels) via_path(level);
    overlay();
    put("</g>\n");
  }

  void box(const Box<2>& b) {
    put("M{} {}h{}v{}h{}z", b.lo[0], b.lo[1], b.width(), b.height(), -b.width());
  }

  void outlines() {
    if (plan_.outlined.empty()) return;
    put("<path id=\"outlines\" class=\"outlines\" fill=\"#e6e6e6\" stroke=\"#999999\"{} d=\"",
        wire_stroke_);
    for (const Placed& p : plan_.outlined) box(p.t.apply(layout_.cells[p.cell].bbox));
    put("\"/>\n");
  }

  void nodes() {
    for (std::size_t k = 0; k < kNodeName.size(); ++k) {
      if (!c_.node_kinds[k]) continue;
      put("<path id=\"nodes-{}\" class=\"nodes\" fill=\"{}\" d=\"", kNodeName[k], kNodeFill[k]);
      for (const Placed& p : plan_.drawn) {
        const Cell<2>& cell = layout_.cells[p.cell];
        for (std::size_t n = 0; n < cell.node_count(); ++n)
          if (static_cast<std::size_t>(cell.node_kind[n]) == k) box(p.t.apply(cell.node_box[n]));
      }
      put("\"/>\n");
    }
  }

  // One subpath (one M) per segment, so the M count of the wire paths is the segment count.
  void segment(Point<2> a, Point<2> b) {
    if (a.y() == b.y())
      put("M{} {}H{}", a.x(), a.y(), b.x());
    else if (a.x() == b.x())
      put("M{} {}V{}", a.x(), a.y(), b.y());
    else  // not Manhattan: draw it anyway so the DRC's complaint can be seen
      put("M{} {}L{} {}", a.x(), a.y(), b.x(), b.y());
  }

  void wire_path(int layer, int level) {
    put("<path id=\"wires-l{0}-k{1}\" class=\"wires layer{0}\" stroke=\"{2}\"{3}{4} d=\"", layer,
        level, level_colour(level), wire_stroke_,
        layer == 0 ? std::string() : fmt::format(" stroke-opacity=\"{}\"", num(kLayer1Opacity)));
    for_each_wire([&](int k, const Placed& p, std::span<const Point<2>> pts) {
      if (k != level) return;
      for (std::size_t i = 1; i < pts.size(); ++i) {
        const Point<2> a = p.t.apply(pts[i - 1]), b = p.t.apply(pts[i]);
        if (layer_of(a, b) == layer) segment(a, b);
      }
    });
    put("\"/>\n");
  }

  void via_path(int level) {
    const double h = kViaSide / 2;
    put("<path id=\"vias-k{}\" class=\"vias\" fill=\"{}\" stroke=\"#000000\" stroke-width=\"{}\" "
        "d=\"",
        level, level_colour(level), num(kViaSide / 6));
    for_each_wire([&](int k, const Placed& p, std::span<const Point<2>> pts) {
      if (k != level) return;
      for_each_bend(p, pts, [&](Point<2> v) {
        put("M{} {}h{}v{}h{}z", num(static_cast<double>(v.x()) - h),
            num(static_cast<double>(v.y()) - h), num(kViaSide), num(kViaSide), num(-kViaSide));
      });
    });
    put("\"/>\n");
  }

  // Overlay lines (e.g. cuts), one path per level; shallower levels drawn wider. They are
  // annotations, so their width is set in screen pixels whatever the layout's size.
  void overlay() {
    for (const int level : overlay_levels()) {
      const double px = std::max(1.0, 3.0 - 0.25 * level);
      put("<path id=\"overlay-k{}\" class=\"overlay\" stroke=\"{}\"{} stroke-opacity=\"0.85\" "
          "d=\"",
          level, level_colour(level), stroke(px / scale_));
      for (const SvgLine& l : options_.overlay)
        if (l.level == level) segment(l.a, l.b);
      put("\"/>\n");
    }
  }

  void legend() {
    const Box<2>& b = layout_.cells[layout_.top].bbox;
    const double x = static_cast<double>(b.hi[0] + 2 * margin_);
    double y = static_cast<double>(b.lo[1]);
    put("<g class=\"legend\" font-family=\"sans-serif\" font-size=\"{}\">\n", num(font_));
    for (const LegendRow& r : rows_) {
      legend_row(r, x, y + 1.2 * font_);
      y += row_height(r.kind) * font_;
    }
    put("</g>\n");
  }

  // One legend row with its text baseline at y; lines and boxes are swatches before the text.
  void legend_row(const LegendRow& r, double x, double y) {
    const std::string text = xml_escape(r.text);
    const double mid = y - 0.35 * font_;
    switch (r.kind) {
      case LegendRow::Kind::kTitle:
        put("<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\">{}</text>\n", num(x),
            num(y), num(1.2 * font_), text);
        return;
      case LegendRow::Kind::kLine:
        put("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" "
            "stroke-opacity=\"{}\"/>\n",
            num(x), num(mid), num(x + 2 * font_), num(mid), r.colour, num(font_ / 4),
            num(r.opacity));
        break;
      case LegendRow::Kind::kBox:
        put("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", num(x),
            num(y - 0.8 * font_), num(2 * font_), num(0.9 * font_), r.colour);
        break;
      case LegendRow::Kind::kScale:
        put("<line class=\"scale-bar\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
            "stroke-width=\"{}\"/>\n",
            num(x), num(mid), num(x + static_cast<double>(bar_)), num(mid), r.colour,
            num(font_ / 4));
        put("<text x=\"{}\" y=\"{}\">{}</text>\n", num(x), num(y + 1.3 * font_), text);
        return;
      case LegendRow::Kind::kNote:
        put("<text class=\"note\" x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>\n", num(x), num(y),
            r.colour, text);
        return;
    }
    put("<text x=\"{}\" y=\"{}\">{}</text>\n", num(x + 2.8 * font_), num(y), text);
  }

  const Layout<2>& layout_;
  const SvgOptions& options_;
  const Plan& plan_;
  Contents c_;
  std::vector<LegendRow> rows_;
  Out* out_ = nullptr;
  Box<2> view_;  // viewBox as a box
  Coord margin_ = 1;
  double font_ = 1;
  double scale_ = 1;      // pixels per grid unit
  std::int64_t bar_ = 1;  // scale bar length in grid units
  std::string wire_stroke_;
};

void draw(const Layout<2>& layout, const std::string& path, const SvgOptions& options) {
  FTVLSI_ASSERT(layout.top >= 0 && static_cast<std::size_t>(layout.top) < layout.cells.size());
  const Plan plan = make_plan(layout, options.max_shapes);
  SvgWriter(layout, options, plan).write(path);
}

// A 3D layout seen in the plane, as one flat 2D layout per view: the section at wiring plane z
// (its wires along x and y and the nodes it cuts), or every plane seen from above.
class PlaneViews {
 public:
  explicit PlaneViews(const Layout<3>& layout) : layout_(layout) {
    walk_instances(layout, layout.top, Transform<3>{}, 0,
                   [&](std::int32_t c, const Transform<3>& t, int) {
                     add(layout.cells[c], t);
                     return true;
                   });
  }

  Layout<2> view(std::optional<Coord> z) const {
    Layout<2> flat;
    flat.style = layout_.style;
    flat.wire_levels = layout_.wire_levels;
    Cell<2> cell;
    cell.name = z ? fmt::format("plane {}", *z) : "top view";
    for (const auto& n : nodes_)
      if (!z || (n.box.lo[2] <= *z && *z <= n.box.hi[2]))
        cell.add_node({n.box.lo[0], n.box.lo[1], n.box.hi[0], n.box.hi[1]}, n.kind, n.level);
    for (const auto& [plane, segments] : planes_) {
      if (z && plane != *z) continue;
      for (const auto& s : segments) {
        const Point<2> pts[2] = {s.a, s.b};
        cell.add_wire(pts, s.level, WireDir::kUp, Terminal::node(0), Terminal::node(0));
      }
    }
    const bool empty = cell.node_count() == 0 && cell.wire_count() == 0;
    flat.cells.push_back(std::move(cell));
    flat.top = 0;
    if (empty) {  // a plane only vias pass through: an empty frame the size of the layout
      const Box<3>& b = layout_.cells[layout_.top].bbox;
      flat.cells[0].bbox = {b.lo[0], b.lo[1], b.hi[0], b.hi[1]};
    } else {
      flat.finalize();
    }
    return flat;
  }

 private:
  struct Segment {
    Point<2> a, b;
    std::int32_t level;
  };
  struct NodeBox {
    Box<3> box;
    NodeKind kind;
    std::int32_t level;
  };

  void add(const Cell<3>& cell, const Transform<3>& t) {
    for (std::size_t n = 0; n < cell.node_count(); ++n)
      nodes_.push_back({t.apply(cell.node_box[n]), cell.node_kind[n], cell.node_level[n]});
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto pts = cell.wire(w);
      for (std::size_t i = 1; i < pts.size(); ++i) {
        const Point<3> a = t.apply(pts[i - 1]), b = t.apply(pts[i]);
        if (a[2] == b[2])
          planes_[a[2]].push_back({{a[0], a[1]}, {b[0], b[1]}, cell.wire_level[w]});
        else
          planes_[std::min(a[2], b[2])];  // a plane a wire passes through
      }
    }
  }

  const Layout<3>& layout_;
  std::map<Coord, std::vector<Segment>> planes_;
  std::vector<NodeBox> nodes_;
};

}  // namespace

template <int D>
std::vector<std::string> write_svg(const Layout<D>& layout, const std::string& path,
                                   const SvgOptions& options) {
  if constexpr (D == 2) {
    draw(layout, path, options);
    return {};
  } else {
    const LayoutMetrics<3> m = measure(layout);
    if (m.wires + m.vias > options.max_plane_segments)
      throw InputError(
          5321,
          fmt::format(
              "the layout has {} wires and {} vias, too many for per-plane SVG files (at most {}); "
              "write the HTML view (--html) or lay out fewer processors",
              m.wires, m.vias, options.max_plane_segments));
    const PlaneViews views(layout);
    std::string base = path;
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".svg") == 0)
      base.resize(base.size() - 4);
    std::vector<std::string> written;
    for (Coord z = m.bbox.lo[2]; z <= m.bbox.hi[2]; ++z) {
      SvgOptions o = options;
      o.title = fmt::format("{} — wiring plane z = {}", options.title, z);
      const std::string file = fmt::format("{}-z{:04}.svg", base, z);
      draw(views.view(z), file, o);
      written.push_back(file);
    }
    SvgOptions top = options;
    top.title = options.title + " — seen from above, all planes";
    draw(views.view(std::nullopt), path, top);
    return written;
  }
}

template std::vector<std::string> write_svg(const Layout<2>&, const std::string&,
                                            const SvgOptions&);
template std::vector<std::string> write_svg(const Layout<3>&, const std::string&,
                                            const SvgOptions&);

}  // namespace ftvlsi
