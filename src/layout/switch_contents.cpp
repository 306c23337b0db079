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

// Where a node of the switch graph sits on the line: x0 and width (one column per wire end, and
// one more on a child port for the child's wire).
struct Placed {
  Coord x0 = 0, width = 1;
  std::int32_t node = -1;
};

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
  const u32 c = static_cast<u32>(tree.capacity(k));
  const SwitchGraph g = node_switch_graph(tree, k, seed, insides);
  const auto arrivals = arrival_order(child);
  FTVLSI_ASSERT(arrivals.size() == 2 * u64{static_cast<u32>(tree.capacity(k + 1))});
  const auto external = [&](u32 item) {
    const SwitchSide side = g.items[item].side;
    return side == SwitchSide::kLeft || side == SwitchSide::kRight;
  };
  // The left child's ports in the order its wires arrive; the right child's mirrored, the first
  // to arrive turning rightmost.
  std::vector<u32> left_order, right_order;
  for (const ChildWire& w : arrivals) {
    left_order.push_back(g.port[0][static_cast<int>(w.dir)][w.index]);
    right_order.push_back(g.port[1][static_cast<int>(w.dir)][w.index]);
  }
  std::reverse(right_order.begin(), right_order.end());

  // Positions: left ports, then every item that is no child port (the parent's ports, then the
  // switches' components), then the right ports.
  const Box<2>& b = child.bbox;
  const Coord x_left = b.hi[1] - b.lo[1];
  std::vector<u32> order = left_order;
  for (u32 i = 0; i < g.items.size(); ++i)
    if (!external(i)) order.push_back(i);
  order.insert(order.end(), right_order.begin(), right_order.end());
  std::vector<Placed> placed(g.items.size());
  Coord x = x_left + 1;
  for (const u32 i : order) {
    const Coord columns = g.items[i].ends + (external(i) ? 1 : 0);
    placed[i].width = std::max<Coord>(1, columns - 1);
    placed[i].x0 = x;
    x += placed[i].width + 1;
  }
  const Coord x_right = x;

  // Columns and tracks of the internal wires.
  std::vector<Coord> next_column(g.items.size());
  for (u32 i = 0; i < g.items.size(); ++i) next_column[i] = placed[i].x0 + (external(i) ? 1 : 0);
  std::vector<std::pair<Coord, Coord>> spans;
  std::vector<std::array<Coord, 2>> columns;
  for (const SwitchGraph::Link& l : g.links) {
    const Coord a = next_column[l.from]++, z = next_column[l.to]++;
    columns.push_back({a, z});
    spans.push_back({std::min(a, z), std::max(a, z)});
  }
  int tracks = 0;
  const auto track = pack_tracks(spans, tracks);
  const Coord height = 2 + tracks;  // tracks at y = 2 .. 1 + tracks

  Cell<2> cell;
  cell.name = "FATTREE_K" + std::to_string(k);
  // The nodes: the left ports in arrival order, the parent's ports, the components of the up and
  // down-left switches, the right child's down ports, the down-right switch's components and the
  // right child's up ports.
  std::vector<u32> node_order = left_order;
  const auto append = [&](u32 from, u32 to) {
    for (u32 i = from; i < to; ++i) node_order.push_back(i);
  };
  for (int d = 0; d < 2; ++d)
    node_order.insert(node_order.end(), g.port[2][d].begin(), g.port[2][d].end());
  append(g.first_component[0], g.first_component[2]);
  const int up = static_cast<int>(WireDir::kUp), down = static_cast<int>(WireDir::kDown);
  node_order.insert(node_order.end(), g.port[1][down].begin(), g.port[1][down].end());
  append(g.first_component[2], static_cast<u32>(g.items.size()));
  node_order.insert(node_order.end(), g.port[1][up].begin(), g.port[1][up].end());
  FTVLSI_ASSERT(node_order.size() == g.items.size());
  for (const u32 i : node_order)
    placed[i].node =
        cell.add_node({placed[i].x0, 0, placed[i].x0 + placed[i].width, 1}, NodeKind::kSwitch, k);
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
      const Placed& port_item = placed[g.port[side][static_cast<int>(w.dir)][w.index]];
      const Point<2> at = t.apply(child.pins[w.pin].at);
      FTVLSI_ASSERT(at.y() > height);
      const std::array<Point<2>, 3> path{at, Point<2>{port_item.x0, at.y()},
                                         Point<2>{port_item.x0, 1}};
      cell.add_wire(path, child.pins[w.pin].level, w.dir, Terminal::pin(inst, w.pin),
                    Terminal::node(port_item.node));
    }
  }
  for (std::size_t i = 0; i < g.links.size(); ++i) {
    const SwitchGraph::Link& l = g.links[i];
    const Coord y = 2 + track[i];
    const auto [a, z] = columns[i];
    const std::array<Point<2>, 4> path{Point<2>{a, 1}, Point<2>{a, y}, Point<2>{z, y},
                                       Point<2>{z, 1}};
    cell.add_wire(path, k, l.dir, Terminal::node(placed[l.from].node),
                  Terminal::node(placed[l.to].node));
  }
  // The node's own channel: pins on the parent ports' bottom edges, up wires first.
  for (int d = 0; d < 2; ++d)
    for (u32 i = 0; i < c; ++i) {
      const Placed& it = placed[g.port[2][d][i]];
      cell.pins.push_back({{it.x0, 0}, it.node, k, d == 0 ? WireDir::kUp : WireDir::kDown});
    }
  return cell;
}

}  // namespace ftvlsi::detail
