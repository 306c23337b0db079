#include "ftvlsi/layout/cube.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "switch_contents3d.hpp"

namespace ftvlsi {
namespace {

// What a level's cell offers its parent: the pins on its face along p, all with the same
// coordinate on that axis.
struct Built {
  std::int32_t cell = -1;
  std::vector<Point<3>> pins;
  // With the partial switches, the channel wire at each pin (both directions are drawn).
  std::vector<std::pair<WireDir, std::uint32_t>> wire;
};

// First `count` interior grid points of the face of `box` at coordinate `at` on axis `normal`,
// row by row over the two other axes.
std::vector<Point<3>> face_points(const Box<3>& box, int normal, Coord at, std::uint64_t count) {
  const int u = (normal + 1) % 3, v = (normal + 2) % 3;
  std::vector<Point<3>> out;
  for (Coord i = box.lo[u] + 1; i < box.hi[u] && out.size() < count; ++i)
    for (Coord j = box.lo[v] + 1; j < box.hi[v] && out.size() < count; ++j) {
      Point<3> p;
      p[normal] = at;
      p[u] = i;
      p[v] = j;
      out.push_back(p);
    }
  FTVLSI_ASSERT(out.size() == count);
  return out;
}

Coord div_up(std::uint64_t a, std::uint64_t b) {
  return static_cast<Coord>((a + b - 1) / b);
}

// Moves everything in `cell` (and the pins) so that its bounding box starts at the origin.
void normalise(Layout<3>& layout, std::int32_t c, std::vector<Point<3>>& pins) {
  layout.finalize_cell(c);
  Cell<3>& cell = layout.cells[c];
  const Point<3> shift{-cell.bbox.lo[0], -cell.bbox.lo[1], -cell.bbox.lo[2]};
  auto move = [&](Point<3>& p) {
    for (int a = 0; a < 3; ++a) p[a] += shift[a];
  };
  for (auto& b : cell.node_box) move(b.lo), move(b.hi);
  for (auto& p : cell.wire_points) move(p);
  for (auto& inst : cell.instances) move(inst.transform.offset);
  for (auto& p : pins) move(p);
  move(cell.bbox.lo);
  move(cell.bbox.hi);
}

Built leaf(Layout<3>& layout, const FatTree& tree) {
  const int L = tree.levels();
  const int p = (L + 2) % 3;
  const std::uint64_t cap = tree.capacity(L);
  const Coord side = std::max<Coord>(2, static_cast<Coord>(ceil_sqrt(cap)) + 1);
  Cell<3> cell;
  cell.name = fmt::format("cube_{}", L);
  const Box<3> box{{0, 0, 0}, {side, side, side}};
  cell.add_node(box, NodeKind::kProcessor, L);
  layout.cells.push_back(std::move(cell));
  Built b;
  b.cell = static_cast<std::int32_t>(layout.cells.size() - 1);
  b.pins = face_points(box, p, side, cap);
  layout.finalize_cell(b.cell);
  return b;
}

// The switch of a level-k cell: its faces along a cover the child's pins (on the child's face
// a = C.hi[a], spanning a rectangle in (t, p)); its face along p carries cap(k) pins over (a, t),
// made about square.
// Spread (Theorem 4): the switch spans the children's whole extent along t, so that it is as
// thin along a as its face along p allows (cap / extent); the slab: about sqrt(cap) across.
Box<3> switch_box(const Box<3>& C, const std::vector<Point<3>>& pins, int k, std::uint64_t cap,
                  bool spread) {
  const int a = k % 3, t = (k + 1) % 3, p = (k + 2) % 3;
  Coord t0 = INT64_MAX, t1 = INT64_MIN, p0 = INT64_MAX, p1 = INT64_MIN;
  for (const auto& q : pins) {
    FTVLSI_ASSERT(q[a] == C.hi[a]);
    t0 = std::min(t0, q[t]), t1 = std::max(t1, q[t]), p0 = std::min(p0, q[p]),
    p1 = std::max(p1, q[p]);
  }
  const Coord across = std::max(
      {t1 - t0 + 1, static_cast<Coord>(ceil_sqrt(cap)), spread ? C.hi[t] - C.lo[t] - 1 : Coord{0}});
  const Coord extra = across - (t1 - t0 + 1);
  const Coord thick = div_up(cap, static_cast<std::uint64_t>(across)) + 1;  // extent along a
  Box<3> s;
  s.lo[a] = C.hi[a] + 1;
  s.hi[a] = s.lo[a] + thick;
  // Centred over the pins, moved inside the children's extent along t where it fits.
  Coord lo = t0 - 1 - extra / 2;
  const Coord cover_lo = t1 + 1 - (across + 1), cover_hi = t0 - 1;  // lo still covering the pins
  const Coord inside_lo = C.lo[t], inside_hi = C.hi[t] - (across + 1);
  if (std::max(cover_lo, inside_lo) <= std::min(cover_hi, inside_hi))
    lo = std::clamp(lo, std::max(cover_lo, inside_lo), std::min(cover_hi, inside_hi));
  s.lo[t] = lo;
  s.hi[t] = lo + across + 1;
  s.lo[p] = p0 - 1;
  s.hi[p] = p1 + 1;
  return s;
}

Built level(Layout<3>& layout, const FatTree& tree, int k, const Built& child, bool root,
            bool spread) {
  const int a = k % 3, p = (k + 2) % 3;
  const Box<3> C = layout.cells[child.cell].bbox;  // starts at the origin
  const std::uint64_t cap = tree.capacity(k);
  const Box<3> s = switch_box(C, child.pins, k, cap, spread);
  const Coord top = std::max(C.hi[p], s.hi[p] + 1);
  Cell<3> cell;
  cell.name = fmt::format("cube_{}", k);
  cell.add_node(s, NodeKind::kSwitch, k);
  cell.instances.push_back({child.cell, {}});
  Transform<3> mirror;
  mirror.sign[a] = -1;
  mirror.offset[a] = s.hi[a] + 1 + C.hi[a];
  cell.instances.push_back({child.cell, mirror});
  const std::size_t wires = 2 * child.pins.size() + cap;  // every wire is one segment
  cell.reserve_wires(wires, 2 * wires);
  for (const auto& q : child.pins) {
    Point<3> from = q, to = q;
    to[a] = s.lo[a];
    const Point<3> left[2] = {from, to};
    cell.add_wire(left, k + 1);
    from[a] = s.hi[a];
    to[a] = s.hi[a] + 1;
    const Point<3> right[2] = {from, to};
    cell.add_wire(right, k + 1);
  }
  Built b;
  for (const auto& q : face_points(s, p, s.hi[p], cap)) {
    Point<3> end = q;
    end[p] = top;
    const Point<3> up[2] = {q, end};
    cell.add_wire(up, k);
    b.pins.push_back(end);
  }
  if (root) {
    // The external interface: a pad just beyond the cell's face, over the switch's up pins.
    Box<3> pad = s;
    pad.lo[p] = top;
    pad.hi[p] = top + 1;
    cell.add_node(pad, NodeKind::kInterface, 0);
  }
  layout.cells.push_back(std::move(cell));
  b.cell = static_cast<std::int32_t>(layout.cells.size() - 1);
  normalise(layout, b.cell, b.pins);
  return b;
}

// ---- partial-concentrator switches (docs/design.md §3.5, src/layout/switch_contents3d.cpp) ----

// The leaf with both directions of its channel as pins on its face along p, laid out as the
// parent's bottom face expects a child's exits: a pitch of 2 along the parent's t (axis L mod 3)
// and kPortPitch along the parent's p (axis (L + 1) mod 3).
Built partial_leaf(Layout<3>& layout, const FatTree& tree) {
  using detail::kPortPitch;
  const int L = tree.levels();
  const int t = L % 3, p = (L + 1) % 3, face = (L + 2) % 3;
  const std::uint64_t cap = tree.capacity(L);
  const detail::PortGrid grid = detail::port_grid(2 * cap);
  Box<3> box{{0, 0, 0}, {0, 0, 0}};
  box.hi[t] = 2 * static_cast<Coord>(grid.rows);
  box.hi[p] = kPortPitch * static_cast<Coord>(grid.columns - 1) + 2;
  box.hi[face] = 2;
  Cell<3> cell;
  cell.name = fmt::format("cube_{}", L);
  cell.add_node(box, NodeKind::kProcessor, L);
  layout.cells.push_back(std::move(cell));
  Built b;
  b.cell = static_cast<std::int32_t>(layout.cells.size() - 1);
  for (std::uint64_t q = 0; q < 2 * cap; ++q) {
    const Coord col = static_cast<Coord>(q % grid.columns),
                row = static_cast<Coord>(q / grid.columns);
    Point<3> at;
    at[t] = 1 + 2 * (static_cast<Coord>(grid.rows) - 1 - row);
    at[p] = 1 + kPortPitch * col;
    at[face] = box.hi[face];
    b.pins.push_back(at);
    b.wire.push_back(
        {q < cap ? WireDir::kUp : WireDir::kDown, static_cast<std::uint32_t>(q % cap)});
  }
  layout.finalize_cell(b.cell);
  return b;
}

// The level-k cell with its switch drawn inside: the box's frame (x, y, z) is (t, p, a), its
// bottom face against the left child's face along a, so that every child pin lands straight on
// its port; the right child, mirrored along a, faces the box's top.
Built partial_level(Layout<3>& layout, const FatTree& tree, int k, const Built& child, bool root,
                    std::uint64_t seed, detail::SwitchPacking packing) {
  const int a = k % 3, t = (k + 1) % 3, p = (k + 2) % 3;
  const Box<3> C = layout.cells[child.cell].bbox;  // starts at the origin
  Coord min_t = INT64_MAX, min_p = INT64_MAX;
  for (const auto& q : child.pins) {
    FTVLSI_ASSERT(q[a] == C.hi[a]);
    min_t = std::min(min_t, q[t]), min_p = std::min(min_p, q[p]);
  }
  std::vector<detail::ChildPort> ports;
  for (std::size_t i = 0; i < child.pins.size(); ++i)
    ports.push_back({child.pins[i][t] - min_t + 1, child.pins[i][p] - min_p + 1,
                     child.wire[i].first, child.wire[i].second});
  detail::SwitchBox3d sw = detail::build_switch_box(tree, k, seed, ports, packing);
  // Local (x, y, z) to the cell: z = -1 (the left ports' bottom) one unit past the child's face.
  Transform<3> place;
  place.axis[t] = 0, place.axis[p] = 1, place.axis[a] = 2;
  place.offset[t] = min_t - 1, place.offset[p] = min_p - 1, place.offset[a] = C.hi[a] + 2;
  Cell<3>& s = sw.cell;
  for (auto& box : s.node_box) box = place.apply(box);
  for (auto& q : s.wire_points) q = place.apply(q);
  Box<3> extent = Box<3>::none();
  for (const auto& box : s.node_box) extent = extent.united(box);
  const Coord face = place.apply(Point<3>{0, sw.face_y, 0})[p];
  const Coord top = std::max(C.hi[p], face) + 1;
  // The parent's wires run on from the box's face to the cell's.
  for (const auto& e : sw.exits) s.wire_points[s.wire_start[e.wire + 1] - 1][p] = top;

  Cell<3> cell = std::move(s);
  cell.name = fmt::format("cube_{}", k);
  cell.add_instance(child.cell, {});
  Transform<3> mirror;
  mirror.sign[a] = -1;
  mirror.offset[a] = extent.hi[a] + 1 + C.hi[a];
  cell.add_instance(child.cell, mirror);
  for (std::size_t i = 0; i < child.pins.size(); ++i) {
    const auto [dir, index] = child.wire[i];
    for (int side = 0; side < 2; ++side) {
      const std::uint32_t item = sw.graph.port[side][static_cast<int>(dir)][index];
      Point<3> from = child.pins[i], to = from;
      from[a] = side == 0 ? C.hi[a] : extent.hi[a] + 1;
      to[a] = side == 0 ? C.hi[a] + 1 : extent.hi[a];
      const Point<3> wire[2] = {from, to};
      cell.add_wire(wire, k + 1, dir, Terminal::by_geometry(),
                    Terminal::node(static_cast<std::int32_t>(item)));
    }
  }
  Built b;
  Box<3> pad = Box<3>::none();
  for (const auto& e : sw.exits) {
    const auto pts = cell.wire(static_cast<std::size_t>(e.wire));
    b.pins.push_back(pts.back());
    b.wire.push_back({e.dir, e.index});
    pad = pad.united(Box<3>::at(pts.back()));
  }
  if (root) {  // the external interface: a pad just beyond the cell's face, over the exits
    for (int ax = 0; ax < 3; ++ax) pad.hi[ax] = std::max(pad.hi[ax], pad.lo[ax] + 1);
    cell.add_node(pad, NodeKind::kInterface, 0);
  }
  layout.cells.push_back(std::move(cell));
  b.cell = static_cast<std::int32_t>(layout.cells.size() - 1);
  normalise(layout, b.cell, b.pins);
  return b;
}

void require_cube_size(const FatTree& tree) {
  if (tree.processors() > (std::uint64_t{1} << 30))
    throw InputError(5101, "the cube style takes at most 2^30 processors");
}

Layout<3> build(const FatTree& tree, bool spread) {
  require_cube_size(tree);
  Layout<3> layout;
  layout.style = spread ? LayoutStyle::kCube : LayoutStyle::kSlab;
  layout.wire_levels = tree.levels() + 1;
  Built b = leaf(layout, tree);
  for (int k = tree.levels() - 1; k >= 0; --k) b = level(layout, tree, k, b, k == 0, spread);
  layout.top = b.cell;  // a single processor (L = 0) is a layout without wires
  return layout;
}

}  // namespace

namespace detail {

Layout<3> build_partial_cube(const FatTree& tree, std::uint64_t seed, SwitchPacking packing) {
  require_cube_size(tree);
  Layout<3> layout;
  layout.style = LayoutStyle::kCube;
  layout.wire_levels = tree.levels() + 1;
  Built b = partial_leaf(layout, tree);
  for (int k = tree.levels() - 1; k >= 0; --k)
    b = partial_level(layout, tree, k, b, k == 0, seed, packing);
  layout.top = b.cell;
  return layout;
}

}  // namespace detail

Layout<3> build_cube(const FatTree& tree) {
  return build(tree, true);
}

Layout<3> build_cube(const FatTree& tree, SwitchModel model, std::uint64_t seed) {
  if (model == SwitchModel::kIdeal) return build(tree, true);
  return detail::build_partial_cube(tree, seed, detail::SwitchPacking::kFirstFit);
}

Layout<3> build_cube_unpacked_switches(const FatTree& tree, std::uint64_t seed) {
  return detail::build_partial_cube(tree, seed, detail::SwitchPacking::kPairPerWire);
}

Layout<3> build_slab_cube(const FatTree& tree) {
  return build(tree, false);
}

std::uint64_t estimate_cube_bytes(const FatTree& tree) {
  // Per level-k cell: 2 cap(k+1) + cap(k) one-segment wires (two points and their attributes)
  // and cap(k) pins, held twice while the next level is built. Measured: --capacity full at
  // 2^20 processors peaks at 357 MiB (this gives 389 MiB), at 2^22 at 1413 MiB (1553 MiB).
  constexpr u128 kWireBytes = 2 * sizeof(Point<3>) + 4 + 4 + 1 + 2 * sizeof(Terminal);
  constexpr u128 kPinBytes = 2 * sizeof(Point<3>);
  u128 total = 1 << 20;
  for (int k = 0; k < tree.levels(); ++k) {
    const u128 cap = tree.capacity(k), below = tree.capacity(k + 1);
    total += (2 * below + cap) * kWireBytes + cap * kPinBytes;
  }
  return total > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(total);
}

std::uint64_t estimate_partial_cube_links(const FatTree& tree) {
  u128 links = 0;
  for (int k = 0; k < tree.levels(); ++k) {
    const u128 c = tree.capacity(k), cc = tree.capacity(k + 1);
    // Selectors and the ports' own wires, then each switch's crosspoints: at most 6 a level input.
    links += 4 * cc + 2 * c + 2 * c + 4 * cc;
    for (const SwitchShape& s : node_switches(tree, k)) {
      const auto widths = cascade_widths(s.inputs, s.outputs);
      if (widths.size() == 1) {
        links += s.inputs;  // straight wires
        continue;
      }
      for (std::size_t l = 0; l + 1 < widths.size(); ++l)
        links += u128{kConcentratorInputDegree} * widths[l];
    }
  }
  return links > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(links);
}

double theorem4_volume(const FatTree& tree) {
  const double w = static_cast<double>(tree.capacity(0));
  const double ratio = std::max(2.0, static_cast<double>(tree.processors()) / w);
  return std::pow(w * std::log2(ratio), 1.5);
}

}  // namespace ftvlsi
