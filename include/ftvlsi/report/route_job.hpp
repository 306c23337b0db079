#pragma once
// `ftvlsi route`: builds the host and the message set, routes them cycle by cycle and writes the
// JSON (io/route_json.hpp), the schedule and the per-channel load CSV.
#include "ftvlsi/route/route_run.hpp"

namespace ftvlsi {

RouteRun run_route(const RouteSpec& spec);

}  // namespace ftvlsi
