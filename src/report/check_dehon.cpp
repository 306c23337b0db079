// `ftvlsi check` D-compose and D-route: DeHon's compositions and his 70-80 % headline, measured
// on the built networks (docs/dehon.md §2, §5; docs/checks.md).
#include <string>
#include <vector>

#include "check_measures.hpp"
#include "ftvlsi/network/transit.hpp"
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

CheckSeries make_series(std::string label, CheckRule::Kind kind, double constant) {
  CheckSeries s;
  s.label = std::move(label);
  s.rule = {kind, constant, std::nullopt};
  return s;
}

}  // namespace

// D-compose: the stacks of each composition are exactly the paper's (ratio 1 from both sides),
// counted on the built network: the distinct stacks (unit trees and leaf clusters) its routers
// belong to, by stage. The control builds the same processors, RN1s and connections from small
// unit trees only, 4 times as many above the leaves.
std::vector<CheckSeries> measure_d_compose(const std::vector<std::uint64_t>& sizes,
                                           const Ctx& ctx) {
  using Kind = CheckRule::Kind;
  auto leaf = make_series("leaf stacks / the paper's count", Kind::kUpper, 1.0);
  auto leaf_below = make_series("leaf stacks / the paper's count, from below", Kind::kLower, 1.0);
  auto above = make_series("unit trees above the leaves / the paper's count", Kind::kUpper, 1.0);
  auto above_below =
      make_series("unit trees above the leaves / the paper's count, from below", Kind::kLower, 1.0);
  for (std::uint64_t n : sizes) {
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
  auto low = make_series("route probability at full load / 0.70", CheckRule::Kind::kLower, 1.0);
  auto high = make_series("route probability at full load / 0.80", CheckRule::Kind::kUpper, 1.0);
  for (std::uint64_t n : sizes) {
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

}  // namespace ftvlsi::detail
