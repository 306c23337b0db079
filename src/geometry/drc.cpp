#include "ftvlsi/geometry/drc.hpp"

#include <fmt/format.h>

#include <utility>

#include "box_overlap.hpp"
#include "drc_shapes.hpp"
#include "ftvlsi/geometry/flatten.hpp"

namespace ftvlsi {
namespace {

using namespace detail;

// ---- hierarchical check -------------------------------------------------------------------

struct CellChecker {
  const Layout<2>& layout;
  const Cell<2>& cell;
  Recorder& rec;

  // A wire may touch an instance only in the single point of the pin it ends on.
  bool touches_only_at_pin(std::uint32_t wire, const Box<2>& seg, std::uint32_t inst,
                           const Box<2>& inst_box) const {
    const Box<2> meet = seg.intersection(inst_box);
    for (const Terminal& t : {cell.wire_from[wire], cell.wire_to[wire]}) {
      if (t.is_node() || t.instance != static_cast<std::int32_t>(inst)) continue;
      const Point<2> p = pin_point(layout, cell, t);
      if (meet == Box<2>::at(p)) return true;
    }
    return false;
  }

  void on_pair(const Shapes& s, std::uint32_t i, std::uint32_t j) const {
    if (judge_own_pair(cell, s, i, j, rec)) return;
    if (s.kind[i] > s.kind[j]) std::swap(i, j);
    const auto [a, b, ra, rb, where] = ordered_pair(s, i, j);
    if (is_wire_shape(a)) {
      if (!touches_only_at_pin(ra, s.box[i], rb, s.box[j]))
        rec.add("crossing", cell.name, fmt::format("wire {} enters instance {}", ra, rb), where);
    } else {
      rec.add(b == ShapeKind::kPin ? "pin" : "overlap", cell.name,
              fmt::format("shapes {} and {} meet", i, j), where);
    }
  }

  void check_terminal(std::size_t wire, const Terminal& t, Point<2> end) const {
    if (!terminal_reached(layout, cell, t, end))
      rec.add("open", cell.name, fmt::format("wire {} does not end on its terminal", wire),
              Box<2>::at(end));
  }

  void check_pins() const {
    for (std::size_t p = 0; p < cell.pins.size(); ++p) {
      const Pin<2>& pin = cell.pins[p];
      const bool on_node = pin.node >= 0 &&
                           static_cast<std::size_t>(pin.node) < cell.node_count() &&
                           cell.node_box[pin.node].on_boundary(pin.at);
      if (!on_node || !cell.bbox.on_boundary(pin.at))
        rec.add("pin", cell.name,
                fmt::format("pin {} is not on the boundary of its node and of the cell", p),
                Box<2>::at(pin.at));
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
      const Instance<2>& inst = cell.instances[i];
      s.add(inst.transform.apply(layout.cells[inst.cell].bbox), ShapeKind::kInstance, i);
    }
    for (std::size_t p = 0; p < cell.pins.size(); ++p) {
      const Point<2> at = cell.pins[p].at;
      s.add(Box<2>::at(at), ShapeKind::kPin, p);
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

DrcReport check_hierarchical(const Layout<2>& layout) {
  if (layout.colours) return detail::check_lattice(layout);
  DrcReport report;
  report.mode = "hierarchical";
  Recorder rec(report);
  for (const Cell<2>& cell : layout.cells) {
    report.shapes_checked += CellChecker{layout, cell, rec}.run();
    ++report.cells_checked;
  }
  return report;
}

DrcReport check_flat(const Layout<2>& layout, std::uint64_t max_bytes) {
  DrcReport report;
  report.mode = "flat";
  report.cells_checked = layout.cells.size();
  Recorder rec(report);
  const FlatLayout flat = flatten(layout, max_bytes);
  Shapes s;
  for (std::size_t w = 0; w < flat.wire_count(); ++w) {
    const auto pts = flat.wire(w);
    if (!add_segments(s, pts, w, rec, "(flat)")) continue;
    const Box<2>& from = flat.node_box[flat.wire_from_node[w]];
    const Box<2>& to = flat.node_box[flat.wire_to_node[w]];
    if (!from.contains(pts.front()) || !to.contains(pts.back()))
      rec.add("open", "(flat)", fmt::format("wire {} does not join its two nodes", w),
              Box<2>::around(pts.front(), pts.back()));
  }
  for (std::size_t n = 0; n < flat.node_box.size(); ++n)
    s.add(flat.node_box[n], ShapeKind::kNode, n);
  for_each_overlap(
      s.box, [&](std::uint32_t i, std::uint32_t j) { check_flat_pair(flat, s, i, j, rec); });
  report.shapes_checked = s.box.size();
  return report;
}

}  // namespace ftvlsi
