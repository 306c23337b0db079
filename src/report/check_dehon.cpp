// `ftvlsi check` D-compose and D-route: DeHon's compositions and his 70-80 % headline, measured
// on the built networks (docs/dehon.md §2, §5; docs/checks.md).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "check_measures.hpp"
#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/network/transit.hpp"
#include "ftvlsi/report/transit_job.hpp"
#include "ftvlsi/report/transit_report.hpp"
#include "ftvlsi/route/transit_analytic.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi::detail {
namespace {

// The paper's composition of about n processors (the check's sizes are its four): its leaf
// stacks (small unit trees or clusters) and its unit trees above them, as the paper counts them.
struct Named {
  const char* name;
  std::uint64_t leaf_stacks, above;
};
Named composition_of(std::uint64_t n) {
  if (n >= 786432) return {"768K", 4096, 1024 + 256};
  if (n >= 262144) return {"256K", 4096, 256 + 64};
  if (n >= 12288) return {"12K", 64, 16};
  return {"4K", 64, 4};
}

}  // namespace

// D-compose: the stacks of each composition are exactly the paper's (ratio 1 from both sides),
// counted on the built network: the distinct stacks (unit trees and leaf clusters) its routers
// belong to, by stage. The control builds the same processors, RN1s and connections from small
// unit trees only, 4 times as many above the leaves.
std::vector<CheckSeries> measure_d_compose(const std::vector<std::uint64_t>& sizes,
                                           const Ctx& ctx) {
  auto leaf = series("leaf stacks / the paper's count", upper(1.0));
  auto leaf_below = series("leaf stacks / the paper's count, from below", lower(1.0));
  auto above = series("unit trees above the leaves / the paper's count", upper(1.0));
  auto above_below =
      series("unit trees above the leaves / the paper's count, from below", lower(1.0));
  for (std::uint64_t n : sizes) {
    ctx.starting(n);
    const Named c = composition_of(n);
    TransitParams p;
    p.composition = c.name;
    p.seed = ctx.seed;
    if (ctx.control) p.upper_unit_tree = kSmallUnitTree;
    const TransitNetwork net(p);
    std::vector<bool> seen(net.stacks(), false);
    double leaves = 0, upper = 0;
    for (std::uint64_t r = 0; r < net.routers(); ++r) {
      const std::uint32_t s = net.stack(r);
      if (seen[s]) continue;
      seen[s] = true;
      ++(net.stack_stage(s) == 0 ? leaves : upper);
    }
    leaves = ctx.tamper(net.processors(), leaves);
    const auto at = net.processors();
    for (auto* series : {&leaf, &leaf_below})
      series->points.push_back({at, leaves, static_cast<double>(c.leaf_stacks)});
    for (auto* series : {&above, &above_below})
      series->points.push_back({at, upper, static_cast<double>(c.above)});
  }
  return {leaf, leaf_below, above, above_below};
}

// D-route: at full load with matched locality a connection gets through with probability
// between 0.70 and 0.80 (two seeded trials per composition).
std::vector<CheckSeries> measure_d_route(const std::vector<std::uint64_t>& sizes, const Ctx& ctx) {
  auto low = series("route probability at full load / 0.70", lower(1.0));
  auto high = series("route probability at full load / 0.80", upper(1.0));
  for (std::uint64_t n : sizes) {
    ctx.starting(n);
    TransitParams p;
    p.composition = composition_of(n).name;
    p.seed = ctx.seed;
    const TransitNetwork net(p);
    TransitRouteSpec r;
    r.trials = 2;
    r.seed = ctx.seed;
    // The control: uniform locality (any other processor), which DeHon's band does not claim.
    r.locality = ctx.control ? Locality::kUniform : Locality::kMatched;
    const double got = ctx.tamper(net.processors(), simulate_transit(net, r).probability);
    low.points.push_back({net.processors(), got, 0.70});
    high.points.push_back({net.processors(), got, 0.80});
  }
  return {low, high};
}

namespace {

TransitNetwork composition_network(std::uint64_t n, const Ctx& ctx,
                                   RedundantWiring wiring = RedundantWiring::kRandom) {
  TransitParams p;
  p.composition = composition_of(n).name;
  p.seed = ctx.seed;
  p.wiring = wiring;
  return TransitNetwork(p);
}

// The expected latency of a connection drawn with `locality` (average cables): Σ over classes
// of its probability times the class's latency.
double expected_latency(const TransitNetwork& net, const TransitLatency& t, Locality locality) {
  const auto p = class_distribution(net.shape(), locality);
  double expected = 0;
  for (std::size_t i = 0; i < t.rows.size() && i < p.size(); ++i)
    expected += p[i] * t.rows[i].latency_ns_mean;
  return expected;
}

}  // namespace

// D-latency: the worst-case latency of the 768K hybrid within DeHon's 320 ns, and 40 ns inside
// a cluster, on the built network and its hollow cubes (docs/dehon.md §4). The paper's figure is
// met with the cables across the hollow centre as straight links at the speed of light (the
// optical scheme it proposes); the copper figure (0.6 c along the drawn paths) is shown beside
// it in the label, and is the control.
std::vector<CheckSeries> measure_d_latency(const std::vector<std::uint64_t>& sizes,
                                           const Ctx& ctx) {
  auto worst = series("", upper(1.0));
  auto cluster = series("latency inside a cluster (hybrids) / 40 ns", upper(1.0));
  auto cluster_below = series("latency inside a cluster (hybrids) / 40 ns, from below", lower(1.0));
  std::string other;
  for (std::uint64_t n : sizes) {
    const TransitNetwork net = composition_network(n, ctx);
    TransitTiming copper;  // 0.6 c along the drawn Manhattan paths
    const HollowCube cube = build_hollow_cube(net, copper.packaging);
    TransitTiming optical = copper;
    optical.straight = true;
    optical.signal_cm_per_ns = 29.98;  // free space
    const TransitLatency judged = transit_latency(net, cube, ctx.control ? copper : optical);
    const TransitLatency beside = transit_latency(net, cube, ctx.control ? optical : copper);
    double most = 0, most_beside = 0;
    for (const LatencyRow& r : judged.rows) most = std::max(most, r.latency_ns);
    for (const LatencyRow& r : beside.rows) most_beside = std::max(most_beside, r.latency_ns);
    other += fmt::format("{}{} {:.0f} ns", other.empty() ? "" : ", ", composition_of(n).name,
                         most_beside);
    worst.points.push_back({net.processors(), ctx.tamper(net.processors(), most), 320.0});
    if (net.unit_processors() > 1 && !judged.rows.empty()) {
      cluster.points.push_back({net.processors(), judged.rows.front().latency_ns, 40.0});
      cluster_below.points.push_back({net.processors(), judged.rows.front().latency_ns, 40.0});
    }
  }
  worst.label = ctx.control ? fmt::format(
                                  "worst-case latency / 320 ns, copper at 0.6 c along the drawn "
                                  "cables (straight links at c: {})",
                                  other)
                            : fmt::format(
                                  "worst-case latency / 320 ns, straight links at c across the "
                                  "hollow centre (copper at 0.6 c along the drawn cables: {})",
                                  other);
  std::vector<CheckSeries> out{worst};
  if (!cluster.points.empty()) out.push_back(cluster), out.push_back(cluster_below);
  return out;
}

// D-load: the probability that a connection gets through against the offered load 0.1 … 1,
// matched locality, simulated (two seeded trials per point) beside the analytic model: one series
// per load whose table gives both (measured: simulated, bound: the model); the simulation within
// 5 % of the model from both sides, and above 70 % at every load. The control builds the RN1s
// as two 4×4 crossbars of dilation 1.
std::vector<CheckSeries> measure_d_load(const std::vector<std::uint64_t>& sizes, const Ctx& ctx) {
  std::vector<double> loads;
  for (int i = 1; i <= 10; ++i) loads.push_back(i / 10.0);
  std::vector<CheckSeries> per_load;
  for (double load : loads)
    per_load.push_back(
        series(fmt::format("load {:.1f}: simulated route probability / the analytic model's", load),
               lower(0.95)));
  auto over =
      series("largest simulated / analytic route probability over the loads 0.1 … 1", upper(1.05));
  auto floor =
      series("lowest simulated route probability over the loads 0.1 … 1 / 0.70", lower(1.0));
  for (std::uint64_t n : sizes) {
    TransitParams p;
    p.composition = composition_of(n).name;
    p.seed = ctx.seed;
    if (ctx.control) p.rn1 = Rn1Config::kDual4x4;
    const TransitNetwork net(p);
    double largest = 0, lowest = 1;
    for (std::size_t i = 0; i < loads.size(); ++i) {
      TransitRouteSpec r;
      r.load = loads[i];
      r.trials = 2;
      r.seed = ctx.seed;
      const double sim = ctx.tamper(net.processors(), simulate_transit(net, r).probability);
      const double model =
          analytic_route_probability(net.shape(), net.rn1(), r.locality, loads[i]).probability;
      per_load[i].points.push_back({net.processors(), sim, model});
      largest = std::max(largest, sim / model);
      lowest = std::min(lowest, sim);
    }
    over.points.push_back({net.processors(), largest, 1.0});
    floor.points.push_back({net.processors(), lowest, 0.70});
  }
  std::vector<CheckSeries> out{floor, over};
  for (auto& s : per_load) out.push_back(std::move(s));
  return out;
}

// D-flat: the hybrid fat-tree against a flat bidelta network of the same processors and RN1s
// (docs/dehon.md §4, §5): at full load with matched locality more connections get through
// (simulated, against the bidelta's analytic probability), and the expected latency is lower.
// The control offers uniform traffic, which the fat-tree's locality does not match.
std::vector<CheckSeries> measure_d_flat(const std::vector<std::uint64_t>& sizes, const Ctx& ctx) {
  auto route =
      series("route probability at full load: the fat-tree's (simulated) / the flat bidelta's",
             lower(1.0));
  auto latency = series(
      "expected latency: the flat bidelta's / the fat-tree's (straight links at c, average "
      "cables)",
      lower(1.0));
  const Locality locality = ctx.control ? Locality::kUniform : Locality::kMatched;
  for (std::uint64_t n : sizes) {
    const TransitNetwork net = composition_network(n, ctx);
    TransitRouteSpec r;
    r.trials = 2;
    r.seed = ctx.seed;
    r.locality = locality;
    const double tree = ctx.tamper(net.processors(), simulate_transit(net, r).probability);
    const double flat = bidelta_route_probability(bidelta_stages(net.processors()), net.rn1(), 1.0);
    route.points.push_back({net.processors(), tree, flat});
    TransitTiming optical;
    optical.straight = true;
    optical.signal_cm_per_ns = 29.98;
    const TransitLatency t =
        transit_latency(net, build_hollow_cube(net, optical.packaging), optical);
    latency.points.push_back(
        {net.processors(), t.bidelta_latency_ns_mean, expected_latency(net, t, locality)});
  }
  return {route, latency};
}

// D-faults: with a fraction of routers failed (single routers, and pairs on one board), the
// route probability and the connectivity fall gracefully, and random redundant wiring keeps more
// pairs connected than deterministic wiring under paired faults (docs/dehon.md §6). The control
// swaps the wirings: deterministic judged as random.
std::vector<CheckSeries> measure_d_faults(const std::vector<std::uint64_t>& sizes, const Ctx& ctx) {
  constexpr double kFraction = 0.1;
  auto beats =
      series("connectivity at 10 % paired router faults: random wiring / deterministic wiring",
             lower(1.0));
  // Graceful: the redundant paths keep more than one path would. A single path through h̄
  // routers (the mean router stages of a delivered connection, fault-free) survives 10 % router
  // faults with probability 0.9^h̄.
  auto graceful_route = series(
      "route probability at 10 % router faults / (fault-free × 0.9^h̄), h̄ the mean router "
      "stages of a connection: more than one path would keep",
      lower(1.0));
  auto graceful_connect = series(
      "connectivity at 10 % router faults / 0.9^h̄: more than one path would keep", lower(1.0));
  for (std::uint64_t n : sizes) {
    const RedundantWiring ours =
        ctx.control ? RedundantWiring::kDeterministic : RedundantWiring::kRandom;
    const RedundantWiring other =
        ctx.control ? RedundantWiring::kRandom : RedundantWiring::kDeterministic;
    const TransitNetwork net = composition_network(n, ctx, ours);
    const TransitNetwork alt = composition_network(n, ctx, other);
    constexpr int kPairs = 2000;
    const FaultSet paired = make_faults(net, {kFraction, FaultKind::kPaired}, ctx.seed);
    const FaultSet paired_alt = make_faults(alt, {kFraction, FaultKind::kPaired}, ctx.seed);
    const double connected = transit_connectivity(net, paired.mask, kPairs, ctx.seed);
    const double connected_alt = transit_connectivity(alt, paired_alt.mask, kPairs, ctx.seed);
    beats.points.push_back(
        {net.processors(), ctx.tamper(net.processors(), connected), connected_alt});
    const FaultSet single = make_faults(net, {kFraction, FaultKind::kRouter}, ctx.seed);
    TransitRouteSpec r;
    r.trials = 2;
    r.seed = ctx.seed;
    const TransitRouteResult clean = simulate_transit(net, r);
    const double faulty = simulate_transit(net, r, &single).probability;
    const double one_path = std::pow(1 - kFraction, clean.mean_router_stages);
    graceful_route.points.push_back({net.processors(), faulty, clean.probability * one_path});
    graceful_connect.points.push_back(
        {net.processors(), transit_connectivity(net, single.mask, kPairs, ctx.seed), one_path});
  }
  return {beats, graceful_route, graceful_connect};
}

}  // namespace ftvlsi::detail
