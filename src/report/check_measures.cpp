// The measurements behind `ftvlsi check` (report/check.hpp, docs/checks.md): every value comes
// from our own layouts, decompositions and simulations; only the bounds are formulas.
#include "check_measures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <random>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/decomp/pearl_string.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/report/route_job.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "ftvlsi/route/adversary.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "ftvlsi/route/offline.hpp"

namespace ftvlsi::detail {
namespace {

using u64 = std::uint64_t;

RouteRun route(const FatTreeParams& host, RouteAlgorithm algorithm, PatternParams pattern, u64 seed,
               SwitchModel switches = SwitchModel::kIdeal) {
  RouteSpec r;
  r.host = host;
  r.algorithm = algorithm;
  r.pattern = std::move(pattern);
  r.seed = seed;
  r.switch_model = switches;
  return run_route(r);
}

// Randomized routing: the mean cycles and load factor over the seeds of n processors
// (seeds_at): randomized routing's figures move in steps.
std::array<double, 2> mean_route(u64 n, const FatTreeParams& host, RouteAlgorithm algorithm,
                                 const PatternParams& pattern, u64 seed,
                                 SwitchModel switches = SwitchModel::kIdeal) {
  return mean_over_seeds<2>(n, seed, [&](u64 s) {
    const RouteRun r = route(host, algorithm, pattern, s, switches);
    return std::array{static_cast<double>(r.result.cycles), r.load_factor};
  });
}

// A wasteful router, GL-T8's control: RANDOM run one apex level at a time, top down — the messages
// whose paths turn at level k are routed only once every message turning above k is delivered, so
// no level's cycles overlap another's.
double phased_cycles(const FatTree& tree, const MessageSet& messages, u64 seed,
                     SwitchModel switches = SwitchModel::kIdeal) {
  const int levels = tree.levels();
  std::vector<MessageSet> by_apex(static_cast<std::size_t>(levels) + 1);
  for (const auto& [s, d] : messages) {
    const int apex = s == d ? levels : levels - 1 - floor_log2(u64{s} ^ u64{d});
    by_apex[static_cast<std::size_t>(apex)].push_back({s, d});
  }
  RandomParams random;
  random.congestion = congestion_parameter(tree);
  double cycles = 0;
  for (std::size_t k = 0; k < by_apex.size(); ++k) {
    if (by_apex[k].empty()) continue;
    DeliverySimulator sim(tree, by_apex[k], SwitchPolicy::kRandom, seed + k);
    if (switches == SwitchModel::kPartial) sim.use_partial_switches(seed + k);
    random.seed = seed + 1 + k;
    const RouteResult r = route_random(sim, by_apex[k].size(), tree.processors(), random, 10000000);
    cycles += static_cast<double>(r.cycles);
  }
  return cycles;
}

std::array<double, 2> mean_phased(u64 n, const FatTreeParams& host, PatternParams pattern, u64 seed,
                                  SwitchModel switches = SwitchModel::kIdeal) {
  const FatTree tree(host);
  return mean_over_seeds<2>(n, seed, [&](u64 s) {
    pattern.seed = s;
    const MessageSet m = make_pattern(pattern, tree.processors());
    return std::array{phased_cycles(tree, m, s, switches), load_factor(m, tree)};
  });
}

PatternParams uniform(u64 count) {
  PatternParams p;
  p.name = "uniform";
  p.count = count;
  return p;
}

// The fat-tree a layout check measures: `params`, or the capacities a test substitutes to show
// that the check catches a broken profile. The control fattens the root channel by lg n (every
// other channel as the profile says): a real tree, laid out and measured like ours.
FatTree tree_under_test(u64 n, const FatTreeParams& params, const Ctx& ctx) {
  FatTree tree(params);
  if (ctx.capacities) return FatTree(ctx.capacities(n, tree));
  if (!ctx.control) return tree;
  FatTreeParams fat = params;
  fat.capacity.profile = CapacityProfile::kCustom;
  fat.capacity.custom = tree.capacities();
  fat.capacity.custom[0] *= static_cast<u64>(lg2(static_cast<double>(n)));
  return FatTree(fat);
}

}  // namespace

u64 seeds_at(u64 n) {
  return std::max<u64>(3, (u64{1} << 12) / std::max<u64>(1, n));
}

double lg2(double x) {
  return std::max(1.0, std::log2(x));
}

FatTreeParams tree_params(u64 n, CapacityProfile profile) {
  FatTreeParams p;
  p.processors = n;
  p.capacity.profile = profile;
  return p;
}

CheckSeries series(std::string label, CheckRule rule) {
  CheckSeries s;
  s.label = std::move(label);
  s.rule = std::move(rule);
  return s;
}

CheckRule upper(double constant) {
  return {CheckRule::Kind::kUpper, constant, std::nullopt};
}
CheckRule growth(double epsilon) {
  return {CheckRule::Kind::kUpper, std::numeric_limits<double>::infinity(), epsilon};
}
CheckRule growth_lg(double beta) {
  CheckRule r = growth(beta);
  r.variable = GrowthVariable::kLgN;
  return r;
}
CheckRule lower(double constant) {
  return {CheckRule::Kind::kLower, constant, std::nullopt};
}

namespace {

struct Schedule {
  double cycles = 0, lambda = 0;
};

// `cycles` run through the simulator, one delivery cycle each; a cycle that loses a message is not
// one-cycle and breaks the theorem: infinite cycles, a fail.
Schedule simulated(const FatTree& tree, const MessageSet& messages,
                   const std::vector<std::vector<std::uint32_t>>& cycles,
                   std::optional<u64> partial_seed = std::nullopt) {
  DeliverySimulator sim(tree, messages, SwitchPolicy::kPriority, 1);
  if (partial_seed) sim.use_partial_switches(*partial_seed);
  bool lossless = true;
  const RouteResult r = route_schedule(sim, messages.size(), cycles, lossless);
  const bool whole = lossless && r.delivered == messages.size();
  return {whole ? static_cast<double>(r.cycles) : std::numeric_limits<double>::infinity(),
          load_factor(messages, tree)};
}

// Theorem 1's off-line schedule (offline_schedule: the sets merged across levels where still
// one-cycle). The control (`blind`) is the same algorithm blind to the capacities: sets halved
// until every channel carries at most one message, as on a plain binary tree, run unmerged.
// With `partial_seed`, Leiserson §IV's real switches (drawn from that seed): a switch of partial
// concentrators passes any α = 3/4 of its output wires' worth, so the schedule is built for the
// capacities ⌊3 cap(k) / 4⌋ (at least 1, guaranteed_capacities), λ is taken against them, and
// every cycle runs through the switches' graphs, where a message without a free path is lost
// and fails the check.
Schedule theorem1_schedule(const FatTree& tree, const MessageSet& messages, bool blind = false,
                           std::optional<u64> partial_seed = std::nullopt) {
  if (blind) {
    FatTreeParams plain = tree_params(tree.processors(), CapacityProfile::kConstant);
    plain.capacity.constant = 1;
    return simulated(tree, messages, offline_sets(FatTree(plain), messages, kScheduleLanes),
                     partial_seed);
  }
  if (!partial_seed)
    return simulated(tree, messages, offline_schedule(tree, messages, kScheduleLanes));
  const FatTree scaled = guaranteed_capacities(tree);
  Schedule s =
      simulated(tree, messages, offline_schedule(scaled, messages, kScheduleLanes), partial_seed);
  s.lambda = load_factor(messages, scaled);
  return s;
}

// Corollary 2's schedule for `messages` on `tree`, each cycle run through the simulator.
Schedule corollary2_schedule(const FatTree& tree, const MessageSet& messages) {
  return simulated(tree, messages, offline_schedule_wide(tree, messages, kScheduleLanes).cycles);
}

// Every processor sends `per` messages to its mirror in the other half of the tree: every
// message crosses the root, where Theorem 1's factor L could show.
MessageSet across_the_root(u64 n, u64 per) {
  MessageSet m;
  for (u64 k = 0; k < per; ++k)
    for (u64 i = 0; i < n; ++i)
      m.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>((i + n / 2) % n));
  return m;
}

// Every turning level loaded alike: below each node at level k, cap(k+1) messages cross from
// each child's subtree to the other's, each group alone at load factor 1 on its own channels.
// Each message starts and ends at the processors that send and receive least so far (levels from
// the leaves up, ties in bit-reversed order so both halves of a subtree share them), which keeps
// the whole set's λ at 4 on the area-universal tree. Theorem 1's sets then number one per level,
// and no two levels' sets merge: d = L, the theorem's factor lg n, which this set exposes.
MessageSet every_level(const FatTree& tree) {
  MessageSet m;
  const u64 n = tree.processors();
  std::vector<u64> sent(n, 0), received(n, 0), key, reversed;
  for (int k = tree.levels() - 1; k >= 0; --k) {
    const u64 s = n >> (k + 1), c = tree.capacity(k + 1);
    const int bits = tree.levels() - k - 1;  // s = 2^bits
    // Ties in bit-reversed order, so the picks spread over both halves of every subtree. The
    // reversal is one-to-one on [0, s), so every key differs: the key packs the load above the
    // reversed place, and the order of the first min(c, s) is that of a full sort.
    reversed.assign(s, 0);
    for (u64 o = 1; o < s; ++o) reversed[o] = (reversed[o >> 1] >> 1) | ((o & 1) << (bits - 1));
    const u64 picks = std::min(c, s);
    for (u64 node = 0; node < tree.nodes_at(k); ++node)
      for (u64 side = 0; side < 2; ++side) {
        const u64 from = node * 2 * s + side * s, to = node * 2 * s + (1 - side) * s;
        key.resize(s);
        for (u64 o = 0; o < s; ++o)
          key[o] = ((sent[from + o] + received[to + o]) << bits) | reversed[o];
        std::partial_sort(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(picks), key.end());
        // The place back from its reversal: reversing again.
        for (u64 j = 0; j < picks; ++j) key[j] = reversed[key[j] & (s - 1)];
        for (u64 j = 0; j < c; ++j) {
          const u64 o = key[j % s];
          ++sent[from + o], ++received[to + o];
          m.emplace_back(static_cast<std::uint32_t>(from + o), static_cast<std::uint32_t>(to + o));
        }
      }
  }
  return m;
}

}  // namespace

// L-T1: Theorem 1's schedule; every cycle must be one-cycle (run through the simulator), and
// d <= 2 ceil(lambda) L on uniform sets. Beside the paper's bound, d / ceil(lambda) under a
// constant on sets that all cross the root, where an unmerged schedule's factor L shows.
std::vector<CheckSeries> measure_l_t1(const std::vector<u64>& sizes, const Ctx& ctx) {
  // The partial switches' simulator routes message by message, by max-flow at every switch.
  constexpr u64 kMostPartial = u64{1} << 16;
  auto paper =
      series("delivery cycles d / (2⌈λ⌉·L), area-universal, 8n uniform messages", upper(1.0));
  auto per_lambda =
      series("d / ⌈λ⌉, area-universal, 4 messages per processor to its mirror across the root",
             upper(4.0));
  // Here the merged schedule's factor L does show (d = L at λ = 4): the theorem's O(λ lg n).
  auto all_levels = series(
      "d / (⌈λ⌉·L), area-universal, every turning level loaded alike (cap(k+1) messages each "
      "way under each level-k node, λ = 4)",
      growth_lg(0.5));
  // Leiserson §IV's real switches, capacity taken as α × wires (α = 3/4): the paper's bound with
  // λ against those capacities, every cycle through the partial concentrators and lossless; and
  // within a constant of the ideal switches' schedule.
  auto partial = series(
      "partial-concentrator switches, schedule for capacity ⌊3/4 × wires⌋, every cycle through "
      "the real switches: d / (2⌈λ_α⌉·L), the same uniform messages",
      upper(1.0));
  // Measured β −0.05 (quick) and −0.13 (full): a limit of 0.35 detects lg^0.48 n at --full.
  auto partial_ratio = series(
      "partial-concentrator switches: d with capacity ⌊3/4 × wires⌋ over d with ideal switches",
      growth_lg(0.35));
  for (u64 n : sizes) {
    ctx.starting(n);
    const FatTree tree(tree_params(n, CapacityProfile::kAreaUniversal));
    PatternParams pattern = uniform(8 * n);
    pattern.seed = ctx.seed;
    const MessageSet uniform_messages = make_pattern(pattern, n);
    const Schedule uniform_set = theorem1_schedule(tree, uniform_messages, ctx.control);
    paper.points.push_back({n, ctx.tamper(n, uniform_set.cycles),
                            2 * std::ceil(uniform_set.lambda) * std::log2(double(n))});
    if (n <= kMostPartial) {
      const Schedule through = theorem1_schedule(tree, uniform_messages, ctx.control, ctx.seed);
      partial.points.push_back(
          {n, ctx.tamper(n, through.cycles), 2 * std::ceil(through.lambda) * std::log2(double(n))});
      partial_ratio.points.push_back({n, through.cycles / uniform_set.cycles, 1.0});
    }
    const Schedule root = theorem1_schedule(tree, across_the_root(n, 4), ctx.control);
    per_lambda.points.push_back({n, root.cycles / std::ceil(root.lambda), 1.0});
    const Schedule levels = theorem1_schedule(tree, every_level(tree), ctx.control);
    all_levels.points.push_back(
        {n, levels.cycles / std::ceil(levels.lambda), std::log2(static_cast<double>(n))});
  }
  return {paper, per_lambda, all_levels, partial, partial_ratio};
}

// L-C2: Corollary 2 on a tree whose every capacity is 2 lg n (a = 2): d = O(a/(a-1) lambda),
// every cycle run through the simulator. On uniform sets the root's load dominates and any
// schedule is near λ; on sets that load every turning level alike (cap(k+1) messages each way
// under each level-k node, λ = 2), Theorem 1's merged schedule takes λ·L/2 cycles (one set per
// level, none merging) while Corollary 2's fictitious capacities keep d ≤ 2λ'. Theorem 1's
// schedule on the same sets is the control.
std::vector<CheckSeries> measure_l_c2(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto s =
      series("d / (2a/(a−1)·λ), constant capacity 2 lg n (a = 2), 8n uniform messages", upper(1.0));
  auto levels = series(
      "d / (2a/(a−1)·λ), constant capacity 2 lg n (a = 2), every turning level loaded alike "
      "(cap(k+1) messages each way under each level-k node, λ = 2)",
      upper(1.0));
  for (u64 n : sizes) {
    ctx.starting(n);
    FatTreeParams host = tree_params(n, CapacityProfile::kConstant);
    host.capacity.constant = 2 * static_cast<u64>(lg(n));
    const FatTree tree(host);
    PatternParams pattern = uniform(8 * n);
    pattern.seed = ctx.seed;
    const MessageSet uniform_set = make_pattern(pattern, n);
    const Schedule u =
        ctx.control ? theorem1_schedule(tree, uniform_set) : corollary2_schedule(tree, uniform_set);
    s.points.push_back({n, ctx.tamper(n, u.cycles), 4.0 * u.lambda});
    const MessageSet set = every_level(tree);
    const Schedule d = ctx.control ? theorem1_schedule(tree, set) : corollary2_schedule(tree, set);
    levels.points.push_back({n, d.cycles, 4.0 * d.lambda});
  }
  return {s, levels};
}

namespace {

// Per node of a cell, the drawn wires that end on it: the cell's own wires with the node as a
// terminal, and the pins it exports (each takes one wire of the enclosing cell).
std::vector<u64> incident_wires(const Cell<2>& cell) {
  std::vector<u64> count(cell.node_count(), 0);
  for (std::size_t w = 0; w < cell.wire_from.size(); ++w)
    for (const Terminal& t : {cell.wire_from[w], cell.wire_to[w]})
      if (t.is_node()) ++count[static_cast<std::size_t>(t.index)];
  for (const auto& pin : cell.pins)
    if (!pin.reexported() && pin.node >= 0) ++count[static_cast<std::size_t>(pin.node)];
  return count;
}

// Per switch of a cube cell, the drawn wires with an end on its surface: the cube's wires end
// by geometry (one-unit segments onto the switch's faces), not on node terminals.
struct DrawnSwitch {
  Box<3> box;
  int level = 0;
  u64 wires = 0;  // m
};
std::vector<DrawnSwitch> cube_switches(const Layout<3>& layout) {
  std::vector<DrawnSwitch> out;
  for (const Cell<3>& cell : layout.cells)
    for (std::size_t i = 0; i < cell.node_count(); ++i) {
      if (cell.node_kind[i] != NodeKind::kSwitch) continue;
      const Box<3>& b = cell.node_box[i];
      const auto on_surface = [&](const Point<3>& q) {
        bool inside = true, face = false;
        for (int d = 0; d < 3; ++d) {
          inside = inside && b.lo[d] <= q[d] && q[d] <= b.hi[d];
          face = face || q[d] == b.lo[d] || q[d] == b.hi[d];
        }
        return inside && face;
      };
      u64 m = 0;
      for (std::size_t w = 0; w < cell.wire_count(); ++w) {
        const auto points = cell.wire(w);
        if (on_surface(points.front()) || on_surface(points.back())) ++m;
      }
      out.push_back({b, cell.node_level[i], m});
    }
  return out;
}

// A node cell's whole switch when it is drawn with its insides (the partial H-tree): the box of
// its switch nodes (ports and components) and of the wires between them, against m, the wires
// that end on it from outside (those from the children's pins and the pins it exports: the
// node's channel wires). Per cell with a switch: (longest side of that box) / m.
// The box of a cell's switch nodes (empty when it has none).
template <int D>
Box<D> switch_nodes_box(const Cell<D>& cell) {
  Box<D> box = Box<D>::none();
  for (std::size_t i = 0; i < cell.node_count(); ++i)
    if (cell.node_kind[i] == NodeKind::kSwitch) box = box.united(cell.node_box[i]);
  return box;
}

std::vector<double> switch_region_ratios(const Layout<2>& layout) {
  std::vector<double> out;
  for (const Cell<2>& cell : layout.cells) {
    Box<2> region = switch_nodes_box(cell);
    if (region.empty()) continue;
    u64 m = 0;
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const bool from = cell.wire_from[w].is_node(), to = cell.wire_to[w].is_node();
      if (from && to) {
        for (const Point<2>& p : cell.wire(w)) region = region.united(Box<2>::at(p));
      } else if (from || to) {
        ++m;
      }
    }
    for (const auto& pin : cell.pins)
      if (!pin.reexported() && pin.node >= 0) ++m;
    if (m == 0) continue;
    const Coord side = std::max(region.extent(0), region.extent(1));
    out.push_back(static_cast<double>(side) / static_cast<double>(m));
  }
  return out;
}

// The largest switch box of a cube drawn with partial-concentrator switches, against √m: per
// level cell, the box of its switch nodes (components and ports) and m the cell's wires that
// leave that box (its children's channel wires and its own, both directions).
double largest_partial_box(const Layout<3>& layout) {
  double worst = 0;
  for (const Cell<3>& cell : layout.cells) {
    const Box<3> box = switch_nodes_box(cell);
    if (box.empty()) continue;
    u64 m = 0;
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto points = cell.wire(w);
      m += std::any_of(points.begin(), points.end(),
                       [&](const Point<3>& q) { return !box.contains(q); });
    }
    if (m == 0) continue;
    const Coord side = std::max({box.extent(0), box.extent(1), box.extent(2)});
    worst = std::max(worst, static_cast<double>(side) / std::sqrt(static_cast<double>(m)));
  }
  return worst;
}

}  // namespace

// L-L3: every switch of the H-tree is a square of side Theta(m), m its incident wires; on the 3D
// cube (Lemma 3 proper) a box O(h√m) × O(h√m) × O(√m/h) for some h ≥ 1, which holds exactly
// when (longest side × thinnest side) / m and thinnest side / √m are O(1).
std::vector<CheckSeries> measure_l_l3(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto big = series("largest switch side / m (m: the drawn wires that end on it)", growth_lg(0.4));
  auto small = series("smallest switch side / m", lower(1.0 / 3));
  auto flat = series(
      "3D cube, universal profile: largest (longest side × thinnest side) / m (m: the drawn "
      "wires with an end on the switch's surface)",
      growth_lg(0.4));
  auto thin = series("3D cube: largest thinnest side / √m", growth_lg(0.4));
  // Leiserson §IV's switches drawn inside (layout --switch-model partial): the node's three
  // concentrator switches, every component and port on a line and their wires crossbar-style
  // above it; the whole drawn switch must stay Θ(m) a side. The control draws each switch as a
  // full crossbar, Θ(m²) components.
  auto drawn = series(
      "partial-concentrator switches drawn inside: largest switch side / m (side: the node's "
      "ports, components and their wires; m: the node's channel wires)",
      growth_lg(0.4));
  auto drawn_small = series("partial-concentrator switches: smallest switch side / m", lower(1.0));
  auto boxed = series(
      "3D cube, partial-concentrator switches: largest switch box side / √m (m: the drawn "
      "wires that leave the box)",
      growth_lg(0.4));
  // The hierarchical H-tree and cube are measured at every size (2^30 in --full: a cell per
  // level); the switches drawn inside, each level's cell holding its components and their wires,
  // up to 2^18.
  constexpr u64 kMostPartial = u64{1} << 18;
  for (u64 n : sizes) {
    ctx.starting(n);
    const FatTree tree(tree_params(n, CapacityProfile::kAreaUniversal));
    // The control: every switch drawn lg n times wider than its wires need.
    const Layout<2> layout = ctx.control
                                 ? build_h_tree_stretched_switches(tree, static_cast<u64>(lg(n)))
                                 : build_h_tree(tree);
    double most = 0, least = 1e300;
    for (const Cell<2>& cell : layout.cells) {
      const std::vector<u64> wires = incident_wires(cell);
      for (std::size_t i = 0; i < cell.node_count(); ++i) {
        if (cell.node_kind[i] != NodeKind::kSwitch || wires[i] == 0) continue;
        const double side = static_cast<double>(cell.node_box[i].width());
        const double m = static_cast<double>(wires[i]);
        most = std::max(most, side / m), least = std::min(least, side / m);
      }
    }
    big.points.push_back({n, ctx.tamper(n, most), 1.0});
    small.points.push_back({n, least, 1.0});
    double flattest = 0, thinnest = 0;
    const FatTree universal(tree_params(n, CapacityProfile::kUniversal));
    for (const auto& [box, level, m] : cube_switches(build_cube(universal))) {
      if (m == 0) continue;
      std::array<double, 3> d{};
      for (int a = 0; a < 3; ++a) d[a] = static_cast<double>(box.hi[a] - box.lo[a]);
      std::sort(d.begin(), d.end());
      const double mm = static_cast<double>(m);
      flattest = std::max(flattest, d[2] * d[0] / mm);
      thinnest = std::max(thinnest, d[0] / std::sqrt(mm));
    }
    flat.points.push_back({n, flattest, 1.0});
    thin.points.push_back({n, thinnest, 1.0});
    if (n > kMostPartial) continue;
    const std::vector<double> ratios =
        switch_region_ratios(ctx.control ? build_h_tree_crossbar_switches(tree)
                                         : build_h_tree(tree, SwitchModel::kPartial, ctx.seed));
    drawn.points.push_back({n, *std::max_element(ratios.begin(), ratios.end()), 1.0});
    drawn_small.points.push_back({n, *std::min_element(ratios.begin(), ratios.end()), 1.0});
    // The control: every wire of a switch in a layer pair of its own, Θ(m) high.
    const Layout<3> partial = ctx.control ? build_cube_unpacked_switches(universal, ctx.seed)
                                          : build_cube(universal, SwitchModel::kPartial, ctx.seed);
    boxed.points.push_back({n, largest_partial_box(partial), 1.0});
  }
  return {big, small, flat, thin, drawn, drawn_small, boxed};
}

// L-T4: the cube layout of the universal fat-tree (root n^(2/3)) against Theorem 4.
std::vector<CheckSeries> measure_l_t4(const std::vector<u64>& sizes, const Ctx& ctx) {
  // The cube's ratio falls like lg^-0.9 n at these sizes; the slab's like lg^-0.25 n.
  auto volume = series("volume / (w lg(n/w))^(3/2), w = n^(2/3)", growth_lg(-0.55));
  auto components =
      series("components / (n lg(w³/n²)), w = n^(2/3) (counted on the drawn cube)", growth_lg(0.5));
  // Theorem 4 covers every w from n^(2/3) to n; at w = n^(2/3) lg(w³/n²) degenerates to 1, so
  // the bound is also measured at w = n^(5/6), where both logarithms are live.
  // There the cube's ratio falls like lg^-2.5 n, the slab's like lg^-1.3 … lg^-1.6 n.
  auto wide = series("volume / (w lg(n/w))^(3/2), w = n^(5/6)", growth_lg(-2.1));
  auto wide_components = series("components / (n lg(w³/n²)), w = n^(5/6)", growth_lg(0.4));
  // At w = n^(5/6) the top cells hold w wires of their own: 2^27 takes 2 GiB a layout (4 GiB
  // with the control's slab), 2^30 an estimated 18 GiB; the w = n^(2/3) series goes on to 2^30.
  constexpr u64 kMostWide = u64{1} << 27;
  for (u64 n : sizes) {
    ctx.starting(n);
    const double nn = static_cast<double>(n);
    for (const bool at_five_sixths : {false, true}) {
      if (at_five_sixths && n > kMostWide) continue;
      FatTreeParams p = tree_params(n, CapacityProfile::kUniversal);
      if (at_five_sixths)
        p.capacity.root_capacity = u64{1} << static_cast<int>(std::lround(5.0 * lg2(nn) / 6));
      const FatTree tree(p);
      // The control: the slab layout, whose analysis is worse by lg^(3/2).
      const Layout<3> layout = ctx.control ? build_slab_cube(tree) : build_cube(tree);
      const LayoutMetrics<3> m = measure(layout);
      const double v = ctx.tamper(n, static_cast<double>(m.volume()));
      (at_five_sixths ? wide : volume).points.push_back({n, v, theorem4_volume(tree)});
      // Leiserson's components, Σ over switches of m, counted on the drawn cube: each level's
      // cell holds one switch and is placed 2^k times. The cube draws one wire per unit of
      // capacity (both directions share it), so its m is half the tree's two-way count.
      double drawn = 0;
      for (const auto& [box, level, wires] : cube_switches(layout))
        drawn += std::ldexp(static_cast<double>(wires), level);
      const double w = static_cast<double>(tree.capacity(0));
      (at_five_sixths ? wide_components : components)
          .points.push_back({n, drawn, nn * lg2(w * w * w / (nn * nn))});
    }
  }
  return {volume, components, wide, wide_components};
}

namespace {

// The network as built, or for the control its processors' positions shuffled: the same
// network and the same points, each processor placed where another one was.
CompetingNetwork placed(CompetingNetwork net, const Ctx& ctx) {
  if (!ctx.control) return net;
  std::mt19937_64 rng(ctx.seed);
  std::shuffle(net.position.begin(), net.position.end(), rng);
  return net;
}

}  // namespace

// L-T5: decomposition trees: (O(v^(2/3)), 4^(1/3)) for a 3D mesh, (O(sqrt a), sqrt 2) for a 2D
// one (each halving of the area divides the bandwidth by sqrt 2).
std::vector<CheckSeries> measure_l_t5(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto three = series("3D mesh: max_k w_k / (v / 2^k)^(2/3)", growth(0.05));
  auto two = series("2D mesh: max_k w_k / (a / 2^k)^(1/2)", growth(0.05));
  for (u64 n : sizes) {
    ctx.starting(n);
    const u64 side3 = std::max<u64>(2, static_cast<u64>(std::llround(std::cbrt(double(n)))));
    const CuttingTree t3 =
        build_cutting_tree(placed(make_competing("mesh3d", side3 * side3 * side3, 1), ctx));
    const double v = std::ldexp(1.0, t3.exponent[0] + t3.exponent[1] + t3.exponent[2]);
    double worst = 0;
    for (int k = 0; k <= t3.depth; ++k)
      worst =
          std::max(worst, double(t3.bandwidth_by_level[k]) / std::pow(std::ldexp(v, -k), 2.0 / 3));
    three.points.push_back({side3 * side3 * side3, ctx.tamper(n, worst), 1.0});
    const u64 side2 = u64{1} << (floor_log2(n) / 2);
    const CuttingTree t2 =
        build_cutting_tree(placed(make_competing("mesh", side2 * side2, 1), ctx));
    const double a = std::ldexp(1.0, t2.exponent[0] + t2.exponent[1]);
    worst = 0;
    for (int k = 0; k <= t2.depth; ++k)
      worst = std::max(worst, double(t2.bandwidth_by_level[k]) / std::sqrt(std::ldexp(a, -k)));
    two.points.push_back({side2 * side2, worst, 1.0});
  }
  return {three, two};
}

namespace {

// Splits a set of strings at the middle of their total length, whatever the blacks.
PearlSplit midpoint_split(const StringSet& set) {
  PearlSplit out;
  u64 left = set.length() / 2;
  for (int i = 0; i < set.count; ++i) {
    const LeafInterval& s = set.strings[i];
    const u64 take = std::min(left, s.end - s.begin);
    if (take > 0) out.first.add({s.begin, s.begin + take});
    if (take < s.end - s.begin) out.second.add({s.begin + take, s.end});
    left -= take;
  }
  return out;
}

}  // namespace

// L-L6: Lemma 6 on seeded random pairs of strings of total length n: the split found has at
// most two strings per half (and halves the length and the blacks exactly, or it fails).
std::vector<CheckSeries> measure_l_l6(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto s = series("most strings in a half / 2, over 2000 random pairs", upper(1.0));
  std::mt19937_64 rng(ctx.seed);
  for (u64 n : sizes) {
    ctx.starting(n);
    const u64 total = std::max<u64>(2, n & ~u64{1});
    int worst = 0;
    for (int trial = 0; trial < 2000; ++trial) {
      const u64 first = 1 + rng() % total, gap = rng() % 5;
      std::vector<u64> prefix{0};
      const u64 density = rng() % 101;
      for (u64 i = 0; i < total + gap; ++i)
        prefix.push_back(prefix.back() + (rng() % 100 < density));
      auto blacks = [&](const LeafInterval& s) { return prefix[s.end] - prefix[s.begin]; };
      StringSet set;
      set.add({0, first});
      set.add({first + gap, total + gap});
      // The control: one cut at the middle of the length, blind to the blacks.
      const PearlSplit split = ctx.control ? midpoint_split(set) : pearl_split(set, blacks);
      u64 b_first = 0,
          b_all = blacks(set.strings[0]) + (set.count > 1 ? blacks(set.strings[1]) : 0);
      for (int i = 0; i < split.first.count; ++i) b_first += blacks(split.first.strings[i]);
      const bool exact = split.first.length() == total / 2 && b_first == b_all / 2;
      worst = std::max({worst, split.first.count, split.second.count, exact ? 0 : 99});
    }
    s.points.push_back({n, ctx.tamper(n, worst), 2.0});
  }
  return {s};
}

namespace {

// A random mapping of the processors onto the fat-tree's leaves, equal counts per leaf.
std::vector<std::uint64_t> random_mapping(std::size_t processors, std::uint64_t leaves,
                                          std::uint64_t seed) {
  std::vector<std::uint64_t> order(processors);
  for (std::size_t p = 0; p < processors; ++p) order[p] = p;
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::uint64_t> leaf(processors);
  for (std::size_t i = 0; i < processors; ++i)
    leaf[order[i]] = static_cast<std::uint64_t>((__uint128_t{i} * leaves) / processors);
  return leaf;
}

// The largest bandwidth of a piece per level, pieces cut from a random processor order: a
// one-step set's channel loads on a full binary tree with one leaf per processor.
std::vector<std::uint64_t> random_piece_bandwidths(const DecomposeRun& r, std::uint64_t seed) {
  const std::uint64_t n = r.net.processors();
  std::uint64_t leaves = 2;
  while (leaves < n) leaves *= 2;
  const FatTreeParams full = tree_params(leaves, CapacityProfile::kFull);
  const FatTree host(full);
  return one_step_loads(r.net, random_mapping(n, host.processors(), seed), host).max_load_by_level;
}

}  // namespace

// L-T8: Theorem 8's bound 4 sum_{k >= i} w_k on every level of the balanced tree (planar).
std::vector<CheckSeries> measure_l_t8(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto s = series("max_i balanced bandwidth_i / (4 Σ_{k≥i} w_k), planar network", upper(1.0));
  for (u64 n : sizes) {
    ctx.starting(n);
    DecomposeSpec d;
    d.network = "planar";
    d.processors = n;
    d.seed = ctx.seed;
    d.mapping = MappingKind::kBalancedPlain;  // the pearl-string tree's own: no bisection needed
    const DecomposeRun r = run_decompose(d);
    // The control: pieces of equal counts from a random order of the processors, their
    // bandwidths measured as the loads of a one-step set on a fat-tree with a level per piece.
    const std::vector<std::uint64_t> bandwidth =
        ctx.control ? random_piece_bandwidths(r, ctx.seed) : r.balanced.bandwidth_by_level;
    double worst = 0;
    // Levels whose pieces hold two processors or more (a one-processor piece's bandwidth is its
    // degree, whatever the tree).
    for (std::size_t i = 0; i < r.balanced.bound_by_level.size() && i < bandwidth.size() &&
                            (n >> std::min<std::size_t>(i, 63)) >= 2;
         ++i)
      if (r.balanced.bound_by_level[i] > 0)
        worst = std::max(worst, double(bandwidth[i]) / double(r.balanced.bound_by_level[i]));
    s.points.push_back({n, ctx.tamper(n, worst), 1.0});
  }
  return {s};
}

namespace {

// How far from equal the two networks' total areas (volumes) are: max(ratio, 1 / ratio), at most
// 1.25 when the ratio is within [0.8, 1.25] (simulate's default padding, docs/measurements.md).
CheckSeries equal_area_series(const char* what) {
  return series(fmt::format("host {0} / R's {0}, max(ratio, 1/ratio): within [0.8, 1.25]", what),
                upper(1.25));
}

double off_equal(const SimulateResult& r) {
  return std::max(r.area_ratio, 1 / r.area_ratio);
}

u64 least_power_of_two(u64 n) {
  u64 p = 1;
  while (p < n) p *= 2;
  return p;
}

}  // namespace

// L-T10: Theorem 10 under its own hypotheses: a 3D mesh padded to the volume-universal fat-tree's
// volume, t = 1 full step of it (every wire a message each way) routed by Theorem 1's off-line
// schedule, as the theorem's proof does, unit delay: slowdown O(lg^3 n).
// Measured (seed 1): Δ = 9.43, 10.8, 12.0, 13.1 at n = 64 … 32768 (λ = 6), Δ / lg³ n falling
// like lg^-2.65 n (quick and full alike); the rule allows lg^-2.2 n, a margin of 0.45 (power
// lg^0.45 n at --full). The control (a random mapping, λ up to 18.6) gives Δ = 22.5 … 136, its
// ratio like lg^-1.19 n (quick) and lg^-1.09 n (full): worse than ours by lg^1.5 n, and failing.
std::vector<CheckSeries> measure_l_t10(const std::vector<u64>& sizes, const Ctx& ctx) {
  std::vector<SimulateResult> rows;
  for (u64 n : sizes) {
    ctx.starting(n);
    const u64 side = std::max<u64>(2, static_cast<u64>(std::llround(std::cbrt(double(n)))));
    SimulateSpec sim;
    sim.competing = "mesh3d";
    sim.processors = side * side * side;
    sim.delay = parse_delay_model("unit");
    sim.algorithm = RouteAlgorithm::kOffline;
    sim.seed = ctx.seed;
    // The control: the processors mapped onto the host's leaves at random, equal counts per leaf.
    if (ctx.control)
      sim.leaf = random_mapping(sim.processors, least_power_of_two(sim.processors), ctx.seed);
    rows.push_back(run_simulate(sim));
  }
  double lambda_lo = 1e300, lambda_hi = 0;
  for (const auto& r : rows)
    lambda_lo = std::min(lambda_lo, r.load_factor), lambda_hi = std::max(lambda_hi, r.load_factor);
  auto s = series(fmt::format("slowdown Δ / lg³ n, t = 1 step of a 3D mesh (λ = {:.3g} … {:.3g}), "
                              "off-line schedule, unit delay, equal volume",
                              lambda_lo, lambda_hi),
                  growth_lg(-2.2));
  auto volume = equal_area_series("volume");
  for (const auto& r : rows) {
    const double l = lg2(static_cast<double>(r.host_processors));
    s.points.push_back({r.processors, ctx.tamper(r.processors, r.slowdown), l * l * l});
    volume.points.push_back({r.processors, off_equal(r), 1.0});
  }
  return {s, volume};
}

// GL-area: the area-universal H-tree: area Theta(n lg^2 n), root capacity Theta(sqrt n).
std::vector<CheckSeries> measure_gl_area(const std::vector<u64>& sizes, const Ctx& ctx) {
  // The ratio falls like lg^-0.65 n at these sizes.
  auto area = series("area / (n lg² n), area-universal H-tree", growth_lg(-0.3));
  auto root = series("root channel's drawn wires / √n", growth_lg(0.4));
  for (u64 n : sizes) {
    ctx.starting(n);
    const FatTree tree = tree_under_test(n, tree_params(n, CapacityProfile::kAreaUniversal), ctx);
    const LayoutMetrics<2> m = measure(build_h_tree(tree));
    const double nn = static_cast<double>(n);
    area.points.push_back(
        {n, ctx.tamper(n, static_cast<double>(m.area())), nn * lg2(nn) * lg2(nn)});
    root.points.push_back({n, static_cast<double>(m.wires_by_level.at(0)), std::sqrt(nn)});
  }
  return {area, root};
}

// GL-T8: RANDOM delivers in O(lambda + lg n lg lg n) cycles.
std::vector<CheckSeries> measure_gl_t8(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto s = series(
      "RANDOM's cycles / (λ + lg n lg lg n), area-universal, 4n uniform messages, max(3, 2^12/n) "
      "seeds",
      // λ of 4n uniform messages grows with n, so the ratio falls like lg^-1.3 n; RANDOM
      // phased by apex level falls like lg^-0.55 … lg^-0.78 n.
      growth_lg(-0.9));
  // Leiserson 1985 §IV: with switches built from partial concentrators a channel passes any
  // α = 3/4 of its wires' worth, so RANDOM should stay within the same bound with capacity
  // α × wires: λ/α in place of λ, judged by the same rule.
  constexpr double kAlpha = 0.75;
  auto partial = series(
      "partial-concentrator switches (capacity α × wires, α = 3/4): RANDOM's cycles / (λ/α + lg n "
      "lg lg n), the same messages and seeds",
      growth_lg(-0.9));
  // --full stops at 2^16: at 2^18 λ dominates lg n lg lg n for the control too, and its ideal
  // series passes (β −0.97 against −0.9); larger sizes test less here, not more.
  for (u64 n : sizes) {
    ctx.starting(n);
    const FatTreeParams host = tree_params(n, CapacityProfile::kAreaUniversal);
    const double l = lg2(static_cast<double>(n));
    for (const SwitchModel model : {SwitchModel::kIdeal, SwitchModel::kPartial}) {
      const auto [cycles, lambda] =
          ctx.control
              ? mean_phased(n, host, uniform(4 * n), ctx.seed, model)
              : mean_route(n, host, RouteAlgorithm::kRandom, uniform(4 * n), ctx.seed, model);
      if (model == SwitchModel::kIdeal)
        s.points.push_back({n, ctx.tamper(n, cycles), lambda + l * lg2(l)});
      else
        partial.points.push_back({n, ctx.tamper(n, cycles), lambda / kAlpha + l * lg2(l)});
    }
  }
  return {s, partial};
}

// GL-T9: GREEDY (priority switches) on Theorem 9's adversarial sets takes at least
// lambda lg n / 24 cycles. The proof's mechanism is checked at every size: each four-way level
// (n/4 -> n) adds at least lambda/12 cycles (property 3 of the proof's claim). The bound itself
// is judged where it exceeds the trivial lambda, from lg n > 24 on (2^26 in --full).
std::vector<CheckSeries> measure_gl_t9(const std::vector<u64>& sizes, const Ctx& ctx) {
  constexpr u64 kLambda = 24;
  auto per_level = series(
      "cycles added per four-way level / (λ/12), GREEDY on Theorem 9's sets, λ = 24 (a lower "
      "bound)",
      lower(1.0));
  auto total =
      series("GREEDY's cycles / (λ(M) lg n / 24) where that exceeds λ (a lower bound)", lower(1.0));
  // GREEDY's cycles (or the control's) and lambda(M) at each size, and at its quarter.
  std::map<u64, std::pair<double, double>> runs;
  const auto run_at = [&](u64 n) {
    if (const auto it = runs.find(n); it != runs.end()) return it->second;
    const FatTree tree(tree_params(n, CapacityProfile::kFourWay));
    std::pair<double, double> out{0, static_cast<double>(kLambda)};
    if (ctx.control) {
      // The control: Theorem 1's off-line schedule on the same sets. It sees the whole set, so
      // the adversary cannot make a level cost it anything.
      const AdversarySet set = adversary_set(tree, kLambda);
      out.first = static_cast<double>(
          merge_one_cycle_sets(tree, set.messages, offline_sets(tree, set.messages, kScheduleLanes))
              .size());
    } else {
      RouteSpec r;
      r.host = tree_params(n, CapacityProfile::kFourWay);
      r.algorithm = RouteAlgorithm::kAdversary;
      r.lambda = kLambda;
      r.seed = ctx.seed;
      const RouteRun run = run_route(r);
      out = {static_cast<double>(run.result.cycles), run.load_factor};
    }
    out.first = ctx.tamper(n, out.first);
    return runs[n] = out;
  };
  for (u64 n : sizes) {
    ctx.starting(n);
    const auto [cycles, lambda] = run_at(n);
    if (n >= 64) per_level.points.push_back({n, cycles - run_at(n / 4).first, lambda / 12});
    const double l = std::log2(static_cast<double>(n));
    if (lambda * l / 24 > lambda) total.points.push_back({n, cycles, lambda * l / 24});
  }
  if (total.points.empty()) return {per_level};
  return {per_level, total};
}

// GL-T11: RANDOM' in O(lambda) cycles when every capacity is at least lg n.
std::vector<CheckSeries> measure_gl_t11(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto s =
      series("RANDOM''s cycles / λ, every capacity lg n, 8n uniform messages, max(3, 2^12/n) seeds",
             growth_lg(0.45));
  for (u64 n : sizes) {
    ctx.starting(n);
    FatTreeParams host = tree_params(n, CapacityProfile::kConstant);
    host.capacity.constant = static_cast<u64>(lg(n));
    // The control: Theorem 1's schedule blind to the capacities (one message per channel per
    // cycle), which on capacities lg n is worse by lg n.
    const auto [cycles, lambda] =
        !ctx.control
            ? mean_route(n, host, RouteAlgorithm::kRandomPrime, uniform(8 * n), ctx.seed)
            : mean_over_seeds<2>(n, ctx.seed, [&](u64 seed) {
                PatternParams pattern = uniform(8 * n);
                pattern.seed = seed;
                const Schedule d = theorem1_schedule(FatTree(host), make_pattern(pattern, n), true);
                return std::array{static_cast<double>(d.cycles), static_cast<double>(d.lambda)};
              });
    s.points.push_back({n, ctx.tamper(n, cycles), lambda});
  }
  return {s};
}

// G-1: the linear-size H-tree with processors of area alpha = 16: side Theta(sqrt A), A = n alpha.
std::vector<CheckSeries> measure_g_1(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto s = series("side / √(nα), linear-size H-tree, α = 16", growth_lg(0.5));
  for (u64 n : sizes) {
    ctx.starting(n);
    // The control: area-universal capacities (side Θ(√n lg n)) with the same processors.
    FatTreeParams p = tree_params(
        n, ctx.control ? CapacityProfile::kAreaUniversal : CapacityProfile::kLinearSize);
    p.capacity.alpha = 16;
    const FatTree tree = ctx.capacities ? FatTree(ctx.capacities(n, FatTree(p))) : FatTree(p);
    const LayoutMetrics<2> m = measure(build_h_tree(tree));
    const double side = static_cast<double>(std::max(m.width, m.height));
    s.points.push_back({n, ctx.tamper(n, side), std::sqrt(16.0 * static_cast<double>(n))});
  }
  return {s};
}

// G-2.1: Greenberg's geometric mapping puts lambda = O(lg A) on the linear-size host.
std::vector<CheckSeries> measure_g_21(const std::vector<u64>& sizes, const Ctx& ctx) {
  std::vector<CheckSeries> out;
  for (const bool mesh : {true, false}) {
    const std::string kind = mesh ? "mesh" : "planar";
    auto s = series(kind + ": λ / lg A, geometric mapping, linear-size host", growth_lg(0.4));
    for (u64 n : sizes) {
      ctx.starting(n);
      DecomposeSpec d;
      d.network = kind;
      d.processors = mesh ? (u64{1} << (2 * (floor_log2(n) / 2))) : n;
      d.mapping = MappingKind::kGeometric;
      const auto one = [&](u64 seed) {
        d.seed = seed;
        const DecomposeRun r = run_decompose(d);
        // The control: the same host and leaf counts, the processors placed at random.
        return std::array{
            ctx.control
                ? one_step_loads(r.net,
                                 random_mapping(r.leaf.size(), FatTree(r.host).processors(), seed),
                                 FatTree(r.host))
                      .load_factor
                : r.loads.load_factor,
            lg2(static_cast<double>(r.drawn_as<2>()->metrics.area()))};
      };
      // A planar network is drawn anew for each seed: the mean λ and lg A over the seeds of n
      // processors. A mesh (and its geometric mapping) is the same for every seed; its control's
      // random mapping is one seed's.
      const auto [lambda, lg_a] =
          mesh ? one(ctx.seed) : mean_over_seeds<2>(d.processors, ctx.seed, one);
      s.points.push_back({d.processors, ctx.tamper(n, lambda), lg_a});
    }
    out.push_back(std::move(s));
  }
  return out;
}

// G-4.1: fold-and-squash: a level-l wire is O(2^l lg A); a message's path O(d + lg A).
std::vector<CheckSeries> measure_g_41(const std::vector<u64>& sizes, const Ctx& ctx) {
  auto wires = series("max_l (longest level-l wire / (2^l lg A)), fat-pyramid", growth_lg(0.5));
  auto stretch = series("path length / (d + lg A), a mesh on the fat-pyramid", growth_lg(0.45));
  for (u64 n : sizes) {
    ctx.starting(n);
    const u64 m4 = u64{1} << (2 * std::max(1, floor_log2(n) / 2));
    const ButterflyFatTree net(m4, true);
    // The control: the same fat-pyramid in the centred (H-tree-like) butterfly layout.
    const LayoutMetrics<2> m =
        measure(ctx.control ? build_centred_butterfly(net) : build_fold_and_squash(net));
    const double lg_a = lg2(static_cast<double>(m.area()));
    double worst = 0;
    for (std::size_t l = 1; l < m.wire_length_max_by_level.size(); ++l) {
      double longest = static_cast<double>(m.wire_length_max_by_level[l]);
      if (l == 1) longest = ctx.tamper(m4, longest);  // a stretched level, for the tests
      worst = std::max(worst, longest / (std::ldexp(1.0, static_cast<int>(l)) * lg_a));
    }
    wires.points.push_back({m4, worst, 1.0});
    SimulateSpec sim;
    sim.processors = m4;
    sim.host = HostKind::kFatPyramid;
    sim.seed = ctx.seed;
    stretch.points.push_back({m4, run_simulate(sim).path_stretch_bound, 1.0});
  }
  return {wires, stretch};
}

// Both hosts' linear-delay slowdowns on one competing network per size: the fat-tree's against
// `tree_bound` of R's area (or volume), the fat-pyramid's against its lg.
// The control swaps the hosts: each is judged by the other's rule.
template <class SpecOf, class Bound>
std::vector<CheckSeries> headline_series(const std::vector<u64>& sizes, const Ctx& ctx,
                                         CheckSeries tree, CheckSeries pyramid, SpecOf spec_of,
                                         Bound tree_bound, const char* what) {
  auto equal = equal_area_series(what);
  for (u64 n : sizes)
    for (const HostKind host : {HostKind::kFatTree, HostKind::kFatPyramid}) {
      if (host == HostKind::kFatTree) ctx.starting(n);
      SimulateSpec sim = spec_of(n);
      sim.host = !ctx.control                 ? host
                 : host == HostKind::kFatTree ? HostKind::kFatPyramid
                                              : HostKind::kFatTree;
      sim.delay = parse_delay_model("linear");
      sim.seed = ctx.seed;
      // The slowdown is the mean over the seeds of n processors; the areas are the first seed's
      // run's.
      const SimulateResult r = run_simulate(sim);
      const double slowdown =
          mean_over_seeds<1>(sim.processors, ctx.seed, {r.slowdown}, [&](u64 seed) {
            SimulateSpec other = sim;
            other.seed = seed;
            return std::array{run_simulate(other).slowdown};
          })[0];
      const double a = static_cast<double>(r.area_competing);
      equal.points.push_back({sim.processors, off_equal(r), 1.0});
      if (host == HostKind::kFatTree)
        tree.points.push_back(
            {sim.processors, ctx.tamper(sim.processors, slowdown), tree_bound(a)});
      else
        pyramid.points.push_back({sim.processors, slowdown, lg2(a)});
    }
  return {tree, pyramid, equal};
}

// G-headline: under linear delay the fat-tree's slowdown is Omega(sqrt A), the fat-pyramid's
// O(lg A) (a mesh, one step, equal total areas: R's processors padded by simulate).
// Measured (seed 1) at n = 64 … 65536: the fat-tree's Δ / √A = 0.240, 0.287, 0.323, 0.319, 0.311,
// 0.332 (lower bound 0.2: a fall by 1.2 detected); the fat-pyramid's Δ / lg A = 1.43 … 1.11, like
// lg^-0.35 n (quick) and lg^-0.26 n (full); the rule allows lg^0.15 n, a margin of 0.41 over full
// (0.50 over quick). Area ratios 1.01 … 1.05.
std::vector<CheckSeries> measure_g_headline(const std::vector<u64>& sizes, const Ctx& ctx) {
  return headline_series(
      sizes, ctx, series("fat-tree: Δ / √A (a lower bound)", lower(0.2)),
      series("fat-pyramid: Δ / lg A", growth_lg(0.15)),
      [](u64 n) {
        SimulateSpec sim;
        sim.processors = u64{1} << (2 * std::max(1, floor_log2(n) / 2));
        return sim;
      },
      [](double a) { return std::sqrt(a); }, "area");
}

// G3-headline (beyond the papers): the 3D analogue. With switch spans charged as wire,
// the 3D fat-tree's (Theorem 4 cube's) slowdown simulating a 3D mesh is Omega(cbrt V) and the
// 3D fat-pyramid's O(lg V) (docs/simulate3d.md §4).
std::vector<CheckSeries> measure_g3_headline(const std::vector<u64>& sizes, const Ctx& ctx) {
  return headline_series(
      // At equal volumes the fat-tree's Δ / ∛V, the mean over the seeds, is 5.46–5.50 at n = 64
      // from seeds 1 to 8 (one seed's: 4.67–6.61), about 7 at 512 and 7.6 at 4096; the limit is the
      // smallest over 1.2.
      sizes, ctx, series("3D fat-tree: Δ / ∛V (a lower bound), switch spans charged", lower(4.5)),
      series("3D fat-pyramid: Δ / lg V, switch spans charged", growth_lg(0.15)),
      [](u64 n) {
        const u64 side = std::max<u64>(2, static_cast<u64>(std::llround(std::cbrt(double(n)))));
        SimulateSpec sim;
        sim.competing = "mesh3d";
        sim.processors = side * side * side;
        sim.switch_span = true;
        return sim;
      },
      [](double v) { return std::cbrt(v); }, "volume");
}

const std::vector<Control>& controls() {
  static const std::vector<Control> table{
      {"D-compose",
       "the same processors, RN1s and connections built from small unit trees only (m = 2 at "
       "every stage), 4 times as many unit trees above the leaves"},
      {"L-L3",
       "the same H-trees with every switch drawn lg n times wider than its wires need "
       "(build_h_tree_stretched_switches); with switches drawn inside, each a full crossbar in "
       "the H-tree (build_h_tree_crossbar_switches) and every wire of a switch in a layer pair "
       "of its own in the cube (build_cube_unpacked_switches)"},
      {"GL-T11",
       "Theorem 1's schedule blind to the capacities (sets halved until every channel carries at "
       "most one message, run unmerged): on capacities lg n, worse by lg n"},
      {"L-C2",
       "Theorem 1's merged schedule on the same sets, without Corollary 2's fictitious "
       "capacities (on sets loading every level alike it takes λ·L/2 cycles)"},
      {"L-T1",
       "Theorem 1's schedule blind to the capacities: sets halved until every channel carries at "
       "most one message, as on a plain binary tree, run unmerged"},
      {"L-T4",
       "the slab layout of the same trees, whose analysis is O(w^(3/2) lg³(n/w)), worse "
       "by lg^(3/2)"},
      {"L-L6", "one cut at the middle of the total length, blind to the blacks"},
      {"L-T5",
       "the same meshes with their processors' positions shuffled (each placed where "
       "another one was), cut by the same planes"},
      {"L-T8", "pieces of equal counts cut from a random order of the processors"},
      {"GL-T9",
       "Theorem 1's off-line schedule on the same adversarial sets (it sees the whole "
       "set: 24 cycles at every size)"},
      {"G-2.1", "a random mapping onto the same host, the same number of processors per leaf"},
      {"G-4.1", "the same fat-pyramid in the centred (H-tree-like) butterfly layout"},
      {"GL-area", "the same H-tree with the root channel fattened by lg n"},
      {"GL-T8",
       "RANDOM run one apex level at a time, top down (no two levels' messages in "
       "flight together)"},
      {"D-route",
       "uniform locality: every destination any other processor, the same load and "
       "trials"},
      {"G-1", "area-universal capacities (root √n, side Θ(√n lg n)) with the same processors"},
      {"L-T10",
       "the processors mapped onto the same host's leaves at random (equal counts per leaf), "
       "instead of the balanced decomposition; the same padded mesh, schedule and delay"},
      {"G-headline",
       "the hosts swapped: the fat-pyramid judged by the fat-tree's Ω(√A), the "
       "fat-tree by the fat-pyramid's O(lg A)"},
      {"G3-headline",
       "the hosts swapped: the 3D fat-pyramid judged by the 3D fat-tree's Ω(∛V), "
       "the 3D fat-tree by the 3D fat-pyramid's O(lg V)"},
      {"L-C9",
       "pieces of equal counts cut from a random order of the processors: balanced in "
       "processors, blind to the wires"},
      {"L-VI",
       "a capacity-starved tree: linear-size capacities (root √n / lg n) on the same "
       "permutations"},
      {"D-latency",
       "the same hollow cubes with copper cables at 0.6 c along their drawn Manhattan paths "
       "(the default timing) instead of straight links at c"},
      {"D-load", "the same compositions with RN1s as two 4×4 crossbars of dilation 1"},
      {"D-flat",
       "uniform traffic (any other processor), which the fat-tree's locality does not "
       "match"},
      {"D-faults", "the wirings swapped: deterministic redundant wiring judged as random"},
      {"L-IV",
       "the same switches with every input of degree 1 (input i to output i mod s, "
       "weak_concentrator): two inputs congruent mod s cannot both connect"}};
  return table;
}

}  // namespace ftvlsi::detail
