#include "ftvlsi/report/transit_report.hpp"

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/route/transit_analytic.hpp"

namespace ftvlsi {
namespace {

std::vector<DehonLoadPoint> load_curve(const TransitNetwork& net, const DehonReportSpec& spec) {
  std::vector<DehonLoadPoint> out;
  int stages = 0;
  for (std::uint64_t reach = 1; reach < net.processors(); reach *= 4) ++stages;
  for (double load : spec.loads) {
    TransitRouteSpec r;
    r.load = load;
    r.seed = spec.seed;
    r.trials = net.processors() > 100000 ? spec.trials_large : spec.trials;
    const auto sim = simulate_transit(net, r);
    const auto model = analytic_route_probability(net.shape(), net.rn1(), r.locality, load);
    out.push_back({load, sim.probability, sim.ci_low, sim.ci_high, model.probability,
                   bidelta_route_probability(stages, net.rn1(), load)});
  }
  return out;
}

DehonComposition composition(const std::string& name, const DehonReportSpec& spec) {
  TransitParams p;
  p.composition = name;
  p.seed = spec.seed;
  const TransitNetwork net(p);
  DehonComposition c;
  c.shape = net.shape();
  const HollowCube hc = build_hollow_cube(net, spec.timing.packaging);
  const auto m = measure(hc.layout);
  c.cube = hc.levels;
  c.volume = m.volume();
  c.cables = m.wires;
  c.drc_checked = c.shape.processors <= spec.drc_max_processors;
  if (c.drc_checked) c.drc_violations = check_hierarchical(hc.layout).violations;
  c.latency = transit_latency(net, hc, spec.timing);
  TransitTiming optical = spec.timing;
  optical.straight = true;
  optical.signal_cm_per_ns = 29.98;  // free space
  c.latency_optical = transit_latency(net, hc, optical);
  c.loads = load_curve(net, spec);
  return c;
}

}  // namespace

std::vector<DehonFaultPoint> fault_curve(const TransitNetwork& net, FaultKind kind,
                                         const DehonReportSpec& spec) {
  std::vector<DehonFaultPoint> out;
  for (double f : spec.fault_fractions) {
    const FaultSet faults = make_faults(net, {f, kind}, spec.seed);
    TransitRouteSpec r;
    r.seed = spec.seed;
    r.trials = spec.fault_trials;
    DehonFaultPoint pt;
    pt.wiring = net.shape().params.wiring;
    pt.kind = kind;
    pt.fraction = f;
    pt.connectivity = transit_connectivity(net, faults.mask, spec.connectivity_pairs, spec.seed);
    pt.probability = simulate_transit(net, r, &faults).probability;
    pt.routers_failed = faults.routers_failed;
    pt.links_failed = faults.links_failed;
    out.push_back(pt);
  }
  return out;
}

DehonReport run_dehon_report(const DehonReportSpec& spec) {
  DehonReport r;
  r.spec = spec;
  for (const auto& name : spec.compositions) r.compositions.push_back(composition(name, spec));
  for (auto w : {RedundantWiring::kRandom, RedundantWiring::kDeterministic}) {
    TransitParams p;
    p.composition = spec.fault_composition;
    p.wiring = w;
    p.seed = spec.seed;
    const TransitNetwork net(p);
    for (auto kind : spec.fault_kinds) {
      const auto curve = fault_curve(net, kind, spec);
      r.faults.insert(r.faults.end(), curve.begin(), curve.end());
    }
  }
  return r;
}

}  // namespace ftvlsi
