#include "ftvlsi/layout/hollow_cube.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {
namespace {

constexpr Coord kPinPitch = 4;      // pins on a stack face: even coordinates, 4 apart
constexpr int kExportedPins = 256;  // a large unit tree: 128 links up and 128 down, so at most
                                    // 256 parent stacks

// One cable: the child at `child` (0..63) of a parent node, its stack `child_stack`, and the
// parent node's unit tree `parent`; the connections it carries each way.
struct Cable {
  int child = 0, child_stack = 0, parent = 0;
  std::uint32_t up = 0, down = 0;
  auto key() const { return std::tuple(child, child_stack, parent); }
};

// The first unit tree (stack) of every shape stage, and one past the last.
std::vector<std::uint64_t> first_stacks(const TransitShape& s) {
  std::vector<std::uint64_t> first(s.unit_trees_by_stage.size() + 1, 0);
  for (std::size_t i = 0; i < s.unit_trees_by_stage.size(); ++i)
    first[i + 1] = first[i] + s.unit_trees_by_stage[i];
  return first;
}

// The cable of level k that the link from output slot `out` crosses, with its parent node and
// direction; nullopt for a link that stays in a stack or crosses another level.
struct CableOf {
  std::uint64_t node = 0;  // the parent node, numbered within stage k
  Cable cable;             // its key; up or down set to 1
};
std::optional<CableOf> cable_of(const TransitNetwork& net, int k,
                                const std::vector<std::uint64_t>& first, std::uint64_t out) {
  const std::int64_t to = net.link(out);
  if (to < 0) return std::nullopt;
  const auto& s = net.shape();
  std::uint64_t a = net.stack(out / kRn1Ports),
                b = net.stack(static_cast<std::uint64_t>(to) / kRn1Ports);
  const int sa = net.stack_stage(static_cast<std::uint32_t>(a));
  const int sb = net.stack_stage(static_cast<std::uint32_t>(b));
  const bool going_up = sa == k - 1 && sb == k;
  if (!going_up && !(sa == k && sb == k - 1)) return std::nullopt;
  if (!going_up) std::swap(a, b);
  const std::uint64_t uc = s.unit_trees_per_node[k - 1], up = s.unit_trees_per_node[k];
  const std::uint64_t child_node = (a - first[k - 1]) / uc, parent = b - first[k];
  CableOf c{parent / up,
            {static_cast<int>(child_node % 64), static_cast<int>((a - first[k - 1]) % uc),
             static_cast<int>(parent % up)}};
  (going_up ? c.cable.up : c.cable.down) = 1;
  return c;
}

// The cables between shape stages k - 1 and k, per parent node, in a fixed order.
std::vector<std::vector<Cable>> extract_cables(const TransitNetwork& net, int k) {
  const auto& s = net.shape();
  const auto first = first_stacks(s);
  std::vector<std::map<std::tuple<int, int, int>, Cable>> found(s.unit_trees_by_stage[k] /
                                                                s.unit_trees_per_node[k]);
  for (std::uint64_t out = 0; out < net.routers() * kRn1Ports; ++out) {
    const auto c = cable_of(net, k, first, out);
    if (!c) continue;
    Cable fresh = c->cable;
    fresh.up = fresh.down = 0;
    Cable& e = found[c->node].try_emplace(c->cable.key(), fresh).first->second;
    e.up += c->cable.up;
    e.down += c->cable.down;
  }
  std::vector<std::vector<Cable>> out;
  for (auto& m : found) {
    out.emplace_back();
    for (auto& [key, c] : m) out.back().push_back(c);
  }
  return out;
}

Coord to_grid(double mm, double grid_mm) {
  return std::max<Coord>(2, 2 * static_cast<Coord>(std::ceil(mm / grid_mm / 2)));  // even
}

// q x q pins at kPinPitch, centred on a face of side `side` (even coordinates).
std::vector<Point<2>> pin_grid(std::size_t count, Coord side) {
  const auto q = static_cast<Coord>(std::ceil(std::sqrt(static_cast<double>(count))));
  const Coord start = ((side - kPinPitch * (q - 1)) / 2) & ~Coord{1};
  if (start < 2)
    throw GeometryError(
        5502,
        fmt::format(
            "a stack face of {} grid units is too small for {} cable pins {} units apart; make the "
            "stacks larger or the grid finer in the timing spec",
            side, count, kPinPitch));
  std::vector<Point<2>> p;
  for (std::size_t i = 0; i < count; ++i)
    p.push_back({start + kPinPitch * static_cast<Coord>(i % q),
                 start + kPinPitch * static_cast<Coord>(i / q)});
  return p;
}

}  // namespace

namespace {

// What stands in a wall slot, in its own frame: a leaf stack (a node) or a child cube (a cell
// instance), its top face at z = ext[2] facing the hollow, its pins on that face per stack.
struct Block {
  std::int32_t cell = -1;  // -1: a leaf stack
  std::array<Coord, 3> ext{};
  Point<3> lo{};
  std::vector<std::vector<Point<3>>> pins;  // per stack of the block
  std::int32_t first_pin = 0;               // cell: index of its stack 0's first exported pin
};

// A cable's two ends in the cube's frame and how it reaches the band.
struct Route {
  int wall = 0;
  Point<3> pin{};       // on the wall block's inner face
  Point<2> top{};       // the top stack's pin column (even, even)
  Coord stub = 1;       // straight in from the wall
  Point<2> riser{};     // the column it rises on
  bool x_first = true;  // x run in the lower plane first (walls 1, 3) or y run (walls 0, 2)
  Coord jog = 1;        // to the odd line beside the riser
  int pair = 0;         // plane pair
};

// Disjoint closed intervals on one line, for first-fit packing.
class Line {
 public:
  bool free(Coord a, Coord b) const {
    auto it = spans_.upper_bound(b);
    if (it == spans_.begin()) return true;
    return std::prev(it)->second < a;
  }
  void take(Coord a, Coord b) { spans_[a] = b; }

 private:
  std::map<Coord, Coord> spans_;
};

// The lower plane's run (on a row, along x) and the upper plane's (on a column, along y) of a
// route: {line, from, to} each.
struct Runs {
  std::array<Coord, 3> row, column;
};
Runs runs_of(const Route& r) {
  if (r.x_first) {
    const Coord row = r.riser[1] + r.jog, col = r.top[0] + 1;
    return {{row, std::min(r.riser[0], col), std::max(r.riser[0], col)},
            {col, std::min(row, r.top[1]), std::max(row, r.top[1])}};
  }
  const Coord col = r.riser[0] + r.jog, row = r.top[1] + 1;
  return {{row, std::min(col, r.top[0]), std::max(col, r.top[0])},
          {col, std::min(r.riser[1], row), std::max(r.riser[1], row)}};
}

// First fit of every route into plane pairs, the longest first; returns the pairs used.
int pack_pairs(std::vector<Route>& routes) {
  std::vector<std::size_t> order(routes.size());
  std::iota(order.begin(), order.end(), 0);
  auto span = [&](std::size_t i) {
    const Runs u = runs_of(routes[i]);
    return (u.row[2] - u.row[1]) + (u.column[2] - u.column[1]);
  };
  std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return span(a) > span(b); });
  // Per line, its spans in each plane pair so far: one lookup per route, then a scan.
  std::map<Coord, std::vector<Line>> rows, cols;
  std::size_t pairs = 0;
  for (auto i : order) {
    const Runs u = runs_of(routes[i]);
    auto& row = rows[u.row[0]];
    auto& col = cols[u.column[0]];
    std::size_t k = 0;
    while ((k < row.size() && !row[k].free(u.row[1], u.row[2])) ||
           (k < col.size() && !col[k].free(u.column[1], u.column[2])))
      ++k;
    if (row.size() <= k) row.resize(k + 1);
    if (col.size() <= k) col.resize(k + 1);
    row[k].take(u.row[1], u.row[2]);
    col[k].take(u.column[1], u.column[2]);
    pairs = std::max(pairs, k + 1);
    routes[i].pair = static_cast<int>(k);
  }
  return static_cast<int>(pairs);
}

// The polyline of a route once the band's top is known (pair k: x runs on z = zb - 2 - 2k,
// y runs on z = zb - 1 - 2k; the top stacks' bottom faces at zb).
std::vector<Point<3>> polyline(const Route& r, Coord zb) {
  const Coord zx = zb - 2 - 2 * r.pair, zy = zx + 1;
  const Coord cx = r.riser[0], cy = r.riser[1], tx = r.top[0], ty = r.top[1];
  std::vector<Point<3>> p = {r.pin, {cx, cy, r.pin[2]}};
  if (r.x_first) {
    p.insert(p.end(), {Point<3>{cx, cy, zx},
                       {cx, cy + r.jog, zx},
                       {tx + 1, cy + r.jog, zx},
                       {tx + 1, cy + r.jog, zy},
                       {tx + 1, ty, zy},
                       {tx, ty, zy},
                       {tx, ty, zb}});
  } else {
    p.insert(p.end(), {Point<3>{cx, cy, zy},
                       {cx + r.jog, cy, zy},
                       {cx + r.jog, ty + 1, zy},
                       {cx + r.jog, ty + 1, zx},
                       {tx, ty + 1, zx},
                       {tx, ty, zx},
                       {tx, ty, zb}});
  }
  return p;
}

// Ranks the wall pins of each column (same wall, same coordinate along it) from the top: the
// rank-r pin's stub is 1 + 2r long, so stubs of lower pins pass outside the risers of higher
// ones, and each rank's first run has a line of its own. Returns the deepest stub.
Coord nest_stubs(std::vector<Route>& routes, Coord t, Coord interior) {
  std::map<std::pair<int, Coord>, std::vector<std::size_t>> columns;
  for (std::size_t i = 0; i < routes.size(); ++i) {
    const Route& r = routes[i];
    columns[{r.wall, r.wall % 2 == 0 ? r.pin[1] : r.pin[0]}].push_back(i);
  }
  Coord deepest = 1;
  for (auto& [key, list] : columns) {
    std::stable_sort(list.begin(), list.end(),
                     [&](auto a, auto b) { return routes[a].pin[2] > routes[b].pin[2]; });
    for (std::size_t rank = 0; rank < list.size(); ++rank) {
      Route& r = routes[list[rank]];
      r.stub = 1 + 2 * static_cast<Coord>(rank);
      r.jog = r.wall < 2 ? 1 : -1;  // into the hollow: never onto the wall's face
      r.x_first = r.wall % 2 == 1;
      const Coord in = r.wall < 2 ? t + r.stub : t + interior - r.stub;
      r.riser = r.wall % 2 == 0 ? Point<2>{in, r.pin[1]} : Point<2>{r.pin[0], in};
      deepest = std::max(deepest, r.stub);
    }
  }
  return deepest;
}

}  // namespace

namespace {

struct Frame {
  Coord t = 1, interior = 0, s0 = 0, pitch = 0, pitch_z = 0;
  Coord top_x0 = 0, top_pitch = 0, top_side = 0, top_thick = 0;
  int g = 1;
};

// Wall w = c / 16 of child position c; block (c mod 4) along it, (c mod 16) / 4 up.
Transform<3> wall_transform(const Frame& f, const Block& b, int c) {
  const int w = c / 16;
  const Coord along = f.s0 + (c % 4) * f.pitch + (b.lo[0] & 1);  // pins stay on even columns
  const Coord vert = (c % 16) / 4 * f.pitch_z - b.lo[1];
  const Coord near = f.t - b.ext[2] - b.lo[2], far = f.t + f.interior + b.ext[2] + b.lo[2];
  Transform<3> tr;
  if (w % 2 == 0) {  // walls 0 and 2: along y, facing +x / -x
    tr.axis = {2, 0, 1};
    tr.sign = {static_cast<std::int8_t>(w == 0 ? 1 : -1), 1, 1};
    tr.offset = {w == 0 ? near : far, along - b.lo[0], vert};
  } else {  // walls 1 and 3: along x, facing +y / -y
    tr.axis = {0, 2, 1};
    tr.sign = {1, static_cast<std::int8_t>(w == 1 ? 1 : -1), 1};
    tr.offset = {along - b.lo[0], w == 1 ? near : far, vert};
  }
  return tr;
}

// The cube's plan: walls of 4 x 4 blocks outside an interior square wide enough for the top
// stacks and, between them and the walls, the rings where the cables rise.
Frame plan_frame(const Block& b, Coord top_side, Coord top_thick, std::uint64_t tops,
                 Coord deepest) {
  Frame f;
  f.pitch = (b.ext[0] + 3) & ~Coord{1};
  f.pitch_z = b.ext[1] + 2;
  f.t = b.ext[2] | 1;
  f.top_side = top_side;
  f.top_thick = top_thick;
  f.g = static_cast<int>(std::lround(std::sqrt(static_cast<double>(tops))));
  f.top_pitch = (top_side + 3) & ~Coord{1};
  const Coord wall = 4 * f.pitch, top = f.g * f.top_pitch, ring = deepest + 3;
  Coord gap = std::max(ring, (top - wall + 1) / 2 + ring) | 1;  // odd: s0 = t + gap is even
  f.interior = wall + 2 * gap;
  f.s0 = f.t + gap;
  f.top_x0 = (f.t + (f.interior - top) / 2 + 1) & ~Coord{1};
  return f;
}

Box<3> top_box(const Frame& f, int t, Coord zb) {
  const Coord x = f.top_x0 + (t % f.g) * f.top_pitch, y = f.top_x0 + (t / f.g) * f.top_pitch;
  return {{x, y, zb}, {x + f.top_side, y + f.top_side, zb + f.top_thick}};
}

}  // namespace

namespace {

struct LevelInput {
  int k = 1;
  std::vector<const Block*> blocks;  // per child position
  const std::vector<Cable>* cables = nullptr;
  Coord top_side = 0, top_thick = 0;
  std::uint64_t tops = 1;
  bool export_pins = false;
};

// Per cable: the wall block's pin (its stack, rank among that stack's parents) and the top
// stack's bottom pin (child position, rank among the child's stacks joined to that top).
struct Ends {
  std::vector<std::pair<int, int>> wall;  // (stack of the block, pin index)
  std::vector<int> top;                   // bottom pin index on the parent unit tree
  int slots = 1;                          // bottom pins per child on a top stack
};

Ends cable_ends(const LevelInput& in) {
  const auto& cables = *in.cables;
  Ends e;
  std::map<std::pair<int, int>, int> used_wall, used_top;  // (child, stack) / (parent, child)
  for (const Cable& c : cables) {
    const bool leaf = in.blocks[c.child]->cell < 0;
    const int pin = leaf ? c.parent : used_wall[{c.child, c.child_stack}]++;
    e.wall.emplace_back(c.child_stack, pin);
    e.top.push_back(used_top[{c.parent, c.child}]++);
  }
  for (const auto& [key, n] : used_top) e.slots = std::max(e.slots, n);
  for (std::size_t i = 0; i < cables.size(); ++i) e.top[i] += cables[i].child * e.slots;
  return e;
}

std::vector<Route> place_routes(const LevelInput& in, const Ends& e, const Frame& f,
                                std::vector<Transform<3>>& where) {
  where.clear();
  for (int c = 0; c < 64; ++c) where.push_back(wall_transform(f, *in.blocks[c], c));
  const auto bottom = pin_grid(64 * static_cast<std::size_t>(e.slots), f.top_side);
  std::vector<Route> routes;
  for (std::size_t i = 0; i < in.cables->size(); ++i) {
    const Cable& c = (*in.cables)[i];
    const Block& b = *in.blocks[c.child];
    const auto& pins = b.pins[e.wall[i].first];
    FTVLSI_ASSERT(static_cast<std::size_t>(e.wall[i].second) < pins.size());
    Route r;
    r.wall = c.child / 16;
    r.pin = where[c.child].apply(pins[e.wall[i].second]);
    const Box<3> tb = top_box(f, c.parent, 0);
    r.top = {tb.lo[0] + bottom[e.top[i]][0], tb.lo[1] + bottom[e.top[i]][1]};
    routes.push_back(r);
  }
  return routes;
}

}  // namespace

namespace {

struct LevelCell {
  Cell<3> cell;
  HollowCubeLevel stats;
};

void add_walls(const LevelInput& in, const std::vector<Transform<3>>& where, Cell<3>& cell) {
  for (int c = 0; c < 64; ++c) {
    const Block& b = *in.blocks[c];
    if (b.cell >= 0) {
      cell.add_instance(b.cell, where[c]);
    } else {
      cell.add_node(where[c].apply(Box<3>{{0, 0, 0}, {b.ext[0], b.ext[1], b.ext[2]}}),
                    NodeKind::kSwitch, in.k - 1);
    }
  }
}

// The top stacks (nodes after the walls' own), and their exported pins: kExportedPins per
// stack on its top face, for the cables of the level above.
void add_tops(const LevelInput& in, const Frame& f, Coord zb, Cell<3>& cell) {
  const auto up = pin_grid(kExportedPins, f.top_side);
  for (std::uint64_t t = 0; t < in.tops; ++t) {
    const Box<3> b = top_box(f, static_cast<int>(t), zb);
    const auto node = cell.add_node(b, NodeKind::kSwitch, in.k);
    if (!in.export_pins) continue;
    for (const auto& p : up)
      cell.pins.push_back(
          {{b.lo[0] + p[0], b.lo[1] + p[1], b.hi[2]}, node, in.k, WireDir::kUp, -1, -1});
  }
}

LevelCell build_level_cell(const LevelInput& in) {
  const Ends ends = cable_ends(in);
  const Block& b0 = *in.blocks[0];
  for (const Block* b : in.blocks) FTVLSI_ASSERT(b->ext == b0.ext);  // same level, same size
  std::vector<Transform<3>> where;
  Frame f = plan_frame(b0, in.top_side, in.top_thick, in.tops, 1);
  auto routes = place_routes(in, ends, f, where);
  const Coord deepest = nest_stubs(routes, f.t, f.interior);
  f = plan_frame(b0, in.top_side, in.top_thick, in.tops, deepest);
  routes = place_routes(in, ends, f, where);
  nest_stubs(routes, f.t, f.interior);
  const int pairs = pack_pairs(routes);
  Coord top_pin = 0;
  for (const Route& r : routes) top_pin = std::max(top_pin, r.pin[2]);
  const Coord zb = std::max(4 * f.pitch_z - 1, top_pin + 2 * pairs + 1);
  LevelCell out;
  Cell<3>& cell = out.cell;
  cell.name = "hollow_cube_" + std::to_string(in.k);
  add_walls(in, where, cell);
  const auto first_top = static_cast<std::int32_t>(cell.node_count());
  add_tops(in, f, zb, cell);
  cell.reserve_wires(routes.size(), 10 * routes.size());
  for (std::size_t i = 0; i < routes.size(); ++i) {
    const Cable& c = (*in.cables)[i];
    const Block& b = *in.blocks[c.child];
    const Terminal from =
        b.cell >= 0 ? Terminal::pin(c.child, b.first_pin + ends.wall[i].first * kExportedPins +
                                                 ends.wall[i].second)
                    : Terminal::node(c.child);
    cell.add_wire(polyline(routes[i], zb), in.k - 1, WireDir::kUp, from,
                  Terminal::node(first_top + c.parent));
    out.stats.connections += c.up;
  }
  out.stats.interior_side = f.interior;
  out.stats.wall_length = 4 * f.pitch;
  out.stats.cables = routes.size();
  out.stats.plane_pairs = pairs;
  return out;
}

}  // namespace

namespace {

StackSize leaf_size(const HollowCubeSpec& spec, TransitLeaf leaf) {
  switch (leaf) {
    case TransitLeaf::kSmall:
      return spec.small_unit_tree;
    case TransitLeaf::kCluster12:
      return spec.cluster_12;
    case TransitLeaf::kCluster48:
      return spec.cluster_48;
    case TransitLeaf::kCluster192:
      return spec.cluster_192;
  }
  return spec.small_unit_tree;
}

// A finished level cell as a block of the level above: its top stacks' exported pins.
Block cell_block(const Layout<3>& layout, std::int32_t id) {
  const Cell<3>& cell = layout.cells[id];
  Block b;
  b.cell = id;
  b.lo = cell.bbox.lo;
  for (int a = 0; a < 3; ++a) b.ext[a] = cell.bbox.extent(a);
  for (std::size_t i = 0; i < cell.pins.size(); ++i) {
    if (i % kExportedPins == 0) b.pins.emplace_back();
    b.pins.back().push_back(cell.pins[i].at);
  }
  return b;
}

// Level k: one cell per distinct parent node (same child cells, same cables), its stats, and
// the block each node becomes for the level above.
std::vector<std::size_t> add_level(const TransitNetwork& net, int k, std::array<Coord, 2> ut,
                                   std::vector<Block>& blocks,
                                   const std::vector<std::size_t>& below, HollowCube& hc) {
  const auto& shape = net.shape();
  const auto cables = extract_cables(net, k);
  std::map<std::pair<std::vector<std::size_t>, std::vector<std::tuple<int, int, int>>>, std::size_t>
      cache;
  std::vector<std::size_t> here(cables.size());
  std::vector<std::int32_t> cells(cables.size());
  HollowCubeLevel stats;
  for (std::size_t n = 0; n < cables.size(); ++n) {
    std::vector<std::size_t> kids(below.begin() + 64 * n, below.begin() + 64 * (n + 1));
    std::vector<std::tuple<int, int, int>> keys;
    for (const Cable& c : cables[n]) keys.push_back(c.key());
    auto [it, fresh] = cache.try_emplace({kids, keys}, blocks.size());
    here[n] = it->second;
    if (!fresh) {
      cells[n] = blocks[here[n]].cell;
      continue;
    }
    LevelInput in{
        k, {}, &cables[n], ut[0], ut[1], shape.unit_trees_per_node[k], k < shape.params.stages};
    for (auto kid : kids) in.blocks.push_back(&blocks[kid]);
    LevelCell lc = build_level_cell(in);
    hc.layout.cells.push_back(std::move(lc.cell));
    const auto id = static_cast<std::int32_t>(hc.layout.cells.size() - 1);
    hc.layout.finalize_cell(id);
    if (n == 0) {
      stats = lc.stats;
      stats.outer_side = hc.layout.cells[id].bbox.extent(0);  // measured: the placed shapes
      stats.height = hc.layout.cells[id].bbox.extent(2);
    }
    blocks.push_back(cell_block(hc.layout, id));  // may move blocks: `in` is done with them
    cells[n] = id;
  }
  stats.distinct_cells = cache.size();
  hc.levels.push_back(stats);
  hc.node_cell.push_back(std::move(cells));
  return here;
}

}  // namespace

HollowCube build_hollow_cube(const TransitNetwork& net, const HollowCubeSpec& spec) {
  const auto& shape = net.shape();
  const int levels = shape.params.stages;
  const StackSize ls = leaf_size(spec, shape.params.leaf);
  const Coord side = to_grid(ls.side_mm, spec.grid_mm),
              thick = to_grid(ls.thickness_mm, spec.grid_mm);
  const std::array<Coord, 2> ut = {to_grid(spec.large_unit_tree.side_mm, spec.grid_mm),
                                   to_grid(spec.large_unit_tree.thickness_mm, spec.grid_mm)};
  HollowCube hc;
  hc.layout.style = LayoutStyle::kHollowCube;
  hc.layout.wire_levels = std::max(1, levels);
  std::vector<Block> blocks(1);  // the leaf stack
  blocks[0].ext = {side, side, thick};
  if (levels > 0) {
    blocks[0].pins.emplace_back();
    for (const auto& p : pin_grid(shape.unit_trees_per_node[1], side))
      blocks[0].pins[0].push_back({p[0], p[1], thick});
  }
  std::vector<std::size_t> below(shape.leaf_units, 0);  // block of each node of the level below
  for (int k = 1; k <= levels; ++k) below = add_level(net, k, ut, blocks, below, hc);
  if (levels == 0) {
    Cell<3> leaf;
    leaf.name = "leaf_stack";
    leaf.add_node({{0, 0, 0}, {side, side, thick}}, NodeKind::kSwitch, 0);
    hc.layout.cells.push_back(std::move(leaf));
  }
  hc.layout.top = static_cast<std::int32_t>(hc.layout.cells.size() - 1);
  hc.layout.finalize();
  return hc;
}

std::vector<LinkCable> link_cables(const TransitNetwork& net, const HollowCube& cube) {
  const auto& s = net.shape();
  const auto first = first_stacks(s);
  std::vector<LinkCable> out(net.routers() * kRn1Ports);
  for (int k = 1; k <= s.params.stages; ++k) {
    const auto cables = extract_cables(net, k);
    const auto& node_cell = cube.node_cell[static_cast<std::size_t>(k - 1)];
    FTVLSI_ASSERT(node_cell.size() == cables.size());
    // A node's cables are its cell's wires in order (build_level_cell).
    std::vector<std::map<std::tuple<int, int, int>, LinkCable>> measured(cables.size());
    std::map<std::int32_t, std::vector<LinkCable>> by_cell;
    for (std::size_t n = 0; n < cables.size(); ++n) {
      auto [it, fresh] = by_cell.try_emplace(node_cell[n]);
      if (fresh) {
        const Cell<3>& cell = cube.layout.cells[node_cell[n]];
        for (std::size_t w = 0; w < cell.wire_count(); ++w) {
          const auto pts = cell.wire(w);
          double sq = 0;
          for (int a = 0; a < 3; ++a) {
            const auto d = static_cast<double>(pts.back()[a] - pts.front()[a]);
            sq += d * d;
          }
          it->second.push_back({wire_length<3>(pts), std::sqrt(sq)});
        }
      }
      FTVLSI_ASSERT(it->second.size() == cables[n].size());
      for (std::size_t i = 0; i < cables[n].size(); ++i)
        measured[n][cables[n][i].key()] = it->second[i];
    }
    for (std::uint64_t slot = 0; slot < out.size(); ++slot)
      if (const auto c = cable_of(net, k, first, slot))
        out[slot] = measured[c->node].at(c->cable.key());
  }
  return out;
}

}  // namespace ftvlsi
