#include "ftvlsi/geometry/drc.hpp"

#include <fmt/format.h>

#include <utility>

#include "box_overlap.hpp"
#include "ftvlsi/geometry/flatten.hpp"

namespace ftvlsi {
namespace {

constexpr std::size_t kMaxSamples = 20;

// A contact is a wire's end point: like a via it occupies both wiring layers.
enum class ShapeKind : std::uint8_t { kSegment0, kSegment1, kContact, kNode, kInstance, kPin };

struct Shapes {
  std::vector<Box> box;
  std::vector<ShapeKind> kind;
  std::vector<std::uint32_t> ref;  // wire, node, instance or pin index
  void add(const Box& b, ShapeKind k, std::size_t r) {
    box.push_back(b);
    kind.push_back(k);
    ref.push_back(static_cast<std::uint32_t>(r));
  }
};

bool is_segment(ShapeKind k) {
  return k == ShapeKind::kSegment0 || k == ShapeKind::kSegment1;
}
bool is_wire_shape(ShapeKind k) {
  return is_segment(k) || k == ShapeKind::kContact;
}

// Two shapes of different wires conflict unless they are segments on different layers.
bool wires_conflict(ShapeKind a, std::uint32_t ra, ShapeKind b, std::uint32_t rb) {
  if (ra == rb) return false;
  return !(is_segment(a) && is_segment(b) && a != b);
}

class Recorder {
 public:
  explicit Recorder(DrcReport& report) : report_(report) {}
  void add(const char* rule, const std::string& cell, std::string detail, const Box& where) {
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
  Box where;
};

ShapePair ordered_pair(const Shapes& s, std::uint32_t i, std::uint32_t j) {
  if (s.kind[i] > s.kind[j]) std::swap(i, j);
  return {s.kind[i], s.kind[j], s.ref[i], s.ref[j], s.box[i].intersection(s.box[j])};
}

// Why a polyline is not a valid Thompson-grid wire, or nullptr.
const char* polyline_problem(std::span<const Point> pts) {
  if (pts.size() < 2) return "has fewer than two points";
  int previous = -1;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const Point a = pts[i], b = pts[i + 1];
    if (a == b) return "has a zero-length segment";
    if (a.x != b.x && a.y != b.y) return "has a diagonal segment";
    const int orientation = a.y == b.y ? 0 : 1;
    if (orientation == previous) return "has two collinear segments in a row";
    previous = orientation;
  }
  return nullptr;
}

// Adds the wire's segments, each on the layer of its orientation; false if malformed.
bool add_segments(Shapes& shapes, std::span<const Point> pts, std::size_t wire, Recorder& rec,
                  const std::string& cell) {
  if (const char* why = polyline_problem(pts)) {
    rec.add("malformed", cell, fmt::format("wire {} {}", wire, why),
            pts.empty() ? Box{} : Box::around(pts.front(), pts.back()));
    return false;
  }
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const auto kind = pts[i].y == pts[i + 1].y ? ShapeKind::kSegment0 : ShapeKind::kSegment1;
    shapes.add(Box::around(pts[i], pts[i + 1]), kind, wire);
  }
  for (const Point& end : {pts.front(), pts.back()})
    shapes.add({end.x, end.y, end.x, end.y}, ShapeKind::kContact, wire);
  return true;
}

// ---- hierarchical check -------------------------------------------------------------------

struct CellChecker {
  const Layout& layout;
  const Cell& cell;
  Recorder& rec;

  Point pin_point(const Terminal& t) const {
    const Instance& inst = cell.instances[t.instance];
    return inst.transform.apply(layout.cells[inst.cell].pins[t.index].at);
  }

  bool ends_on_node(std::uint32_t wire, std::uint32_t node) const {
    const Terminal a = cell.wire_from[wire], b = cell.wire_to[wire];
    return (a.is_node() && a.index == static_cast<std::int32_t>(node)) ||
           (b.is_node() && b.index == static_cast<std::int32_t>(node));
  }

  // A wire may touch an instance only in the single point of the pin it ends on.
  bool touches_only_at_pin(std::uint32_t wire, const Box& seg, std::uint32_t inst,
                           const Box& inst_box) const {
    const Box meet = seg.intersection(inst_box);
    for (const Terminal& t : {cell.wire_from[wire], cell.wire_to[wire]}) {
      if (t.is_node() || t.instance != static_cast<std::int32_t>(inst)) continue;
      const Point p = pin_point(t);
      if (meet == Box{p.x, p.y, p.x, p.y}) return true;
    }
    return false;
  }

  void on_pair(const Shapes& s, std::uint32_t i, std::uint32_t j) const {
    const auto [a, b, ra, rb, where] = ordered_pair(s, i, j);
    if (s.kind[i] > s.kind[j]) std::swap(i, j);
    if (is_wire_shape(a) && is_wire_shape(b)) {
      if (wires_conflict(a, ra, b, rb))
        rec.add("short", cell.name, fmt::format("wires {} and {} meet", ra, rb), where);
    } else if (is_wire_shape(a) && b == ShapeKind::kNode) {
      if (!ends_on_node(ra, rb))
        rec.add("crossing", cell.name, fmt::format("wire {} touches node {}", ra, rb), where);
    } else if (is_wire_shape(a) && b == ShapeKind::kInstance) {
      if (!touches_only_at_pin(ra, s.box[i], rb, s.box[j]))
        rec.add("crossing", cell.name, fmt::format("wire {} enters instance {}", ra, rb), where);
    } else if (is_wire_shape(a) && b == ShapeKind::kPin) {
      rec.add("pin", cell.name, fmt::format("wire {} touches exported pin {}", ra, rb), where);
    } else if (a == ShapeKind::kNode && b == ShapeKind::kPin) {
      if (cell.pins[rb].node != static_cast<std::int32_t>(ra))
        rec.add("pin", cell.name, fmt::format("pin {} touches node {}", rb, ra), where);
    } else {
      rec.add(b == ShapeKind::kPin ? "pin" : "overlap", cell.name,
              fmt::format("shapes {} and {} meet", i, j), where);
    }
  }

  void check_terminal(std::size_t wire, const Terminal& t, Point end) const {
    bool ok = false;
    if (t.is_node()) {
      ok = t.index >= 0 && static_cast<std::size_t>(t.index) < cell.node_count() &&
           cell.node_box[t.index].contains(end);
    } else if (static_cast<std::size_t>(t.instance) < cell.instances.size()) {
      const Cell& child = layout.cells[cell.instances[t.instance].cell];
      ok = t.index >= 0 && static_cast<std::size_t>(t.index) < child.pins.size() &&
           pin_point(t) == end;
    }
    if (!ok)
      rec.add("open", cell.name, fmt::format("wire {} does not end on its terminal", wire),
              Box{end.x, end.y, end.x, end.y});
  }

  void check_pins() const {
    for (std::size_t p = 0; p < cell.pins.size(); ++p) {
      const Pin& pin = cell.pins[p];
      const bool on_node = pin.node >= 0 &&
                           static_cast<std::size_t>(pin.node) < cell.node_count() &&
                           cell.node_box[pin.node].on_boundary(pin.at);
      if (!on_node || !cell.bbox.on_boundary(pin.at))
        rec.add("pin", cell.name,
                fmt::format("pin {} is not on the boundary of its node and of the cell", p),
                Box{pin.at.x, pin.at.y, pin.at.x, pin.at.y});
    }
  }

  std::uint64_t run() const {
    Shapes s;
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      if (!add_segments(s, cell.wire(w), w, rec, cell.name)) continue;
      check_terminal(w, cell.wire_from[w], cell.wire(w).front());
      check_terminal(w, cell.wire_to[w], cell.wire(w).back());
    }
    for (std::size_t n = 0; n < cell.node_count(); ++n)
      s.add(cell.node_box[n], ShapeKind::kNode, n);
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Instance& inst = cell.instances[i];
      s.add(inst.transform.apply(layout.cells[inst.cell].bbox), ShapeKind::kInstance, i);
    }
    for (std::size_t p = 0; p < cell.pins.size(); ++p) {
      const Point at = cell.pins[p].at;
      s.add({at.x, at.y, at.x, at.y}, ShapeKind::kPin, p);
    }
    detail::for_each_overlap(s.box, [&](std::uint32_t i, std::uint32_t j) { on_pair(s, i, j); });
    check_pins();
    return s.box.size();
  }
};

// ---- flat check ---------------------------------------------------------------------------

void check_flat_pair(const FlatLayout& flat, const Shapes& s, std::uint32_t i, std::uint32_t j,
                     Recorder& rec) {
  const auto [a, b, ra, rb, where] = ordered_pair(s, i, j);
  if (is_wire_shape(a) && is_wire_shape(b)) {
    if (wires_conflict(a, ra, b, rb))
      rec.add("short", "(flat)", fmt::format("wires {} and {} meet", ra, rb), where);
  } else if (is_wire_shape(a)) {
    if (flat.wire_from_node[ra] != rb && flat.wire_to_node[ra] != rb)
      rec.add("crossing", "(flat)", fmt::format("wire {} touches node {}", ra, rb), where);
  } else {
    rec.add("overlap", "(flat)", fmt::format("nodes {} and {} meet", ra, rb), where);
  }
}

}  // namespace

DrcReport check_hierarchical(const Layout& layout) {
  DrcReport report;
  report.mode = "hierarchical";
  Recorder rec(report);
  for (const Cell& cell : layout.cells) {
    report.shapes_checked += CellChecker{layout, cell, rec}.run();
    ++report.cells_checked;
  }
  return report;
}

DrcReport check_flat(const Layout& layout, std::uint64_t max_bytes) {
  DrcReport report;
  report.mode = "flat";
  report.cells_checked = layout.cells.size();
  Recorder rec(report);
  const FlatLayout flat = flatten(layout, max_bytes);
  Shapes s;
  for (std::size_t w = 0; w < flat.wire_count(); ++w) {
    const auto pts = flat.wire(w);
    if (!add_segments(s, pts, w, rec, "(flat)")) continue;
    const Box& from = flat.node_box[flat.wire_from_node[w]];
    const Box& to = flat.node_box[flat.wire_to_node[w]];
    if (!from.contains(pts.front()) || !to.contains(pts.back()))
      rec.add("open", "(flat)", fmt::format("wire {} does not join its two nodes", w),
              Box::around(pts.front(), pts.back()));
  }
  for (std::size_t n = 0; n < flat.node_box.size(); ++n)
    s.add(flat.node_box[n], ShapeKind::kNode, n);
  detail::for_each_overlap(
      s.box, [&](std::uint32_t i, std::uint32_t j) { check_flat_pair(flat, s, i, j, rec); });
  report.shapes_checked = s.box.size();
  return report;
}

}  // namespace ftvlsi
