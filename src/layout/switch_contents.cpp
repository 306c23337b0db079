// The H-tree node with its switch drawn inside (docs/design.md §2.7, §3.3): Leiserson 1985
// Lemma 3's 2D construction — every component and external wire on a line, the interconnection
// routed crossbar-style above it — for the three concentrator switches of Fig. 3 built from
// Pippenger's partial concentrators (network/partial_concentrator.hpp).
//
// The line (one row, y in [0, 1]) holds, left to right: a port for each wire of the left child's
// channel (in the order its wires arrive), the parent channel's ports (up, then down; the cell's
// pins on their bottom edges), the components of the up switch and the two down switches (the
// inputs of each and the vertices of its inner levels; a switch's last level ends on the output
// ports), and the right child's ports. An input port is the selector: it feeds the two switches
// its messages may take. Every internal wire leaves the top edge of one node at a column of its
// own, rises to a track and comes down on another node; tracks are shared by wires whose column
// spans are disjoint (left-edge packing), so wires meet only where a vertical crosses a
// horizontal on the other layer, and the check of §3.9 finds nothing. The children sit above the
// tracks and their wires come straight down onto their ports' top edges.
#include "switch_contents.hpp"

#include <algorithm>
#include <array>
#include <queue>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

namespace ftvlsi::detail {
namespace {

using u32 = std::uint32_t;

// One node on the line and the internal wires ending on its top edge.
struct Item {
  NodeKind kind = NodeKind::kSwitch;
  bool external = false;  // a child port: column 0 of its top edge takes the child's wire
  int ends = 0;           // internal wire ends
  Coord x0 = 0, width = 1;
  std::int32_t node = -1;
};

struct Link {
  int from, to;  // items
  WireDir dir;
};

// The line's items and links for one node: ports first (their positions fixed by the caller),
// then each switch's components.
struct Line {
  std::vector<Item> items;
  std::vector<Link> links;
  int add(bool external = false) {
    items.push_back({NodeKind::kSwitch, external, 0, 0, 1, -1});
    return static_cast<int>(items.size()) - 1;
  }
  void link(int a, int b, WireDir dir) {
    links.push_back({a, b, dir});
    ++items[a].ends, ++items[b].ends;
  }
};

// A switch's components on the line: its input vertices and inner levels, wired level by level,
// the last level onto `outputs`. Returns the input vertices' items.
std::vector<int> add_switch(Line& line, const ConcentratorSwitch& sw,
                            const std::vector<int>& outputs, WireDir dir) {
  std::vector<int> layer;
  for (u32 i = 0; i < sw.inputs; ++i) layer.push_back(line.add());
  const std::vector<int> inputs = layer;
  if (sw.levels.empty()) {  // straight wires
    for (u32 i = 0; i < sw.inputs; ++i) line.link(layer[i], outputs[i], dir);
    return inputs;
  }
  for (std::size_t l = 0; l < sw.levels.size(); ++l) {
    const ConcentratorLevel& level = sw.levels[l];
    std::vector<int> next;
    if (l + 1 == sw.levels.size()) {
      next = outputs;
    } else {
      for (u32 o = 0; o < level.outputs; ++o) next.push_back(line.add());
    }
    for (u32 i = 0; i < level.inputs; ++i)
      for (u32 o : level.neighbours(i)) line.link(layer[i], next[o], dir);
    layer = std::move(next);
  }
  return inputs;
}

// Left-edge packing of the links' column spans into tracks: a track takes a span only when it
// starts after the track's last one ends. Returns each link's track.
std::vector<int> pack_tracks(const std::vector<std::pair<Coord, Coord>>& spans, int& tracks) {
  std::vector<int> order(spans.size()), track(spans.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return spans[a] < spans[b]; });
  using Free = std::pair<Coord, int>;  // (last end, track), the earliest free first
  std::priority_queue<Free, std::vector<Free>, std::greater<>> busy;
  tracks = 0;
  for (int i : order) {
    if (!busy.empty() && busy.top().first < spans[i].first) {
      const int t = busy.top().second;
      busy.pop();
      track[i] = t;
    } else {
      track[i] = tracks++;
    }
    busy.push({spans[i].second, track[i]});
  }
  return track;
}

// The child's pins in the order their wires arrive (by height after the quarter turn), with the
// wire each carries within its direction (the index among the pins of that direction).
struct ChildWire {
  std::int32_t pin;
  WireDir dir;
  u32 index;
};
std::vector<ChildWire> arrival_order(const Cell<2>& child) {
  std::vector<ChildWire> wires;
  std::array<u32, 2> seen{0, 0};
  for (std::size_t p = 0; p < child.pins.size(); ++p) {
    const WireDir dir = child.pins[p].dir;
    wires.push_back({static_cast<std::int32_t>(p), dir, seen[static_cast<int>(dir)]++});
  }
  const Transform<2> turn = Transform<2>::gds(1, false, {0, 0});
  std::stable_sort(wires.begin(), wires.end(), [&](const ChildWire& a, const ChildWire& b) {
    return turn.apply(child.pins[a.pin].at).y() < turn.apply(child.pins[b.pin].at).y();
  });
  return wires;
}

}  // namespace

Cell<2> make_partial_node(const FatTree& tree, const Layout<2>& layout, std::int32_t child_id,
                          int k, std::uint64_t seed, SwitchInsides insides) {
  const Cell<2>& child = layout.cells[child_id];
  const u32 c = static_cast<u32>(tree.capacity(k)), cc = static_cast<u32>(tree.capacity(k + 1));
  const auto shapes = node_switches(tree, k);
  std::array<ConcentratorSwitch, 3> sw;
  for (int s = 0; s < 3; ++s)
    sw[s] = insides == SwitchInsides::kCrossbar
                ? crossbar_concentrator(shapes[s].inputs, shapes[s].outputs)
                : build_concentrator(shapes[s].inputs, shapes[s].outputs,
                                     switch_seed(seed, k, shapes[s].kind));
  const auto arrivals = arrival_order(child);
  FTVLSI_ASSERT(arrivals.size() == 2 * u64{cc});

  // The ports: [side][dir][index] -> item; side 0 left child, 1 right child, 2 parent.
  Line line;
  std::array<std::array<std::vector<int>, 2>, 3> port;
  for (auto& side : port)
    for (auto& dir : side) dir.assign(&side == &port[2] ? c : cc, -1);
  std::vector<int> left_order, right_order;
  for (const ChildWire& w : arrivals) {
    const int item = line.add(true);
    port[0][static_cast<int>(w.dir)][w.index] = item;
    left_order.push_back(item);
  }
  for (int d = 0; d < 2; ++d)
    for (u32 i = 0; i < c; ++i) port[2][d][i] = line.add();
  // The switches. Up: both children's up wires onto the parent's. Down-left: the parent's down
  // wires and the right child's up wires onto the left child's down wires; down-right alike.
  const int up = static_cast<int>(WireDir::kUp), down = static_cast<int>(WireDir::kDown);
  const auto u_in = add_switch(line, sw[0], port[2][up], WireDir::kUp);
  const auto dl_in = add_switch(line, sw[1], port[0][down], WireDir::kDown);
  std::vector<int> right_down(cc);
  for (u32 i = 0; i < cc; ++i) right_down[i] = line.add(true);  // placed after the components
  const auto dr_in = add_switch(line, sw[2], right_down, WireDir::kDown);
  for (u32 i = 0; i < cc; ++i) port[1][down][i] = right_down[i];
  for (u32 i = 0; i < cc; ++i) port[1][up][i] = line.add(true);
  // The selectors: each input port feeds the two switches its messages may take.
  for (u32 i = 0; i < cc; ++i) {
    line.link(port[0][up][i], u_in[i], WireDir::kUp);
    line.link(port[0][up][i], dr_in[c + i], WireDir::kDown);
    line.link(port[1][up][i], u_in[cc + i], WireDir::kUp);
    line.link(port[1][up][i], dl_in[c + i], WireDir::kDown);
  }
  for (u32 i = 0; i < c; ++i) {
    line.link(port[2][down][i], dl_in[i], WireDir::kDown);
    line.link(port[2][down][i], dr_in[i], WireDir::kDown);
  }
  // The right child's ports in arrival order, mirrored: the first to arrive turns rightmost.
  for (const ChildWire& w : arrivals)
    right_order.push_back(port[1][static_cast<int>(w.dir)][w.index]);
  std::reverse(right_order.begin(), right_order.end());

  // Positions: left ports, then every item that is no child port, then the right ports.
  const Box<2>& b = child.bbox;
  const Coord x_left = b.hi[1] - b.lo[1];
  std::vector<int> order = left_order;
  std::vector<char> placed(line.items.size(), 0);
  for (int i : left_order) placed[i] = 1;
  for (int i : right_order) placed[i] = 1;
  for (std::size_t i = 0; i < line.items.size(); ++i)
    if (!placed[i]) order.push_back(static_cast<int>(i));
  order.insert(order.end(), right_order.begin(), right_order.end());
  Coord x = x_left + 1;
  for (int i : order) {
    Item& it = line.items[i];
    const Coord columns = it.ends + (it.external ? 1 : 0);
    it.width = std::max<Coord>(1, columns - 1);
    it.x0 = x;
    x += it.width + 1;
  }
  const Coord x_right = x;

  // Columns and tracks of the internal wires.
  std::vector<Coord> next_column(line.items.size());
  for (std::size_t i = 0; i < line.items.size(); ++i)
    next_column[i] = line.items[i].x0 + (line.items[i].external ? 1 : 0);
  std::vector<std::pair<Coord, Coord>> spans;
  std::vector<std::array<Coord, 2>> columns;
  for (const Link& l : line.links) {
    const Coord a = next_column[l.from]++, z = next_column[l.to]++;
    columns.push_back({a, z});
    spans.push_back({std::min(a, z), std::max(a, z)});
  }
  int tracks = 0;
  const auto track = pack_tracks(spans, tracks);
  const Coord height = 2 + tracks;  // tracks at y = 2 .. 1 + tracks

  Cell<2> cell;
  cell.name = "FATTREE_K" + std::to_string(k);
  for (Item& it : line.items) it.node = cell.add_node({it.x0, 0, it.x0 + it.width, 1}, it.kind, k);
  // Children above the tracks, as in the ideal H-tree.
  Coord min_pin_x = b.hi[0];
  for (const Pin<2>& p : child.pins) min_pin_x = std::min(min_pin_x, p.at.x());
  const Coord dy = std::max(-b.lo[0], height + 1 - min_pin_x);
  const auto left = cell.add_instance(child_id, Transform<2>::gds(1, false, {b.hi[1], dy}));
  const auto right =
      cell.add_instance(child_id, Transform<2>::gds(1, true, {x_right - b.lo[1], dy}));
  for (int side = 0; side < 2; ++side) {
    const auto inst = side == 0 ? left : right;
    const Transform<2>& t = cell.instances[inst].transform;
    for (const ChildWire& w : arrivals) {
      const Item& port_item = line.items[port[side][static_cast<int>(w.dir)][w.index]];
      const Point<2> at = t.apply(child.pins[w.pin].at);
      FTVLSI_ASSERT(at.y() > height);
      const std::array<Point<2>, 3> path{at, Point<2>{port_item.x0, at.y()},
                                         Point<2>{port_item.x0, 1}};
      cell.add_wire(path, child.pins[w.pin].level, w.dir, Terminal::pin(inst, w.pin),
                    Terminal::node(port_item.node));
    }
  }
  for (std::size_t i = 0; i < line.links.size(); ++i) {
    const Link& l = line.links[i];
    const Coord y = 2 + track[i];
    const auto [a, z] = columns[i];
    const std::array<Point<2>, 4> path{Point<2>{a, 1}, Point<2>{a, y}, Point<2>{z, y},
                                       Point<2>{z, 1}};
    cell.add_wire(path, k, l.dir, Terminal::node(line.items[l.from].node),
                  Terminal::node(line.items[l.to].node));
  }
  // The node's own channel: pins on the parent ports' bottom edges, up wires first.
  for (int d = 0; d < 2; ++d)
    for (u32 i = 0; i < c; ++i) {
      const Item& it = line.items[port[2][d][i]];
      cell.pins.push_back({{it.x0, 0}, it.node, k, d == 0 ? WireDir::kUp : WireDir::kDown});
    }
  return cell;
}

}  // namespace ftvlsi::detail
