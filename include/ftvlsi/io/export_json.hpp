#pragma once
// The JSON summary of an `ftvlsi export` run (docs/export.md): export.{format, routers, nodes,
// links, latency_histogram, mean_zero_load_latency_cycles, cycle_length} and what produced them.
#include <string>

#include "ftvlsi/route/export_run.hpp"

namespace ftvlsi {

std::string export_json(const ExportRun& run);

}  // namespace ftvlsi
