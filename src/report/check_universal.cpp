// `ftvlsi check` L-C9 and L-VI: Leiserson 1985's Corollary 9 (a (w, α) decomposition tree gives
// a balanced one) and §VI's remark on permutations (a universal fat-tree of volume O(n^(3/2))
// routes any permutation off-line in O(1) delivery cycles), measured on our own decompositions,
// layouts and simulated schedules (docs/checks.md).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "check_measures.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "ftvlsi/route/offline.hpp"

namespace ftvlsi::detail {
namespace {

using u64 = std::uint64_t;

// The networks of L-C9, each at the α its cutting-plane tree shrinks by: planar (√2 per
// halving of the area), a 3D mesh (4^(1/3)), and a hypercube given as a network file (its
// pieces' bandwidth halves with their processors: α = 2), read back through the file format.
struct Corollary9Network {
  const char* label;
  double alpha;
};
constexpr std::array<Corollary9Network, 3> kCorollary9{{
    {"planar network, α = √2", 1.4142135623730951},
    {"3D mesh, α = 4^(1/3)", 1.5874010519681994},
    {"hypercube read from a network file, α = 2", 2.0},
}};

CompetingNetwork corollary9_network(std::size_t which, u64 n, u64 seed) {
  // A planar network's ratio moves by 2 with the parity of lg n (the cutting tree's last
  // levels), so it is measured at even powers of two; the 3D mesh at cubes of a power-of-two side.
  if (which == 0) return make_competing("planar", u64{1} << (floor_log2(n) & ~1), seed);
  if (which == 1) {
    const u64 side = u64{1} << std::max(1, floor_log2(n) / 3);
    return make_competing("mesh3d", side * side * side, seed);
  }
  // The network-file path of `ftvlsi decompose --network file`: written and parsed back.
  const u64 cube = u64{1} << floor_log2(std::max<u64>(n, 2));
  return parse_network_text(network_text(make_competing("hypercube", cube, seed)), "hypercube.net");
}

// The least w for which the measured cutting-plane tree is a (w, α) decomposition tree:
// w_k <= w / α^k at every level k.
double decomposition_w(const CuttingTree& tree, double alpha) {
  double w = 0;
  for (std::size_t k = 0; k < tree.bandwidth_by_level.size(); ++k)
    w = std::max(w, static_cast<double>(tree.bandwidth_by_level[k]) *
                        std::pow(alpha, static_cast<double>(k)));
  return w;
}

// The control: pieces of equal counts cut from a seeded random order of the processors,
// balanced in processors but blind to the wires. Measured as a one-step set's channel loads on a
// full binary tree with one leaf per processor (as L-T8's control).
std::vector<u64> random_piece_bandwidths(const CompetingNetwork& net, u64 seed) {
  const u64 n = net.processors();
  std::vector<u64> order(n);
  std::iota(order.begin(), order.end(), u64{0});
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  u64 leaves = 2;
  while (leaves < n) leaves *= 2;
  std::vector<u64> leaf(n);
  for (u64 i = 0; i < n; ++i) leaf[order[i]] = static_cast<u64>((__uint128_t{i} * leaves) / n);
  return one_step_loads(net, leaf, FatTree(tree_params(leaves, CapacityProfile::kFull)))
      .max_load_by_level;
}

}  // namespace

// L-C9: Corollary 9. From the measured cutting-plane tree's w_k, w(α) = max_k w_k α^k makes it a
// (w, α) decomposition tree; the balanced tree's pieces at level i must then have bandwidth at
// most 4 (α / (α − 1)) w / α^i (Theorem 8's sum as a geometric series), and every split must
// halve the processors (⌊B/2⌋ and ⌈B/2⌉).
std::vector<CheckSeries> measure_l_c9(const std::vector<u64>& sizes, const Ctx& ctx) {
  std::vector<CheckSeries> out;
  for (std::size_t which = 0; which < kCorollary9.size(); ++which) {
    const Corollary9Network& kind = kCorollary9[which];
    // The bound holds at every size with the same constant, so a ratio that grows would break it
    // at some size: the rule also limits the growth (our ratios are flat).
    CheckRule rule = growth_lg(0.5);
    rule.constant = 1.0;
    auto s = series(
        fmt::format("{}: max_i balanced bandwidth_i / (4(α/(α−1)) w / α^i)", kind.label), rule);
    for (u64 n : sizes) {
      const CompetingNetwork net = corollary9_network(which, n, ctx.seed);
      const u64 p = net.processors();
      const CuttingTree tree = build_cutting_tree(net);
      const double w = decomposition_w(tree, kind.alpha);
      const std::vector<u64> bandwidth =
          ctx.control ? random_piece_bandwidths(net, ctx.seed)
                      : build_balanced_tree(net, tree, tree.depth).bandwidth_by_level;
      double worst = 0;
      // Levels whose pieces hold two processors or more (a one-processor piece's bandwidth is its
      // degree, whatever the tree).
      for (std::size_t i = 0; i < bandwidth.size() && (p >> std::min<std::size_t>(i, 63)) >= 2;
           ++i) {
        const double bound =
            4 * kind.alpha / (kind.alpha - 1) * w / std::pow(kind.alpha, static_cast<double>(i));
        worst = std::max(worst, static_cast<double>(bandwidth[i]) / bound);
      }
      s.points.push_back({p, ctx.tamper(p, worst), 1.0});
    }
    out.push_back(std::move(s));
  }
  // Balanced: no piece at level i of the planar network's tree holds more than ⌈p / 2^i⌉
  // processors (every split halves its blacks, ⌊B/2⌋ and ⌈B/2⌉).
  auto halved = series("planar network: max_i largest piece at level i / ⌈p / 2^i⌉", upper(1.0));
  for (u64 n : sizes) {
    const CompetingNetwork net = corollary9_network(0, n, ctx.seed);
    const u64 p = net.processors();
    const CuttingTree tree = build_cutting_tree(net);
    const BalancedTree balanced = build_balanced_tree(net, tree, tree.depth);
    double worst = 0;
    for (int i = 0; i <= tree.depth; ++i) {
      std::vector<u64> leaf(p);
      for (u64 q = 0; q < p; ++q) leaf[q] = balanced.leaf_at_map_level[q] >> (tree.depth - i);
      std::sort(leaf.begin(), leaf.end());
      u64 largest = 0;
      for (u64 a = 0, b = 0; a < p; a = b) {
        while (b < p && leaf[b] == leaf[a]) ++b;
        largest = std::max(largest, b - a);
      }
      const u64 share = i >= 63 ? 1 : std::max<u64>(1, static_cast<u64>(ceil_div(p, u64{1} << i)));
      worst = std::max(worst, static_cast<double>(largest) / static_cast<double>(share));
    }
    halved.points.push_back({p, worst, 1.0});
  }
  out.push_back(std::move(halved));
  return out;
}

namespace {

// Theorem 1's off-line schedule on `messages`, every cycle run through the simulator: its
// delivery cycles, or infinity when a cycle loses a message (not one-cycle).
double offline_cycles(const FatTree& tree, const MessageSet& messages) {
  DeliverySimulator sim(tree, messages, SwitchPolicy::kPriority, 1);
  bool lossless = true;
  const RouteResult r = route_schedule(sim, messages.size(),
                                       offline_schedule(tree, messages, kScheduleLanes), lossless);
  return lossless && r.delivered == messages.size() ? static_cast<double>(r.cycles)
                                                    : std::numeric_limits<double>::infinity();
}

// The universal fat-tree of volume O(n^(3/2)): root capacity n, so cap(k) = n / 2^k.
FatTreeParams permutation_host(u64 n, bool starved) {
  if (starved) return tree_params(n, CapacityProfile::kLinearSize);
  FatTreeParams p = tree_params(n, CapacityProfile::kUniversal);
  p.capacity.root_capacity = n;
  return p;
}

}  // namespace

// L-VI: §VI's remark: a universal fat-tree on n processors of volume O(n^(3/2)) routes an
// arbitrary permutation off-line in O(lg n) time: O(1) delivery cycles of Theorem 1's schedule
// (each cycle O(lg n) bit times). Measured on random permutations (three seeds, the worst),
// bit-reversal and transpose; the volume from the drawn cube.
std::vector<CheckSeries> measure_l_vi(const std::vector<u64>& sizes, const Ctx& ctx) {
  const char* patterns[] = {"permutation", "bit-reversal", "transpose"};
  const char* labels[] = {"random permutations (worst of 3 seeds)", "bit-reversal", "transpose"};
  std::vector<CheckSeries> out;
  for (const char* label : labels)
    out.push_back(series(fmt::format("{}: delivery cycles of Theorem 1's off-line schedule, "
                                     "universal fat-tree of root capacity n",
                                     label),
                         growth_lg(0.3)));
  // The ratio falls like lg^-1.5 n (quick) and lg^-1.65 n (full) at these sizes: lower-order
  // terms still fading, so the rule asks it to keep falling.
  auto volume = series("drawn cube's volume / n^(3/2), universal fat-tree of root capacity n",
                       growth_lg(-1.2));
  for (u64 n : sizes) {
    const FatTree tree(permutation_host(n, ctx.control));
    for (std::size_t i = 0; i < 3; ++i) {
      double cycles = 0;
      for (u64 s = 0; s < (i == 0 ? 3u : 1u); ++s) {
        PatternParams pattern;
        pattern.name = patterns[i];
        pattern.seed = ctx.seed + s;
        cycles = std::max(cycles, offline_cycles(tree, make_pattern(pattern, n)));
      }
      out[i].points.push_back({n, i == 0 ? ctx.tamper(n, cycles) : cycles, 1.0});
    }
    const LayoutMetrics<3> m = measure(build_cube(tree));
    volume.points.push_back(
        {n, static_cast<double>(m.volume()), std::pow(static_cast<double>(n), 1.5)});
  }
  out.push_back(std::move(volume));
  return out;
}

}  // namespace ftvlsi::detail
