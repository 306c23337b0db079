#include "ftvlsi/route/butterfly_routing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <span>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "ftvlsi/core/rng.hpp"
#include "router.hpp"

namespace ftvlsi {
namespace {

constexpr std::uint32_t kNone = UINT32_MAX;

// What the router needs to know of a network (docs/simulate3d.md §1): its dimension, where a
// processor sits, how a mesh shortcut between two adjacent level-l nodes is split into hops along
// the mesh's own wires (each at a phase of its own), and how wide a directed mesh channel is.
template <class Net>
struct NetTraits;

template <int D>
using Cell = std::array<std::int64_t, D>;

// Up to three hops, each a step between adjacent nodes and the mesh phase it is taken in.
template <int D>
struct Hops {
  std::array<Cell<D>, 3> step{};
  std::array<int, 3> phase{};
  int count = 0;
  void add(const Cell<D>& s, int p) { step[count] = s, phase[count] = p, ++count; }
};

template <>
struct NetTraits<ButterflyFatTree> {
  static constexpr int kDim = 2;
  static constexpr int kMeshPhases = 2;
  using Graph = ButterflyFatTreeGraph;
  // Row-major: processor p sits in column p mod side, row p / side.
  static Cell<2> processor_cell(const ButterflyFatTree& net, std::uint32_t p) {
    const std::uint64_t side = std::uint64_t{1} << net.levels();
    return {static_cast<std::int64_t>(p % side), static_cast<std::int64_t>(p / side)};
  }
  // Greenberg 1990 §4: a diagonal neighbour on the 4-neighbour mesh is the horizontal edge, then
  // the vertical one; with diagonal wires, or for a horizontal or vertical neighbour, one edge.
  // (The hops are phased by their place in the path, as before the 3D network existed.)
  static Hops<2> hops(const ButterflyFatTree& net, const Cell<2>& d) {
    Hops<2> h;
    if (d[0] != 0 && d[1] != 0 && !net.mesh_diagonals()) {
      h.add({d[0], 0}, 0);
      h.add({0, d[1]}, 1);
    } else {
      h.add(d, 0);
    }
    return h;
  }
  // p_l wires between each of the s_l same-numbered switch pairs: the tree channel's width.
  static std::uint64_t mesh_width(const ButterflyFatTree& net, int l) {
    return net.channel_width(l);
  }
};

template <>
struct NetTraits<ButterflyFatTree3d> {
  static constexpr int kDim = 3;
  static constexpr int kMeshPhases = 3;
  using Graph = ButterflyFatTree3dGraph;
  static Cell<3> processor_cell(const ButterflyFatTree3d&, std::uint32_t p) { return demorton3(p); }
  // The 6-neighbour mesh: one hop per axis the nodes differ along, in the order x, y, z; a hop
  // along axis a is taken in mesh phase a, so every directed mesh wire has one phase and carries
  // at most one message per delivery cycle.
  static Hops<3> hops(const ButterflyFatTree3d&, const Cell<3>& d) {
    Hops<3> h;
    for (int a = 0; a < 3; ++a)
      if (d[a] != 0) {
        Cell<3> s{0, 0, 0};
        s[a] = d[a];
        h.add(s, a);
      }
    return h;
  }
  // One wire between each of the s_l same-numbered switch pairs.
  static std::uint64_t mesh_width(const ButterflyFatTree3d& net, int l) {
    return net.switches_per_node(l);
  }
};

template <int D>
Cell<D> shifted(const Cell<D>& c, int l) {
  Cell<D> out;
  for (int a = 0; a < D; ++a) out[a] = c[a] >> l;
  return out;
}

// A step between adjacent regions (each axis -1, 0 or 1) as one of 3^D directions: the router's
// mesh entries are tagged by it, and λ counts a node's mesh channels by it.
template <int D>
inline constexpr std::size_t kDirections = D == 2 ? 9 : 27;
template <int D>
std::uint8_t direction_of(const Cell<D>& step) {
  std::uint32_t tag = 0;
  for (int a = D - 1; a >= 0; --a) {
    FTVLSI_ASSERT(step[a] >= -1 && step[a] <= 1);
    tag = 3 * tag + static_cast<std::uint32_t>(step[a] + 1);
  }
  return static_cast<std::uint8_t>(tag);
}

// The mesh hops from node `from` to the adjacent node `to` of the same level: the router's path,
// λ's mesh channels and a message's shape all take these.
template <class Net>
Hops<NetTraits<Net>::kDim> hops_between(const Net& net, const Cell<NetTraits<Net>::kDim>& from,
                                        const Cell<NetTraits<Net>::kDim>& to) {
  Cell<NetTraits<Net>::kDim> delta;
  for (int a = 0; a < NetTraits<Net>::kDim; ++a) delta[a] = to[a] - from[a];
  return NetTraits<Net>::hops(net, delta);
}

// Compressed adjacency: for every node, its (neighbour, directed wire code) entries.
struct Csr {
  std::vector<std::uint32_t> start;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> entry;
  std::span<const std::pair<std::uint32_t, std::uint32_t>> of(std::uint32_t v) const {
    return {entry.data() + start[v], entry.data() + start[v + 1]};
  }
};

template <class Each>
Csr build_csr(std::size_t nodes, Each&& each) {
  Csr c;
  c.start.assign(nodes + 1, 0);
  each([&](std::uint32_t v, std::uint32_t, std::uint32_t) { ++c.start[v + 1]; });
  std::partial_sum(c.start.begin(), c.start.end(), c.start.begin());
  c.entry.resize(c.start.back());
  std::vector<std::uint32_t> fill(c.start.begin(), c.start.end() - 1);
  each([&](std::uint32_t v, std::uint32_t other, std::uint32_t code) {
    c.entry[fill[v]++] = {other, code};
  });
  return c;
}

template <class Net>
ButterflyTurn turn_of(const Net& net, const Cell<NetTraits<Net>::kDim>& s,
                      const Cell<NetTraits<Net>::kDim>& d) {
  using T = NetTraits<Net>;
  for (int l = 0;; ++l) {
    std::int64_t far = 0;  // the Chebyshev distance of the level-l nodes
    for (int a = 0; a < T::kDim; ++a) far = std::max(far, std::abs((d[a] >> l) - (s[a] >> l)));
    if (far == 0) return {l, false};
    if (l >= 1 && net.pyramid() && far == 1) return {l, true};
  }
}
template <class Net>
ButterflyTurn turn_of(const Net& net, std::uint32_t src, std::uint32_t dst) {
  using T = NetTraits<Net>;
  return turn_of(net, T::processor_cell(net, src), T::processor_cell(net, dst));
}

// The directed wire code of wire w: 2w going up (or from the first end of a mesh wire), 2w + 1
// going down (or from the second end).
template <class Net>
class Router {
  using T = NetTraits<Net>;
  static constexpr int D = T::kDim;

 public:
  // `keep_wires`: keep the graph's wire list for wires() (the simulator needs only their count).
  explicit Router(const Net& net, ParentChoice parents = ParentChoice::kRandom,
                  bool keep_wires = false)
      : net_(net), first_parent_(parents == ParentChoice::kFirst) {
    typename T::Graph g = net.graph();
    const std::size_t nodes = g.level.size();
    // Every node's region at its level, packed, to tag the entries below.
    std::vector<std::uint64_t> key(nodes);
    for (std::uint32_t v = 0; v < nodes; ++v) key[v] = pack(shifted<D>(g.cell[v], g.level[v]));
    up_ = build_csr(nodes, [&](auto&& add) {
      for (std::uint32_t w = 0; w < g.wires.size(); ++w)
        if (!g.wire_is_mesh[w]) add(g.wires[w].first, g.wires[w].second, 2 * w);
    });
    down_ = build_csr(nodes, [&](auto&& add) {
      for (std::uint32_t w = 0; w < g.wires.size(); ++w)
        if (!g.wire_is_mesh[w]) add(g.wires[w].second, g.wires[w].first, 2 * w + 1);
    });
    mesh_ = build_csr(nodes, [&](auto&& add) {
      for (std::uint32_t w = 0; w < g.wires.size(); ++w)
        if (g.wire_is_mesh[w]) {
          add(g.wires[w].first, g.wires[w].second, 2 * w);
          add(g.wires[w].second, g.wires[w].first, 2 * w + 1);
        }
    });
    // Each mesh entry's direction and each down entry's subcell, so that a path picks its next
    // node by a byte instead of comparing regions.
    mesh_tag_.resize(mesh_.entry.size());
    down_tag_.resize(down_.entry.size());
    for (std::uint32_t v = 0; v < nodes; ++v) {
      const Cell<D> at = unpack(key[v]);
      for (std::uint32_t e = mesh_.start[v]; e < mesh_.start[v + 1]; ++e) {
        const Cell<D> to = unpack(key[mesh_.entry[e].first]);
        Cell<D> step;
        for (int a = 0; a < D; ++a) step[a] = to[a] - at[a];
        mesh_tag_[e] = direction_of<D>(step);
      }
      for (std::uint32_t e = down_.start[v]; e < down_.start[v + 1]; ++e) {
        const Cell<D> child = unpack(key[down_.entry[e].first]);
        Cell<D> sub;
        for (int a = 0; a < D; ++a) sub[a] = child[a] - 2 * at[a];
        down_tag_[e] = subcell(sub);
      }
    }
    // Which steps draw, level by level: up from a node with several parents, a mesh step with
    // several parallel wires to the neighbour. `uniform_`: every node of a level draws alike.
    const int m = net_.levels();
    const auto levels = static_cast<std::size_t>(m) + 1;
    std::vector<std::uint8_t> up_seen(levels, 0), mesh_seen(levels, 0);  // bit 0: once, bit 1: more
    for (std::uint32_t v = 0; v < nodes; ++v) {
      const auto l = static_cast<std::size_t>(g.level[v]);
      if (const auto parents = up_.of(v).size(); parents > 0)
        up_seen[l] |= parents > 1 && !first_parent_ ? 2 : 1;
      std::array<std::uint32_t, kDirections<D>> wires_to{};  // per neighbour, by direction
      for (std::uint32_t e = mesh_.start[v]; e < mesh_.start[v + 1]; ++e) ++wires_to[mesh_tag_[e]];
      for (const std::uint32_t n : wires_to)
        if (n > 0) mesh_seen[l] |= n > 1 ? 2 : 1;
    }
    up_draws_.assign(levels + 1, 0);
    mesh_draws_.assign(levels, 0);
    for (std::size_t l = 0; l < levels; ++l) {
      uniform_ = uniform_ && up_seen[l] != 3 && mesh_seen[l] != 3;
      up_draws_[l + 1] = up_draws_[l] + (up_seen[l] == 2);
      mesh_draws_[l] = mesh_seen[l] == 2;
    }
    wire_count_ = g.wires.size();
    if (keep_wires) wires_ = std::move(g.wires);
  }

  // Whether every node of a level draws alike, so that expected_draws is exact.
  bool uniform() const { return uniform_; }
  // The draws path() makes for a message turning at `turn` with `hops` mesh hops, when uniform().
  std::uint64_t expected_draws(ButterflyTurn turn, int hops) const {
    return up_draws_[static_cast<std::size_t>(turn.level)] +
           (turn.mesh ? static_cast<std::uint64_t>(hops) *
                            mesh_draws_[static_cast<std::size_t>(turn.level)]
                      : 0);
  }

  // The graph's wires, (child, parent) for tree wires; wire w's directed codes are 2w and 2w + 1.
  // (Kept only when constructed with keep_wires.)
  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& wires() const { return wires_; }
  std::size_t wire_count() const { return wire_count_; }
  const Net& net() const { return net_; }
  int phases() const { return 2 * net_.levels() + T::kMeshPhases; }

  // Whether a path's first step draws (a processor with several parents), when uniform().
  bool first_step_draws() const { return up_draws_[1] > 0; }

  // The first wire of a path from processor msg.first (to another processor): its draw, if any,
  // is the first that path() makes.
  std::uint32_t first_wire(const Message& msg, SplitMix64& rng) const {
    std::uint64_t draws = 0;
    return climb(msg.first, rng, draws).second;
  }

  // One attempt's directed wires, at their phases: up wire of level l at l - 1, the mesh hops at
  // m + their mesh phase, down wire of level l at 2m + (mesh phases) - l; kNone where the path
  // has no wire.
  // `turn` is turn_of(msg), which the caller computes once per message. Returns the draws made.
  std::uint64_t path(const Message& msg, ButterflyTurn turn, SplitMix64& rng,
                     std::uint32_t* out) const {
    const int m = net_.levels();
    std::fill(out, out + phases(), kNone);
    if (msg.first == msg.second) return 0;
    std::uint64_t draws = 0;
    std::uint32_t v = msg.first;
    for (int l = 0; l < turn.level; ++l) {
      const auto& pick = climb(v, rng, draws);
      out[l] = pick.second;
      v = pick.first;
    }
    const Cell<D> dst = T::processor_cell(net_, msg.second);
    if (turn.mesh) {
      // The climb ends in the source's region at the turn level.
      Cell<D> at = shifted<D>(T::processor_cell(net_, msg.first), turn.level);
      const Cell<D> to = shifted<D>(dst, turn.level);
      const Hops<D> h = hops_between(net_, at, to);
      for (int i = 0; i < h.count; ++i) {
        for (int a = 0; a < D; ++a) at[a] += h.step[i][a];
        v = mesh_step(v, direction_of<D>(h.step[i]), rng, out[m + h.phase[i]], draws);
      }
      FTVLSI_ASSERT(at == to);
    }
    for (int l = turn.level; l >= 1; --l) {
      Cell<D> sub;
      for (int a = 0; a < D; ++a) sub[a] = (dst[a] >> (l - 1)) & 1;
      const std::uint8_t want = subcell(sub);
      const std::uint32_t first = down_.start[v], last = down_.start[v + 1];
      std::uint32_t e = first;
      while (e < last && down_tag_[e] != want) ++e;
      FTVLSI_ASSERT(e != last);
      out[2 * m + T::kMeshPhases - l] = down_.entry[e].second;
      v = down_.entry[e].first;
    }
    FTVLSI_ASSERT(v == msg.second);
    return draws;
  }

 private:
  // A region's cell packed into 21 bits an axis (cells are below 2^21 on every axis).
  static constexpr int kBits = 21;
  static std::uint64_t pack(const Cell<D>& c) {
    std::uint64_t key = 0;
    for (int a = 0; a < D; ++a) {
      FTVLSI_ASSERT(c[a] >= 0 && c[a] < (std::int64_t{1} << kBits));
      key |= static_cast<std::uint64_t>(c[a]) << (kBits * a);
    }
    return key;
  }
  static Cell<D> unpack(std::uint64_t key) {
    Cell<D> c;
    for (int a = 0; a < D; ++a)
      c[a] = static_cast<std::int64_t>((key >> (kBits * a)) & ((std::uint64_t{1} << kBits) - 1));
    return c;
  }
  // One step up from v: its parent and the wire there, at random among several (a draw).
  const std::pair<std::uint32_t, std::uint32_t>& climb(std::uint32_t v, SplitMix64& rng,
                                                       std::uint64_t& draws) const {
    const auto parents = up_.of(v);
    const bool draw = parents.size() > 1 && !first_parent_;
    draws += draw;
    return parents[draw ? rng.below(parents.size()) : 0];
  }
  // A child's subcell of its parent's region (each axis 0 or 1) as one of 2^D.
  static std::uint8_t subcell(const Cell<D>& sub) {
    std::uint32_t tag = 0;
    for (int a = 0; a < D; ++a) {
      FTVLSI_ASSERT(sub[a] == 0 || sub[a] == 1);
      tag |= static_cast<std::uint32_t>(sub[a]) << a;
    }
    return static_cast<std::uint8_t>(tag);
  }
  // One mesh edge from v to the same-numbered switch of the adjacent node in direction `dir`:
  // one of its parallel wires at random.
  std::uint32_t mesh_step(std::uint32_t v, std::uint8_t dir, SplitMix64& rng, std::uint32_t& wire,
                          std::uint64_t& draws) const {
    std::uint32_t options[4], target[4], count = 0;
    for (std::uint32_t e = mesh_.start[v]; e < mesh_.start[v + 1]; ++e)
      if (mesh_tag_[e] == dir && count < 4)
        target[count] = mesh_.entry[e].first, options[count++] = mesh_.entry[e].second;
    FTVLSI_ASSERT(count >= 1);
    draws += count > 1;
    const auto k = static_cast<std::uint32_t>(count == 1 ? 0 : rng.below(count));
    wire = options[k];
    return target[k];
  }

  const Net& net_;
  bool first_parent_ = false;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires_;
  std::size_t wire_count_ = 0;
  Csr up_, down_, mesh_;
  std::vector<std::uint8_t> mesh_tag_, down_tag_;  // per entry: direction_of(), subcell()
  bool uniform_ = true;
  std::vector<std::uint64_t> up_draws_;   // [l]: the draws of a climb to level l
  std::vector<std::uint8_t> mesh_draws_;  // [l]: a mesh step at level l draws
};

// The router of the 3D butterfly fat-tree and fat-pyramid by arithmetic on graph()'s numbering
// (network/butterfly_fat_tree3d.cpp): a switch is (level l, node, j), node a Morton prefix and j
// below s_l = 4^(l-1); the level-l tree wires follow every wire of the levels below, in the
// order (node, j, child), then the level's mesh wires in the order (axis, node, j) over the nodes
// with a neighbour beyond them along the axis. It makes the paths, wires and draws of
// Router<ButterflyFatTree3d>, which walks the graph (butterfly_routing3d_test compares every
// path of small cubes), without the graph's adjacency arrays: a step is a few shifts instead of
// a cache miss or three.
class CubeRouter {
 public:
  explicit CubeRouter(const ButterflyFatTree3d& net, ParentChoice parents = ParentChoice::kRandom,
                      bool keep_wires = false)
      : net_(net), first_parent_(parents == ParentChoice::kFirst) {
    const int m = net.levels();
    tree_base_.assign(static_cast<std::size_t>(m) + 2, 0);
    mesh_first_.resize(static_cast<std::size_t>(m) + 1);
    std::uint64_t next = 0;  // the next wire's index, as graph() adds them
    for (int l = 1; l <= m; ++l) {
      tree_base_[static_cast<std::size_t>(l)] = next;
      next += 8 * net.switches_at(l);
      if (net.mesh_wires_at(l) == 0) continue;
      const std::uint64_t nodes = net.nodes_at(l), s = net.switches_per_node(l);
      const auto side = static_cast<std::int64_t>(net.nodes_per_side(l));
      auto& first = mesh_first_[static_cast<std::size_t>(l)];
      first.assign(3 * nodes, kNone);
      for (int a = 0; a < 3; ++a)
        for (std::uint64_t node = 0; node < nodes; ++node)
          if (demorton3(node)[static_cast<std::size_t>(a)] + 1 < side) {
            first[3 * node + static_cast<std::uint64_t>(a)] = static_cast<std::uint32_t>(next);
            next += s;
          }
    }
    FTVLSI_ASSERT(next == net.wires() && next < kNone / 2);
    wire_count_ = next;
    if (keep_wires) wires_ = net.graph().wires;
  }

  bool uniform() const { return true; }
  // A climb from a level-l switch, 1 <= l < m, draws one of its four parents; a processor has one
  // parent, and every mesh edge is one wire.
  std::uint64_t expected_draws(ButterflyTurn turn, int) const {
    return first_parent_ || turn.level < 2 ? 0 : static_cast<std::uint64_t>(turn.level - 1);
  }
  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& wires() const { return wires_; }
  std::size_t wire_count() const { return wire_count_; }
  const ButterflyFatTree3d& net() const { return net_; }
  int phases() const { return 2 * net_.levels() + 3; }
  bool first_step_draws() const { return false; }
  std::uint32_t first_wire(const Message& msg, SplitMix64&) const {
    return static_cast<std::uint32_t>(2 * (tree_base_[1] + msg.first));
  }

  // Router::path's contract.
  std::uint64_t path(const Message& msg, ButterflyTurn turn, SplitMix64& rng,
                     std::uint32_t* out) const {
    const int m = net_.levels();
    std::fill(out, out + phases(), kNone);
    if (msg.first == msg.second) return 0;
    std::uint64_t draws = 0;
    // Up: processor p's one parent is switch (1, p / 8, 0), over wire p of level 1.
    out[0] = first_wire(msg, rng);
    std::uint64_t node = msg.first >> 3, j = 0;
    for (int l = 2; l <= turn.level; ++l) {  // (l - 1, node, j) to (l, node / 8, j + t s_(l-1))
      const std::uint64_t t = first_parent_ ? 0 : (++draws, rng.below(4));
      const std::uint64_t child = node & 7;
      node >>= 3;
      j += t << (2 * (l - 2));
      out[l - 1] = tree_code(l, node, j, child, true);
    }
    if (turn.mesh) {  // one hop along each axis the regions differ on: x, y, z
      const int l = turn.level;
      const Cell<3> at = shifted<3>(demorton3(msg.first), l),
                    to = shifted<3>(demorton3(msg.second), l);
      const auto& first = mesh_first_[static_cast<std::size_t>(l)];
      for (int a = 0; a < 3; ++a) {
        if (at[static_cast<std::size_t>(a)] == to[static_cast<std::size_t>(a)]) continue;
        const bool forward = to[static_cast<std::size_t>(a)] > at[static_cast<std::size_t>(a)];
        const std::uint64_t beyond = neighbour(node, a, forward);
        const std::uint64_t lower = forward ? node : beyond;
        const std::uint64_t w = first[3 * lower + static_cast<std::uint64_t>(a)] + j;
        out[m + a] = static_cast<std::uint32_t>(2 * w + (forward ? 0 : 1));
        node = beyond;
      }
    }
    for (int l = turn.level; l >= 1; --l) {  // down to the child holding the destination
      const std::uint64_t child = (std::uint64_t{msg.second} >> (3 * (l - 1))) & 7;
      out[2 * m + 3 - l] = tree_code(l, node, j, child, false);
      node = 8 * node + child;
      if (l >= 2) j &= (std::uint64_t{1} << (2 * (l - 2))) - 1;  // j mod s_(l-1)
    }
    FTVLSI_ASSERT(node == msg.second);
    return draws;
  }

 private:
  // The directed code of the wire from switch (l, node, j) to its child `child`: up or down.
  std::uint32_t tree_code(int l, std::uint64_t node, std::uint64_t j, std::uint64_t child,
                          bool up) const {
    const std::uint64_t w =
        tree_base_[static_cast<std::size_t>(l)] + ((node << (2 * (l - 1))) + j) * 8 + child;
    return static_cast<std::uint32_t>(2 * w + (up ? 0 : 1));
  }
  // The Morton index of the node one step along axis a (the bits of a's coordinate are every
  // third, from bit a: add or subtract in them alone).
  static std::uint64_t neighbour(std::uint64_t node, int a, bool forward) {
    const std::uint64_t mask = 0x1249249249249249ull << a;
    const std::uint64_t one = std::uint64_t{1} << a;
    const std::uint64_t moved =
        forward ? ((node | ~mask) + one) & mask : ((node & mask) - one) & mask;
    return moved | (node & ~mask);
  }

  const ButterflyFatTree3d& net_;
  bool first_parent_ = false;
  std::vector<std::uint64_t> tree_base_;  // [l]: the index of level l's first tree wire
  // [l][3 node + a]: the index of the mesh wire from switch j = 0 of `node` to the node beyond
  // it along axis a (switch j's is that plus j), or kNone where there is none.
  std::vector<std::vector<std::uint32_t>> mesh_first_;
  std::size_t wire_count_ = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires_;
};

// The router each network's simulation uses.
template <class Net>
struct RouterFor {
  using type = Router<Net>;
};
template <>
struct RouterFor<ButterflyFatTree3d> {
  using type = CubeRouter;
};

// λ: the most messages on one channel over its width. Every channel has a counter in flat arrays,
// one block per level: a level's up and down channels per node, then (from level 1) its mesh
// channels per node and direction (3^D directions, the hop's step per axis in {-1, 0, 1}). The
// nodes of level l are the processor cells shifted right by l, numbered row-major over the extent
// the messages' endpoints reach. One pass over the messages, about 6n counters in all.
template <class Net>
double load_factor_of(const Net& net, const MessageSet& messages) {
  using T = NetTraits<Net>;
  constexpr int D = T::kDim;
  // Both passes run on two lanes for a large set, each over half the messages; in the second
  // each lane counts into a table of its own, and the tables are added.
  const int lanes = messages.size() >= kButterflyParallelCycle ? 2 : 1;
  const std::array<std::size_t, 3> begin{0, lanes == 2 ? messages.size() / 2 : messages.size(),
                                         messages.size()};
  // Each message's turn, computed once for both passes: 2 × level + mesh, kSelf for a message
  // to itself (a byte: levels stay below 64).
  constexpr std::uint8_t kSelf = 255;
  std::vector<std::uint8_t> turns(messages.size(), kSelf);
  std::array<Cell<D>, 2> lane_extent{};
  std::array<int, 2> lane_top{};  // the highest turn level
  run_lanes(lanes, [&](int lane) {
    Cell<D> extent{};  // locals: the lanes share no cache line while they scan
    int top = 0;
    for (std::size_t i = begin[lane]; i < begin[lane + 1]; ++i) {
      if (lane == 0 && i % 65536 == 0) poll_cancel();
      const auto [src, dst] = messages[i];
      const auto s = T::processor_cell(net, src), d = T::processor_cell(net, dst);
      for (int a = 0; a < D; ++a) extent[a] = std::max({extent[a], s[a] + 1, d[a] + 1});
      if (src == dst) continue;
      const ButterflyTurn turn = turn_of(net, s, d);
      turns[i] = static_cast<std::uint8_t>(2 * turn.level + (turn.mesh ? 1 : 0));
      top = std::max(top, turn.level);
    }
    lane_extent[static_cast<std::size_t>(lane)] = extent;
    lane_top[static_cast<std::size_t>(lane)] = top;
  });
  Cell<D> extent = lane_extent[0];
  for (int a = 0; a < D; ++a) extent[a] = std::max(extent[a], lane_extent[1][a]);
  const int top = std::max(lane_top[0], lane_top[1]);
  // Level l's nodes, the offsets of its up, down and mesh blocks.
  std::vector<std::uint64_t> nodes(top + 1), up(top + 1), down(top + 1), mesh(top + 1);
  std::uint64_t size = 0;
  for (int l = 0; l <= top; ++l) {
    nodes[l] = 1;
    for (int a = 0; a < D; ++a) nodes[l] *= static_cast<std::uint64_t>(((extent[a] - 1) >> l) + 1);
    up[l] = size, down[l] = up[l] + nodes[l], mesh[l] = down[l] + nodes[l];
    size = mesh[l] + (l >= 1 ? nodes[l] * kDirections<D> : 0);
  }
  const auto index = [&](const Cell<D>& at, int l) {
    std::uint64_t i = 0;
    for (int a = D - 1; a >= 0; --a)
      i = i * static_cast<std::uint64_t>(((extent[a] - 1) >> l) + 1) +
          static_cast<std::uint64_t>(at[a]);
    return i;
  };
  std::vector<std::uint32_t> count(size, 0), second(lanes == 2 ? size : 0, 0);
  run_lanes(lanes, [&](int lane) {
    std::vector<std::uint32_t>& mine = lane == 0 ? count : second;
    for (std::size_t i = begin[lane]; i < begin[lane + 1]; ++i) {
      if (lane == 0 && i % 65536 == 0) poll_cancel();
      if (turns[i] == kSelf) continue;
      const auto [src, dst] = messages[i];
      const ButterflyTurn turn{turns[i] / 2, turns[i] % 2 == 1};
      const auto s = T::processor_cell(net, src), d = T::processor_cell(net, dst);
      for (int l = 0; l < turn.level; ++l) {
        ++mine[up[l] + index(shifted<D>(s, l), l)];
        ++mine[down[l] + index(shifted<D>(d, l), l)];
      }
      if (turn.mesh) {
        // The directed mesh channels from a node towards a neighbour, hop by hop.
        const int l = turn.level;
        Cell<D> at = shifted<D>(s, l);
        const Hops<D> h = hops_between(net, at, shifted<D>(d, l));
        for (int k = 0; k < h.count; ++k) {
          ++mine[mesh[l] + index(at, l) * kDirections<D> + direction_of<D>(h.step[k])];
          for (int a = 0; a < D; ++a) at[a] += h.step[k][a];
        }
      }
    }
  });
  for (std::size_t c = 0; c < second.size(); ++c) count[c] += second[c];
  second = {};
  double lambda = 0;
  for (int l = 0; l <= top; ++l) {
    const auto most = [&](std::uint64_t from, std::uint64_t to) {
      return from == to ? std::uint32_t{0}
                        : *std::max_element(count.begin() + from, count.begin() + to);
    };
    const std::uint32_t tree = most(up[l], mesh[l]);
    const std::uint64_t end = l < top ? up[l + 1] : size;
    lambda =
        std::max(lambda, static_cast<double>(tree) / static_cast<double>(net.channel_width(l)));
    if (l >= 1)
      lambda = std::max(lambda, static_cast<double>(most(mesh[l], end)) /
                                    static_cast<double>(T::mesh_width(net, l)));
  }
  return lambda;
}

}  // namespace

ButterflyTurn butterfly_turn(const ButterflyFatTree& net, std::uint32_t src, std::uint32_t dst) {
  return turn_of(net, src, dst);
}
ButterflyTurn butterfly_turn(const ButterflyFatTree3d& net, std::uint32_t src, std::uint32_t dst) {
  return turn_of(net, src, dst);
}

double butterfly_load_factor(const ButterflyFatTree& net, const MessageSet& messages) {
  return load_factor_of(net, messages);
}
double butterfly_load_factor(const ButterflyFatTree3d& net, const MessageSet& messages) {
  return load_factor_of(net, messages);
}

namespace {

// One delivery cycle at a time: fresh random parents for every message sent, contention
// resolved phase by phase (docs/design.md §5.5), optional timing.
//
// A cycle that sends many messages draws their paths in two lanes (threads): lane 0 the first
// half of `sent`, lane 1 the second, each from the shared generator's stream where its first
// message's draws begin. Where that is follows from the messages' shapes, when every node of a
// level draws alike (Router::uniform, true of both networks; otherwise one lane draws all), and
// is checked against the draws lane 0 really made. So the draws, and every result, are those of
// one lane drawing all paths in order. The contention is then resolved in one lane, in message
// order.
template <class Net>
class ButterflySimulator {
  static constexpr int kMesh = NetTraits<Net>::kMeshPhases;

 public:
  ButterflySimulator(const Net& net, const MessageSet& messages, SwitchPolicy policy,
                     std::uint64_t seed, const ButterflyTiming* timing, ParentChoice parents,
                     std::size_t parallel_cycle, bool paths_first = false)
      : parallel_cycle_(parallel_cycle),
        paths_first_(paths_first),
        router_(net, parents),
        messages_(messages),
        policy_(policy),
        rng_(seed),
        timing_(timing),
        phases_(static_cast<std::size_t>(router_.phases())),
        slot_(2 * router_.wire_count()),
        shapes_(messages.size()) {
    FTVLSI_ASSERT(phases_ <= kMaxPhases);  // levels below 64
    if (timing_) {
      FTVLSI_ASSERT(timing_->wire_length.size() == router_.wire_count());
      wire_delay_.reserve(timing_->wire_length.size());
      for (auto len : timing_->wire_length) {
        FTVLSI_ASSERT(len < (std::uint64_t{1} << 56) / kMaxPhases);  // a path fits Won::length
        wire_delay_.push_back(timing_->timing.delay(static_cast<double>(len)));
      }
      path_length_.assign(messages.size(), 0);
    }
  }

  // Sends `sent` (ascending ids); returns the delivered ones, ascending.
  //
  // Each phase's contenders as (message, directed wire), ascending by message: a phase scans only
  // the messages whose path has a wire in it. Phase p's list is lane 0's part, then lane 1's,
  // each counted exactly from the messages' shapes before any path is drawn. The first phase (up
  // from the processor) and the last (down to it) hold every message but those to their own
  // processor: their wires are kept by message instead (first_wire_, last_wire_).
  //
  // When every node of a level draws alike (Router::uniform), a message's draws are known from
  // its shape, so each message's place in the stream is: the first phase is then drawn and
  // resolved before the rest of any path, and only its survivors draw the rest (each from its
  // own place, a lost one's draws skipped), which are the same draws and results as drawing every
  // path first. Most messages are lost in the first phase when processors send several at once.
  std::vector<std::uint32_t> cycle(const std::vector<std::uint32_t>& sent) {
    const std::size_t k = sent.size();
    const bool early = router_.uniform() && !paths_first_;
    const int lanes = k >= parallel_cycle_ && early ? 2 : 1;
    const std::array<std::size_t, 3> begin{0, lanes == 2 ? k / 2 : k, k};
    std::array<std::uint64_t, 2> expected{0, 0};
    // Not cleared: every message's first wire is written before the first phase (kNone for one
    // to its own processor), and (by message only without the early first phase) its last wire.
    first_wire_.resize(k);
    if (!early) last_wire_.resize(k);
    begin_resolve(sent);
    // Where the first step draws nothing (a processor has one parent), its wires are known now.
    const bool undrawn_first = early && !router_.first_step_draws();
    expect_draws(sent, begin, lanes, expected, undrawn_first);
    const SplitMix64 paths = rng_;  // the paths draw first, then the contention
    if (early && !undrawn_first) {
      run_lanes(lanes, [&](int lane) {  // each message's first wire, from its place
        SplitMix64 rng = paths;
        if (lane == 1) rng.discard(expected[0]);
        for (std::size_t i = begin[lane]; i < begin[lane + 1]; ++i) {
          if (lane == 0 && i % 4096 == 0) poll_cancel();
          const Shape sh = shapes_[sent[i]];
          if (sh.level < 0) {
            first_wire_[i] = kNone;
            continue;
          }
          SplitMix64 own = rng;
          first_wire_[i] = router_.first_wire(messages_[sent[i]], own);
          rng.discard(router_.expected_draws(turn(sh), hops(sh)));
        }
      });
    }
    if (early) {
      rng_.discard(expected[0] + expected[1]);
      resolve_phase(k, by_message(first_wire_), alive_);
      gather_survivors(k, lanes);
    }
    count_phases(sent, begin, lanes, early);  // early: the first phase's survivors only
    std::array<std::uint64_t, 2> draws{0, 0};
    run_lanes(lanes, [&](int lane) {
      SplitMix64 rng = paths;
      if (lane == 1) rng.discard(expected[0]);
      std::vector<std::uint64_t> cursor(
          lane_start_.begin() + lane * static_cast<long>(phases_),
          lane_start_.begin() + (lane + 1) * static_cast<long>(phases_));
      std::array<std::uint32_t, kMaxPhases> path;
      std::uint64_t made = 0;
      const auto list = [&](std::uint32_t id) {
        for (std::size_t p = 1; p + 1 < phases_; ++p)
          if (path[p] != kNone) entries_[cursor[p]++] = {id, path[p]};
      };
      if (early) {
        // By survivor (r, the lane's first at its place in survivors_); the messages lost
        // between two survivors skip their draws, counted by expect_draws.
        const auto at = [&](std::size_t i) {
          return static_cast<std::uint32_t>(
              std::lower_bound(survivors_.begin(), survivors_.end(), i) - survivors_.begin());
        };
        const auto skip = [&](std::size_t from, std::size_t to) {
          std::uint64_t d = 0;
          for (std::size_t x = from; x < to; ++x) d += draws_[x];
          rng.discard(d);
          made += d;
        };
        std::size_t next = begin[lane];  // the first message not yet passed
        for (std::uint32_t r = at(begin[lane]), end = at(begin[lane + 1]); r < end; ++r) {
          if (lane == 0 && r % 4096 == 0) poll_cancel();
          const std::size_t i = survivors_[r];
          skip(next, i);
          next = i + 1;
          const Shape sh = shapes_[sent[i]];
          if (sh.level < 0) {  // a message to its own processor: no wire, and alive
            last_[r] = kNone;
            continue;
          }
          made += router_.path(messages_[sent[i]], turn(sh), rng, path.data());
          last_[r] = path[phases_ - 1];
          list(r);
        }
        skip(next, begin[lane + 1]);
      } else {
        // By message, put in survivor order after the first phase (to_survivors).
        for (std::size_t i = begin[lane]; i < begin[lane + 1]; ++i) {
          if (lane == 0 && i % 4096 == 0) poll_cancel();
          const Shape sh = shapes_[sent[i]];
          if (sh.level < 0) {  // a message to its own processor: no wire, and alive
            first_wire_[i] = last_wire_[i] = kNone;
            continue;
          }
          made += router_.path(messages_[sent[i]], turn(sh), rng, path.data());
          first_wire_[i] = path[0];
          last_wire_[i] = path[phases_ - 1];
          list(static_cast<std::uint32_t>(i));
        }
      }
      draws[static_cast<std::size_t>(lane)] = made;
    });
    FTVLSI_ASSERT(lanes == 1 || draws[0] == expected[0]);  // lane 1 started where lane 0 ended
    if (early) {
      FTVLSI_ASSERT(draws[0] + draws[1] == expected[0] + expected[1]);
    } else {
      rng_.discard(draws[0] + draws[1]);
      resolve_phase(k, by_message(first_wire_), alive_);
      gather_survivors(k, lanes);
      to_survivors(k);
    }
    resolve_rest(k);
    std::vector<std::uint32_t> delivered;
    for (std::size_t r = 0; r < survivors_.size(); ++r) {
      if (!live_[r]) continue;
      const std::uint32_t id = sent[survivors_[r]];
      delivered.push_back(id);
      if (timing_) path_length_[id] = won_[r].length;
    }
    return delivered;
  }

  std::uint64_t steps() const { return steps_; }
  double elapsed() const { return elapsed_; }
  std::vector<std::uint64_t> take_path_lengths() { return std::move(path_length_); }

 private:
  static constexpr std::size_t kMaxPhases = 2 * 64 + 3;
  // What a message has won in a cycle: its wires' delays, lengths and count.
  struct Won {
    double delay = 0;
    std::uint64_t length : 56 = 0;
    std::uint64_t wires : 8 = 0;
  };

  // A message's route shape, the same for every attempt: its turn level (-1 for a message to
  // its own processor), whether it turns through the mesh, and its mesh hops' phases (bit h:
  // a hop in mesh phase h). Computed on its first send and kept.
  struct Shape {
    std::int8_t level = -2;  // -2: not yet computed
    std::uint8_t mesh : 1 = 0;
    std::uint8_t hop_phases : NetTraits<Net>::kMeshPhases = 0;
  };
  static_assert(sizeof(Shape) == 2);
  static ButterflyTurn turn(const Shape& sh) { return {sh.level, sh.mesh != 0}; }
  // Its mesh hops (at most three bits: a sum, not a library call for popcount).
  static int hops(const Shape& sh) {
    const unsigned h = sh.hop_phases;
    return static_cast<int>((h & 1u) + ((h >> 1) & 1u) + ((h >> 2) & 1u));
  }

  Shape shape(std::uint32_t id) {
    Shape& sh = shapes_[id];
    if (sh.level == -2) {
      using T = NetTraits<Net>;
      const Message& msg = messages_[id];
      if (msg.first == msg.second) {
        sh.level = -1;
      } else {
        const Net& net = router_.net();
        const ButterflyTurn t = turn_of(net, msg.first, msg.second);
        sh.level = static_cast<std::int8_t>(t.level);
        sh.mesh = t.mesh;
        if (t.mesh) {
          const Hops<T::kDim> h =
              hops_between(net, shifted<T::kDim>(T::processor_cell(net, msg.first), t.level),
                           shifted<T::kDim>(T::processor_cell(net, msg.second), t.level));
          for (int i = 0; i < h.count; ++i) sh.hop_phases |= std::uint8_t(1u << h.phase[i]);
        }
      }
    }
    return sh;
  }

  // The expected draws of each lane's messages (computing their shapes on first sight), and
  // each message's own (draws_). With `first_wires`, also each message's first wire (when that
  // step draws nothing).
  void expect_draws(const std::vector<std::uint32_t>& sent, const std::array<std::size_t, 3>& begin,
                    int lanes, std::array<std::uint64_t, 2>& expected, bool first_wires) {
    draws_.resize(sent.size());
    run_lanes(lanes, [&](int lane) {
      std::uint64_t draws = 0;
      SplitMix64 unused(0);
      for (std::size_t i = begin[lane]; i < begin[lane + 1]; ++i) {
        if (lane == 0 && i % 4096 == 0) poll_cancel();
        const Shape sh = shape(sent[i]);
        if (sh.level < 0) {  // a message to its own processor: no wire
          draws_[i] = 0;
          if (first_wires) first_wire_[i] = kNone;
          continue;
        }
        const std::uint64_t d = router_.expected_draws(turn(sh), hops(sh));
        FTVLSI_ASSERT(d <= kMaxPhases);  // a draw per step at most: fits draws_
        draws_[i] = static_cast<std::uint8_t>(d);
        draws += d;
        if (first_wires) first_wire_[i] = router_.first_wire(messages_[sent[i]], unused);
      }
      expected[static_cast<std::size_t>(lane)] = draws;
    });
  }

  // The contenders of the phases between the first and the last, from the shapes of the alive
  // messages: each lane's first slot of each phase (lane_start_), each phase's end (phase_end_).
  // Early, the alive messages are the first phase's survivors, and only they are read.
  void count_phases(const std::vector<std::uint32_t>& sent, const std::array<std::size_t, 3>& begin,
                    int lanes, bool early) {
    lane_start_.assign(2 * phases_, 0);
    run_lanes(lanes, [&](int lane) {  // counted in locals: the lanes share no cache line
      std::array<std::uint64_t, kMaxPhases> count{};
      const int m = router_.net().levels();  // phases_ = 2 m + kMesh
      const auto add = [&](std::size_t i) {
        const Shape sh = shapes_[sent[i]];
        if (sh.level < 0 || !alive_[i]) return;
        for (int l = 1; l < sh.level; ++l) ++count[l], ++count[2 * m + kMesh - l - 1];
        for (int h = 0; h < kMesh; ++h) count[m + h] += (sh.hop_phases >> h) & 1u;
      };
      if (early) {
        const auto from = std::lower_bound(survivors_.begin(), survivors_.end(), begin[lane]);
        const auto to = std::lower_bound(from, survivors_.end(), begin[lane + 1]);
        for (auto r = from; r != to; ++r) {
          if (lane == 0 && (r - from) % 4096 == 0) poll_cancel();
          add(*r);
        }
      } else {
        for (std::size_t i = begin[lane]; i < begin[lane + 1]; ++i) {
          if (lane == 0 && i % 4096 == 0) poll_cancel();
          add(i);
        }
      }
      std::copy_n(count.begin(), phases_, lane_start_.begin() + lane * static_cast<long>(phases_));
    });
    std::uint64_t total = 0;
    for (std::size_t p = 0; p < phases_; ++p) {  // counts become each lane's first slot
      const std::uint64_t c0 = lane_start_[p], c1 = lane_start_[phases_ + p];
      lane_start_[p] = total, lane_start_[phases_ + p] = total + c0;
      total += c0 + c1;
    }
    phase_end_.resize(phases_);
    for (std::size_t p = 0; p < phases_; ++p)
      phase_end_[p] = p + 1 < phases_ ? lane_start_[p + 1] : total;
    entries_.resize(total);
  }

  // Phase by phase, every alive contender of a directed wire counts and one wins: a uniform
  // choice by reservoir sampling, or the first (the lowest message number). A wire won in an
  // earlier phase stays held for the cycle: a 2D diagonal's vertical edge (its second mesh
  // phase) cannot also carry a message whose only edge it is (the first mesh phase).
  // With timing, what each survivor of the first phase has won so far, in phase order (won_): the
  // delays of its wires, their lengths and their count (a message alive at a phase has won every
  // wire before it). begin_resolve, then the first phase (resolve_phase over first_wire_), then
  // resolve_rest.
  void begin_resolve(const std::vector<std::uint32_t>& sent) {
    alive_.assign(sent.size(), 1);
    timed_now_ = false;
  }
  // After the first phase: the rest only concern its survivors (survivors_, ascending), since a
  // message dropped there contends nowhere else and has won nothing. They are numbered by their
  // place there (r), so that what the later phases read and write per message (live_, last_,
  // won_) is a small dense array, in the order the lists give.
  // Each lane gathers its half of the messages, lane 1's after lane 0's.
  void gather_survivors(std::size_t k, int lanes) {
    const std::array<std::size_t, 3> part{0, lanes == 2 ? k / 2 : k, k};
    std::array<std::size_t, 3> first{0, 0, 0};  // each lane's first survivor number
    run_lanes(lanes, [&](int lane) {
      std::size_t count = 0;
      for (std::size_t i = part[lane]; i < part[lane + 1]; ++i) count += alive_[i];
      first[static_cast<std::size_t>(lane) + 1] = count;
    });
    first[2] += first[1];
    // Without a branch (most of a busy cycle is lost): every message is written at the next
    // survivor's place, which the next survivor overwrites. Lane 0 stops at its last survivor,
    // whose next place is lane 1's first; lane 1's last write lands on the one place more.
    std::array<std::size_t, 2> end{part[1], part[2]};
    while (end[0] > 0 && !alive_[end[0] - 1]) --end[0];
    survivors_.resize(first[2] + 1);
    if (timing_) won_.resize(first[2]);
    run_lanes(lanes, [&](int lane) {
      std::size_t at = first[static_cast<std::size_t>(lane)];
      for (std::size_t i = part[lane]; i < end[static_cast<std::size_t>(lane)]; ++i) {
        survivors_[at] = static_cast<std::uint32_t>(i);
        at += alive_[i];
      }
      if (timing_)  // the first wires, won first
        for (std::size_t r = first[static_cast<std::size_t>(lane)]; r < at; ++r) {
          if (r + kAhead < at)
            if (const std::uint32_t c = first_wire_[survivors_[r + kAhead]]; c != kNone)
              prefetch_timing(c);
          won_[r] = {};
          if (const std::uint32_t c = first_wire_[survivors_[r]]; c != kNone) add_won(won_[r], c);
        }
    });
    survivors_.resize(first[2]);
    live_.assign(first[2], 1);
    last_.resize(first[2]);
    timed_now_ = timing_ != nullptr;
  }
  // Without the early first phase, the paths were listed by message: renumbered by survivor, a
  // lost message's entries emptied.
  void to_survivors(std::size_t k) {
    rank_.assign(k, kNone);
    for (std::size_t r = 0; r < survivors_.size(); ++r) {
      rank_[survivors_[r]] = static_cast<std::uint32_t>(r);
      last_[r] = last_wire_[survivors_[r]];
    }
    for (auto& [id, c] : entries_) {
      id = rank_[id];
      if (id == kNone) id = 0, c = kNone;
    }
  }
  void resolve_rest(std::size_t k) {
    for (std::size_t p = 1; p + 1 < phases_; ++p) {
      poll_cancel();
      const std::pair<std::uint32_t, std::uint32_t>* list = entries_.data() + lane_start_[p];
      resolve_phase(
          phase_end_[p] - lane_start_[p], [list](std::size_t j) { return list[j]; }, live_);
    }
    poll_cancel();
    resolve_phase(survivors_.size(), by_message(last_), live_);
    for (std::size_t t = 0; t < taken_count_; ++t) slot_[taken_[t]].count = 0;
    taken_count_ = 0;
    if (timing_) elapsed_ += slowest_round_trip(k);
  }
  // A phase kept by message: the j-th contender is message j, on wire[j].
  static auto by_message(const std::vector<std::uint32_t>& wire) {
    return [&wire](std::size_t j) { return std::pair{static_cast<std::uint32_t>(j), wire[j]}; };
  }

  // One phase, in list order (`at(j)`, j < n, is the j-th contender as (message, wire), or
  // has the wire kNone): each alive contender is counted, the wire's winner drawn, then every
  // counted contender settles.
  //
  // Whether a contender wins its draw is a coin of odds 1/seen, and whether it holds its wire
  // afterwards about as unpredictable (five of six lose the first phase of a busy cycle): both are
  // decided without a branch. The random switch draws only from the second contender on
  // (SplitMix64::below_past_one), as reservoir sampling would.
  template <class At>
  void resolve_phase(std::size_t n, At&& at, std::vector<std::uint8_t>& alive) {
    const bool random = policy_ == SwitchPolicy::kRandom;
    for (std::size_t j = 0; j < n; ++j) {
      if (j + kAhead < n) prefetch_wire(at(j + kAhead).second, false);
      const auto [i, c] = at(j);
      if (c == kNone || !alive[i]) continue;
      ++steps_;
      Slot& w = slot_[c];
      if (w.count == kHeld) {
        alive[i] = 0;
        continue;
      }
      const std::uint32_t seen = ++w.count;
      const bool take = random ? rng_.below_past_one(seen) == 0 : seen == 1;
      w.winner ^= (w.winner ^ i) & (0u - static_cast<std::uint32_t>(take));
    }
    // Room to list every counted contender's wire: a winner's entry is kept, a loser's
    // overwritten by the next.
    if (taken_.size() < taken_count_ + n + 1) taken_.resize(taken_count_ + n + 1);
    for (std::size_t j = 0; j < n; ++j) {
      if (j + kAhead < n) prefetch_wire(at(j + kAhead).second, timed_now_);
      const auto [i, c] = at(j);
      if (c != kNone && alive[i]) settle(i, c, alive);
    }
  }
  // The contention lists are in message order, their wires scattered: the scans fetch a wire's
  // state this many places ahead.
  static constexpr std::size_t kAhead = 32;
  void prefetch_wire(std::uint32_t c, bool timed) const {
    if (c == kNone) return;
    __builtin_prefetch(&slot_[c]);
    if (timed) prefetch_timing(c);
  }
  void prefetch_timing(std::uint32_t c) const {
    __builtin_prefetch(&wire_delay_[c / 2]);
    __builtin_prefetch(&timing_->wire_length[c / 2]);
  }

  // After the contention: a counted contender either holds its wire for the rest of the cycle
  // (and, timed, adds it to what it has won) or is dropped. Every counted wire has a winner among
  // its counted contenders (the first counted is taken), so each of them may mark it held.
  void settle(std::uint32_t i, std::uint32_t c, std::vector<std::uint8_t>& alive) {
    Slot& w = slot_[c];
    const bool won = w.winner == i;
    w.count = kHeld;
    alive[i] = won;
    taken_[taken_count_] = c;
    taken_count_ += won;
    if (timed_now_ && won) add_won(won_[i], c);  // after the first phase, i is a survivor's number
  }

  void add_won(Won& won, std::uint32_t c) const {
    won.delay += wire_delay_[c / 2];
    won.length += timing_->wire_length[c / 2];
    ++won.wires;
  }

  // The cycle's length (docs/design.md, "Time from the real wires"): a delivered message's round
  // trip over its path; a lost one's head up to the switch that dropped it and a one-bit negative
  // acknowledgment back over the same wires.
  double slowest_round_trip(std::size_t k) const {
    // A message dropped in the first phase has won no wire: its head went no farther.
    double slowest = survivors_.size() < k ? 2 * timing_->timing.head(0.0, 0) + 1 : 0;
    for (std::size_t r = 0; r < survivors_.size(); ++r) {
      const double delay = won_[r].delay;
      const std::size_t wires = won_[r].wires;
      if (live_[r] && wires > 0)
        slowest = std::max(slowest, timing_->timing.round_trip(delay, wires - 1));
      else if (!live_[r])
        slowest = std::max(slowest, 2 * timing_->timing.head(delay, wires) + 1);
    }
    return slowest;
  }

  // A directed wire's contention in the current phase: contenders seen, and the one holding it;
  // a count of kHeld marks a wire won in an earlier phase of this cycle (a 2D diagonal's
  // vertical edge, its second mesh phase, cannot also carry a message whose only edge it is).
  struct Slot {
    std::uint32_t count = 0;
    std::uint32_t winner = 0;
  };
  static constexpr std::uint32_t kHeld = UINT32_MAX;

  std::size_t parallel_cycle_;
  bool paths_first_;  // every path drawn before the first phase, even where the shapes tell
  const typename RouterFor<Net>::type router_;
  const MessageSet& messages_;
  SwitchPolicy policy_;
  SplitMix64 rng_;
  const ButterflyTiming* timing_;
  std::size_t phases_;
  std::vector<double> wire_delay_;
  std::vector<Slot> slot_;
  // With timing, per survivor of the first phase: the delays and lengths of the wires it has won
  // and their count (below kMaxPhases); a delivered message's length becomes its path_length_.
  std::vector<Won> won_;
  std::vector<std::uint32_t> rank_;  // to_survivors: per message of the cycle, its survivor number
  bool timed_now_ = false;           // the phases after the first add what is won
  // The cycle's contenders: phase p's are entries_[lane_start_[p], phase_end_[p]), lane 1's from
  // lane_start_[phases_ + p].
  std::vector<std::pair<std::uint32_t, std::uint32_t>> entries_;
  std::vector<std::uint32_t> first_wire_, last_wire_;  // per message of the cycle, or kNone
  std::vector<std::uint64_t> lane_start_, phase_end_;
  std::vector<std::uint32_t> taken_;  // the wires held this cycle: the first taken_count_
  std::size_t taken_count_ = 0;
  std::vector<std::uint8_t> alive_;
  std::vector<std::uint8_t> draws_;       // per message of the cycle: the draws of its path
  std::vector<std::uint32_t> survivors_;  // the cycle's messages alive after the first phase
  std::vector<std::uint8_t> live_;        // per survivor: alive still
  std::vector<std::uint32_t> last_;       // per survivor: its last wire, or kNone
  std::vector<std::uint64_t> path_length_;
  std::vector<Shape> shapes_;
  std::uint64_t steps_ = 0;
  double elapsed_ = 0;
};

}  // namespace

namespace {

template <class Net>
RouteResult route(const Net& net, const MessageSet& messages, ButterflyAlgorithm algorithm,
                  SwitchPolicy policy, std::uint64_t seed, std::uint64_t max_cycles,
                  const ButterflyTiming* timing, ParentChoice parents,
                  std::size_t parallel_cycle = kButterflyParallelCycle, bool paths_first = false) {
  ButterflySimulator<Net> sim(net, messages, policy, seed, timing, parents, parallel_cycle,
                              paths_first);
  detail::Router<ButterflySimulator<Net>> router(sim, messages.size(), max_cycles);
  if (algorithm == ButterflyAlgorithm::kGreedy) {
    while (!router.done()) router.send(router.undelivered());
  } else {
    // GL §6: RANDOM' with lines 3-6 repeated (k + 1) lg n times for |M| <= n^k.
    const double n = static_cast<double>(net.processors());
    const double k =
        std::max(1.0, std::ceil(std::log(std::max<double>(2, messages.size())) / std::log(n)));
    SplitMix64 rng(seed ^ 0x5bd1e995u);
    detail::random_prime_passes(router, rng, static_cast<std::uint64_t>((k + 1) * std::log2(n)));
  }
  RouteResult r = router.finish();
  r.path_length = sim.take_path_lengths();
  return r;
}

// Every message's path as the router draws it in one attempt, wires in the order taken.
template <class Router, class Net>
std::vector<ButterflyPath> paths_of(const Net& net, const MessageSet& messages, std::uint64_t seed,
                                    ParentChoice parents) {
  const Router router(net, parents, true);
  const auto& wires = router.wires();
  SplitMix64 rng(seed);
  std::vector<std::uint32_t> codes(static_cast<std::size_t>(router.phases()));
  std::vector<ButterflyPath> out;
  out.reserve(messages.size());
  for (const auto& msg : messages) {
    router.path(msg,
                msg.first == msg.second ? ButterflyTurn{} : turn_of(net, msg.first, msg.second),
                rng, codes.data());
    ButterflyPath p;
    p.nodes.push_back(msg.first);
    for (const std::uint32_t c : codes) {
      if (c == kNone) continue;
      const auto [a, b] = wires[c / 2];
      const bool forward = c % 2 == 0;  // up, or from the mesh wire's first end
      FTVLSI_ASSERT(p.nodes.back() == (forward ? a : b));
      p.wires.push_back(c / 2);
      p.nodes.push_back(forward ? b : a);
    }
    out.push_back(std::move(p));
  }
  return out;
}

// Router walks graph()'s adjacency (detail::Router is the cycle loop of router.hpp).
std::vector<ButterflyPath> graph_paths(const ButterflyFatTree3d& net, const MessageSet& messages,
                                       std::uint64_t seed, ParentChoice parents) {
  return paths_of<Router<ButterflyFatTree3d>>(net, messages, seed, parents);
}

}  // namespace

RouteResult route_butterfly(const ButterflyFatTree& net, const MessageSet& messages,
                            ButterflyAlgorithm algorithm, SwitchPolicy policy, std::uint64_t seed,
                            std::uint64_t max_cycles, const ButterflyTiming* timing,
                            ParentChoice parents, std::size_t parallel_cycle) {
  return route(net, messages, algorithm, policy, seed, max_cycles, timing, parents, parallel_cycle);
}
RouteResult route_butterfly(const ButterflyFatTree3d& net, const MessageSet& messages,
                            ButterflyAlgorithm algorithm, SwitchPolicy policy, std::uint64_t seed,
                            std::uint64_t max_cycles, const ButterflyTiming* timing,
                            ParentChoice parents, std::size_t parallel_cycle) {
  return route(net, messages, algorithm, policy, seed, max_cycles, timing, parents, parallel_cycle);
}

RouteResult detail::route_butterfly_paths_first(const ButterflyFatTree& net,
                                                const MessageSet& messages,
                                                ButterflyAlgorithm algorithm, SwitchPolicy policy,
                                                std::uint64_t seed, const ButterflyTiming* timing,
                                                ParentChoice parents) {
  return route(net, messages, algorithm, policy, seed, UINT64_MAX, timing, parents,
               kButterflyParallelCycle, true);
}
RouteResult detail::route_butterfly_paths_first(const ButterflyFatTree3d& net,
                                                const MessageSet& messages,
                                                ButterflyAlgorithm algorithm, SwitchPolicy policy,
                                                std::uint64_t seed, const ButterflyTiming* timing,
                                                ParentChoice parents) {
  return route(net, messages, algorithm, policy, seed, UINT64_MAX, timing, parents,
               kButterflyParallelCycle, true);
}

RouteResult route_butterfly_greedy(const ButterflyFatTree& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles, const ButterflyTiming* timing) {
  return route(net, messages, ButterflyAlgorithm::kGreedy, policy, seed, max_cycles, timing,
               ParentChoice::kRandom);
}
RouteResult route_butterfly_greedy(const ButterflyFatTree3d& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles, const ButterflyTiming* timing) {
  return route(net, messages, ButterflyAlgorithm::kGreedy, policy, seed, max_cycles, timing,
               ParentChoice::kRandom);
}

std::vector<ButterflyPath> butterfly_paths(const ButterflyFatTree& net, const MessageSet& messages,
                                           std::uint64_t seed) {
  return paths_of<Router<ButterflyFatTree>>(net, messages, seed, ParentChoice::kRandom);
}
std::vector<ButterflyPath> butterfly_paths(const ButterflyFatTree3d& net,
                                           const MessageSet& messages, std::uint64_t seed,
                                           ParentChoice parents) {
  return paths_of<CubeRouter>(net, messages, seed, parents);
}
std::vector<ButterflyPath> detail::butterfly_paths_on_graph(const ButterflyFatTree3d& net,
                                                            const MessageSet& messages,
                                                            std::uint64_t seed,
                                                            ParentChoice parents) {
  return graph_paths(net, messages, seed, parents);
}

}  // namespace ftvlsi
