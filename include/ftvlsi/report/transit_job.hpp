#pragma once
// `ftvlsi layout --network transit` and `ftvlsi route --network transit`: DeHon's practical
// fat-tree built, packaged, timed and routed (docs/design.md §2.6, §3.10, §5.6). The jobs
// return typed results; io/transit_json.hpp writes their JSON.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/network/transit.hpp"
#include "ftvlsi/route/transit_analytic.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

struct TransitRouteJobSpec {
  TransitParams network;
  TransitRouteSpec route;
  FaultSpec faults;
  int connectivity_pairs = 2000;  // sampled pairs for the fault report
  std::optional<std::string> json;  // "-" for stdout
};

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

TransitRouteRun run_transit_route(const TransitRouteJobSpec& spec);

// Stages of a flat bidelta network of RN1s joining n processors: one radix-4 stage per base-4
// digit of a destination (a leading radix-3 or radix-2 digit counts as a stage).
int bidelta_stages(std::uint64_t processors);

}  // namespace ftvlsi
