#pragma once
// Shapes and helpers shared by the 2D design-rule checks (private to src/geometry).
#include <fmt/format.h>

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "box_overlap.hpp"
#include "ftvlsi/geometry/drc.hpp"

namespace ftvlsi::detail {

constexpr std::size_t kMaxSamples = 20;

// A contact is a wire's end point: like a via it occupies both wiring layers.
enum class ShapeKind : std::uint8_t { kSegment0, kSegment1, kContact, kNode, kInstance, kPin };

struct Shapes {
  std::vector<Box<2>> box;
  std::vector<ShapeKind> kind;
  std::vector<std::uint32_t> ref;  // wire, node, instance or pin index
  void add(const Box<2>& b, ShapeKind k, std::size_t r) {
    box.push_back(b);
    kind.push_back(k);
    ref.push_back(static_cast<std::uint32_t>(r));
  }
};

inline bool is_segment(ShapeKind k) {
  return k == ShapeKind::kSegment0 || k == ShapeKind::kSegment1;
}
inline bool is_wire_shape(ShapeKind k) {
  return is_segment(k) || k == ShapeKind::kContact;
}

// Two shapes of different wires conflict unless they are segments on different layers.
inline bool wires_conflict(ShapeKind a, std::uint32_t ra, ShapeKind b, std::uint32_t rb) {
  if (ra == rb) return false;
  return !(is_segment(a) && is_segment(b) && a != b);
}

class Recorder {
 public:
  explicit Recorder(DrcReport& report) : report_(report) {}
  void add(const char* rule, const std::string& cell, std::string detail, const Box<2>& where) {
    ++report_.violations;
    if (report_.samples.size() < kMaxSamples)
      report_.samples.push_back({rule, cell, std::move(detail), where});
  }

 private:
  DrcReport& report_;
};

// A pair of meeting shapes, the one of lower kind first.
struct ShapePair {
  ShapeKind a, b;
  std::uint32_t ra, rb;  // their references
  Box<2> where;
};

inline ShapePair ordered_pair(const Shapes& s, std::uint32_t i, std::uint32_t j) {
  if (s.kind[i] > s.kind[j]) std::swap(i, j);
  return {s.kind[i], s.kind[j], s.ref[i], s.ref[j], s.box[i].intersection(s.box[j])};
}

// Why a polyline is not a valid Thompson-grid wire, or nullptr.
inline const char* polyline_problem(std::span<const Point<2>> pts) {
  if (pts.size() < 2) return "has fewer than two points";
  int previous = -1;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const Point<2> a = pts[i], b = pts[i + 1];
    if (a == b) return "has a zero-length segment";
    if (a.x() != b.x() && a.y() != b.y()) return "has a diagonal segment";
    const int orientation = a.y() == b.y() ? 0 : 1;
    if (orientation == previous) return "has two collinear segments in a row";
    previous = orientation;
  }
  return nullptr;
}

// Adds the wire's segments, each on the layer of its orientation; false if malformed.
inline bool add_segments(Shapes& shapes, std::span<const Point<2>> pts, std::size_t wire,
                         Recorder& rec, const std::string& cell) {
  if (const char* why = polyline_problem(pts)) {
    rec.add("malformed", cell, fmt::format("wire {} {}", wire, why),
            pts.empty() ? Box<2>{} : Box<2>::around(pts.front(), pts.back()));
    return false;
  }
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const auto kind = pts[i].y() == pts[i + 1].y() ? ShapeKind::kSegment0 : ShapeKind::kSegment1;
    shapes.add(Box<2>::around(pts[i], pts[i + 1]), kind, wire);
  }
  for (const Point<2>& end : {pts.front(), pts.back()})
    shapes.add(Box<2>::at(end), ShapeKind::kContact, wire);
  return true;
}

// The meeting pairs of `s` that can break a rule: every pair except a segment on layer 0 with a
// segment on layer 1 (wires cross that way freely). Two sweeps, one per wiring layer with every
// shape that is not a segment of the other layer: cheaper than one sweep where long wires cross
// densely (a lattice's top cells and pattern windows: 4^10 fat-pyramid 0.78 -> 0.51 s), dearer
// where they rarely do (a flat H-tree: 1.3 -> 1.9 s), so the lattice check alone uses it.
template <class OnPair>
void for_each_candidate_pair(const Shapes& s, OnPair&& on_pair) {
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
inline Point<2> pin_point(const Layout<2>& layout, const Cell<2>& cell, const Terminal& t) {
  const Instance<2>& inst = cell.instances[t.instance];
  return inst.transform.apply(layout.cells[inst.cell].pins[t.index].at);
}

// Whether a wire end lies on its terminal: inside its node, or exactly on its instance's pin.
inline bool terminal_reached(const Layout<2>& layout, const Cell<2>& cell, const Terminal& t,
                             Point<2> end) {
  if (t.is_node())
    return t.index >= 0 && static_cast<std::size_t>(t.index) < cell.node_count() &&
           cell.node_box[t.index].contains(end);
  if (t.instance < 0 || static_cast<std::size_t>(t.instance) >= cell.instances.size())
    return false;
  const Cell<2>& child = layout.cells[cell.instances[t.instance].cell];
  return t.index >= 0 && static_cast<std::size_t>(t.index) < child.pins.size() &&
         pin_point(layout, cell, t) == end;
}

inline bool wire_ends_on_node(const Cell<2>& cell, std::uint32_t wire, std::uint32_t node) {
  for (const Terminal& t : {cell.wire_from[wire], cell.wire_to[wire]})
    if (t.is_node() && t.index == static_cast<std::int32_t>(node)) return true;
  return false;
}

// Judges two meeting own shapes of `cell` (wires, nodes, exported pins); returns false, having
// judged nothing, when one of them is an instance box, whose rule is the caller's.
inline bool judge_own_pair(const Cell<2>& cell, const Shapes& s, std::uint32_t i, std::uint32_t j,
                           Recorder& rec) {
  const auto [a, b, ra, rb, where] = ordered_pair(s, i, j);
  if (a == ShapeKind::kInstance || b == ShapeKind::kInstance) return false;
  if (is_wire_shape(a) && is_wire_shape(b)) {
    if (wires_conflict(a, ra, b, rb))
      rec.add("short", cell.name, fmt::format("wires {} and {} meet", ra, rb), where);
  } else if (is_wire_shape(a) && b == ShapeKind::kNode) {
    if (!wire_ends_on_node(cell, ra, rb))
      rec.add("crossing", cell.name, fmt::format("wire {} touches node {}", ra, rb), where);
  } else if (is_wire_shape(a) && b == ShapeKind::kPin) {
    rec.add("pin", cell.name, fmt::format("wire {} touches exported pin {}", ra, rb), where);
  } else if (a == ShapeKind::kNode && b == ShapeKind::kPin) {
    if (cell.pins[rb].node != static_cast<std::int32_t>(ra))
      rec.add("pin", cell.name, fmt::format("pin {} touches node {}", rb, ra), where);
  } else {
    rec.add(b == ShapeKind::kPin ? "pin" : "overlap", cell.name,
            fmt::format("shapes {} and {} meet", i, j), where);
  }
  return true;
}

// The lattice layouts' hierarchical check (drc_lattice.cpp): wires may run through instances
// on lines of their own colour.
DrcReport check_lattice(const Layout<2>& layout);

}  // namespace ftvlsi::detail
