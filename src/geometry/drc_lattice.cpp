// The hierarchical design-rule check of a lattice layout (one with line colours): instances
// may overlap their parent's shapes, because every shape keeps to the lines of its colour.
//
// Per cell definition, once:
//   - its own shapes against each other (short, crossing, overlap, pin), its wires' ends on
//     their terminals (open), its instances pairwise disjoint and placed on its lattice;
//   - colour discipline: a wire keeps to the rows and columns of one wire colour and ends where
//     the crossing line carries no other wire; a node's rows have one node colour and its
//     columns only that colour or colours allowed to pierce it;
//   - a local colour's wires against the nodes of its direct children that they may pierce.
// Once per pattern colour: every wire of the colour drawn anywhere is a lattice translate of
// one of its classes; the classes, with the classes of the nodes they pierce, are flattened over
// a window of periods wide enough to hold every relative offset at which two translates can
// meet, and checked flat. Shapes of different colours share no line and so cannot meet, except
// where a piercing wire reaches a node, which the last two checks cover.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "box_overlap.hpp"
#include "drc_lattice_common.hpp"

namespace ftvlsi::detail {
namespace {

using Kind = ColourRule::Kind;

struct LatticeChecker {
  const Layout<2>& layout;
  const LineColours& lc;
  Recorder& rec;
  DrcReport& report;
  std::vector<std::vector<std::int32_t>> wire_colour;  // [cell][wire], -1: undecided
  std::vector<std::int32_t> owner;                     // per colour: the one cell using it, -1
  std::vector<std::set<std::int32_t>> users;           // per colour

  bool valid_colour(std::int32_t c) const {
    return c >= 0 && static_cast<std::size_t>(c) < lc.rules.size();
  }

  bool table_ok() {
    bool ok = lc.pitch > 0 && lc.row.size() == static_cast<std::size_t>(lc.pitch) &&
              lc.col.size() == static_cast<std::size_t>(lc.pitch);
    if (ok)
      for (auto* v : {&lc.row, &lc.col})
        for (std::int32_t c : *v) ok = ok && valid_colour(c);
    if (!ok) rec.add("colour", "(layout)", "the line colour table is incomplete", Box<2>{});
    return ok;
  }

  // ---- colour discipline ---------------------------------------------------------------

  std::int32_t colour_of(std::span<const Point<2>> pts, const Cell<2>& cell, std::size_t w) {
    std::int32_t colour = -1;
    bool ok = pts.size() >= 2;
    for (std::size_t i = 0; ok && i + 1 < pts.size(); ++i) {
      const bool horizontal = pts[i].y() == pts[i + 1].y();
      const std::int32_t c = horizontal ? lc.row_colour(pts[i].y()) : lc.col_colour(pts[i].x());
      if (colour < 0) colour = c;
      ok = c == colour && !lc.is_node(c);
    }
    // An end may lie only where the crossing line carries no other wire colour.
    for (std::size_t e = 0; ok && e < 2; ++e) {
      const Point<2> at = e == 0 ? pts.front() : pts.back();
      const Point<2> next = e == 0 ? pts[1] : pts[pts.size() - 2];
      const std::int32_t cross = at.x() == next.x() ? lc.row_colour(at.y()) : lc.col_colour(at.x());
      ok = cross == colour || lc.is_node(cross);
    }
    if (!ok) {
      rec.add("colour", cell.name,
              fmt::format("wire {} leaves the lines of its colour or ends on a line of another", w),
              Box<2>::around(pts.front(), pts.back()));
      return -1;
    }
    return colour;
  }

  void check_node_colours(const Cell<2>& cell, std::size_t n) {
    const Box<2>& b = cell.node_box[n];
    const std::int32_t s = lc.row_colour(b.lo[1]);
    bool ok = lc.is_node(s);
    for (Coord y = b.lo[1]; ok && y <= std::min(b.hi[1], b.lo[1] + lc.pitch); ++y)
      ok = lc.row_colour(y) == s;
    const auto& pierce = lc.rules[s].pierce;
    for (Coord x = b.lo[0]; ok && x <= std::min(b.hi[0], b.lo[0] + lc.pitch); ++x) {
      const std::int32_t c = lc.col_colour(x);
      ok = c == s || std::find(pierce.begin(), pierce.end(), c) != pierce.end();
    }
    if (!ok)
      rec.add("colour", cell.name,
              fmt::format("node {} spans rows of several colours or columns of a colour that may "
                          "not reach it",
                          n),
              b);
  }

  void collect_colours() {
    const std::size_t cells = layout.cells.size();
    wire_colour.resize(cells);
    users.resize(lc.rules.size());
    for (std::size_t ci = 0; ci < cells; ++ci) {
      const Cell<2>& cell = layout.cells[ci];
      for (std::size_t w = 0; w < cell.wire_count(); ++w) {
        const auto pts = cell.wire(w);
        const std::int32_t c = polyline_problem(pts) ? -1 : colour_of(pts, cell, w);
        wire_colour[ci].push_back(c);
        if (c >= 0) users[c].insert(static_cast<std::int32_t>(ci));
      }
      for (std::size_t n = 0; n < cell.node_count(); ++n) {
        check_node_colours(cell, n);
        users[lc.row_colour(cell.node_box[n].lo[1])].insert(static_cast<std::int32_t>(ci));
      }
    }
    owner.assign(lc.rules.size(), -1);
    for (std::size_t c = 0; c < lc.rules.size(); ++c) {
      if (users[c].empty()) continue;
      if (lc.rules[c].kind != Kind::kPatternWire && users[c].size() > 1)
        rec.add("colour", layout.cells[*std::next(users[c].begin())].name,
                fmt::format("colour {} is local but used by {} cells", c, users[c].size()),
                Box<2>{});
      else
        owner[c] = *users[c].begin();
    }
  }

  // ---- one cell -------------------------------------------------------------------------

  void check_placement(const Cell<2>& cell, bool top) {
    if (cell.lattice <= 0 || cell.lattice % lc.pitch != 0)
      rec.add("lattice", cell.name, "the cell's lattice is not a multiple of the pitch", cell.bbox);
    std::vector<Box<2>> boxes;
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Instance<2>& inst = cell.instances[i];
      const Cell<2>& child = layout.cells[inst.cell];
      const Transform<2>& t = inst.transform;
      const bool on_lattice =
          t.is_translation() && child.lattice > 0 && t.offset.x() % child.lattice == 0 &&
          t.offset.y() % child.lattice == 0 && (top || cell.lattice % child.lattice == 0);
      if (!on_lattice)
        rec.add("lattice", cell.name,
                fmt::format("instance {} is turned or off its cell's lattice", i),
                t.apply(child.bbox));
      boxes.push_back(t.apply(child.bbox));
    }
    for_each_overlap(boxes, [&](std::uint32_t i, std::uint32_t j) {
      rec.add("overlap", cell.name, fmt::format("instances {} and {} meet", i, j),
              boxes[i].intersection(boxes[j]));
    });
  }

  // Own wires of local colours against the own nodes of direct children they may pierce.
  void check_piercing(std::int32_t ci) {
    const Cell<2>& cell = layout.cells[ci];
    Shapes<2> s;
    std::vector<std::pair<std::int32_t, std::int32_t>> node_ref;  // (instance, node)
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Instance<2>& inst = cell.instances[i];
      const Cell<2>& child = layout.cells[inst.cell];
      if (inst.cell == ci) continue;
      for (std::size_t n = 0; n < child.node_count(); ++n) {
        const auto& pierce = lc.rules[lc.row_colour(child.node_box[n].lo[1])].pierce;
        bool wanted = false;
        for (std::int32_t c : pierce)
          wanted = wanted || (owner[c] == ci && lc.rules[c].kind == Kind::kLocalWire);
        if (!wanted) continue;
        s.add(inst.transform.apply(child.node_box[n]), ShapeKind::kNode, node_ref.size());
        node_ref.push_back({static_cast<std::int32_t>(i), static_cast<std::int32_t>(n)});
      }
    }
    if (node_ref.empty()) return;
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const std::int32_t c = wire_colour[ci][w];
      if (c < 0 || lc.rules[c].kind != Kind::kLocalWire) continue;
      const auto pts = cell.wire(w);
      for (std::size_t i = 0; i + 1 < pts.size(); ++i)
        s.add(Box<2>::around(pts[i], pts[i + 1]),
              pts[i].y() == pts[i + 1].y() ? ShapeKind::kSegment0 : ShapeKind::kSegment1, w);
    }
    for_each_candidate_pair(s, [&](std::uint32_t i, std::uint32_t j) {
      if (is_segment(s.kind[i]) == is_segment(s.kind[j])) return;
      if (s.kind[i] == ShapeKind::kNode) std::swap(i, j);
      const std::uint32_t w = s.ref[i];
      const auto [inst, node] = node_ref[s.ref[j]];
      bool ends = false;
      for (const Terminal& t : {cell.wire_from[w], cell.wire_to[w]}) {
        if (t.is_node() || t.instance != inst) continue;
        const Pin<2>& pin = layout.cells[cell.instances[inst].cell].pins[t.index];
        ends = ends || (!pin.reexported() && pin.node == node);
      }
      if (!ends)
        rec.add("crossing", cell.name,
                fmt::format("wire {} touches node {} of instance {}", w, node, inst),
                s.box[i].intersection(s.box[j]));
    });
  }

  // ---- pattern colours ------------------------------------------------------------------

  // The translation classes of a pattern colour: its wires and the nodes it pierces, each moved
  // into the period square at the origin, and the extent of the classes in periods.
  struct PatternClasses {
    std::set<std::vector<Coord>> wires;    // x0, y0, x1, y1, ...
    std::set<std::array<Coord, 4>> nodes;  // x0, y0, x1, y1
    Coord lo = 0, hi = 0;
  };

  PatternClasses pattern_classes(std::int32_t colour, Coord q) {
    PatternClasses pc;
    auto& wires = pc.wires;
    auto& nodes = pc.nodes;
    Coord& lo = pc.lo;
    Coord& hi = pc.hi;
    auto extent = [&](Point<2> p) {
      lo = std::min({lo, floor_div(p.x(), q), floor_div(p.y(), q)});
      hi = std::max({hi, floor_div(p.x(), q), floor_div(p.y(), q)});
    };
    // A cell whose translates are the pattern's must sit on its period.
    auto on_period = [&](const Cell<2>& cell, const char* role) {
      if (cell.lattice > 0 && cell.lattice % q == 0) return true;
      rec.add("lattice", cell.name,
              fmt::format("the cell's {} colour {} but its lattice is not a multiple of {}", role,
                          colour, q),
              cell.bbox);
      return false;
    };
    for (std::int32_t ci : users[colour]) {
      const Cell<2>& cell = layout.cells[ci];
      if (!on_period(cell, "wires have")) continue;
      for (std::size_t w = 0; w < cell.wire_count(); ++w) {
        if (wire_colour[ci][w] != colour) continue;
        const auto pts = cell.wire(w);
        const Coord sx = floor_div(pts.front().x(), q) * q, sy = floor_div(pts.front().y(), q) * q;
        std::vector<Coord> shifted;
        for (const Point<2>& p : pts) {
          shifted.push_back(p.x() - sx);
          shifted.push_back(p.y() - sy);
          extent({p.x() - sx, p.y() - sy});
        }
        wires.insert(std::move(shifted));
      }
    }
    for (std::size_t s = 0; s < lc.rules.size(); ++s) {
      const auto& pierce = lc.rules[s].pierce;
      if (!lc.is_node(static_cast<std::int32_t>(s)) || owner[s] < 0 ||
          std::find(pierce.begin(), pierce.end(), colour) == pierce.end())
        continue;
      const Cell<2>& cell = layout.cells[owner[s]];
      if (!on_period(cell, "nodes meet")) continue;
      for (const Box<2>& b : cell.node_box) {
        if (lc.row_colour(b.lo[1]) != static_cast<std::int32_t>(s)) continue;
        const Coord sx = floor_div(b.lo[0], q) * q, sy = floor_div(b.lo[1], q) * q;
        const std::array<Coord, 4> moved{b.lo[0] - sx, b.lo[1] - sy, b.hi[0] - sx, b.hi[1] - sy};
        extent({moved[0], moved[1]});
        extent({moved[2], moved[3]});
        nodes.insert(moved);
      }
    }
    return pc;
  }

  // Places the classes at every offset of a window as wide as their extent (two translates meet
  // only if their period ranges overlap) and checks the window's shapes against each other.
  void check_pattern(std::int32_t colour) {
    const Coord q = lc.rules[colour].period;
    if (q <= 0) {
      rec.add("colour", "(layout)", fmt::format("pattern colour {} has no period", colour),
              Box<2>{});
      return;
    }
    const PatternClasses pc = pattern_classes(colour, q);
    const auto& wires = pc.wires;
    const auto& nodes = pc.nodes;
    const Coord window = pc.hi - pc.lo + 1;
    Shapes<2> s;
    std::vector<std::pair<Point<2>, Point<2>>> ends;  // per window wire
    const std::string name = fmt::format("(pattern of colour {})", colour);
    for (Coord iy = 0; iy < window; ++iy)
      for (Coord ix = 0; ix < window; ++ix) {
        for (const auto& pts : wires) {
          std::vector<Point<2>> placed;
          for (std::size_t k = 0; k + 1 < pts.size(); k += 2)
            placed.push_back({pts[k] + ix * q, pts[k + 1] + iy * q});
          add_segments(s, placed, ends.size(), rec, name);
          ends.push_back({placed.front(), placed.back()});
        }
        for (const auto& b : nodes)
          s.add({b[0] + ix * q, b[1] + iy * q, b[2] + ix * q, b[3] + iy * q}, ShapeKind::kNode, 0);
      }
    for_each_candidate_pair(s, [&](std::uint32_t i, std::uint32_t j) {
      const ShapePair p = ordered_pair(s, i, j);
      if (is_wire_shape(p.a) && is_wire_shape(p.b)) {
        if (wires_conflict<2>(p.a, p.ra, p.b, p.rb))
          rec.add("short", name, "two translates of the pattern's wires meet", meet(s, p));
      } else if (is_wire_shape(p.a) && p.b == ShapeKind::kNode) {
        const auto [front, back] = ends[p.ra];
        if (!touches_only_at_end(meet(s, p), s.box[p.j], front, true, back, true))
          rec.add("crossing", name, "a translate of the pattern's wires touches a node",
                  meet(s, p));
      }
    });
    report.shapes_checked += s.box.size();
  }

  const std::vector<ColourRule>& colour_rules() const { return lc.rules; }

  void check_patterns() {
    for (std::size_t c = 0; c < lc.rules.size(); ++c)
      if (lc.rules[c].kind == Kind::kPatternWire && !users[c].empty())
        check_pattern(static_cast<std::int32_t>(c));
  }
};

}  // namespace

DrcReport check_lattice(const Layout<2>& layout) {
  DrcReport report;
  report.mode = "hierarchical";
  Recorder rec(report);
  LatticeChecker checker{layout, *layout.colours, rec, report, {}, {}, {}};
  run_lattice_check(layout, checker, rec, report);
  return report;
}

}  // namespace ftvlsi::detail
