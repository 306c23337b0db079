#include "ftvlsi/layout/fold_and_squash.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {
namespace {

using u64 = std::uint64_t;

// Colours of the lattice: per level l, the switches' slot rows, the tree wires of level l
// (joining level l to level l-1) and the mesh edges of level l.
std::int32_t slot_colour(int l) {
  return 3 * l;
}
std::int32_t tree_colour(int l) {
  return 3 * l + 1;
}
std::int32_t mesh_colour(int l) {
  return 3 * l + 2;
}

// Mesh directions, each adjacent pair once: right, up, up-right, up-left.
constexpr std::array<std::array<int, 2>, 4> kStep{{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}};
enum Dir { kH = 0, kV = 1, kDp = 2, kDm = 3 };

// Column groups of a band's mesh columns, p wide each, in this order: B (H arrivals and D-
// departures), C (D+ arrivals), A (H and D+ departures), D (D- arrivals), V (both ways).
// The order makes consecutive links of one chain end before the next starts on a shared
// track; columns A and B each carry one wire below the switch and another above it.
// Without diagonals (Greenberg's 4-neighbour mesh, the default) the groups C and D and the
// diagonal track rows are left out, so a band has 3 groups of mesh columns and 1 of tracks.
enum Group { kB = 0, kC = 1, kA = 2, kD = 3, kVg = 4 };
int dep_group(int d) {
  return d == kH || d == kDp ? kA : d == kDm ? kB : kVg;
}
int arr_group(int d) {
  return d == kH ? kB : d == kDp ? kC : d == kDm ? kD : kVg;
}
// The column position of a group: B, C, A, D, V with diagonals; B, A, V without.
int group_position(int g, bool diagonals) {
  if (diagonals) return g;
  return g == kB ? 0 : g == kA ? 1 : 2;
}
// Mesh track rows of a band, p each: D+ first, then D-, then H (below the slot); H alone without
// diagonals.
int track_group(int d, bool diagonals) {
  if (!diagonals) return 0;
  return d == kDp ? 0 : d == kDm ? 1 : 2;
}

struct Band {
  Coord col0 = 0, row0 = 0;
};

// Everything about the leaf cell and the periodic routing, computed once.
class Plan {
 public:
  Plan(const ButterflyFatTree& net, Coord processor_side)
      : net_(net),
        m_(net.levels()),
        diagonals_(net.mesh_diagonals()),
        processor_points_(std::max<Coord>(1, processor_side) + 1) {
    for (int l = 0; l <= m_; ++l) {
      s_.push_back(l == 0 ? 1 : net.switches_per_node(l));
      // At most 2^(l-1) switches per lane, so their diagonal spacing is at least 2 and every
      // switch sits in a cell whose coordinates are both odd.
      const u64 half = l == 0 ? 1 : u64{1} << (l - 1);
      lanes_.push_back(std::max<u64>(1, s_[l] / half));
      spacing_.push_back(l == 0 ? 1 : (u64{2} * half) / (s_[l] / lanes_[l]));
    }
    // Columns of a cell: the processor band, then (odd cells only) the switch bands, level by
    // level, lane by lane; an even cell holds the processor band alone.
    Coord x = 0;
    band_.resize(m_ + 1);
    for (int l = 0; l <= m_; ++l)
      for (u64 lane = 0; lane < lanes_[l]; ++lane) {
        band_[l].push_back({x, 0});
        for (Coord i = 0; i < width(l); ++i) odd_cols_.push_back(column_colour(l, i));
        x += width(l);
      }
    pack_tree_tracks();
    Coord y = 0;
    for (int l = 0; l <= m_; ++l)
      for (u64 lane = 0; lane < lanes_[l]; ++lane) {
        band_[l][lane].row0 = y;
        for (int i = 0; i < up_tracks(l); ++i) odd_rows_.push_back(tree_colour(l + 1));
        for (int i = 0; i < track_groups() * mesh_p(l); ++i) odd_rows_.push_back(mesh_colour(l));
        for (Coord i = 0; i < slot_height(l); ++i) odd_rows_.push_back(slot_colour(l));
        y += up_tracks(l) + track_groups() * mesh_p(l) + slot_height(l);
        if (l == 0) even_h_ = y;
      }
    even_w_ = width(0);
    // The lattice period: an even cell and an odd cell along each axis, made square.
    pitch_ = std::max(x, y) + std::max(even_w_, even_h_);
  }

  int levels() const { return m_; }
  Coord pitch() const { return pitch_; }  // two cells along each axis
  // The origin of cell (cx, cy): pairs of an even (processor only) and an odd cell.
  Coord cell_x(Coord cx) const { return (cx >> 1) * pitch_ + (cx & 1) * even_w_; }
  Coord cell_y(Coord cy) const { return (cy >> 1) * pitch_ + (cy & 1) * even_h_; }
  u64 switches(int l) const { return s_[l]; }
  int parents(int l) const { return l >= m_ ? 0 : l == 0 ? 1 : net_.parents(l); }
  int mesh_p(int l) const { return net_.pyramid() && l >= 1 && l < m_ ? net_.parents(l) : 0; }
  int directions() const { return net_.mesh_directions(); }
  int column_groups() const { return diagonals_ ? 5 : 3; }
  int track_groups() const { return diagonals_ ? 3 : 1; }

  // Band geometry: [D: 4 down columns][M: groups of mesh columns][U: up columns]; the processor
  // band is the processor, a square of processor_points_ lines (side processor_points_ - 1).
  Coord down_cols(int l) const { return l >= 1 ? 4 : 0; }
  Coord mesh_off(int l) const { return down_cols(l); }
  Coord up_off(int l) const { return down_cols(l) + column_groups() * mesh_p(l); }
  Coord width(int l) const { return l == 0 ? processor_points_ : up_off(l) + parents(l); }
  Coord slot_height(int l) const { return l == 0 ? processor_points_ : 2; }
  int up_tracks(int l) const { return l < m_ ? tracks_[l + 1] : 0; }

  // Where switch j of a level-l node sits: its lane and its cell offset on the diagonal.
  u64 lane(int l, u64 j) const { return j % lanes_[l]; }
  Coord offset(int l, u64 j) const {
    const u64 i = j / lanes_[l];
    return static_cast<Coord>(i * spacing_[l] + spacing_[l] - 1);
  }

  // The box of switch j of level l drawn in cell (cx, cy).
  Box<2> node_box(int l, u64 j, Coord cx, Coord cy) const {
    const Band& b = band_[l][lane(l, j)];
    const Coord x0 = cell_x(cx) + b.col0, y0 = cell_y(cy) + slot_row(l, j);
    return {x0, y0, x0 + width(l) - 1, y0 + slot_height(l) - 1};
  }
  Coord slot_row(int l, u64 j) const {
    return band_[l][lane(l, j)].row0 + up_tracks(l) + track_groups() * mesh_p(l);
  }
  Coord col(int l, u64 j, Coord cx, Coord index) const {
    return cell_x(cx) + band_[l][lane(l, j)].col0 + index;
  }
  Coord up_col(int l, u64 j, Coord cx, int r) const { return col(l, j, cx, up_off(l) + r); }
  Coord mesh_col(int l, u64 j, Coord cx, int group, int k) const {
    return col(l, j, cx, mesh_off(l) + group_position(group, diagonals_) * mesh_p(l) + k);
  }
  Coord mesh_track(int l, u64 j, Coord cy, int d, int k) const {
    return cell_y(cy) + band_[l][lane(l, j)].row0 + up_tracks(l) +
           track_group(d, diagonals_) * mesh_p(l) + k;
  }

  // Tree wire from switch j of a level-l node at region origin (0, 0) to its child c: the
  // child's switch j mod s_(l-1), reached at its up pin r = j div s_(l-1).
  struct TreeEnds {
    u64 child_switch;
    int up_pin;
    Coord tx, ty;  // the child switch's cell
  };
  TreeEnds tree_ends(int l, u64 j, int c) const {
    const u64 t = l == 1 ? 0 : j % s_[l - 1];
    const Coord half = Coord{1} << (l - 1);
    const Coord o = offset(l - 1, t);
    return {t, static_cast<int>(j / s_[l - 1]), (c & 1) * half + o, (c >> 1) * half + o};
  }
  std::array<Point<2>, 4> tree_route(int l, u64 j, int c) const {
    const TreeEnds e = tree_ends(l, j, c);
    const Coord o = offset(l, j);
    const Box<2> s = node_box(l, j, o, o);
    const Box<2> t = node_box(l - 1, e.child_switch, e.tx, e.ty);
    const Coord x_down = col(l, j, o, c);
    const Coord x_up = up_col(l - 1, e.child_switch, e.tx, e.up_pin);
    const Coord track =
        cell_y(e.ty) + band_[l - 1][lane(l - 1, e.child_switch)].row0 + tree_track_[l][j * 4 + c];
    const Coord y_from = track < s.lo[1] ? s.lo[1] : s.hi[1];
    return {Point<2>{x_down, y_from}, Point<2>{x_down, track}, Point<2>{x_up, track},
            Point<2>{x_up, t.lo[1]}};
  }

  // Pin points of a level-l switch j in cell (cx, cy) for the mesh link (d, k).
  Point<2> mesh_from_pin(int l, u64 j, Coord cx, Coord cy, int d, int k) const {
    const Box<2> b = node_box(l, j, cx, cy);
    return {mesh_col(l, j, cx, dep_group(d), k), d == kH ? b.lo[1] : b.hi[1]};
  }
  Point<2> mesh_to_pin(int l, u64 j, Coord cx, Coord cy, int d, int k) const {
    return {mesh_col(l, j, cx, arr_group(d), k), node_box(l, j, cx, cy).lo[1]};
  }
  // The mesh link (d, k) from switch j in cell (sx, sy) to its neighbour's switch j.
  std::vector<Point<2>> mesh_route(int l, u64 j, Coord sx, Coord sy, int d, int k) const {
    const Coord step = Coord{1} << l;
    const Coord px = sx + kStep[d][0] * step, py = sy + kStep[d][1] * step;
    const Point<2> a = mesh_from_pin(l, j, sx, sy, d, k), b = mesh_to_pin(l, j, px, py, d, k);
    if (d == kV) return {a, b};
    const Coord track = mesh_track(l, j, d == kH ? sy : py, d, k);
    return {a, Point<2>{a.x(), track}, Point<2>{b.x(), track}, b};
  }

  LineColours colours() const {
    LineColours c;
    c.pitch = pitch_;
    // Even cell, then odd cell; the odd cell's own processor band repeats the even one's.
    c.col.assign(odd_cols_.begin(), odd_cols_.begin() + even_w_);
    c.col.insert(c.col.end(), odd_cols_.begin(), odd_cols_.end());
    c.row.assign(odd_rows_.begin(), odd_rows_.begin() + even_h_);
    c.row.insert(c.row.end(), odd_rows_.begin(), odd_rows_.end());
    c.col.resize(pitch_, slot_colour(0));
    c.row.resize(pitch_, slot_colour(0));
    for (int l = 0; l <= m_; ++l) {
      ColourRule slot{ColourRule::Kind::kNode, 0, {}};
      if (l >= 1) slot.pierce.push_back(tree_colour(l));
      if (mesh_p(l) > 0) slot.pierce.push_back(mesh_colour(l));
      if (l < m_) slot.pierce.push_back(tree_colour(l + 1));
      c.rules.push_back(slot);
      c.rules.push_back({ColourRule::Kind::kLocalWire, 0, {}});
      // A level-l region is 2^l cells, 2^(l-1) periods.
      c.rules.push_back({ColourRule::Kind::kPatternWire, l >= 1 ? pitch_ << (l - 1) : pitch_, {}});
    }
    return c;
  }

 private:
  std::int32_t column_colour(int l, Coord i) const {
    if (i < down_cols(l)) return tree_colour(l);
    if (i < up_off(l)) return mesh_colour(l);
    if (i < up_off(l) + parents(l)) return tree_colour(l + 1);
    return slot_colour(l);
  }

  // Tree tracks of level l: the runs into each child row, packed left edge first; the same in
  // every region, so tracks[l] is the most any (row, lane) of a region needs.
  void pack_tree_tracks() {
    tracks_.assign(m_ + 2, 0);
    tree_track_.resize(m_ + 1);
    for (int l = 1; l <= m_; ++l) {
      struct Run {
        Coord lo, hi;
        u64 wire;
      };
      std::unordered_map<u64, std::vector<Run>> by_row;  // key: child row * lanes + lane
      tree_track_[l].assign(s_[l] * 4, 0);
      for (u64 j = 0; j < s_[l]; ++j)
        for (int c = 0; c < 4; ++c) {
          const TreeEnds e = tree_ends(l, j, c);
          const Coord x_down = col(l, j, offset(l, j), c);
          const Coord x_up = up_col(l - 1, e.child_switch, e.tx, e.up_pin);
          const u64 key = static_cast<u64>(e.ty) * lanes_[l - 1] + lane(l - 1, e.child_switch);
          by_row[key].push_back({std::min(x_down, x_up), std::max(x_down, x_up), j * 4 + c});
        }
      for (auto& [key, runs] : by_row) {
        std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) {
          return a.lo < b.lo || (a.lo == b.lo && a.wire < b.wire);
        });
        std::vector<Coord> last;
        for (const Run& r : runs) {
          std::size_t t = 0;
          while (t < last.size() && !(last[t] < r.lo)) ++t;
          if (t == last.size())
            last.push_back(r.hi);
          else
            last[t] = r.hi;
          tree_track_[l][r.wire] = static_cast<Coord>(t);
        }
        tracks_[l] = std::max(tracks_[l], static_cast<int>(last.size()));
      }
    }
  }

  const ButterflyFatTree& net_;
  int m_;
  bool diagonals_;
  Coord processor_points_;
  std::vector<u64> s_, lanes_, spacing_;
  std::vector<std::vector<Band>> band_;
  std::vector<int> tracks_;
  std::vector<std::vector<Coord>> tree_track_;     // [l][j * 4 + c]
  std::vector<std::int32_t> odd_rows_, odd_cols_;  // the colours of an odd cell's lines
  Coord even_w_ = 0, even_h_ = 0, pitch_ = 0;
};

// A mesh pin a cell exports: one end of the link (d, k) of switch j of a level-l node whose
// switch sits in cell (cx, cy) of the exporting cell.
struct MeshPin {
  int level, dir, k;
  bool from;
  u64 j;
  Coord cx, cy;
  std::int32_t pin;
};

u64 mesh_key(const MeshPin& p) {
  return (static_cast<u64>(p.level) << 58) ^ (static_cast<u64>(p.dir) << 56) ^
         (static_cast<u64>(p.k) << 54) ^ (static_cast<u64>(p.from) << 53) ^ (p.j << 24) ^
         (static_cast<u64>(p.cx) << 12) ^ static_cast<u64>(p.cy);
}

class Builder {
 public:
  Builder(const ButterflyFatTree& net, Coord processor_side)
      : net_(net), plan_(net, processor_side) {}

  Layout<2> build() {
    const int m = plan_.levels();
    layout_.style = LayoutStyle::kFoldAndSquash;
    layout_.wire_levels = m + 1;
    layout_.colours = plan_.colours();
    up_pin_.resize(m + 1);
    mesh_pins_.resize(m + 1);
    if (m == 0) {  // a single processor
      Cell<2> cell;
      cell.name = fmt_name(0);
      cell.lattice = plan_.pitch();
      cell.add_node(plan_.node_box(0, 0, 0, 0), NodeKind::kProcessor, 0);
      layout_.cells.push_back(std::move(cell));
    }
    // Cell l - 1 draws a level-l node: 2^l cells a side, 2^(l-1) lattice periods.
    for (int l = 1; l <= m; ++l) {
      Cell<2> cell;
      cell.name = fmt_name(l);
      cell.lattice = plan_.pitch() << (l - 1);
      add_level(cell, l, l == m);
      layout_.cells.push_back(std::move(cell));
    }
    layout_.finalize();
    layout_.top = static_cast<std::int32_t>(layout_.cells.size()) - 1;
    return std::move(layout_);
  }

 private:
  std::string fmt_name(int l) const {
    return std::string(net_.pyramid() ? "FAT_PYRAMID_L" : "BUTTERFLY_L") + std::to_string(l);
  }

  // Level 1 draws its four processors itself (the cells of a period differ in size); higher
  // levels place four instances of the level below.
  void add_level(Cell<2>& cell, int l, bool top) {
    std::array<std::int32_t, 4> processor{};
    if (l == 1) {
      for (int c = 0; c < 4; ++c)
        processor[c] = cell.add_node(plan_.node_box(0, 0, c & 1, c >> 1), NodeKind::kProcessor, 0);
    } else {
      const Coord half = plan_.pitch() << (l - 2);
      for (int c = 0; c < 4; ++c)
        cell.add_instance(static_cast<std::int32_t>(l - 2),
                          Transform<2>::translation({(c & 1) * half, (c >> 1) * half}));
    }
    const u64 s = plan_.switches(l);
    up_pin_[l].assign(s, {});
    for (u64 j = 0; j < s; ++j) {
      const Coord o = plan_.offset(l, j);
      const Box<2> box = plan_.node_box(l, j, o, o);
      const auto node = cell.add_node(box, NodeKind::kSwitch, l);
      for (int c = 0; c < 4; ++c) {
        const auto route = plan_.tree_route(l, j, c);
        const auto e = plan_.tree_ends(l, j, c);
        const Terminal child = l == 1 ? Terminal::node(processor[c])
                                      : Terminal::pin(c, up_pin_[l - 1][e.child_switch][e.up_pin]);
        cell.add_wire(route, l, WireDir::kUp, Terminal::node(node), child);
      }
      for (int r = 0; r < plan_.parents(l); ++r) {
        up_pin_[l][j].push_back(static_cast<std::int32_t>(cell.pins.size()));
        cell.pins.push_back({{plan_.up_col(l, j, o, r), box.lo[1]}, node, l + 1, WireDir::kUp});
      }
      if (!top) add_own_mesh_pins(cell, l, j, node);
    }
    if (l >= 2) join_children_mesh(cell, l, top);
  }

  void add_own_mesh_pins(Cell<2>& cell, int l, u64 j, std::int32_t node) {
    const Coord o = plan_.offset(l, j);
    for (int d = 0; d < plan_.directions(); ++d)
      for (int k = 0; k < plan_.mesh_p(l); ++k)
        for (bool from : {true, false}) {
          const Point<2> at =
              from ? plan_.mesh_from_pin(l, j, o, o, d, k) : plan_.mesh_to_pin(l, j, o, o, d, k);
          const auto pin = static_cast<std::int32_t>(cell.pins.size());
          cell.pins.push_back({at, node, l, WireDir::kUp});
          mesh_pins_[l].push_back({l, d, k, from, j, o, o, pin});
        }
  }

  // Links between the children: drawn here; links leaving the cell: their pins re-exported.
  void join_children_mesh(Cell<2>& cell, int l, bool top) {
    const Coord cells = Coord{1} << l, half = cells / 2;
    std::unordered_map<u64, std::pair<std::int32_t, std::int32_t>> to_pin;
    std::vector<std::pair<MeshPin, int>> placed;  // in this cell's cells, with the child
    for (int c = 0; c < 4; ++c)
      for (MeshPin p : mesh_pins_[l - 1]) {
        p.cx += (c & 1) * half;
        p.cy += (c >> 1) * half;
        placed.push_back({p, c});
        if (!p.from) to_pin[mesh_key(p)] = {c, p.pin};
      }
    auto inside = [&](Coord x, Coord y) { return x >= 0 && y >= 0 && x < cells && y < cells; };
    for (const auto& [p, c] : placed) {
      const Coord step = Coord{1} << p.level;
      const int sign = p.from ? 1 : -1;
      const Coord qx = p.cx + sign * kStep[p.dir][0] * step,
                  qy = p.cy + sign * kStep[p.dir][1] * step;
      if (inside(qx, qy)) {
        if (!p.from) continue;  // drawn from its other end
        MeshPin key{p.level, p.dir, p.k, false, p.j, qx, qy, 0};
        const auto it = to_pin.find(mesh_key(key));
        FTVLSI_ASSERT(it != to_pin.end());
        const auto route = plan_.mesh_route(p.level, p.j, p.cx, p.cy, p.dir, p.k);
        cell.add_wire(route, p.level, WireDir::kUp, Terminal::pin(c, p.pin),
                      Terminal::pin(it->second.first, it->second.second));
      } else if (!top) {
        const Instance<2>& inst = cell.instances[c];
        const Pin<2>& child_pin = layout_.cells[inst.cell].pins[p.pin];
        const auto pin = static_cast<std::int32_t>(cell.pins.size());
        Pin<2> out{
            inst.transform.apply(child_pin.at), -1, child_pin.level, child_pin.dir, c, p.pin};
        cell.pins.push_back(out);
        MeshPin moved = p;
        moved.pin = pin;
        mesh_pins_[l].push_back(moved);
      }
    }
  }

  const ButterflyFatTree& net_;
  Plan plan_;
  Layout<2> layout_;
  std::vector<std::vector<std::vector<std::int32_t>>> up_pin_;  // [l][switch][parent r]
  std::vector<std::vector<MeshPin>> mesh_pins_;                 // [l]: exported by cell l
};

}  // namespace

Layout<2> build_fold_and_squash(const ButterflyFatTree& net, Coord processor_side) {
  return Builder(net, processor_side).build();
}

std::vector<std::uint64_t> fold_and_squash_wire_lengths(const ButterflyFatTree& net,
                                                        Coord processor_side) {
  const Plan plan(net, processor_side);
  const int m = plan.levels();
  std::vector<std::uint64_t> out;
  for (int l = 1; l <= m; ++l) {
    const u64 nodes = u64{1} << (m - l);  // per side
    std::vector<std::uint64_t> tree;
    for (u64 j = 0; j < plan.switches(l); ++j)
      for (int c = 0; c < 4; ++c) tree.push_back(wire_length<2>(plan.tree_route(l, j, c)));
    for (u64 node = 0; node < nodes * nodes; ++node)
      out.insert(out.end(), tree.begin(), tree.end());
    if (plan.mesh_p(l) == 0) continue;
    std::array<std::vector<std::uint64_t>, 4> mesh;
    for (int d = 0; d < plan.directions(); ++d)
      for (u64 j = 0; j < plan.switches(l); ++j)
        for (int k = 0; k < plan.mesh_p(l); ++k) {
          const Coord o = plan.offset(l, j) + (d == kDm ? Coord{1} << l : 0);
          mesh[d].push_back(wire_length<2>(plan.mesh_route(l, j, o, plan.offset(l, j), d, k)));
        }
    for (u64 y = 0; y < nodes; ++y)
      for (u64 x = 0; x < nodes; ++x)
        for (int d = 0; d < plan.directions(); ++d) {
          const auto u = static_cast<std::int64_t>(x) + kStep[d][0];
          const auto v = static_cast<std::int64_t>(y) + kStep[d][1];
          if (u < 0 || v < 0 || u >= static_cast<std::int64_t>(nodes) ||
              v >= static_cast<std::int64_t>(nodes))
            continue;
          out.insert(out.end(), mesh[d].begin(), mesh[d].end());
        }
  }
  return out;
}

}  // namespace ftvlsi
