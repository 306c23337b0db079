#include "ftvlsi/report/transit_job.hpp"

#include <chrono>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"

namespace ftvlsi {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int bidelta_stages(std::uint64_t processors) {
  int stages = 0;
  for (std::uint64_t reach = 1; reach < processors; reach *= 4) ++stages;
  return stages;
}

TransitRouteRun run_transit_route(const TransitRouteJobSpec& spec) {
  if (!(spec.route.load >= 0 && spec.route.load <= 1))
    throw InputError("--load must be a probability in [0, 1]");
  if (!(spec.faults.fraction >= 0 && spec.faults.fraction <= 1))
    throw InputError("--faults must be a fraction in [0, 1]");
  if (spec.route.trials < 1 || spec.route.trials > 100000)
    throw InputError("--trials must be 1 .. 100000");
  if (spec.json && *spec.json != "-") require_writable(*spec.json, "JSON");
  TransitRouteRun run;
  auto t0 = std::chrono::steady_clock::now();
  const TransitNetwork net(spec.network);
  run.shape = net.shape();
  run.route = spec.route;
  run.faults = spec.faults;
  const FaultSet faults = make_faults(net, spec.faults, spec.route.seed);
  run.routers_failed = faults.routers_failed;
  run.links_failed = faults.links_failed;
  run.seconds_build = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  run.simulated = simulate_transit(net, spec.route, &faults);
  run.seconds_route = seconds_since(t0);
  if (spec.faults.fraction > 0)
    run.connectivity =
        transit_connectivity(net, faults.mask, spec.connectivity_pairs, spec.route.seed);
  run.analytic =
      analytic_route_probability(run.shape, net.rn1(), spec.route.locality, spec.route.load);
  run.bidelta_stages = bidelta_stages(run.shape.processors);
  run.bidelta_analytic =
      bidelta_route_probability(run.bidelta_stages, net.rn1(), spec.route.load);
  return run;
}

}  // namespace ftvlsi
