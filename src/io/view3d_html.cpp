#include "ftvlsi/io/view3d_html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/palette.hpp"
#include "upper_levels.hpp"
#include "xml_text.hpp"

namespace ftvlsi {
namespace {

// items(c, d): the boxes and segments of cell c flattened d instance levels deep, a cell cut
// off below that counting as one box.
class Budget {
 public:
  explicit Budget(const Layout<3>& layout) : layout_(layout) {}
  std::uint64_t items(std::int32_t c, int d) {
    if (d == 0) return 1;
    const auto key = std::pair{c, d};
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const Cell<3>& cell = layout_.cells[c];
    std::uint64_t total = cell.node_count() + cell.wire_count();
    for (const auto& inst : cell.instances) total += items(inst.cell, d - 1);
    memo_[key] = total;
    return total;
  }

 private:
  const Layout<3>& layout_;
  std::map<std::pair<std::int32_t, int>, std::uint64_t> memo_;
};

struct Flat {
  std::string boxes, segments;
  std::uint64_t box_count = 0, segment_count = 0;
};

void add_box(Flat& f, const Box<3>& b, int kind) {
  f.boxes += fmt::format("{},{},{},{},{},{},{},", b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1],
                         b.hi[2], kind);
  ++f.box_count;
}

void add_segments(Flat& f, const Cell<3>& cell, std::size_t w, const Transform<3>& t) {
  const auto pts = cell.wire(w);
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const Point<3> a = t.apply(pts[i - 1]), b = t.apply(pts[i]);
    f.segments += fmt::format("{},{},{},{},{},{},{},", a[0], a[1], a[2], b[0], b[1], b[2],
                              cell.wire_level[w]);
    ++f.segment_count;
  }
}

void flatten(const Layout<3>& layout, std::int32_t c, const Transform<3>& t, int d, Flat& f) {
  const Cell<3>& cell = layout.cells[c];
  if (d == 0) {
    add_box(f, t.apply(cell.bbox), 3);
    return;
  }
  for (std::size_t n = 0; n < cell.node_count(); ++n)
    add_box(f, t.apply(cell.node_box[n]), static_cast<int>(cell.node_kind[n]));
  for (std::size_t w = 0; w < cell.wire_count(); ++w) add_segments(f, cell, w, t);
  for (const auto& inst : cell.instances)
    flatten(layout, inst.cell, t.compose(inst.transform), d - 1, f);
}

// The nodes and wires of levels below `levels`; a subtree holding none of them as its box.
void flatten_levels(const Layout<3>& layout, upper_levels::Plan<3>& plan, int levels, Flat& f) {
  walk_instances(layout, layout.top, Transform<3>{}, 0,
                 [&](std::int32_t c, const Transform<3>& t, int) {
                   const Cell<3>& cell = layout.cells[c];
                   if (!plan.descends(c, levels)) {
                     add_box(f, t.apply(cell.bbox), 3);
                     return false;
                   }
                   for (std::size_t n = 0; n < cell.node_count(); ++n)
                     if (plan.shows(cell.node_level[n], levels))
                       add_box(f, t.apply(cell.node_box[n]), static_cast<int>(cell.node_kind[n]));
                   for (std::size_t w = 0; w < cell.wire_count(); ++w)
                     if (plan.shows(cell.wire_level[w], levels)) add_segments(f, cell, w, t);
                   return true;
                 });
}

constexpr const char* kScript = R"JS(
const canvas = document.getElementById('view');
const ctx = canvas.getContext('2d');
const status = document.getElementById('status');
let yaw = 0.7, pitch = 0.55, zoom = 1, hidden = new Set();
const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
for (const list of [BOXES, SEGS])
  for (let i = 0; i < list.length; i += 7)
    for (let a = 0; a < 3; ++a) {
      lo[a] = Math.min(lo[a], list[i + a], list[i + 3 + a]);
      hi[a] = Math.max(hi[a], list[i + a], list[i + 3 + a]);
    }
const centre = [0, 1, 2].map(a => (lo[a] + hi[a]) / 2);
const radius = Math.max(1, Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2);
function project(x, y, z) {
  x -= centre[0]; y -= centre[1]; z -= centre[2];
  const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
  const x1 = cy * x - sy * y, y1 = sy * x + cy * y;  // turn about the z axis
  const up = cp * z - sp * y1, depth = sp * z + cp * y1;  // tilt
  const s = zoom * 0.45 * Math.min(canvas.width, canvas.height) / radius;
  return [canvas.width / 2 + s * x1, canvas.height / 2 - s * up, depth];
}
function colour(level) { return PALETTE[((level % PALETTE.length) + PALETTE.length) % PALETTE.length]; }
const boxColour = ['#2a7', '#c33', '#36c', '#bbb'];
const edges = [[0,1],[1,3],[3,2],[2,0],[4,5],[5,7],[7,6],[6,4],[0,4],[1,5],[2,6],[3,7]];
function draw() {
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const items = [];
  for (let i = 0; i < SEGS.length; i += 7) {
    if (hidden.has(SEGS[i + 6])) continue;
    const a = project(SEGS[i], SEGS[i + 1], SEGS[i + 2]), b = project(SEGS[i + 3], SEGS[i + 4], SEGS[i + 5]);
    items.push([a[2] + b[2], a, b, colour(SEGS[i + 6]), 1.2]);
  }
  for (let i = 0; i < BOXES.length; i += 7) {
    const c = [];
    for (let k = 0; k < 8; ++k)
      c.push(project(k & 1 ? BOXES[i + 3] : BOXES[i], k & 2 ? BOXES[i + 4] : BOXES[i + 1], k & 4 ? BOXES[i + 5] : BOXES[i + 2]));
    for (const [p, q] of edges) items.push([c[p][2] + c[q][2], c[p], c[q], boxColour[BOXES[i + 6]], 0.8]);
  }
  items.sort((u, v) => v[0] - u[0]);
  for (const [, a, b, style, width] of items) {
    ctx.strokeStyle = style; ctx.lineWidth = width;
    ctx.beginPath(); ctx.moveTo(a[0], a[1]); ctx.lineTo(b[0], b[1]); ctx.stroke();
  }
  const drawn = items.length;
  status.textContent = `${SEGS.length / 7} wire segments, ${BOXES.length / 7} boxes; drag to turn, wheel to zoom, keys 0-9 hide a level`;
  document.body.dataset.drawn = String(SEGS.length / 7);
  document.body.dataset.items = String(drawn);
}
function resize() {
  canvas.width = window.innerWidth || 1000;
  canvas.height = (window.innerHeight || 800) - 60;
  draw();
}
let drag = null;
canvas.addEventListener('mousedown', e => { drag = [e.clientX, e.clientY]; });
window.addEventListener('mouseup', () => { drag = null; });
window.addEventListener('mousemove', e => {
  if (!drag) return;
  yaw += (e.clientX - drag[0]) * 0.01; pitch += (e.clientY - drag[1]) * 0.01;
  drag = [e.clientX, e.clientY]; draw();
});
canvas.addEventListener('wheel', e => { e.preventDefault(); zoom *= e.deltaY < 0 ? 1.1 : 1 / 1.1; draw(); });
window.addEventListener('keydown', e => {
  if (e.key >= '0' && e.key <= '9') {
    const l = Number(e.key);
    if (hidden.has(l)) hidden.delete(l); else hidden.add(l);
    draw();
  }
});
window.addEventListener('resize', resize);
resize();
)JS";

// The whole layout when it fits `detail_items`; else its upper wire levels with the subtrees
// below as boxes; else (level 0 alone too large) the hierarchy down to the depth that fits
// `max_items`. Returns the note the page's bar shows ("" for the whole layout).
std::string flattened(const Layout<3>& layout, const View3dOptions& options, Flat& flat) {
  Budget budget(layout);
  const int full = instance_depth(layout) + 1;  // + 1: the deepest cells' own shapes too
  const std::uint64_t detail = std::min(options.detail_items, options.max_items);
  if (budget.items(layout.top, full) <= (detail > 0 ? detail : options.max_items)) {
    flatten(layout, layout.top, Transform<3>{}, full, flat);
    return "";
  }
  upper_levels::Plan<3> plan(layout, options.leaves_first);
  if (const int levels = detail > 0 ? plan.levels_within(detail) : 0; levels > 0) {
    flatten_levels(layout, plan, levels, flat);
    const int top = options.leaves_first ? layout.wire_levels - 1 : 0;
    return fmt::format(
        " (wire levels {} to {} of {} drawn; grey boxes are the subtrees that hold only deeper "
        "levels)",
        top, options.leaves_first ? top - levels + 1 : levels - 1, layout.wire_levels);
  }
  int depth = full;
  while (depth > 1 && budget.items(layout.top, depth) > options.max_items) --depth;
  flatten(layout, layout.top, Transform<3>{}, depth, flat);
  return depth < full ? fmt::format(
                            " (hierarchy drawn {} levels deep; grey boxes are the cells "
                            "below)",
                            depth)
                      : "";
}

}  // namespace

std::string view3d_html(const Layout<3>& layout, const View3dOptions& options) {
  Flat flat;
  const std::string note = flattened(layout, options, flat);
  if (!flat.boxes.empty()) flat.boxes.pop_back();
  if (!flat.segments.empty()) flat.segments.pop_back();
  // The level colours of the SVG pictures (io/palette.hpp), distinct for any number of levels.
  std::string colours;
  for (std::size_t i = 0; i < static_cast<std::size_t>(std::max(layout.wire_levels, 1)); ++i)
    colours += fmt::format("{}'{}'", colours.empty() ? "" : ",", categorical_colour(i));
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>body{{margin:0;font-family:sans-serif}}#bar{{padding:6px 10px;font-size:13px}}"
      "canvas{{display:block}}</style>\n</head>\n<body>\n<div id=\"bar\"><b>{0}</b>{1} — "
      "<span id=\"status\">drawing…</span></div>\n<canvas id=\"view\"></canvas>\n<script>\n"
      "const BOXES = [{2}];\nconst SEGS = [{3}];\nconst PALETTE = [{4}];\n{5}</script>\n</body>\n"
      "</html>\n",
      xml_escape(options.title), note, flat.boxes, flat.segments, colours, kScript);
}

void write_view3d_html(const Layout<3>& layout, const std::string& path,
                       const View3dOptions& options) {
  write_file_atomically(path, view3d_html(layout, options));
}

}  // namespace ftvlsi
