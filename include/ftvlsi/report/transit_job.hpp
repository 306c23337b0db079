#pragma once
// `ftvlsi layout --network transit` and `ftvlsi route --network transit`: DeHon's practical
// fat-tree built, packaged, timed and routed (docs/dehon.md §1, §3, §5). The jobs
// return typed results; io/transit_json.hpp writes their JSON.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/network/transit.hpp"
#include "ftvlsi/route/transit_analytic.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

struct TransitRouteJobSpec {
  TransitParams network;
  TransitRouteSpec route;
  FaultSpec faults;
  int connectivity_pairs = 2000;    // sampled pairs for the fault report
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

struct TransitLayoutJobSpec {
  TransitParams network;
  TransitTiming timing;
  DrcMode drc = DrcMode::kNone;
  OutputPaths output;  // json ("-": stdout), gds, html (svg is refused: too many planes)
  std::optional<std::string> timing_file;  // the --timing file read into `timing`: an input
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

// Builds the network, packages it as hollow cubes, measures, checks and times it, and writes
// the files the spec names.
TransitLayoutRun run_transit_layout(const TransitLayoutJobSpec& spec);

// Stages of a flat bidelta network of RN1s joining n processors: one radix-4 stage per base-4
// digit of a destination (a leading radix-3 or radix-2 digit counts as a stage).
int bidelta_stages(std::uint64_t processors);

}  // namespace ftvlsi
