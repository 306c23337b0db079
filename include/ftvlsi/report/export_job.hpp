#pragma once
// `ftvlsi export` (docs/export.md): a network laid out as `ftvlsi layout` draws it, every wire
// measured, every link given a latency in cycles, and the result written for BookSim2 (anynet and
// its configuration), networkx (GraphML) or Graphviz (DOT), with a JSON summary.
#include <optional>
#include <string>

#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/route/export_run.hpp"

namespace ftvlsi {

// What `ftvlsi export` is given, as text: the layout's network flags and the export's own.
struct ExportOptions {
  SpecOverrides network;  // --network, --processors, capacities, --parents, --style, --technology
  std::optional<std::string> format, out, json, delay, cycle_length;
};

struct ExportSpec {
  LayoutSpec layout;  // the network, its layout style, the seed and the technology
  ExportFormat format = ExportFormat::kBooksim;
  std::string out;
  std::optional<std::string> json;  // "-": standard output
  LatencyRule rule;                 // linear delay, a cycle of 1 grid unit, unless given
};

// Every flag parsed and checked once (FTV-1090 .. FTV-1099).
ExportSpec export_spec(const ExportOptions& options);

// Builds the network and its layout, measures every wire, assigns latencies and writes spec.out
// (and spec.out + ".config" for BookSim2) and the JSON; each file whole or not at all.
ExportRun run_export(const ExportSpec& spec);

// The network as routers, processors and measured links, latencies not yet assigned.
LatencyGraph export_graph(const LayoutSpec& layout);

}  // namespace ftvlsi
