#pragma once
// `ftvlsi layout --network transit` and `ftvlsi route --network transit`: DeHon's practical
// fat-tree built, packaged, timed and routed (docs/dehon.md §1, §3, §5). The jobs
// return typed results (route/transit_run.hpp); io/transit_json.hpp writes their JSON.
#include <cstdint>
#include <optional>
#include <string>

#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/route/transit_routing.hpp"
#include "ftvlsi/route/transit_run.hpp"

namespace ftvlsi {

struct TransitRouteJobSpec {
  TransitParams network;
  TransitRouteSpec route;
  FaultSpec faults;
  int connectivity_pairs = 2000;    // sampled pairs for the fault report
  std::optional<std::string> json;  // "-" for stdout
};

TransitRouteRun run_transit_route(const TransitRouteJobSpec& spec);

struct TransitLayoutJobSpec {
  TransitParams network;
  TransitTiming timing;
  DrcMode drc = DrcMode::kNone;
  OutputPaths output;  // json ("-": stdout), gds, html (svg is refused: too many planes)
  std::optional<std::string> timing_file;  // the --timing file read into `timing`: an input
};

// Builds the network, packages it as hollow cubes, measures, checks and times it, and writes
// the files the spec names.
TransitLayoutRun run_transit_layout(const TransitLayoutJobSpec& spec);

// Stages of a flat bidelta network of RN1s joining n processors: one radix-4 stage per base-4
// digit of a destination (a leading radix-3 or radix-2 digit counts as a stage).
int bidelta_stages(std::uint64_t processors);

}  // namespace ftvlsi
