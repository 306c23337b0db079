#pragma once
// The JSON document of a routing run (`ftvlsi route --json`), built from its typed result.
#include <string>

#include "ftvlsi/route/route_run.hpp"

namespace ftvlsi {

std::string route_json(const RouteRun& run);

}  // namespace ftvlsi
