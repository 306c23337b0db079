#pragma once
// Shapes and rules shared by the design-rule checks of both dimensions and by the lattice check
// (private to src/geometry).
#include <fmt/format.h>

#include <map>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "box_overlap.hpp"
#include "ftvlsi/geometry/drc.hpp"

namespace ftvlsi::detail {

constexpr std::size_t kMaxSamples = 20;

// A segment along axis a is kSegment0 + a; a contact is a wire's end point (like a via it
// occupies every wiring layer).
enum class ShapeKind : std::uint8_t {
  kSegment0,
  kSegment1,
  kSegment2,
  kContact,
  kNode,
  kInstance,
  kPin
};

template <int D>
struct Shapes {
  std::vector<Box<D>> box;
  std::vector<ShapeKind> kind;
  std::vector<std::uint32_t> ref;  // wire, node, instance or pin index
  void add(const Box<D>& b, ShapeKind k, std::size_t r) {
    box.push_back(b);
    kind.push_back(k);
    ref.push_back(static_cast<std::uint32_t>(r));
  }
};

inline bool is_segment(ShapeKind k) {
  return k <= ShapeKind::kSegment2;
}
inline bool is_wire_shape(ShapeKind k) {
  return k <= ShapeKind::kContact;
}

// Two shapes of different wires conflict unless the wiring model lets them cross: in 2D,
// segments along different axes lie on different layers; in 3D, no two wires share a point.
template <int D>
bool wires_conflict(ShapeKind a, std::uint32_t ra, ShapeKind b, std::uint32_t rb) {
  if (ra == rb) return false;
  if constexpr (D == 2) return !(is_segment(a) && is_segment(b) && a != b);
  return true;
}

class Recorder {
 public:
  explicit Recorder(DrcReport& report) : report_(report) {}
  // A violation seen in the plane: 3D ones add where they lie along z to the detail.
  template <int D>
  void add(const char* rule, const std::string& cell, std::string detail, const Box<D>& where) {
    ++report_.violations;
    if (report_.samples.size() >= kMaxSamples) return;
    if constexpr (D == 3)
      detail += fmt::format(" at ({}, {}, {})", where.lo[0], where.lo[1], where.lo[2]);
    report_.samples.push_back({rule, cell, std::move(detail),
                               Box<2>{where.lo[0], where.lo[1], where.hi[0], where.hi[1]}});
  }

 private:
  DrcReport& report_;
};

// A pair of meeting shapes, the one of lower kind first: their kinds, references and indices.
// Where they meet is computed only when a rule needs it.
struct ShapePair {
  ShapeKind a, b;
  std::uint32_t ra, rb;
  std::uint32_t i, j;
};

template <int D>
ShapePair ordered_pair(const Shapes<D>& s, std::uint32_t i, std::uint32_t j) {
  if (s.kind[i] > s.kind[j]) std::swap(i, j);
  return {s.kind[i], s.kind[j], s.ref[i], s.ref[j], i, j};
}

template <int D>
Box<D> meet(const Shapes<D>& s, const ShapePair& p) {
  return s.box[p.i].intersection(s.box[p.j]);
}

// v / q rounded down (q > 0): the lattice checks' period index of a coordinate.
inline Coord floor_div(Coord v, Coord q) {
  return v >= 0 ? v / q : -((-v + q - 1) / q);
}

// The axis a segment runs along, or -1 when it is a point or diagonal.
template <int D>
int segment_axis(Point<D> a, Point<D> b) {
  int axis = -1;
  for (int i = 0; i < D; ++i) {
    if (a[i] == b[i]) continue;
    if (axis >= 0) return -1;
    axis = i;
  }
  return axis;
}

// Why a polyline is not a valid grid wire, or nullptr.
template <int D>
const char* polyline_problem(std::span<const Point<D>> pts) {
  if (pts.size() < 2) return "has fewer than two points";
  int previous = -1;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const Point<D> a = pts[i], b = pts[i + 1];
    if (a == b) return "has a zero-length segment";
    const int axis = segment_axis(a, b);
    if (axis < 0) return "has a diagonal segment";
    if (axis == previous) return "has two collinear segments in a row";
    previous = axis;
  }
  return nullptr;
}

// Adds the wire's segments, each by its axis, and (2D) its two contacts; false if malformed.
template <int D>
bool add_segments(Shapes<D>& shapes, std::type_identity_t<std::span<const Point<D>>> pts,
                  std::size_t wire, Recorder& rec, const std::string& cell) {
  if (const char* why = polyline_problem<D>(pts)) {
    rec.add("malformed", cell, fmt::format("wire {} {}", wire, why),
            pts.empty() ? Box<D>{} : Box<D>::around(pts.front(), pts.back()));
    return false;
  }
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    int axis = 0;  // the one axis it moves along
    while (axis + 1 < D && pts[i][axis] == pts[i + 1][axis]) ++axis;
    shapes.add(Box<D>::around(pts[i], pts[i + 1]), static_cast<ShapeKind>(axis), wire);
  }
  // A contact occupies both wiring layers in 2D; in 3D a closed segment already holds its end
  // points, so contacts would only add boxes (a third of a 3D sweep's time).
  if constexpr (D == 2)
    for (const Point<D>& end : {pts.front(), pts.back()})
      shapes.add(Box<D>::at(end), ShapeKind::kContact, wire);
  return true;
}

// The meeting pairs of `s` that can break a rule: every pair except a segment on layer 0 with a
// segment on layer 1 (wires cross that way freely). Two sweeps, one per wiring layer with every
// shape that is not a segment of the other layer: cheaper than one sweep where long wires cross
// densely (a lattice's top cells and pattern windows: 4^10 fat-pyramid 0.78 -> 0.51 s), dearer
// where they rarely do (a flat H-tree: 1.3 -> 1.9 s), so the lattice check alone uses it.
template <class OnPair>
void for_each_candidate_pair(const Shapes<2>& s, OnPair&& on_pair) {
  for (const ShapeKind skip : {ShapeKind::kSegment1, ShapeKind::kSegment0}) {
    std::vector<Box<2>> boxes;
    std::vector<std::uint32_t> index;
    for (std::uint32_t i = 0; i < s.box.size(); ++i)
      if (s.kind[i] != skip) boxes.push_back(s.box[i]), index.push_back(i);
    const bool second = skip == ShapeKind::kSegment0;
    for_each_overlap(boxes, [&](std::uint32_t a, std::uint32_t b) {
      const std::uint32_t i = index[a], j = index[b];
      // The second sweep reports only pairs with a layer-1 segment: the rest came in the first.
      if (second && s.kind[i] != ShapeKind::kSegment1 && s.kind[j] != ShapeKind::kSegment1) return;
      on_pair(i, j);
    });
  }
}

// ---- rules on one cell's own shapes, shared by the opaque and the lattice checks -----------

// Where a pin terminal of `cell` lies, in the cell's coordinates.
template <int D>
Point<D> pin_point(const Layout<D>& layout, const Cell<D>& cell, const Terminal& t) {
  const Instance<D>& inst = cell.instances[t.instance];
  return inst.transform.apply(layout.cells[inst.cell].pins[t.index].at);
}

// Whether a wire end lies on its named terminal: inside its node, or exactly on its instance's
// pin.
template <int D>
bool terminal_reached(const Layout<D>& layout, const Cell<D>& cell, const Terminal& t,
                      Point<D> end) {
  if (t.is_node())
    return t.index >= 0 && static_cast<std::size_t>(t.index) < cell.node_count() &&
           cell.node_box[t.index].contains(end);
  if (t.instance < 0 || static_cast<std::size_t>(t.instance) >= cell.instances.size()) return false;
  const Cell<D>& child = layout.cells[cell.instances[t.instance].cell];
  return t.index >= 0 && static_cast<std::size_t>(t.index) < child.pins.size() &&
         pin_point(layout, cell, t) == end;
}

template <int D>
bool wire_ends_on_node(const Cell<D>& cell, std::uint32_t wire, std::uint32_t node) {
  for (const Terminal& t : {cell.wire_from[wire], cell.wire_to[wire]})
    if (t.is_node() && t.index == static_cast<std::int32_t>(node)) return true;
  return false;
}

// Whether a wire with ends `front` and `back` meets `box` (in `meet`) only in one end that may
// rest on it (`front_ok`, `back_ok`: the ends left to geometry; the lattice's pattern wires),
// on the box's boundary, and that `accept` takes.
template <int D, class Accept>
bool touches_only_at_end(const Box<D>& meet, const Box<D>& box, Point<D> front, bool front_ok,
                         Point<D> back, bool back_ok, Accept&& accept) {
  const Point<D> p = meet.lo;
  return meet.hi == p && ((p == front && front_ok) || (p == back && back_ok)) &&
         box.on_boundary(p) && accept(p);
}

template <int D>
bool touches_only_at_end(const Box<D>& meet, const Box<D>& box, Point<D> front, bool front_ok,
                         Point<D> back, bool back_ok) {
  return touches_only_at_end(meet, box, front, front_ok, back, back_ok,
                             [](Point<D>) { return true; });
}

// Besides a node it names as a terminal (anywhere), a wire of `cell` may touch any node or box at
// an end left to geometry.
template <int D>
bool rests_on_at_geometric_end(const Cell<D>& cell, std::uint32_t wire, const Box<D>& where,
                               const Box<D>& box) {
  const auto pts = cell.wire(wire);
  return touches_only_at_end(where, box, pts.front(), cell.wire_from[wire].is_geometric(),
                             pts.back(), cell.wire_to[wire].is_geometric());
}

// Judges two meeting own shapes of `cell` (wires, nodes, exported pins); returns false, having
// judged nothing, when one of them is an instance box, whose rule is the caller's.
template <int D>
bool judge_own_pair(const Cell<D>& cell, const Shapes<D>& s, std::uint32_t i, std::uint32_t j,
                    Recorder& rec) {
  const ShapePair p = ordered_pair(s, i, j);
  if (p.a == ShapeKind::kInstance || p.b == ShapeKind::kInstance) return false;
  if (is_wire_shape(p.a) && is_wire_shape(p.b)) {
    if (wires_conflict<D>(p.a, p.ra, p.b, p.rb))
      rec.add("short", cell.name, fmt::format("wires {} and {} meet", p.ra, p.rb), meet(s, p));
  } else if (is_wire_shape(p.a) && p.b == ShapeKind::kNode) {
    if (!wire_ends_on_node(cell, p.ra, p.rb) &&
        !rests_on_at_geometric_end(cell, p.ra, meet(s, p), s.box[p.j]))
      rec.add("crossing", cell.name, fmt::format("wire {} touches node {}", p.ra, p.rb),
              meet(s, p));
  } else if (is_wire_shape(p.a) && p.b == ShapeKind::kPin) {
    rec.add("pin", cell.name, fmt::format("wire {} touches exported pin {}", p.ra, p.rb),
            meet(s, p));
  } else if (p.a == ShapeKind::kNode && p.b == ShapeKind::kPin) {
    if (cell.pins[p.rb].node != static_cast<std::int32_t>(p.ra))
      rec.add("pin", cell.name, fmt::format("pin {} touches node {}", p.rb, p.ra), meet(s, p));
  } else {
    rec.add(p.b == ShapeKind::kPin ? "pin" : "overlap", cell.name,
            fmt::format("shapes {} and {} meet", i, j), meet(s, p));
  }
  return true;
}

// A lattice cell's wire ends on their terminals (open), its pins on their nodes or on the pins
// they re-export (pin), and every instance pin used once (short); shared by both lattice checks.
template <int D>
void check_lattice_pins(const Layout<D>& layout, const Cell<D>& cell, Recorder& rec) {
  std::map<std::pair<std::int32_t, std::int32_t>, int> uses;
  for (std::size_t w = 0; w < cell.wire_count(); ++w) {
    const auto pts = cell.wire(w);
    if (pts.size() < 2) continue;
    for (int e = 0; e < 2; ++e) {
      const Terminal t = e == 0 ? cell.wire_from[w] : cell.wire_to[w];
      const Point<D> end = e == 0 ? pts.front() : pts.back();
      if (!terminal_reached(layout, cell, t, end))
        rec.add("open", cell.name, fmt::format("wire {} does not end on its terminal", w),
                Box<D>::at(end));
      else if (!t.is_node())
        ++uses[{t.instance, t.index}];
    }
  }
  for (std::size_t p = 0; p < cell.pins.size(); ++p) {
    const Pin<D>& pin = cell.pins[p];
    bool ok;
    if (pin.reexported()) {
      ok = static_cast<std::size_t>(pin.via_instance) < cell.instances.size();
      if (ok) {
        const Cell<D>& child = layout.cells[cell.instances[pin.via_instance].cell];
        ok = pin.via_pin >= 0 && static_cast<std::size_t>(pin.via_pin) < child.pins.size() &&
             pin_point(layout, cell, Terminal::pin(pin.via_instance, pin.via_pin)) == pin.at;
        if (ok) ++uses[{pin.via_instance, pin.via_pin}];
      }
    } else {
      ok = pin.node >= 0 && static_cast<std::size_t>(pin.node) < cell.node_count() &&
           cell.node_box[pin.node].on_boundary(pin.at);
    }
    if (!ok)
      rec.add("pin", cell.name, fmt::format("pin {} is off its node or its instance's pin", p),
              Box<D>::at(pin.at));
  }
  for (const auto& [key, count] : uses)
    if (count > 1)
      rec.add("short", cell.name,
              fmt::format("pin {} of instance {} is used {} times", key.second, key.first, count),
              Box<D>{});
}

// The lattice layouts' hierarchical checks: wires may run through instances on lines of their
// own colour (drc_lattice.cpp, 2D) or on points of their own colour (drc_lattice3.cpp, 3D).
DrcReport check_lattice(const Layout<2>& layout);
DrcReport check_lattice3(const Layout<3>& layout);

}  // namespace ftvlsi::detail
