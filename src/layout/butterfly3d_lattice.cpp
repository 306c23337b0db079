#include "ftvlsi/layout/butterfly3d_lattice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/geometry/polyline.hpp"

namespace ftvlsi {
namespace {

using u64 = std::uint64_t;
using Cells = std::array<Coord, 3>;

// How the levels' gadgets share a cell: level m (0: the processor) is gadget b = m mod per of
// group a = m div per. A group owns a band of 32 lines along y (slots, z-tracks, x-tracks) and
// of 16 along x (the y-tracks of the level above); an index owns 4 layers along z and 4 columns
// along x.
// A fat-pyramid's mesh needs y-lines of its own in the y-track layers: past the 16 per group
// that the y-tracks take, 2 per group and 2 more along x.
struct Packing {
  int groups = 1, per = 1;
  bool pyramid = false;
  Cells side() const {
    const Coord x = pyramid ? 18 * groups + 4 : 16 * groups;
    return {std::max<Coord>(4 * per, x), 32 * groups, 4 * per};
  }
};

// The packing of levels 0 .. k with the smallest cell volume (about sqrt(k/8) groups of 8 times
// as many).
Packing choose_packing(int levels, bool pyramid) {
  Packing best{1, levels + 1, pyramid};
  auto volume = [](const Packing& p) {
    const Cells s = p.side();
    return s[0] * s[1] * s[2];
  };
  for (int g = 2; g <= levels + 1; ++g) {
    const Packing p{g, (levels + g) / g, pyramid};
    if (volume(p) < volume(best)) best = p;
  }
  return best;
}

class Painter;

class Plan {
 public:
  explicit Plan(const ButterflyFatTree3d& net)
      : k_(net.levels()),
        pyramid_(net.pyramid()),
        pack_(choose_packing(k_, pyramid_)),
        side_(pack_.side()) {
    pos_.push_back({Cells{0, 0, 0}});
    for (int m = 1; m <= k_; ++m) {
      const u64 below = switches(m - 1);
      const Coord h = Coord{1} << (m - 1);
      pos_.emplace_back(switches(m));
      for (u64 j = 0; j < switches(m); ++j) {
        const auto [a, b] = quadrant(j / below);
        Cells p = pos_[m - 1][j % below];
        p[0] += h * a, p[1] += h * b, p[2] += h * (a ^ b);
        pos_[m][j] = p;
      }
    }
  }

  int levels() const { return k_; }
  bool pyramid() const { return pyramid_; }
  // Whether level m has mesh wires (fat-pyramid levels 1 .. k-1).
  bool has_mesh(int m) const { return pyramid_ && m >= 1 && m < k_; }
  const Cells& side() const { return side_; }
  // Level 0 is the processor: one "switch" per node.
  static u64 switches(int m) { return m == 0 ? 1 : u64{1} << (2 * (m - 1)); }
  static std::pair<Coord, Coord> quadrant(u64 r) {
    return {static_cast<Coord>(r & 1), static_cast<Coord>((r >> 1) & 1)};
  }
  const Cells& cell_of(int m, u64 j) const { return pos_[m][j]; }
  Point<3> origin(const Cells& c) const {
    return {c[0] * side_[0], c[1] * side_[1], c[2] * side_[2]};
  }

  // ---- the gadget of level m, in a cell's coordinates ----------------------------------------
  Coord zs(int m) const { return 4 * (m % pack_.per); }      // the slot's layer (even)
  Coord xb(int m) const { return 4 * (m % pack_.per) + 2; }  // the slot's column (even)
  Coord y0(int m) const { return 32 * (m / pack_.per); }     // the slot's band along y
  Box<3> slot(int m) const { return {{xb(m), y0(m) + 1, zs(m)}, {xb(m), y0(m) + 29, zs(m)}}; }
  // Where parent r = a + 2b of a level-m switch reaches its slot, along an x-line.
  Coord pierce_y(int m, u64 r) const { return y0(m) + 2 + 2 * static_cast<Coord>(r); }
  // The tracks of the level-m wires (child d = dx + 2 dy + 4 dz, parent quadrant (a, b)).
  Coord z_track_x(int m) const { return xb(m) - 1; }
  Coord z_track_y(int m, int d) const { return y0(m) + 1 + 4 * d; }
  Coord x_track_y(int m, int d, Coord a) const { return z_track_y(m, d) - 1 + 2 * a; }
  Coord x_track_z(int m) const { return zs(m - 1) + 2; }
  Coord y_track_x(int m, Coord a, Coord b, Coord dy) const {
    return 16 * ((m - 1) / pack_.per) + 2 * (4 * a + 2 * b + dy);
  }
  Coord y_track_z(int m) const { return zs(m - 1) + 1; }

  // ---- the fat-pyramid's mesh of level m (docs/fat-pyramid3d.md) ----------------------------
  // Slot rows where the mesh wires end: x arrival 26, x departure 28, y arrival 10, y departure
  // 12, z lines A (3) and B (7), all from the band's start; the x wires run along y = 30.
  static constexpr Coord kXArrive = 26, kXLeave = 28, kXRun = 30, kYArrive = 10, kYLeave = 12;
  static constexpr Coord kZLine[2] = {3, 7};
  Coord mesh_x0() const { return 16 * pack_.groups; }  // the first x the y-tracks leave free
  Coord y_run_x(int m) const { return mesh_x0() + 2 * (m / pack_.per); }
  Coord x_step_x(int i) const { return mesh_x0() + 2 * pack_.groups + 2 * i; }  // 0 in, 1 out
  // The slot point where mesh pin `kind` of a level-m switch lies (kinds: MeshPinKind).
  Coord mesh_pin_y(int m, int kind) const;
  // The mesh wire along `axis` from switch j of the level-m node at the cell origin `from` of
  // that switch to the same switch of the next node; z wires of an even node run on line A.
  std::vector<Point<3>> mesh_route(int m, int axis, Point<3> from, int parity) const;

  std::vector<Point<3>> route(int m, u64 j, int d) const;
  PointColours colours() const;
  void paint_mesh(Painter& paint, int m) const;
  static std::int32_t node_colour(int m) { return 2 * m; }
  static std::int32_t tree_colour(int m) { return 2 * m - 1; }
  std::int32_t mesh_colour(int m) const { return 2 * k_ + m; }

 private:
  int k_;
  bool pyramid_;
  Packing pack_;
  Cells side_;
  std::vector<std::vector<Cells>> pos_;  // [level][switch]: its cell in its node's region
};

// Switch j of a level-m node (region at the origin) to its child d: a unit step off the slot
// onto its z-track, up or down to the child's layer, a unit step onto the x-track, along x to
// the child's cell, down onto the y-track, along y to the child's pierce line, down onto it and
// along x to the child's slot.
std::vector<Point<3>> Plan::route(int m, u64 j, int d) const {
  const u64 below = switches(m - 1);
  const u64 t = j % below, r = j / below;
  const auto [a, b] = quadrant(r);
  const Coord dx = d & 1, dy = (d >> 1) & 1, dz = (d >> 2) & 1;
  const Coord h = Coord{1} << (m - 1);
  Cells cc = pos_[m - 1][t];
  cc[0] += h * dx, cc[1] += h * dy, cc[2] += h * dz;
  const Point<3> s = origin(pos_[m][j]), c = origin(cc);
  const Coord yd = z_track_y(m, d), xd = z_track_x(m);
  const Coord zx = c.z() + x_track_z(m);
  const Coord yx = s.y() + x_track_y(m, d, a);
  const Coord xy = c.x() + y_track_x(m, a, b, dy);
  const Coord yp = c.y() + pierce_y(m - 1, r);
  return simplified_path({
      {s.x() + xb(m), s.y() + yd, s.z() + zs(m)},
      {s.x() + xd, s.y() + yd, s.z() + zs(m)},
      {s.x() + xd, s.y() + yd, zx},
      {s.x() + xd, yx, zx},
      {xy, yx, zx},
      {xy, yx, c.z() + y_track_z(m)},
      {xy, yp, c.z() + y_track_z(m)},
      {xy, yp, c.z() + zs(m - 1)},
      {c.x() + xb(m - 1), yp, c.z() + zs(m - 1)},
  });
}

// The axis along which a and b differ (they differ along one).
int run_axis(Point<3> a, Point<3> b) {
  return a.x() != b.x() ? 0 : a.y() != b.y() ? 1 : 2;
}

// Mesh pin kinds of a switch: x in/out, y in/out, z on line A/B.
enum MeshPinKind { kXIn, kXOut, kYIn, kYOut, kZA, kZB, kMeshPinKinds };

Coord Plan::mesh_pin_y(int m, int kind) const {
  static constexpr Coord row[kMeshPinKinds] = {kXArrive, kXLeave,   kYArrive,
                                               kYLeave,  kZLine[0], kZLine[1]};
  return y0(m) + row[kind];
}

// x: off the slot along its row to the out step line, up one layer into the y-track layer, along
// y to the run row, down, along x to the next node's in step line, up, back along y to the in
// row, down, and along x to the slot. y: off the slot along its row to the level's y-run line,
// up one layer, along y to the next node's in row, down, back along x to the slot. z: one step
// in x onto the z-line of its parity and along z to the next node's slot. (Where the slot's
// column is a step line's, that step has no length and is dropped.)
std::vector<Point<3>> Plan::mesh_route(int m, int axis, Point<3> from, int parity) const {
  const Coord xb_ = from.x() + xb(m), y = from.y() + y0(m), z = from.z() + zs(m);
  const Coord h = (Coord{1} << m) * side_[axis];
  if (axis == 0) {
    const Coord out = from.x() + x_step_x(1), in = from.x() + h + x_step_x(0);
    return simplified_path({{xb_, y + kXLeave, z},
                            {out, y + kXLeave, z},
                            {out, y + kXLeave, z + 1},
                            {out, y + kXRun, z + 1},
                            {out, y + kXRun, z},
                            {in, y + kXRun, z},
                            {in, y + kXRun, z + 1},
                            {in, y + kXArrive, z + 1},
                            {in, y + kXArrive, z},
                            {xb_ + h, y + kXArrive, z}});
  }
  if (axis == 1) {
    const Coord run = from.x() + y_run_x(m);
    return simplified_path({{xb_, y + kYLeave, z},
                            {run, y + kYLeave, z},
                            {run, y + kYLeave, z + 1},
                            {run, y + h + kYArrive, z + 1},
                            {run, y + h + kYArrive, z},
                            {xb_, y + h + kYArrive, z}});
  }
  const Coord line = y + kZLine[parity];
  return {{xb_, line, z}, {xb_ + 1, line, z}, {xb_ + 1, line, z + h}, {xb_, line, z + h}};
}

// Colours: node colour 2m for level m's slots, wire colour 2m - 1 for the level-m tree wires,
// colour 2k + m for the level-m mesh (a pattern with a period of 2^(m+1) cells).
class Painter {
 public:
  explicit Painter(const Cells& side) {
    pc_.period = side;
    pc_.colour.assign(static_cast<std::size_t>(side[0] * side[1] * side[2]), PointColours::kNone);
  }
  // A whole line of the period along `axis` through p.
  void line(int axis, Point<3> p, std::int32_t c) {
    for (p[axis] = 0; p[axis] < pc_.period[axis]; ++p[axis]) set(p, c, false);
  }
  // The points from p to q (one axis differs), wrapped into the period.
  void segment(Point<3> p, Point<3> q, std::int32_t c) {
    int axis = 0;
    while (axis < 2 && p[axis] == q[axis]) ++axis;
    if (p[axis] > q[axis]) std::swap(p, q);
    for (; p[axis] <= q[axis]; ++p[axis]) set(p, c, false);
  }
  void box(const Box<3>& b, std::int32_t c) {
    for (Coord z = b.lo[2]; z <= b.hi[2]; ++z)
      for (Coord y = b.lo[1]; y <= b.hi[1]; ++y)
        for (Coord x = b.lo[0]; x <= b.hi[0]; ++x) set({x, y, z}, c, true);
  }
  PointColours take() { return std::move(pc_); }

 private:
  void set(Point<3> p, std::int32_t c, bool over) {
    for (int a = 0; a < 3; ++a) p[a] = ((p[a] % pc_.period[a]) + pc_.period[a]) % pc_.period[a];
    std::int32_t& v = pc_.colour[pc_.index(p)];
    FTVLSI_ASSERT(v == PointColours::kNone || v == c || over);
    v = c;
  }
  PointColours pc_;
};

PointColours Plan::colours() const {
  Painter paint(side_);
  for (int m = 1; m <= k_; ++m) {
    const std::int32_t w = tree_colour(m);
    for (int d = 0; d < 8; ++d) {
      paint.line(2, {z_track_x(m), z_track_y(m, d), 0}, w);
      for (Coord a = 0; a < 2; ++a) paint.line(0, {0, x_track_y(m, d, a), x_track_z(m)}, w);
      paint.line(1, {y_track_x(m, d & 1, (d >> 1) & 1, d >> 2), 0, y_track_z(m)}, w);
    }
    for (u64 r = 0; r < 4; ++r) paint.line(0, {0, pierce_y(m - 1, r), zs(m - 1)}, w);
  }
  for (int m = 1; m <= k_; ++m)
    if (has_mesh(m)) paint_mesh(paint, m);
  for (int m = 0; m <= k_; ++m) paint.box(slot(m), node_colour(m));
  PointColours pc = paint.take();
  for (int m = 0; m <= k_; ++m) {
    ColourRule node{ColourRule::Kind::kNode, 0, {}};
    if (m >= 1) node.pierce.push_back(tree_colour(m));
    if (m < k_) node.pierce.push_back(tree_colour(m + 1));
    if (has_mesh(m)) node.pierce.push_back(mesh_colour(m));
    pc.rules.push_back(node);
    if (m < k_) pc.rules.push_back({ColourRule::Kind::kLocalWire, 0, {}});
  }
  for (int m = 1; m < k_; ++m)
    pc.rules.push_back({ColourRule::Kind::kPatternWire, Coord{2} << m, {}});
  return pc;
}

// The mesh wires' points, from one route per axis at the origin (a route's points are all the
// mesh's; the slot's points are painted over as the node's).
void Plan::paint_mesh(Painter& paint, int m) const {
  const std::int32_t c = mesh_colour(m);
  for (int axis = 0; axis < 3; ++axis)
    for (int parity = 0; parity < (axis == 2 ? 2 : 1); ++parity) {
      const auto pts = mesh_route(m, axis, {0, 0, 0}, parity);
      for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        // A run longer than the period covers its whole line.
        Point<3> a = pts[i], b = pts[i + 1];
        const int ax = run_axis(a, b);
        if (std::abs(b[ax] - a[ax]) >= side_[ax]) {
          a[ax] = 0;
          b[ax] = side_[ax] - 1;
        }
        paint.segment(a, b, c);
      }
    }
}

Box<3> moved(Box<3> b, Point<3> o) {
  for (int a = 0; a < 3; ++a) b.lo[a] += o[a], b.hi[a] += o[a];
  return b;
}

// A mesh pin a cell exports: pin `kind` of switch j of a level-`level` node, the switch in cell
// `at` of the exporting cell.
struct MeshPin {
  int level, kind;
  u64 j;
  Cells at;
  std::int32_t pin;
};

u64 mesh_key(int level, int kind, u64 j, const Cells& at) {
  return (static_cast<u64>(level) << 61) ^ (static_cast<u64>(kind) << 58) ^ (j << 36) ^
         (static_cast<u64>(at[0]) << 24) ^ (static_cast<u64>(at[1]) << 12) ^
         static_cast<u64>(at[2]);
}

class Builder {
 public:
  explicit Builder(const Plan& plan) : plan_(plan), mesh_pins_(plan.levels() + 1) {}

  Layout<3> build() {
    layout_.style = LayoutStyle::kCube;
    layout_.wire_levels = plan_.levels() + 1;
    for (int m = 0; m <= plan_.levels(); ++m) add_level(m);
    layout_.top = plan_.levels();
    layout_.point_colours = plan_.colours();
    layout_.finalize();
    return std::move(layout_);
  }

 private:
  // The cell of a level-m node: its children, its switches with their pins, its tree wires, and
  // the mesh wires between its children.
  void add_level(int m) {
    Cell<3>& cell = layout_.cells.emplace_back();
    cell.name = fmt::format("{}_level{}", plan_.pyramid() ? "fp3" : "bft3", m);
    cell.lattice = Coord{1} << m;
    const Coord h = m == 0 ? 0 : Coord{1} << (m - 1);
    for (int d = 0; m > 0 && d < 8; ++d)
      cell.add_instance(m - 1, Transform<3>::translation(plan_.origin(child_corner(h, d))));
    const u64 s = Plan::switches(m);
    for (u64 j = 0; j < s; ++j) {
      const Point<3> o = plan_.origin(plan_.cell_of(m, j));
      const auto node = cell.add_node(moved(plan_.slot(m), o),
                                      m == 0 ? NodeKind::kProcessor : NodeKind::kSwitch, m);
      for (u64 r = 0; m < plan_.levels() && r < (m == 0 ? 1u : 4u); ++r)
        cell.pins.push_back(
            {Point<3>{o.x() + plan_.xb(m), o.y() + plan_.pierce_y(m, r), o.z() + plan_.zs(m)}, node,
             m + 1, WireDir::kUp, -1, -1});
    }
    if (plan_.has_mesh(m)) add_own_mesh_pins(cell, m);
    if (m == 0) return;
    cell.reserve_wires(8 * s, 8 * s * 9);
    const u64 below = Plan::switches(m - 1);
    for (u64 j = 0; j < s; ++j)
      for (int d = 0; d < 8; ++d) {
        const auto pts = plan_.route(m, j, d);
        const u64 t = j % below, r = j / below;
        const auto pin = static_cast<std::int32_t>(m == 1 ? 0 : 4 * t + r);
        cell.add_wire(pts, m, WireDir::kUp, Terminal::node(static_cast<std::int32_t>(j)),
                      Terminal::pin(d, pin));
      }
    if (plan_.pyramid() && m >= 2) join_children_mesh(cell, m);
  }

  static Cells child_corner(Coord h, int d) {
    return {h * (d & 1), h * ((d >> 1) & 1), h * ((d >> 2) & 1)};
  }

  void add_own_mesh_pins(Cell<3>& cell, int m) {
    for (u64 j = 0; j < Plan::switches(m); ++j) {
      const Point<3> o = plan_.origin(plan_.cell_of(m, j));
      for (int kind = 0; kind < kMeshPinKinds; ++kind) {
        const auto pin = static_cast<std::int32_t>(cell.pins.size());
        cell.pins.push_back(
            {Point<3>{o.x() + plan_.xb(m), o.y() + plan_.mesh_pin_y(m, kind), o.z() + plan_.zs(m)},
             static_cast<std::int32_t>(j), m, WireDir::kUp, -1, -1});
        mesh_pins_[m].push_back({m, kind, j, plan_.cell_of(m, j), pin});
      }
    }
  }

  // Whether pin p (placed in this cell) starts its mesh wire: x and y wires start at their out
  // pins; a z wire starts on line A at a node of even z, on line B at an odd one.
  static bool departs(const MeshPin& p) {
    if (p.kind < kZA) return p.kind == kXOut || p.kind == kYOut;
    const int parity = static_cast<int>((p.at[2] >> p.level) & 1);
    return (p.kind == kZB) == (parity == 1);
  }
  static int partner_kind(int kind) {
    return kind < kZA ? kind ^ 1 : kind;  // in <-> out; a z line ends on the same line
  }

  // Mesh wires between the children: drawn here from their departing pins; wires leaving the
  // cell: their pins re-exported (none at the top: the cube's faces have no neighbours).
  void join_children_mesh(Cell<3>& cell, int m) {
    const Coord h = Coord{1} << (m - 1), cells = Coord{1} << m;
    const bool top = m == plan_.levels();
    std::unordered_map<u64, std::pair<std::int32_t, std::int32_t>> by_key;
    std::vector<std::pair<MeshPin, int>> placed;
    for (int d = 0; d < 8; ++d)
      for (MeshPin p : mesh_pins_[m - 1]) {
        const Cells c = child_corner(h, d);
        for (int a = 0; a < 3; ++a) p.at[a] += c[a];
        by_key[mesh_key(p.level, p.kind, p.j, p.at)] = {d, p.pin};
        placed.push_back({p, d});
      }
    for (const auto& [p, d] : placed) {
      const int axis = p.kind / 2;
      const bool out = departs(p);
      Cells q = p.at;
      q[axis] += (out ? 1 : -1) * (Coord{1} << p.level);
      if (q[axis] >= 0 && q[axis] < cells) {
        if (!out) continue;  // drawn from its other end
        const auto it = by_key.find(mesh_key(p.level, partner_kind(p.kind), p.j, q));
        FTVLSI_ASSERT(it != by_key.end());
        const int line = p.kind == kZB ? 1 : 0;
        cell.add_wire(plan_.mesh_route(p.level, axis, plan_.origin(p.at), line), p.level,
                      WireDir::kUp, Terminal::pin(d, p.pin),
                      Terminal::pin(it->second.first, it->second.second));
      } else if (!top) {
        const Instance<3>& inst = cell.instances[d];
        const Pin<3>& child_pin = layout_.cells[inst.cell].pins[p.pin];
        MeshPin moved_pin = p;
        moved_pin.pin = static_cast<std::int32_t>(cell.pins.size());
        cell.pins.push_back(
            {inst.transform.apply(child_pin.at), -1, child_pin.level, child_pin.dir, d, p.pin});
        mesh_pins_[m].push_back(moved_pin);
      }
    }
  }

  const Plan& plan_;
  Layout<3> layout_;
  std::vector<std::vector<MeshPin>> mesh_pins_;  // [m]: exported by the level-m cell
};

}  // namespace

std::array<Coord, 3> butterfly3d_lattice_cell(int levels, bool pyramid) {
  return choose_packing(levels, pyramid).side();
}

long double estimate_butterfly3d_lattice_bytes(const ButterflyFatTree3d& net) {
  // A level-l cell draws its 4^(l-1) switches' eight child wires, about 800 bytes a switch's
  // wires; a fat-pyramid's mesh pins are re-exported up to the top, about 40 bytes a processor
  // (measured at 8^7 processors: the butterfly fat-tree peaks at 16 MiB, this gives 34 MiB; the
  // fat-pyramid at 79 MiB, this gives 114 MiB).
  constexpr long double kBytesPerWire = 400, kPyramidBytesPerProcessor = 40;
  long double bytes =
      (1 << 20) + (net.pyramid() ? net.processors() * kPyramidBytesPerProcessor : 0);
  for (int l = 1; l <= net.levels(); ++l)
    bytes += static_cast<long double>(net.switches_per_node(l)) * 8 * kBytesPerWire * 2;
  return bytes;
}

Layout<3> build_butterfly3d_lattice(const ButterflyFatTree3d& net) {
  const Plan plan(net);
  return Builder(plan).build();
}

std::vector<std::uint64_t> butterfly3d_lattice_wire_lengths(const ButterflyFatTree3d& net) {
  const Plan plan(net);
  std::vector<std::uint64_t> out;
  out.reserve(net.wires());
  for (int m = 1; m <= plan.levels(); ++m) {
    std::vector<std::uint64_t> tree;
    for (u64 j = 0; j < Plan::switches(m); ++j)
      for (int d = 0; d < 8; ++d) tree.push_back(wire_length<3>(plan.route(m, j, d)));
    for (u64 node = 0; node < net.nodes_at(m); ++node)
      out.insert(out.end(), tree.begin(), tree.end());
    if (!plan.has_mesh(m)) continue;
    // Graph order: axis, node (Morton), switch; a wire's length depends on its axis only.
    const auto side = static_cast<std::int64_t>(net.nodes_per_side(m));
    for (int axis = 0; axis < 3; ++axis) {
      const std::uint64_t len = wire_length<3>(plan.mesh_route(m, axis, {0, 0, 0}, 0));
      for (u64 node = 0; node < net.nodes_at(m); ++node)
        if (demorton3(node)[axis] + 1 < side) out.insert(out.end(), Plan::switches(m), len);
    }
  }
  return out;
}

}  // namespace ftvlsi
