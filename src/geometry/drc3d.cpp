#include "ftvlsi/geometry/drc3d.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {
namespace {

constexpr std::size_t kSamples = 20;

struct PointHash {
  std::size_t operator()(const Point<3>& p) const {
    std::uint64_t h = static_cast<std::uint64_t>(p[0]) * 0x9E3779B97F4A7C15ull;
    h ^= static_cast<std::uint64_t>(p[1]) + 0xBF58476D1CE4E5B9ull + (h << 6) + (h >> 2);
    h ^= static_cast<std::uint64_t>(p[2]) + 0x94D049BB133111EBull + (h << 6) + (h >> 2);
    return static_cast<std::size_t>(h);
  }
};

struct Reporter {
  DrcReport& report;
  void add(const std::string& rule, const std::string& cell, const Point<3>& at,
           const std::string& detail) {
    ++report.violations;
    if (report.samples.size() < kSamples)
      report.samples.push_back({rule, cell,
                                fmt::format("{} at ({}, {}, {})", detail, at[0], at[1], at[2]),
                                Box<2>{at[0], at[1], at[0], at[1]}});
  }
};

// Every grid point of a wire, in order; reports a malformed wire and returns false.
bool wire_points(std::span<const Point<3>> pts, std::vector<Point<3>>& out, Reporter& r,
                 const std::string& cell) {
  out.clear();
  if (pts.size() < 2) {
    r.add("malformed", cell, pts.empty() ? Point<3>{} : pts[0], "a wire of fewer than two points");
    return false;
  }
  out.push_back(pts[0]);
  int previous_axis = -1;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    int axis = -1, moving = 0;
    for (int a = 0; a < 3; ++a)
      if (pts[i][a] != pts[i - 1][a]) axis = a, ++moving;
    if (moving != 1) {
      r.add("malformed", cell, pts[i - 1], moving == 0 ? "a zero-length segment" : "a diagonal segment");
      return false;
    }
    if (axis == previous_axis) {
      r.add("malformed", cell, pts[i - 1], "a point without a bend");
      return false;
    }
    previous_axis = axis;
    const Coord step = pts[i][axis] > pts[i - 1][axis] ? 1 : -1;
    Point<3> p = pts[i - 1];
    while (p[axis] != pts[i][axis]) {
      p[axis] += step;
      out.push_back(p);
    }
  }
  return true;
}

class Hierarchical {
 public:
  explicit Hierarchical(const Layout<3>& layout, DrcReport& report)
      : layout_(layout), r_{report}, ends_(layout.cells.size()) {
    for (std::size_t c = 0; c < layout.cells.size(); ++c) {
      const Cell<3>& cell = layout.cells[c];
      for (std::size_t w = 0; w < cell.wire_count(); ++w) {
        const auto pts = cell.wire(w);
        if (pts.empty()) continue;
        ends_[c].insert(pts.front());
        ends_[c].insert(pts.back());
      }
    }
  }

  // Whether a parent's wire may end at q (cell-local): an end of one of the cell's wires on its
  // boundary, a point on a node that reaches the boundary, or, recursively, an instance's pin.
  bool accepts(std::int32_t c, const Point<3>& q) const {
    const Cell<3>& cell = layout_.cells[c];
    if (!cell.bbox.on_boundary(q)) return false;
    if (ends_[c].count(q)) return true;
    for (const auto& b : cell.node_box)
      if (b.on_boundary(q)) return true;
    for (const auto& inst : cell.instances) {
      const Box<3> box = inst.transform.apply(layout_.cells[inst.cell].bbox);
      if (!box.contains(q)) continue;
      return accepts(inst.cell, inst.transform.unapply(q));
    }
    return false;
  }

  void check_cell(std::int32_t c, bool top) {
    const Cell<3>& cell = layout_.cells[c];
    const std::string& name = cell.name;
    std::vector<Box<3>> inst_box;
    for (const auto& inst : cell.instances)
      inst_box.push_back(inst.transform.apply(layout_.cells[inst.cell].bbox));
    // Overlaps among nodes and instances.
    std::vector<Box<3>> all = cell.node_box;
    all.insert(all.end(), inst_box.begin(), inst_box.end());
    for (std::size_t i = 0; i < all.size(); ++i)
      for (std::size_t j = i + 1; j < all.size(); ++j)
        if (all[i].intersects(all[j]))
          r_.add("overlap", name, all[j].lo, "two nodes or instances meet");
    // Wires: points, shorts, crossings, opens.
    std::unordered_map<Point<3>, std::uint32_t, PointHash> owner;
    std::vector<Point<3>> pts;
    for (std::uint32_t w = 0; w < cell.wire_count(); ++w) {
      ++r_.report.shapes_checked;
      if (!wire_points(cell.wire(w), pts, r_, name)) continue;
      for (std::size_t i = 0; i < pts.size(); ++i) {
        const Point<3>& q = pts[i];
        const bool end = i == 0 || i + 1 == pts.size();
        if (const auto [it, fresh] = owner.emplace(q, w); !fresh && it->second != w)
          r_.add("short", name, q, fmt::format("wires {} and {} share a grid point", it->second, w));
        for (const auto& b : cell.node_box)
          if (b.interior(q) || (b.on_boundary(q) && !end))
            r_.add("crossing", name, q, "a wire runs through or along a node");
        for (std::size_t k = 0; k < inst_box.size(); ++k) {
          if (!inst_box[k].contains(q)) continue;
          const auto& inst = cell.instances[k];
          if (!end || inst_box[k].interior(q) || !accepts(inst.cell, inst.transform.unapply(q)))
            r_.add("crossing", name, q, "a wire enters an instance other than at one of its pins");
        }
      }
      for (const Point<3>& q : {pts.front(), pts.back()}) {
        bool landed = std::any_of(cell.node_box.begin(), cell.node_box.end(),
                                  [&](const Box<3>& b) { return b.on_boundary(q); }) ||
                      std::any_of(inst_box.begin(), inst_box.end(),
                                  [&](const Box<3>& b) { return b.on_boundary(q); });
        if (!top && cell.bbox.on_boundary(q)) landed = true;
        if (!landed) r_.add("open", name, q, "a wire ends on no node and no pin");
      }
    }
    ++r_.report.cells_checked;
  }

 private:
  const Layout<3>& layout_;
  Reporter r_;
  std::vector<std::unordered_set<Point<3>, PointHash>> ends_;
};

}  // namespace

DrcReport check_hierarchical3(const Layout<3>& layout) {
  DrcReport report;
  report.mode = "hierarchical";
  Hierarchical h(layout, report);
  for (std::size_t c = 0; c < layout.cells.size(); ++c)
    h.check_cell(static_cast<std::int32_t>(c), static_cast<std::int32_t>(c) == layout.top);
  return report;
}

DrcReport check_flat3(const Layout<3>& layout, std::uint64_t max_bytes) {
  const LayoutMetrics<3> m = measure(layout);
  const std::uint64_t bytes = (m.wire_length_total + m.wires) * 48 + m.nodes * 64;
  if (bytes > max_bytes)
    throw InputError(fmt::format(
        "a flat 3D check of this layout needs about {} MiB; use --drc-mode hierarchical",
        bytes >> 20));
  DrcReport report;
  report.mode = "flat";
  Reporter r{report};
  // Flatten nodes and wires.
  std::vector<Box<3>> nodes;
  std::vector<std::vector<Point<3>>> wires;
  walk_instances(layout, layout.top, Transform<3>{}, 0,
                 [&](std::int32_t c, const Transform<3>& t, int) {
                   const Cell<3>& cell = layout.cells[c];
                   for (const auto& b : cell.node_box) nodes.push_back(t.apply(b));
                   for (std::size_t w = 0; w < cell.wire_count(); ++w) {
                     std::vector<Point<3>> pts;
                     for (const auto& q : cell.wire(w)) pts.push_back(t.apply(q));
                     wires.push_back(std::move(pts));
                   }
                   return true;
                 });
  // Nodes: pairwise disjoint (sweep along x).
  std::vector<std::size_t> order(nodes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return nodes[a].lo[0] < nodes[b].lo[0]; });
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = i + 1; j < order.size() && nodes[order[j]].lo[0] <= nodes[order[i]].hi[0]; ++j)
      if (nodes[order[i]].intersects(nodes[order[j]]))
        r.add("overlap", "flat", nodes[order[j]].lo, "two nodes meet");
  // Node lookup by coarse buckets of 16 grid units.
  auto bucket = [](const Point<3>& p) { return Point<3>{p[0] >> 4, p[1] >> 4, p[2] >> 4}; };
  std::unordered_map<Point<3>, std::vector<std::uint32_t>, PointHash> grid;
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    const Point<3> lo = bucket(nodes[i].lo), hi = bucket(nodes[i].hi);
    for (Coord x = lo[0]; x <= hi[0]; ++x)
      for (Coord y = lo[1]; y <= hi[1]; ++y)
        for (Coord z = lo[2]; z <= hi[2]; ++z) grid[{x, y, z}].push_back(i);
  }
  // Points: one wire each, except where two wires both end (a pin).
  struct Use {
    std::uint32_t wire;
    bool end;
  };
  std::unordered_map<Point<3>, Use, PointHash> owner;
  std::unordered_map<Point<3>, int, PointHash> ends;
  std::set<std::pair<std::uint32_t, std::uint32_t>> joined;
  std::vector<Point<3>> pts;
  for (std::uint32_t w = 0; w < wires.size(); ++w) {
    ++report.shapes_checked;
    if (!wire_points(wires[w], pts, r, "flat")) continue;
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const Point<3>& q = pts[i];
      const bool end = i == 0 || i + 1 == pts.size();
      if (end) ++ends[q];
      const auto [it, fresh] = owner.emplace(q, Use{w, end});
      if (!fresh && it->second.wire != w) {
        // Two wires may meet only end to end, once: a pin where a channel crosses a cell edge.
        const bool junction = end && it->second.end && ends[q] == 2 &&
                              joined.emplace(std::minmax(it->second.wire, w)).second;
        if (!junction) r.add("short", "flat", q, "two wires share a grid point");
      }
      if (const auto g = grid.find(bucket(q)); g != grid.end())
        for (auto n : g->second)
          if (nodes[n].interior(q) || (nodes[n].on_boundary(q) && !end))
            r.add("crossing", "flat", q, "a wire runs through or along a node");
    }
  }
  for (const auto& w : wires)
    for (const Point<3>& q : {w.front(), w.back()}) {
      bool landed = ends[q] >= 2;
      if (const auto g = grid.find(bucket(q)); !landed && g != grid.end())
        for (auto n : g->second) landed = landed || nodes[n].on_boundary(q);
      if (!landed) r.add("open", "flat", q, "a wire ends on no node and meets no other wire");
    }
  report.cells_checked = layout.cells.size();
  return report;
}

}  // namespace ftvlsi
