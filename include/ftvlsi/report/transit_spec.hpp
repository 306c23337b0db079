#pragma once
// The options of DeHon's practical fat-tree (`--network transit` on `ftvlsi layout` and
// `ftvlsi route`) as given, and the job specs built from them. The CLI's flags fill
// TransitOptions; transit_route_spec and transit_layout_spec decide every default and refuse
// what does not belong, so no front end holds spec logic of its own.
#include <optional>
#include <string>

#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/report/transit_job.hpp"

namespace ftvlsi {

struct TransitOptions {
  // The network (docs/dehon.md §1) and the route's trials (§5), as given.
  std::optional<std::string> composition, leaf, stages, rn1, wiring, load, locality, trials, faults,
      fault_kind, timing;
  // The options every layout and route share.
  std::optional<std::string> seed, json, gds, html, svg, style, drc;
  bool drc_flag = false;  // --drc: the hierarchical check
};

// Whether a network kind names DeHon's network ("transit").
bool is_transit(const std::optional<std::string>& network);

// The network's parameters: a named composition, or a custom one from --leaf and --stages.
TransitParams transit_params(const TransitOptions& options, FrontEnd front = FrontEnd::kCli);

// `ftvlsi route --network transit`: the JSON goes to stdout unless --json names a file.
TransitRouteJobSpec transit_route_spec(const TransitOptions& options,
                                       FrontEnd front = FrontEnd::kCli);

// `ftvlsi layout --network transit`: hollow cubes only; the JSON goes to stdout when no file is
// named.
TransitLayoutJobSpec transit_layout_spec(const TransitOptions& options,
                                         FrontEnd front = FrontEnd::kCli);

}  // namespace ftvlsi
