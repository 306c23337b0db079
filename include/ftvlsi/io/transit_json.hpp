#pragma once
// The JSON documents of DeHon's practical fat-tree runs (`--network transit`).
#include <string>

#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/transit_run.hpp"

namespace ftvlsi {

std::string transit_route_json(const TransitRouteRun& run);
std::string transit_layout_json(const TransitLayoutRun& run);

}  // namespace ftvlsi
