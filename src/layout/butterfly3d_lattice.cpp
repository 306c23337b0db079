#include "ftvlsi/layout/butterfly3d_lattice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

using u64 = std::uint64_t;
using Cells = std::array<Coord, 3>;

// How the levels' gadgets share a cell: level m (0: the processor) is gadget b = m mod per of
// group a = m div per. A group owns a band of 32 lines along y (slots, z-tracks, x-tracks) and
// of 16 along x (the y-tracks of the level above); an index owns 4 layers along z and 4 columns
// along x.
struct Packing {
  int groups = 1, per = 1;
  Cells side() const { return {std::max(4 * per, 16 * groups), 32 * groups, 4 * per}; }
};

// The packing of levels 0 .. k with the smallest cell volume (about sqrt(k/8) groups of 8 times
// as many).
Packing choose_packing(int levels) {
  Packing best{1, levels + 1};
  auto volume = [](const Packing& p) {
    const Cells s = p.side();
    return s[0] * s[1] * s[2];
  };
  for (int g = 2; g <= levels + 1; ++g) {
    const Packing p{g, (levels + g) / g};
    if (volume(p) < volume(best)) best = p;
  }
  return best;
}

class Plan {
 public:
  explicit Plan(const ButterflyFatTree3d& net)
      : k_(net.levels()), pack_(choose_packing(k_)), side_(pack_.side()) {
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

  std::vector<Point<3>> route(int m, u64 j, int d) const;
  PointColours colours() const;

 private:
  int k_;
  Packing pack_;
  Cells side_;
  std::vector<std::vector<Cells>> pos_;  // [level][switch]: its cell in its node's region
};

// Drops repeated points and points inside a straight run.
std::vector<Point<3>> simplified(const std::vector<Point<3>>& in) {
  std::vector<Point<3>> out;
  for (const Point<3>& p : in) {
    if (!out.empty() && out.back() == p) continue;
    if (out.size() >= 2) {
      const Point<3>& a = out[out.size() - 2];
      const Point<3>& b = out.back();
      int same = 0;
      for (int ax = 0; ax < 3; ++ax) same += a[ax] == b[ax] && b[ax] == p[ax];
      if (same == 2) out.pop_back();
    }
    out.push_back(p);
  }
  return out;
}

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
  return simplified({
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

// Colours: node colour 2m for level m's slots, wire colour 2m - 1 for the level-m wires.
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
  void box(const Box<3>& b, std::int32_t c) {
    for (Coord z = b.lo[2]; z <= b.hi[2]; ++z)
      for (Coord y = b.lo[1]; y <= b.hi[1]; ++y)
        for (Coord x = b.lo[0]; x <= b.hi[0]; ++x) set({x, y, z}, c, true);
  }
  PointColours take() { return std::move(pc_); }

 private:
  void set(Point<3> p, std::int32_t c, bool over) {
    std::int32_t& v = pc_.colour[pc_.index(p)];
    FTVLSI_ASSERT(v == PointColours::kNone || v == c || over);
    v = c;
  }
  PointColours pc_;
};

PointColours Plan::colours() const {
  Painter paint(side_);
  for (int m = 1; m <= k_; ++m) {
    const std::int32_t w = 2 * m - 1;
    for (int d = 0; d < 8; ++d) {
      paint.line(2, {z_track_x(m), z_track_y(m, d), 0}, w);
      for (Coord a = 0; a < 2; ++a) paint.line(0, {0, x_track_y(m, d, a), x_track_z(m)}, w);
      paint.line(1, {y_track_x(m, d & 1, (d >> 1) & 1, d >> 2), 0, y_track_z(m)}, w);
    }
    for (u64 r = 0; r < 4; ++r) paint.line(0, {0, pierce_y(m - 1, r), zs(m - 1)}, w);
  }
  for (int m = 0; m <= k_; ++m) paint.box(slot(m), 2 * m);
  PointColours pc = paint.take();
  for (int m = 0; m <= k_; ++m) {
    ColourRule node{ColourRule::Kind::kNode, 0, {}};
    if (m >= 1) node.pierce.push_back(2 * m - 1);
    if (m < k_) node.pierce.push_back(2 * m + 1);
    pc.rules.push_back(node);
    if (m < k_) pc.rules.push_back({ColourRule::Kind::kLocalWire, 0, {}});
  }
  return pc;
}

Box<3> moved(Box<3> b, Point<3> o) {
  for (int a = 0; a < 3; ++a) b.lo[a] += o[a], b.hi[a] += o[a];
  return b;
}

// The cell of a level-m node: its children, its switches with their pins, its wires.
void add_level(Layout<3>& layout, const Plan& plan, int m) {
  Cell<3>& cell = layout.cells.emplace_back();
  cell.name = fmt::format("bft3_level{}", m);
  const Coord h = m == 0 ? 0 : Coord{1} << (m - 1);
  for (int d = 0; m > 0 && d < 8; ++d)
    cell.add_instance(m - 1, Transform<3>::translation(plan.origin(
                                 {h * (d & 1), h * ((d >> 1) & 1), h * ((d >> 2) & 1)})));
  const u64 s = Plan::switches(m);
  for (u64 j = 0; j < s; ++j) {
    const Point<3> o = plan.origin(plan.cell_of(m, j));
    const auto node =
        cell.add_node(moved(plan.slot(m), o), m == 0 ? NodeKind::kProcessor : NodeKind::kSwitch, m);
    for (u64 r = 0; m < plan.levels() && r < (m == 0 ? 1u : 4u); ++r)
      cell.pins.push_back(
          {Point<3>{o.x() + plan.xb(m), o.y() + plan.pierce_y(m, r), o.z() + plan.zs(m)}, node,
           m + 1, WireDir::kUp, -1, -1});
  }
  if (m == 0) return;
  cell.reserve_wires(8 * s, 8 * s * 9);
  const u64 below = Plan::switches(m - 1);
  for (u64 j = 0; j < s; ++j)
    for (int d = 0; d < 8; ++d) {
      const auto pts = plan.route(m, j, d);
      const u64 t = j % below, r = j / below;
      const auto pin = static_cast<std::int32_t>(m == 1 ? 0 : 4 * t + r);
      cell.add_wire(pts, m, WireDir::kUp, Terminal::node(static_cast<std::int32_t>(j)),
                    Terminal::pin(d, pin));
    }
}

}  // namespace

std::array<Coord, 3> butterfly3d_lattice_cell(int levels) {
  return choose_packing(levels).side();
}

Layout<3> build_butterfly3d_lattice(const ButterflyFatTree3d& net) {
  const Plan plan(net);
  Layout<3> layout;
  layout.style = "cube";
  layout.wire_levels = plan.levels() + 1;
  for (int m = 0; m <= plan.levels(); ++m) add_level(layout, plan, m);
  layout.top = plan.levels();
  layout.point_colours = plan.colours();
  layout.finalize();
  return layout;
}

}  // namespace ftvlsi
