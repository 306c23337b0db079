#pragma once
// `ftvlsi export` (docs/export.md): a network laid out as `ftvlsi layout` draws it, every wire
// measured, every link given a latency in cycles, and the result written for BookSim2 (anynet and
// its configuration), networkx (GraphML) or Graphviz (DOT), with a JSON summary.
#include <optional>
#include <string>

#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/export_run.hpp"

namespace ftvlsi {

// What `ftvlsi export` is given, as text: the layout's network flags and the export's own.
struct ExportOptions {
  SpecOverrides network;  // --network, --processors, capacities, --parents, --style, --technology
  std::optional<std::string> format, out, json, delay, cycle_length;
  // --network transit: DeHon's composition (io/transit_options.hpp) and its --timing file.
  std::optional<std::string> composition, leaf, stages, rn1, wiring, timing;
};

struct ExportSpec {
  LayoutSpec layout;  // the network, its layout style, the seed and the technology
  // DeHon's practical fat-tree instead of `layout`'s network: measured on its hollow cube.
  std::optional<TransitParams> transit;
  ExportFormat format = ExportFormat::kBooksim;
  std::string out;
  std::optional<std::string> json;  // "-": standard output
  LatencyRule rule;                 // linear delay, a cycle of 1 grid unit, unless given
};

// Every flag parsed and checked once (FTV-1090 .. FTV-1099, FTV-1097 for transit's).
ExportSpec export_spec(const ExportOptions& options);

// Builds the network and its layout, measures every wire, assigns latencies and writes spec.out
// (and spec.out + ".config" for BookSim2) and the JSON; each file whole or not at all. Before
// building, it estimates from the network's sizes the bytes the export holds at its peak (the
// network, what measures its wires, the graph and the zero-load search; a competing network's
// once it is built, its generator checking its own) and refuses more than is available (FTV-8029).
ExportRun run_export(const ExportSpec& spec);

// The network as routers, processors and measured links, latencies not yet assigned.
LatencyGraph export_graph(const LayoutSpec& layout);
// DeHon's network as RN1s (in the dual 4x4 configuration: one router per crossbar, 2 an RN1),
// processors and one directed link per wire, the cables' lengths measured on the hollow cube of
// `packaging`; links inside a stack are 0 long.
LatencyGraph transit_export_graph(const TransitParams& params, const HollowCubeSpec& packaging);

}  // namespace ftvlsi
