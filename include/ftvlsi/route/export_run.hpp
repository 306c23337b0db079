#pragma once
// One `ftvlsi export` run's typed result (docs/export.md): the network as routers, processors and
// links with their latencies, and the figures the JSON summary reports. report/export_job.hpp
// computes it; io/booksim_writer.hpp, io/graphml_writer.hpp and io/export_json.hpp write it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/latency_graph.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

// The file formats `ftvlsi export --format` writes.
enum class ExportFormat { kBooksim, kGraphml, kDot };
std::string_view to_string(ExportFormat format);
// InputError FTV-1090 naming the valid formats when `name` is none of them.
ExportFormat parse_export_format(std::string_view name);
const std::vector<ExportFormat>& export_formats();

struct ExportRun {
  ExportFormat format = ExportFormat::kBooksim;
  LatencyGraph graph;
  LatencyRule rule;
  std::optional<TransitParams> transit;  // DeHon's network: the composition exported
  std::map<std::uint32_t, std::uint64_t> latency_histogram;
  std::optional<double> mean_zero_load_latency;  // nullopt: some processors have no path
  std::string out;                               // the file written (booksim: and out.config)
  // Where the layout's processor area came from (docs/technology.md), given with a technology.
  ProcessorAreaSource processor_area_source = ProcessorAreaSource::kAlpha;
  double seconds = 0;  // build, measure and write
};

}  // namespace ftvlsi
