// A fat-tree node's switch with its partial concentrators drawn inside a box (docs/design.md
// §3.5): Leiserson 1985 §IV and Lemma 3 in 3D — the switch's O(m) components on one face of a box
// O(√m) on a side, the interconnection routed in the third dimension.
//
// Every wire end has a grid point of its own on the bottom face (z = 0), at even x and even y; a
// component is a row of its ends (its node a unit-high box under them). A link from end (a, b)
// to end (a', b') is drawn in one pair of planes: in the pair's x-plane it rises from (a, b),
// steps to the odd row b + 1 and runs along it to the odd column a' + 1; it rises to the pair's
// y-plane, runs along column a' + 1 to row b' + 1, steps to (a', b' + 1), then to (a', b'), and
// descends. So a vertical at an even-even point belongs to one end alone, runs along x use odd rows
// only and runs along y odd columns only, and the steps off them land on points no other wire
// reaches; a pair takes a wire only when its row span and its column span are disjoint from the
// spans already on that row and column in that pair (first fit). No two wires can then share a
// grid point, which the 3D check of §3.9 confirms. Total wire length is O(m^(3/2)) and a pair
// holds Θ(m) of it, so O(√m) pairs suffice in the mean; the number is measured (check L-L3).
//
// The ports are ends too. The left child's channel meets the bottom face from below: each of its
// wires lands on a port node under the child's pin, a column of kPortPitch / 2 even points that
// holds the left port's ends and, on the same footprint at the top of the box, the right child's
// port of the same wire (the right child is the left one mirrored, so its pins face the top at
// the same (x, y)); the right port's ends descend from the top. The parent's ports are the last
// rows of the bottom face; each one's wire rises at an odd column to an escape plane below the
// pairs, one plane per row (the rows nearest the face lowest, so no rising wire meets a run), and
// leaves along y through the face y = face_y: the exits form a grid at pitch kPortPitch along x
// and 2 along z, the pitch the parent's bottom face expects of its children.
#include "switch_contents3d.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/polyline.hpp"

namespace ftvlsi::detail {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// Disjoint closed spans on one line of one plane, by their start.
using Spans = std::map<Coord, Coord>;

bool fits(const Spans& spans, Coord lo, Coord hi) {
  auto it = spans.upper_bound(hi);
  return it == spans.begin() || std::prev(it)->second < lo;
}

// Whether [lo, hi] is free on `line` (a line without spans is free; probing adds no line).
bool fits(const std::map<Coord, Spans>& lines, Coord line, Coord lo, Coord hi) {
  const auto it = lines.find(line);
  return it == lines.end() || fits(it->second, lo, hi);
}

// One layer pair: the spans on each odd row of its x-plane and each odd column of its y-plane.
struct Pair {
  std::map<Coord, Spans> rows, columns;
};

struct Route {
  std::array<Coord, 2> from, to;  // (x, y) of the two ends
  int pair = 0;
};

// The pair each route takes.
void pack(std::vector<Route>& routes, SwitchPacking packing, int& pairs) {
  std::vector<Pair> used;
  pairs = 0;
  for (std::size_t w = 0; w < routes.size(); ++w) {
    Route& r = routes[w];
    if (packing != SwitchPacking::kFirstFit) {
      r.pair = packing == SwitchPacking::kOnePair ? 0 : static_cast<int>(w);
      pairs = std::max(pairs, r.pair + 1);
      continue;
    }
    const auto [a, b] = r.from;
    const auto [a2, b2] = r.to;
    const Coord row = b + 1, column = a2 + 1;
    const Coord x0 = std::min(a, column), x1 = std::max(a, column);
    const Coord y0 = std::min(row, b2 + 1), y1 = std::max(row, b2 + 1);
    std::size_t q = 0;
    for (; q < used.size(); ++q)
      if (fits(used[q].rows, row, x0, x1) && fits(used[q].columns, column, y0, y1)) break;
    if (q == used.size()) used.emplace_back();
    used[q].rows[row].emplace(x0, x1);
    used[q].columns[column].emplace(y0, y1);
    r.pair = static_cast<int>(q);
  }
  if (packing == SwitchPacking::kFirstFit) pairs = static_cast<int>(used.size());
}

// The bottom face's layout: every item's node footprint (z set later) and its ends.
struct Face {
  std::vector<Box<3>> node;
  std::vector<std::vector<std::array<Coord, 2>>> ends;
  std::vector<char> top;  // the right child's ports, at the top of the box
  Coord parent_y = 0;     // the first row of the parent's ports
};

void place_children(const SwitchGraph& g, std::span<const ChildPort> children, Face& f,
                    Coord& x_end, Coord& y_end) {
  x_end = 0, y_end = 0;
  for (const ChildPort& p : children) {
    FTVLSI_ASSERT(p.x >= 1 && p.y >= 1 && p.x % 2 == 1 && p.y % 2 == 1);
    const int d = static_cast<int>(p.dir);
    const u32 l = g.port[0][d][p.index], r = g.port[1][d][p.index];
    FTVLSI_ASSERT(f.ends[l].empty() && f.ends[r].empty());
    FTVLSI_ASSERT(2 * (g.items[l].ends + g.items[r].ends) <= kPortPitch);
    const Coord x0 = p.x - 1, y0 = p.y - 1;
    const Box<3> foot{{x0, y0, 0}, {x0 + 1, y0 + kPortPitch - 2, 0}};
    f.node[l] = f.node[r] = foot;
    f.top[r] = 1;
    Coord y = y0;
    for (u32 e = 0; e < g.items[l].ends; ++e, y += 2) f.ends[l].push_back({x0, y});
    for (u32 e = 0; e < g.items[r].ends; ++e, y += 2) f.ends[r].push_back({x0, y});
    x_end = std::max(x_end, x0 + 2), y_end = std::max(y_end, y0 + kPortPitch);
  }
}

// Components row by row beside and above the child ports, then the parent's ports.
void place_face(const SwitchGraph& g, std::span<const ChildPort> children, const PortGrid& grid,
                Face& f) {
  const std::size_t n = g.items.size();
  f.node.assign(n, Box<3>{});
  f.ends.assign(n, {});
  f.top.assign(n, 0);
  Coord cx = 0, cy = 0;
  place_children(g, children, f, cx, cy);
  u64 slots = static_cast<u64>(cx / 2) * static_cast<u64>(cy / 2) +
              u64{grid.columns} * grid.rows * (kPortPitch / 2);
  u32 widest = 1;
  for (const auto& it : g.items)
    if (it.side == SwitchSide::kComponent) slots += it.ends, widest = std::max(widest, it.ends);
  const u64 columns =
      std::max<u64>({static_cast<u64>(std::ceil(std::sqrt(1.1 * static_cast<double>(slots)))),
                     static_cast<u64>(cx / 2) + widest, u64{grid.columns} * (kPortPitch / 2)});
  const Coord x_max = 2 * static_cast<Coord>(columns - 1);  // the largest x of an end
  Coord x = cx, y = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (g.items[i].side != SwitchSide::kComponent) continue;
    const Coord d = g.items[i].ends;
    FTVLSI_ASSERT(d >= 1);
    if (x + 2 * (d - 1) > x_max) {
      y += 2;
      x = y < cy ? cx : 0;
    }
    f.node[i] = Box<3>{{x, y, 0}, {x + 2 * (d - 1) + 1, y + 1, 0}};
    for (Coord e = 0; e < d; ++e) f.ends[i].push_back({x + 2 * e, y});
    x += 2 * d;
  }
  f.parent_y = std::max(y + 2, cy);
  for (int d = 0, q = 0; d < 2; ++d)
    for (u32 i : g.port[2][d]) {
      const Coord col = q % grid.columns, row = q / grid.columns;
      ++q;
      const Coord x0 = kPortPitch * col, y0 = f.parent_y + 2 * row;
      f.node[i] = Box<3>{{x0, y0, 0}, {x0 + kPortPitch - 2, y0 + 1, 0}};
      for (u32 e = 0; e < g.items[i].ends; ++e) f.ends[i].push_back({x0 + 2 * Coord{e}, y0});
    }
  for (std::size_t i = 0; i < n; ++i) FTVLSI_ASSERT(f.ends[i].size() == g.items[i].ends);
}

}  // namespace

PortGrid port_grid(std::uint64_t ports) {
  FTVLSI_ASSERT(ports >= 1);
  const double ideal = std::sqrt(static_cast<double>(ports) / (kPortPitch / 2));
  const u64 columns = std::clamp<u64>(static_cast<u64>(std::llround(ideal)), 1, ports);
  return {static_cast<u32>(columns), static_cast<u32>((ports + columns - 1) / columns)};
}

SwitchBox3d build_switch_box(const FatTree& tree, int k, std::uint64_t seed,
                             std::span<const ChildPort> children, SwitchPacking packing) {
  SwitchBox3d box;
  box.graph = node_switch_graph(tree, k, seed);
  const SwitchGraph& g = box.graph;
  FTVLSI_ASSERT(children.size() == 2 * tree.capacity(k + 1));
  const PortGrid grid = port_grid(2 * tree.capacity(k));
  Face f;
  place_face(g, children, grid, f);

  // The links' routes, each end taken in turn from its item's row of ends.
  std::vector<u32> next(g.items.size(), 0);
  std::vector<Route> routes;
  routes.reserve(g.links.size());
  for (const auto& l : g.links)
    routes.push_back({f.ends[l.from][next[l.from]++], f.ends[l.to][next[l.to]++], 0});
  pack(routes, packing, box.pairs);
  const Coord rows = grid.rows;
  const Coord base = 2 * rows;  // escape planes at z = 1, 3, …, 2 rows - 1
  box.height = base + 2 * static_cast<Coord>(box.pairs);
  box.face_y = f.parent_y + 2 * rows;

  Cell<3>& cell = box.cell;
  cell.name = "SWITCH3D";
  for (std::size_t i = 0; i < g.items.size(); ++i) {
    Box<3> b = f.node[i];
    b.lo[2] = f.top[i] ? box.height : -1;
    b.hi[2] = f.top[i] ? box.height + 1 : 0;
    cell.add_node(b, NodeKind::kSwitch, k);
  }
  cell.reserve_wires(routes.size() + 2 * tree.capacity(k), 9 * routes.size());
  for (std::size_t w = 0; w < routes.size(); ++w) {
    const auto& l = g.links[w];
    const auto [a, b] = routes[w].from;
    const auto [a2, b2] = routes[w].to;
    const Coord zs = f.top[l.from] ? box.height : 0, zd = f.top[l.to] ? box.height : 0;
    const Coord zx = base + 2 * routes[w].pair, zy = zx + 1;
    const std::array<Point<3>, 9> path{
        Point<3>{a, b, zs},          Point<3>{a, b, zx},          Point<3>{a, b + 1, zx},
        Point<3>{a2 + 1, b + 1, zx}, Point<3>{a2 + 1, b + 1, zy}, Point<3>{a2 + 1, b2 + 1, zy},
        Point<3>{a2, b2 + 1, zy},    Point<3>{a2, b2, zy},        Point<3>{a2, b2, zd}};
    cell.add_wire(simplified_path(std::span<const Point<3>>(path)), k, l.dir,
                  Terminal::node(static_cast<std::int32_t>(l.from)),
                  Terminal::node(static_cast<std::int32_t>(l.to)));
  }
  for (int d = 0, q = 0; d < 2; ++d)
    for (u32 i : g.port[2][d]) {
      const Coord row = q / grid.columns;
      ++q;
      const Coord x = f.node[i].lo[0] + 1, y = f.node[i].hi[1], z = 1 + 2 * (rows - 1 - row);
      const std::array<Point<3>, 3> path{Point<3>{x, y, 0}, Point<3>{x, y, z},
                                         Point<3>{x, box.face_y, z}};
      const auto wire = cell.add_wire(path, k, static_cast<WireDir>(d),
                                      Terminal::node(static_cast<std::int32_t>(i)));
      box.exits.push_back({x, z, static_cast<WireDir>(d), g.items[i].index, wire});
    }
  return box;
}

}  // namespace ftvlsi::detail
