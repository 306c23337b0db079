#pragma once
// The JSON documents of DeHon's practical fat-tree runs (`--network transit`).
#include <string>

#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/report/transit_job.hpp"

namespace ftvlsi {

std::string transit_route_json(const TransitRouteRun& run);

}  // namespace ftvlsi
