#pragma once
// The typed results of DeHon's practical fat-tree runs (`ftvlsi layout --network transit`,
// `ftvlsi route --network transit`; docs/dehon.md §1, §3, §5): the network built, packaged,
// measured, checked, timed and routed. report/transit_job.hpp computes them;
// io/transit_json.hpp writes their JSON.
#include <cstdint>
#include <optional>
#include <vector>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/transit_analytic.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

struct TransitRouteRun {
  TransitShape shape;
  TransitRouteSpec route;
  FaultSpec faults;
  TransitRouteResult simulated;
  TransitAnalytic analytic;
  double bidelta_analytic = 0;  // a flat bidelta of the same processors and RN1s
  int bidelta_stages = 0;
  std::uint64_t routers_failed = 0, links_failed = 0;
  std::optional<double> connectivity;  // with faults: sampled pairs that keep a path
  double seconds_build = 0, seconds_route = 0;
};

struct TransitLayoutRun {
  TransitShape shape;
  TransitTiming timing;
  HollowCube cube;
  LayoutMetrics<3> metrics;
  std::vector<DrcReport> drc;
  TransitLatency latency;
  double seconds_build = 0, seconds_layout = 0, seconds_drc = 0, seconds_write = 0;
  bool drc_clean() const;
};

}  // namespace ftvlsi
