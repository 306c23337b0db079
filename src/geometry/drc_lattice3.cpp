// The hierarchical design-rule check of a 3D lattice layout (one with point colours): instances
// may overlap their parent's shapes, because every shape keeps to the points of its colour
// (geometry/point_colours.hpp). The 3D counterpart of drc_lattice.cpp, with the same rules:
//
// Per cell definition, once:
//   - its own shapes against each other (short, crossing, overlap, pin), its wires' ends on
//     their terminals (open), its instances pairwise disjoint and translated by whole periods;
//   - colour discipline: a wire's points have one wire colour, its ends may have the colour of a
//     node it may pierce; a node's points have one node colour; a colour is used by one cell;
//   - its wires against the nodes of its direct children that their colour may pierce.
// And once: a node colour pierced by another cell's wire colour belongs to a cell whose only
// parent is that cell, so the piercing check saw every pair. Shapes of different colours share
// no point except where a wire ends on a node, which the last two checks cover.
//
// A pattern colour (a fat-pyramid's mesh of one level) may be drawn by many cells: its period P
// counts point-colour periods. Every cell drawing it must sit on a lattice of a multiple of P
// periods (Cell::lattice, checked down the hierarchy), so every drawn wire is a translate, by
// whole patterns, of one of a few classes; the classes are placed at every offset of a window as
// wide as their extent and checked against each other once, as the 2D check does. A pattern
// wire's inner points have its colour, so it meets a node only at its ends, on their pins.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "box_overlap.hpp"
#include "drc_lattice_common.hpp"

namespace ftvlsi::detail {
namespace {

using Kind = ColourRule::Kind;

struct Lattice3Checker {
  const Layout<3>& layout;
  const PointColours& pc;
  Recorder& rec;
  DrcReport& report;
  std::vector<std::vector<std::int32_t>> wire_colour;    // [cell][wire], -1: undecided
  std::vector<std::int32_t> owner;                       // per colour: the one cell using it
  std::vector<std::vector<std::int32_t>> pattern_users;  // per pattern colour: cells drawing it

  bool is_pattern(std::int32_t c) const {
    return c >= 0 && static_cast<std::size_t>(c) < pc.rules.size() &&
           pc.rules[c].kind == Kind::kPatternWire;
  }

  bool table_ok() const {
    bool ok =
        pc.period[0] > 0 && pc.period[1] > 0 && pc.period[2] > 0 &&
        pc.colour.size() == static_cast<std::size_t>(pc.period[0] * pc.period[1] * pc.period[2]);
    for (std::size_t i = 0; ok && i < pc.colour.size(); ++i)
      ok = pc.colour[i] == PointColours::kNone ||
           (pc.colour[i] >= 0 && static_cast<std::size_t>(pc.colour[i]) < pc.rules.size());
    for (std::size_t c = 0; ok && c < pc.rules.size(); ++c)
      ok = pc.rules[c].kind != Kind::kPatternWire || pc.rules[c].period > 0;
    if (!ok)
      rec.add("colour", "(layout)",
              "the point colour table is incomplete or has a pattern colour without a period",
              Box<3>{});
    return ok;
  }

  // Whether every point of the segment a-b (at most a period of them) has colour c.
  bool segment_has(Point<3> a, Point<3> b, std::int32_t c) const {
    const int axis = segment_axis<3>(a, b);
    const Coord step = b[axis] > a[axis] ? 1 : -1;
    const Coord n = std::min(std::abs(b[axis] - a[axis]) - 1, pc.period[axis]);
    Point<3> p = a;
    for (Coord i = 0; i < n; ++i) {
      p[axis] += step;
      if (pc.at(p) != c) return false;
    }
    return true;
  }

  // The wire's colour: its inner points' one wire colour; its ends that colour or a node colour
  // it may pierce. -1 (reported) when it breaks the discipline.
  std::int32_t colour_of(std::span<const Point<3>> pts, const Cell<3>& cell, std::size_t w) {
    std::int32_t c = pts.size() > 2 ? pc.at(pts[1]) : -1;
    if (c < 0) {  // one segment: its first inner point, or an end
      const Point<3> a = pts.front(), b = pts.back();
      Point<3> inner = a;
      const int axis = segment_axis<3>(a, b);
      if (axis >= 0 && std::abs(b[axis] - a[axis]) > 1) inner[axis] += b[axis] > a[axis] ? 1 : -1;
      c = pc.at(inner);
    }
    bool ok = c >= 0 && !pc.is_node(c);
    for (std::size_t i = 0; ok && i + 1 < pts.size(); ++i) {
      ok = segment_has(pts[i], pts[i + 1], c);
      if (ok && i > 0) ok = pc.at(pts[i]) == c;
    }
    for (const Point<3>& end : {pts.front(), pts.back()}) {
      const std::int32_t e = pc.at(end);
      ok = ok && (e == c || pc.may_pierce(e, c));
    }
    if (!ok) {
      rec.add("colour", cell.name,
              fmt::format("wire {} leaves the points of its colour or ends on another", w),
              Box<3>::around(pts.front(), pts.back()));
      return -1;
    }
    return c;
  }

  // The node's colour, or -1 (reported) when its points do not all have one node colour.
  std::int32_t node_colour(const Cell<3>& cell, std::size_t n) {
    const Box<3>& b = cell.node_box[n];
    const std::int32_t s = pc.at(b.lo);
    bool ok = pc.is_node(s);
    for (Coord z = b.lo[2]; ok && z <= std::min(b.hi[2], b.lo[2] + pc.period[2]); ++z)
      for (Coord y = b.lo[1]; ok && y <= std::min(b.hi[1], b.lo[1] + pc.period[1]); ++y)
        for (Coord x = b.lo[0]; ok && x <= std::min(b.hi[0], b.lo[0] + pc.period[0]); ++x)
          ok = pc.at({x, y, z}) == s;
    if (!ok)
      rec.add("colour", cell.name, fmt::format("node {} has points of several colours", n), b);
    return ok ? s : -1;
  }

  void collect_colours() {
    const std::size_t cells = layout.cells.size();
    std::vector<std::set<std::int32_t>> users(pc.rules.size());
    wire_colour.resize(cells);
    for (std::size_t ci = 0; ci < cells; ++ci) {
      const Cell<3>& cell = layout.cells[ci];
      for (std::size_t w = 0; w < cell.wire_count(); ++w) {
        const auto pts = cell.wire(w);
        const std::int32_t c = polyline_problem<3>(pts) ? -1 : colour_of(pts, cell, w);
        wire_colour[ci].push_back(c);
        if (c >= 0) users[c].insert(static_cast<std::int32_t>(ci));
      }
      for (std::size_t n = 0; n < cell.node_count(); ++n)
        if (const std::int32_t s = node_colour(cell, n); s >= 0)
          users[s].insert(static_cast<std::int32_t>(ci));
    }
    owner.assign(pc.rules.size(), -1);
    pattern_users.assign(pc.rules.size(), {});
    for (std::size_t c = 0; c < pc.rules.size(); ++c) {
      if (is_pattern(static_cast<std::int32_t>(c)))
        pattern_users[c].assign(users[c].begin(), users[c].end());
      else if (users[c].size() > 1)
        rec.add("colour", layout.cells[*std::next(users[c].begin())].name,
                fmt::format("colour {} is local but used by {} cells", c, users[c].size()),
                Box<3>{});
      else if (!users[c].empty())
        owner[c] = *users[c].begin();
    }
  }

  // Instances move by whole periods; a child with a lattice (in periods) by multiples of it,
  // inside a parent whose lattice it divides (or the top, at the origin).
  void check_placement(const Cell<3>& cell, bool top) {
    std::vector<Box<3>> boxes;
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Transform<3>& t = cell.instances[i].transform;
      const Coord lat = std::max<Coord>(1, layout.cells[cell.instances[i].cell].lattice);
      bool on_lattice = t.is_translation();
      for (int a = 0; a < 3; ++a)
        on_lattice = on_lattice && t.offset[a] % (pc.period[a] * lat) == 0;
      if (lat > 1 && !top) on_lattice = on_lattice && cell.lattice > 0 && cell.lattice % lat == 0;
      const Box<3> b = t.apply(layout.cells[cell.instances[i].cell].bbox);
      if (!on_lattice)
        rec.add(
            "lattice", cell.name,
            fmt::format("instance {} is turned or not moved by whole periods of its lattice", i),
            b);
      boxes.push_back(b);
    }
    for_each_overlap(boxes, [&](std::uint32_t i, std::uint32_t j) {
      rec.add("overlap", cell.name, fmt::format("instances {} and {} meet", i, j),
              boxes[i].intersection(boxes[j]));
    });
  }

  // Whether some pierce colour of node colour s is a wire colour owned by cell ci.
  bool pierced_from(std::int32_t s, std::int32_t ci) const {
    if (!pc.is_node(s)) return false;
    for (std::int32_t c : pc.rules[s].pierce)
      if (c >= 0 && static_cast<std::size_t>(c) < owner.size() && owner[c] == ci && !is_pattern(c))
        return true;
    return false;
  }

  // The cell's wires against the nodes of its direct children that their colours may pierce.
  void check_piercing(std::int32_t ci) {
    const Cell<3>& cell = layout.cells[ci];
    Shapes<3> s;
    std::vector<std::pair<std::int32_t, std::int32_t>> node_ref;  // (instance, node)
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Instance<3>& inst = cell.instances[i];
      const Cell<3>& child = layout.cells[inst.cell];
      for (std::size_t n = 0; n < child.node_count(); ++n) {
        if (!pierced_from(pc.at(child.node_box[n].lo), ci)) continue;
        s.add(inst.transform.apply(child.node_box[n]), ShapeKind::kNode, node_ref.size());
        node_ref.push_back({static_cast<std::int32_t>(i), static_cast<std::int32_t>(n)});
      }
    }
    if (node_ref.empty()) return;
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      if (wire_colour[ci][w] < 0 || is_pattern(wire_colour[ci][w])) continue;
      const auto pts = cell.wire(w);
      for (std::size_t i = 0; i + 1 < pts.size(); ++i)
        s.add(Box<3>::around(pts[i], pts[i + 1]), ShapeKind::kSegment0, w);
    }
    for_each_overlap(s.box, [&](std::uint32_t i, std::uint32_t j) {
      if (is_segment(s.kind[i]) == is_segment(s.kind[j])) return;
      if (s.kind[i] == ShapeKind::kNode) std::swap(i, j);
      judge_pierce(cell, s.ref[i], node_ref[s.ref[j]], s.box[i].intersection(s.box[j]));
    });
    report.shapes_checked += s.box.size();
  }

  // A wire may meet a child's node only at its end, on that node's pin it names.
  void judge_pierce(const Cell<3>& cell, std::uint32_t w, std::pair<std::int32_t, std::int32_t> at,
                    const Box<3>& where) {
    const auto [inst, node] = at;
    const auto pts = cell.wire(w);
    bool ends = false;
    for (int e = 0; e < 2; ++e) {
      const Terminal t = e == 0 ? cell.wire_from[w] : cell.wire_to[w];
      const Point<3> end = e == 0 ? pts.front() : pts.back();
      if (t.is_node() || t.instance != inst || where.lo != end || where.hi != end) continue;
      const Pin<3>& pin = layout.cells[cell.instances[inst].cell].pins[t.index];
      ends = ends || (!pin.reexported() && pin.node == node);
    }
    if (!ends)
      rec.add("crossing", cell.name,
              fmt::format("wire {} touches node {} of instance {}", w, node, inst), where);
  }

  // ---- pattern colours ------------------------------------------------------------------

  // The wires of pattern colour c, each moved by whole patterns so that its first point lies in
  // the pattern box at the origin; the classes' extent in patterns.
  struct PatternClasses {
    std::set<std::vector<Coord>> wires;  // x0, y0, z0, x1, ...
    Coord lo = 0, hi = 0;
  };

  PatternClasses pattern_classes(std::int32_t c, const std::array<Coord, 3>& q) {
    PatternClasses out;
    const Coord need = pc.rules[c].period;
    for (std::int32_t ci : pattern_users[c]) {
      const Cell<3>& cell = layout.cells[ci];
      if (ci != layout.top && (cell.lattice <= 0 || cell.lattice % need != 0)) {
        rec.add("lattice", cell.name,
                fmt::format("the cell draws pattern colour {} but its lattice is not a multiple "
                            "of {} periods",
                            c, need),
                cell.bbox);
        continue;
      }
      for (std::size_t w = 0; w < cell.wire_count(); ++w) {
        if (wire_colour[ci][w] != c) continue;
        const auto pts = cell.wire(w);
        std::array<Coord, 3> shift{};
        for (int a = 0; a < 3; ++a) shift[a] = floor_div(pts.front()[a], q[a]) * q[a];
        std::vector<Coord> moved_pts;
        for (const Point<3>& p : pts)
          for (int a = 0; a < 3; ++a) {
            moved_pts.push_back(p[a] - shift[a]);
            out.lo = std::min(out.lo, floor_div(p[a] - shift[a], q[a]));
            out.hi = std::max(out.hi, floor_div(p[a] - shift[a], q[a]));
          }
        out.wires.insert(std::move(moved_pts));
      }
    }
    return out;
  }

  void check_pattern(std::int32_t c) {
    const Coord periods = pc.rules[c].period;
    const std::array<Coord, 3> q{periods * pc.period[0], periods * pc.period[1],
                                 periods * pc.period[2]};
    const PatternClasses classes = pattern_classes(c, q);
    const Coord window = classes.hi - classes.lo + 1;
    const std::string name = fmt::format("(pattern of colour {})", c);
    Shapes<3> s;
    std::size_t placed = 0;
    for (Coord iz = 0; iz < window; ++iz)
      for (Coord iy = 0; iy < window; ++iy)
        for (Coord ix = 0; ix < window; ++ix)
          for (const auto& w : classes.wires) {
            std::vector<Point<3>> pts;
            for (std::size_t k = 0; k + 2 < w.size(); k += 3)
              pts.push_back({w[k] + ix * q[0], w[k + 1] + iy * q[1], w[k + 2] + iz * q[2]});
            add_segments(s, pts, placed++, rec, name);
          }
    for_each_overlap(s.box, [&](std::uint32_t i, std::uint32_t j) {
      if (wires_conflict<3>(s.kind[i], s.ref[i], s.kind[j], s.ref[j]))
        rec.add("short", name, "two translates of the pattern's wires meet",
                s.box[i].intersection(s.box[j]));
    });
    report.shapes_checked += s.box.size();
  }

  const std::vector<ColourRule>& colour_rules() const { return pc.rules; }

  void check_patterns() {
    for (std::size_t c = 0; c < pc.rules.size(); ++c)
      if (is_pattern(static_cast<std::int32_t>(c)) && !pattern_users[c].empty())
        check_pattern(static_cast<std::int32_t>(c));
  }
};

}  // namespace

DrcReport check_lattice3(const Layout<3>& layout) {
  DrcReport report;
  report.mode = "hierarchical";
  Recorder rec(report);
  Lattice3Checker checker{layout, *layout.point_colours, rec, report, {}, {}, {}};
  run_lattice_check(layout, checker, rec, report);
  return report;
}

}  // namespace ftvlsi::detail
