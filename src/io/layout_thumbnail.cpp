#include "ftvlsi/io/layout_thumbnail.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "ftvlsi/io/palette.hpp"
#include "upper_levels.hpp"
#include "xml_text.hpp"

namespace ftvlsi {
namespace {

// items(c, d): the nodes and wire segments of cell c drawn d instance levels deep, a cell cut
// off below that counting as one outline.
template <int D>
class Budget {
 public:
  explicit Budget(const Layout<D>& layout) : layout_(layout) {}
  std::uint64_t items(std::int32_t c, int d) {
    if (d < 0) return 1;
    if (const auto it = memo_.find({c, d}); it != memo_.end()) return it->second;
    const Cell<D>& cell = layout_.cells[c];
    std::uint64_t total = cell.node_count() + cell.wire_points.size() - cell.wire_count();
    for (const auto& inst : cell.instances) total += items(inst.cell, d - 1);
    return memo_[{c, d}] = total;
  }

 private:
  const Layout<D>& layout_;
  std::map<std::pair<std::int32_t, int>, std::uint64_t> memo_;
};

struct Flat2 {
  double x, y;
};

// Layout coordinates onto the picture's plane: 2D seen from above (y up), 3D turned and tilted
// like the HTML view's first frame (io/view3d_html.hpp).
template <int D>
Flat2 project(const Point<D>& p) {
  if constexpr (D == 2) {
    return {static_cast<double>(p[0]), -static_cast<double>(p[1])};
  } else {
    const double yaw = 0.7, pitch = 0.55;
    const double x = static_cast<double>(p[0]), y = static_cast<double>(p[1]),
                 z = static_cast<double>(p[2]);
    const double x1 = std::cos(yaw) * x - std::sin(yaw) * y;
    const double y1 = std::sin(yaw) * x + std::cos(yaw) * y;
    return {x1, -(std::cos(pitch) * z - std::sin(pitch) * y1)};
  }
}

struct Shapes {
  std::vector<std::array<Flat2, 2>> segments;
  std::vector<int> levels;
  std::vector<std::array<Flat2, 2>> outline_edges;
  std::vector<std::array<Flat2, 2>> nodes;       // 2D: opposite corners
  std::vector<std::array<Flat2, 2>> node_edges;  // 3D: the edges of the nodes' boxes
};

// A box's edges: its rectangle in 2D, its 12 edges in 3D.
template <int D>
void add_edges(std::vector<std::array<Flat2, 2>>& edges, const Box<D>& b) {
  std::vector<Flat2> c;
  for (int k = 0; k < (1 << D); ++k) {
    Point<D> p;
    for (int a = 0; a < D; ++a) p[a] = (k >> a) & 1 ? b.hi[a] : b.lo[a];
    c.push_back(project(p));
  }
  for (int k = 0; k < (1 << D); ++k)
    for (int a = 0; a < D; ++a)
      if (!((k >> a) & 1)) edges.push_back({c[k], c[k | (1 << a)]});
}

// What the picture holds: every shape of the cells at instance depth <= `depth`, or, when
// `levels` > 0, the nodes and wires of levels below it in the subtrees that hold any.
struct Selection {
  int depth = 0;
  int levels = 0;
};

template <int D>
Shapes collect(const Layout<D>& layout, const Selection& sel, upper_levels::Plan<D>& plan) {
  Shapes s;
  const auto shown = [&](std::int32_t level) {
    return sel.levels == 0 || plan.shows(level, sel.levels);
  };
  walk_instances(
      layout, layout.top, Transform<D>{}, 0, [&](std::int32_t c, const Transform<D>& t, int d) {
        const Cell<D>& cell = layout.cells[c];
        if (sel.levels > 0 ? !plan.descends(c, sel.levels) : d > sel.depth) {
          add_edges(s.outline_edges, t.apply(cell.bbox));
          return false;
        }
        for (std::size_t n = 0; n < cell.node_count(); ++n) {
          if (!shown(cell.node_level[n])) continue;
          const Box<D> placed = t.apply(cell.node_box[n]);
          if constexpr (D == 2)
            s.nodes.push_back({project(placed.lo), project(placed.hi)});
          else
            add_edges(s.node_edges, placed);
        }
        for (std::size_t w = 0; w < cell.wire_count(); ++w) {
          if (!shown(cell.wire_level[w])) continue;
          const auto pts = cell.wire(w);
          for (std::size_t i = 1; i < pts.size(); ++i) {
            s.segments.push_back({project(t.apply(pts[i - 1])), project(t.apply(pts[i]))});
            s.levels.push_back(cell.wire_level[w]);
          }
        }
        return true;
      });
  return s;
}

// The whole layout when it fits the budget; else its upper levels; else (when level 0 alone is
// too much, as in a mesh) the upper cells of its hierarchy.
template <int D>
Selection select(const Layout<D>& layout, std::uint64_t budget, upper_levels::Plan<D>& plan) {
  Budget<D> by_depth(layout);
  const int full = instance_depth(layout);
  if (by_depth.items(layout.top, full) <= budget) return {full, 0};
  if (const int levels = plan.levels_within(budget); levels > 0) return {0, levels};
  int depth = full;
  while (depth > 0 && by_depth.items(layout.top, depth) > budget) --depth;
  return {depth, 0};
}

}  // namespace

template <int D>
std::string layout_thumbnail_svg(const Layout<D>& layout, const ThumbnailOptions& o) {
  upper_levels::Plan<D> plan(layout, o.leaves_first);
  const Shapes s = collect(layout, select(layout, o.max_items, plan), plan);
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
  auto grow = [&](Flat2 p) {
    x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
  };
  for (const auto& e : s.segments) grow(e[0]), grow(e[1]);
  for (const auto& e : s.outline_edges) grow(e[0]), grow(e[1]);
  for (const auto& e : s.nodes) grow(e[0]), grow(e[1]);
  for (const auto& e : s.node_edges) grow(e[0]), grow(e[1]);
  if (!std::isfinite(x0)) x0 = y0 = 0;  // nothing drawn: an empty frame
  if (!(x1 > x0)) x1 = x0 + 1;
  if (!(y1 > y0)) y1 = y0 + 1;
  const double pad = 4, scale = (o.pixels - 2 * pad) / std::max(x1 - x0, y1 - y0);
  // The longer side is `pixels` exactly, whatever the rounding of the scale.
  const double w = std::ceil((x1 - x0) * scale + 2 * pad - 1e-6),
               h = std::ceil((y1 - y0) * scale + 2 * pad - 1e-6);
  auto px = [&](Flat2 p) {
    return fmt::format("{:.1f} {:.1f}", pad + (p.x - x0) * scale, pad + (p.y - y0) * scale);
  };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\">\n<title>{2}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      w, h, xml_escape(o.title));
  if (!s.outline_edges.empty()) {
    svg += fmt::format(
        "<path class=\"outlines\" fill=\"none\" stroke=\"#b0b0b0\" stroke-width=\"{}\" d=\"",
        D == 2 ? 1 : 0.6);
    for (const auto& e : s.outline_edges) svg += fmt::format("M{}L{}", px(e[0]), px(e[1]));
    svg += "\"/>\n";
  }
  if (!s.node_edges.empty()) {
    svg += "<path class=\"nodes\" fill=\"none\" stroke=\"#555555\" stroke-width=\"0.6\" d=\"";
    for (const auto& e : s.node_edges) svg += fmt::format("M{}L{}", px(e[0]), px(e[1]));
    svg += "\"/>\n";
  }
  if (!s.nodes.empty()) {
    svg += "<path class=\"nodes\" fill=\"#555555\" d=\"";
    for (const auto& n : s.nodes) {
      const Flat2 lo{std::min(n[0].x, n[1].x), std::min(n[0].y, n[1].y)};
      const double nw = std::max(std::abs(n[1].x - n[0].x) * scale, 0.5),
                   nh = std::max(std::abs(n[1].y - n[0].y) * scale, 0.5);
      svg += fmt::format("M{}h{:.1f}v{:.1f}h{:.1f}z", px(lo), nw, nh, -nw);
    }
    svg += "\"/>\n";
  }
  int levels = layout.wire_levels;
  for (const int l : s.levels) levels = std::max(levels, l + 1);
  for (int level = levels - 1; level >= 0; --level) {  // the upper levels drawn last, on top
    std::string d;
    for (std::size_t i = 0; i < s.segments.size(); ++i)
      if (s.levels[i] == level)
        d += fmt::format("M{}L{}", px(s.segments[i][0]), px(s.segments[i][1]));
    if (d.empty()) continue;
    svg += fmt::format(
        "<path class=\"wires\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" d=\"{}\"/>\n",
        categorical_colour(static_cast<std::size_t>(level)), level < 3 ? 1.5 : 0.8, d);
  }
  return svg + "</svg>\n";
}

std::string thumbnail_file(const std::string& name) {
  return name + "-thumb.svg";
}

template std::string layout_thumbnail_svg(const Layout<2>&, const ThumbnailOptions&);
template std::string layout_thumbnail_svg(const Layout<3>&, const ThumbnailOptions&);

}  // namespace ftvlsi
