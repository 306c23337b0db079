#include "ftvlsi/geometry/drc.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "box_overlap.hpp"
#include "drc_shapes.hpp"
#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/geometry/flatten.hpp"

namespace ftvlsi {
namespace {

using namespace detail;

template <int D>
struct PointHash {
  std::size_t operator()(const Point<D>& p) const {
    std::uint64_t h = 0;
    for (int a = 0; a < D; ++a)
      h = (h ^ static_cast<std::uint64_t>(p[a])) * 0x9E3779B97F4A7C15ull + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

// Which points of its boundary a cell offers its parent's wire ends left to geometry: an end of
// its own such wire, a point of a node's boundary, or what one of its instances offers there.
// A cell's ends are gathered when it is first asked (2D layouts, which name their terminals,
// never ask).
template <int D>
class Offers {
 public:
  explicit Offers(const Layout<D>& layout) : layout_(layout), ends_(layout.cells.size()) {}

  bool accepts(std::int32_t c, Point<D> q) const {
    const Cell<D>& cell = layout_.cells[c];
    if (!cell.bbox.on_boundary(q)) return false;
    const auto& e = ends(c);
    if (std::binary_search(e.begin(), e.end(), q, less)) return true;
    for (const auto& b : cell.node_box)
      if (b.on_boundary(q)) return true;
    for (const auto& inst : cell.instances)
      if (inst.transform.apply(layout_.cells[inst.cell].bbox).contains(q))
        return accepts(inst.cell, inst.transform.unapply(q));
    return false;
  }

 private:
  static bool less(const Point<D>& a, const Point<D>& b) { return a.c < b.c; }

  // The cell's wire ends left to geometry, sorted (a sorted vector: a tenth of a hash set's
  // memory and build time for the millions of ends of a cube's top cells).
  const std::vector<Point<D>>& ends(std::int32_t c) const {
    auto& set = ends_[c];
    if (set) return *set;
    set.emplace();
    const Cell<D>& cell = layout_.cells[c];
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto pts = cell.wire(w);
      if (cell.wire_from[w].is_geometric()) set->push_back(pts.front());
      if (cell.wire_to[w].is_geometric()) set->push_back(pts.back());
    }
    std::sort(set->begin(), set->end(), less);
    return *set;
  }

  const Layout<D>& layout_;
  mutable std::vector<std::optional<std::vector<Point<D>>>> ends_;
};

// Marks the wire ends left to geometry that rest on a node or an instance: a wire shape (a 2D
// contact, a 3D segment, which holds its end points) meeting one with that end on its boundary.
// `landed[wire]` holds one flag per end.
template <int D>
void note_landing(const Shapes<D>& s, std::uint32_t i, std::uint32_t j,
                  std::span<const Point<D>> pts, std::vector<std::array<bool, 2>>& landed) {
  if (!is_wire_shape(s.kind[i])) std::swap(i, j);
  if (!is_wire_shape(s.kind[i]) || is_wire_shape(s.kind[j]) || s.kind[j] == ShapeKind::kPin) return;
  if (D == 2 && s.kind[i] != ShapeKind::kContact) return;
  for (int e = 0; e < 2; ++e) {
    const Point<D> q = e == 0 ? pts.front() : pts.back();
    if (s.box[i].contains(q) && s.box[j].on_boundary(q)) landed[s.ref[i]][e] = true;
  }
}

// The wire of a pair's wire shape (the pair holds one).
template <int D>
std::uint32_t wire_of_pair(const Shapes<D>& s, std::uint32_t i, std::uint32_t j) {
  return s.ref[is_wire_shape(s.kind[i]) ? i : j];
}

// ---- hierarchical check -------------------------------------------------------------------

template <int D>
struct CellChecker {
  const Layout<D>& layout;
  const Offers<D>& offers;
  const Cell<D>& cell;
  bool top;
  Recorder& rec;
  std::vector<std::array<bool, 2>> landed;

  // A wire may touch an instance only in the single point of a pin it names, or at an end left
  // to geometry that the instance offers.
  bool may_touch_instance(std::uint32_t wire, const Box<D>& meet, std::uint32_t i,
                          const Box<D>& inst_box) const {
    const Instance<D>& inst = cell.instances[i];
    for (const Terminal& t : {cell.wire_from[wire], cell.wire_to[wire]})
      if (t.instance == static_cast<std::int32_t>(i) &&
          meet == Box<D>::at(pin_point(layout, cell, t)))
        return true;
    const auto pts = cell.wire(wire);
    return touches_only_at_end(meet, inst_box, pts.front(), cell.wire_from[wire].is_geometric(),
                               pts.back(), cell.wire_to[wire].is_geometric(), [&](Point<D> q) {
                                 return offers.accepts(inst.cell, inst.transform.unapply(q));
                               });
  }

  void on_pair(const Shapes<D>& s, std::uint32_t i, std::uint32_t j) {
    if (!landed.empty() && is_wire_shape(s.kind[i]) != is_wire_shape(s.kind[j]))
      note_landing(s, i, j, cell.wire(wire_of_pair(s, i, j)), landed);
    if (judge_own_pair(cell, s, i, j, rec)) return;
    const ShapePair p = ordered_pair(s, i, j);
    const Box<D> where = meet(s, p);
    if (is_wire_shape(p.a)) {
      if (!may_touch_instance(p.ra, where, p.rb, s.box[p.j]))
        rec.add("crossing", cell.name, fmt::format("wire {} enters instance {}", p.ra, p.rb),
                where);
    } else {
      rec.add(p.b == ShapeKind::kPin ? "pin" : "overlap", cell.name,
              fmt::format("shapes {} and {} meet", i, j), where);
    }
  }

  void open(std::size_t w, Point<D> end) const {
    rec.add("open", cell.name, fmt::format("wire {} does not end on its terminal", w),
            Box<D>::at(end));
  }

  // A named end on its terminal; an end left to geometry (judged after the sweep) on a node, an
  // instance or, below the top cell, the cell's boundary. Returns whether the wire has one.
  bool check_named_ends(std::size_t w) const {
    const auto pts = cell.wire(w);
    bool geometric = false;
    for (int e = 0; e < 2; ++e) {
      const Terminal t = e == 0 ? cell.wire_from[w] : cell.wire_to[w];
      const Point<D> end = e == 0 ? pts.front() : pts.back();
      if (t.is_geometric())
        geometric = true;
      else if (!terminal_reached(layout, cell, t, end))
        open(w, end);
    }
    return geometric;
  }

  void check_geometric_ends(const std::vector<std::uint32_t>& wires) const {
    for (const std::uint32_t w : wires) {
      const auto pts = cell.wire(w);
      for (int e = 0; e < 2; ++e) {
        const Point<D> end = e == 0 ? pts.front() : pts.back();
        const bool geometric = (e == 0 ? cell.wire_from[w] : cell.wire_to[w]).is_geometric();
        if (geometric && !landed[w][e] && (top || !cell.bbox.on_boundary(end))) open(w, end);
      }
    }
  }

  void check_pins() const {
    for (std::size_t p = 0; p < cell.pins.size(); ++p) {
      const Pin<D>& pin = cell.pins[p];
      const bool on_node = pin.node >= 0 &&
                           static_cast<std::size_t>(pin.node) < cell.node_count() &&
                           cell.node_box[pin.node].on_boundary(pin.at);
      if (!on_node || !cell.bbox.on_boundary(pin.at))
        rec.add("pin", cell.name,
                fmt::format("pin {} is not on the boundary of its node and of the cell", p),
                Box<D>::at(pin.at));
    }
  }

  std::uint64_t run() {
    Shapes<D> s;
    // One box per segment and one per node, instance and pin: reserved, so that the millions of
    // a cube's top cell are not copied as they grow.
    const std::size_t count =
        cell.wire_points.size() + cell.node_count() + cell.instances.size() + cell.pins.size();
    s.box.reserve(count);
    s.kind.reserve(count);
    s.ref.reserve(count);
    std::vector<std::uint32_t> geometric;  // wires with an end left to geometry
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      poll_cancel();
      if (add_segments(s, cell.wire(w), w, rec, cell.name) && check_named_ends(w))
        geometric.push_back(static_cast<std::uint32_t>(w));
    }
    for (std::size_t n = 0; n < cell.node_count(); ++n)
      s.add(cell.node_box[n], ShapeKind::kNode, n);
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const Instance<D>& inst = cell.instances[i];
      s.add(inst.transform.apply(layout.cells[inst.cell].bbox), ShapeKind::kInstance, i);
    }
    for (std::size_t p = 0; p < cell.pins.size(); ++p)
      s.add(Box<D>::at(cell.pins[p].at), ShapeKind::kPin, p);
    if (!geometric.empty()) landed.assign(cell.wire_count(), {false, false});
    for_each_overlap(s.box, [&](std::uint32_t i, std::uint32_t j) { on_pair(s, i, j); });
    check_geometric_ends(geometric);
    check_pins();
    return s.box.size();
  }
};

// ---- flat check ---------------------------------------------------------------------------

template <int D>
struct FlatChecker {
  const FlatLayout<D>& flat;
  Recorder& rec;
  std::unordered_map<Point<D>, std::uint32_t, PointHash<D>> ends_at;  // ends left to geometry
  std::map<std::pair<std::uint32_t, std::uint32_t>, Point<D>> joined;
  std::vector<std::array<bool, 2>> landed;

  bool geometric_end(std::uint32_t w, Point<D> q) const {
    const auto pts = flat.wire(w);
    return (q == pts.front() && flat.wire_from_node[w] == kNoNode) ||
           (q == pts.back() && flat.wire_to_node[w] == kNoNode);
  }

  // Two wires left to geometry may meet end to end, once, where no third one ends.
  bool junction(std::uint32_t u, std::uint32_t v, const Box<D>& where) {
    const Point<D> q = where.lo;
    if (where.hi != q || !geometric_end(u, q) || !geometric_end(v, q)) return false;
    if (const auto it = ends_at.find(q); it == ends_at.end() || it->second != 2) return false;
    const auto [it, fresh] = joined.emplace(std::minmax(u, v), q);
    return fresh || it->second == q;
  }

  void on_pair(const Shapes<D>& s, std::uint32_t i, std::uint32_t j) {
    if (!landed.empty() && is_wire_shape(s.kind[i]) != is_wire_shape(s.kind[j]))
      note_landing(s, i, j, flat.wire(wire_of_pair(s, i, j)), landed);
    const ShapePair p = ordered_pair(s, i, j);
    if (is_wire_shape(p.a) && is_wire_shape(p.b)) {
      if (wires_conflict<D>(p.a, p.ra, p.b, p.rb) && !junction(p.ra, p.rb, meet(s, p)))
        rec.add("short", "(flat)", fmt::format("wires {} and {} meet", p.ra, p.rb), meet(s, p));
    } else if (is_wire_shape(p.a)) {
      const std::uint64_t from = flat.wire_from_node[p.ra], to = flat.wire_to_node[p.ra];
      if (from == p.rb || to == p.rb) return;
      const auto pts = flat.wire(p.ra);
      if (!touches_only_at_end(meet(s, p), s.box[p.j], pts.front(), from == kNoNode, pts.back(),
                               to == kNoNode))
        rec.add("crossing", "(flat)", fmt::format("wire {} touches node {}", p.ra, p.rb),
                meet(s, p));
    } else {
      rec.add("overlap", "(flat)", fmt::format("nodes {} and {} meet", p.ra, p.rb), meet(s, p));
    }
  }

  // Named ends in their nodes; ends left to geometry (judged after the sweep) on a node or at
  // a junction. Returns whether the wire has an end left to geometry.
  bool check_named_ends(std::size_t w) {
    const auto pts = flat.wire(w);
    const std::uint64_t from = flat.wire_from_node[w], to = flat.wire_to_node[w];
    if ((from != kNoNode && !flat.node_box[from].contains(pts.front())) ||
        (to != kNoNode && !flat.node_box[to].contains(pts.back())))
      rec.add("open", "(flat)", fmt::format("wire {} does not join its two nodes", w),
              Box<D>::around(pts.front(), pts.back()));
    if (from == kNoNode) ++ends_at[pts.front()];
    if (to == kNoNode) ++ends_at[pts.back()];
    return from == kNoNode || to == kNoNode;
  }

  void check_geometric_ends(const std::vector<std::uint32_t>& wires) const {
    for (const std::uint32_t w : wires) {
      const auto pts = flat.wire(w);
      for (int e = 0; e < 2; ++e) {
        const Point<D> end = e == 0 ? pts.front() : pts.back();
        const bool geometric = (e == 0 ? flat.wire_from_node[w] : flat.wire_to_node[w]) == kNoNode;
        if (geometric && !landed[w][e] && ends_at.at(end) < 2)
          rec.add("open", "(flat)", fmt::format("wire {} ends on no node and meets no wire", w),
                  Box<D>::at(end));
      }
    }
  }

  std::uint64_t run() {
    Shapes<D> s;
    std::vector<std::uint32_t> geometric;  // wires with an end left to geometry
    for (std::size_t w = 0; w < flat.wire_count(); ++w) {
      poll_cancel();
      if (add_segments(s, flat.wire(w), w, rec, "(flat)") && check_named_ends(w))
        geometric.push_back(static_cast<std::uint32_t>(w));
    }
    if (!geometric.empty()) landed.assign(flat.wire_count(), {false, false});
    for (std::size_t n = 0; n < flat.node_box.size(); ++n) {
      poll_cancel();
      s.add(flat.node_box[n], ShapeKind::kNode, n);
    }
    for_each_overlap(s.box, [&](std::uint32_t i, std::uint32_t j) { on_pair(s, i, j); });
    check_geometric_ends(geometric);
    return s.box.size();
  }
};

}  // namespace

template <int D>
DrcReport check_hierarchical(const Layout<D>& layout) {
  if constexpr (D == 2)
    if (layout.colours) return detail::check_lattice(layout);
  if constexpr (D == 3)
    if (layout.point_colours) return detail::check_lattice3(layout);
  DrcReport report;
  report.mode = "hierarchical";
  Recorder rec(report);
  const Offers<D> offers(layout);
  for (std::size_t c = 0; c < layout.cells.size(); ++c) {
    poll_cancel();
    const bool top = static_cast<std::int32_t>(c) == layout.top;
    report.shapes_checked += CellChecker<D>{layout, offers, layout.cells[c], top, rec, {}}.run();
    ++report.cells_checked;
  }
  return report;
}

// Wire ends left to geometry in the flattened layout: each cell's own, times its flat copies.
template <int D>
u128 flat_geometric_ends(const Layout<D>& layout) {
  std::vector<u128> copies(layout.cells.size(), 0);
  copies[layout.top] = 1;
  u128 ends = 0;
  for (std::size_t c = layout.cells.size(); c-- > 0;) {  // instances refer to earlier cells
    const Cell<D>& cell = layout.cells[c];
    if (copies[c] == 0) continue;
    for (const auto& inst : cell.instances) copies[inst.cell] += copies[c];
    std::uint64_t own = 0;
    for (std::size_t w = 0; w < cell.wire_count(); ++w)
      own += cell.wire_from[w].is_geometric() + cell.wire_to[w].is_geometric();
    ends += copies[c] * own;
  }
  return ends;
}

template <int D>
std::uint64_t hierarchical_drc_bytes(const Layout<D>& layout) {
  // The shapes of one cell at a time, at flat_drc_bytes' 160 bytes a shape (measured: a mesh's
  // channel layout of 2^18 processors, one cell of 2.3 M shapes, adds 424 MiB); in 3D the sorted
  // ends each cell offers, 24 bytes an end (a mesh3d of 2^18 adds 151 MiB). Lattice layouts have
  // their own check (drc_lattice.cpp), which holds a pattern window, not a cell.
  constexpr u128 kBytesPerShape = 160, kBytesPerOfferedEnd = 24;
  if (layout.colours || layout.point_colours) return 0;
  u128 largest = 0, offered = 0;
  for (const Cell<D>& cell : layout.cells) {
    u128 shapes = cell.node_count() + cell.instances.size() + cell.pins.size() +
                  (D == 2 ? 2 * cell.wire_count() : 0);
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      shapes += cell.wire(w).size() - 1;
      if constexpr (D == 3)
        offered += cell.wire_from[w].is_geometric() + cell.wire_to[w].is_geometric();
    }
    largest = std::max(largest, shapes);
  }
  const u128 bytes = largest * kBytesPerShape + offered * kBytesPerOfferedEnd;
  return bytes > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

template <int D>
std::uint64_t flat_drc_bytes(const Layout<D>& layout) {
  // A shape is a box, its kind and its reference, copied into the sweep's boxes and handles:
  // about 160 bytes a shape (measured: a mesh of 2^16 processors, 0.85 M shapes, peaks at
  // 155 MiB with the layout; this gives 161 MiB). An end left to geometry is a hash-map entry
  // and a flag, about 96 bytes (a mesh3d of 2^18 processors, 1.5 M such ends, peaks at 438 MiB;
  // this gives 460 MiB).
  constexpr u128 kBytesPerShape = 160, kBytesPerGeometricEnd = 96;
  const FlatCounts fc = layout.flat_counts()[layout.top];
  const u128 shapes = fc.segments + fc.nodes + (D == 2 ? 2 * fc.wires : 0);
  const u128 bytes = flat_bytes(layout) + shapes * kBytesPerShape +
                     flat_geometric_ends(layout) * kBytesPerGeometricEnd;
  return bytes > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

namespace {

// InputError `id` when a DRC `mode` needs more than the `max_bytes` left beside the layout.
void require_drc_memory(int id, const char* mode, std::uint64_t need, std::uint64_t max_bytes,
                        const char* advice) {
  if (need <= max_bytes) return;
  throw InputError(id, fmt::format("the {} DRC of this layout needs an estimated {} of memory but "
                                   "only {} are available beside the layout; {} "
                                   "(FTVLSI_MEMORY_LIMIT sets the limit)",
                                   mode, memory_text(need), memory_text(max_bytes), advice));
}

}  // namespace

template <int D>
DrcReport check_hierarchical(const Layout<D>& layout, std::uint64_t max_bytes) {
  require_drc_memory(8028, "hierarchical", hierarchical_drc_bytes(layout), max_bytes,
                     "leave out the DRC (--drc-mode none) or choose a smaller network");
  return check_hierarchical(layout);
}

template <int D>
std::uint64_t memory_beside(const Layout<D>& layout) {
  // The process's peak so far bounds what it holds beside the layout (the network, the metrics).
  const std::uint64_t have = available_memory_bytes(),
                      held = std::max(layout_bytes(layout), peak_memory_bytes());
  return have > held ? have - held : 0;
}

template <int D>
DrcReport check_flat(const Layout<D>& layout, std::uint64_t max_bytes) {
  require_drc_memory(8011, "flat", flat_drc_bytes(layout), max_bytes,
                     "use the hierarchical DRC (--drc-mode hierarchical) or a smaller network");
  DrcReport report;
  report.mode = "flat";
  report.cells_checked = layout.cells.size();
  Recorder rec(report);
  const FlatLayout<D> flat = flatten(layout, max_bytes);
  report.shapes_checked = FlatChecker<D>{flat, rec, {}, {}, {}}.run();
  return report;
}

template DrcReport check_hierarchical(const Layout<2>&);
template DrcReport check_hierarchical(const Layout<3>&);
template DrcReport check_flat(const Layout<2>&, std::uint64_t);
template DrcReport check_flat(const Layout<3>&, std::uint64_t);
template DrcReport check_hierarchical(const Layout<2>&, std::uint64_t);
template DrcReport check_hierarchical(const Layout<3>&, std::uint64_t);
template std::uint64_t hierarchical_drc_bytes(const Layout<2>&);
template std::uint64_t hierarchical_drc_bytes(const Layout<3>&);
template std::uint64_t memory_beside(const Layout<2>&);
template std::uint64_t memory_beside(const Layout<3>&);
template std::uint64_t flat_drc_bytes(const Layout<2>&);
template std::uint64_t flat_drc_bytes(const Layout<3>&);

}  // namespace ftvlsi
