#pragma once
// The network of an `ftvlsi export` run as GraphML, which networkx's read_graphml reads
// (docs/export.md): a node per router ("r<i>", kind switch) and per processor ("p<i>", kind
// processor) with its level and the cell it sits in (x, y, z); an edge per router-to-router wire
// (a fat-tree: per channel, with its capacity) and per processor wire, with the drawn length in
// grid units, the latency in cycles, the capacity and the wire's kind (tree, mesh, processor),
// and with a technology its length in mm and delay in ns. The graph's own data: the network kind,
// the cycle length and the mean zero-load latency.
#include <string>

#include "ftvlsi/route/export_run.hpp"

namespace ftvlsi {

// Streams the document to `path` (a temporary renamed into place; "-" is standard output).
void write_graphml(const ExportRun& run, const std::string& path);

// The same network as a DOT graph with the same attributes (Graphviz, networkx's read_dot).
void write_export_dot(const ExportRun& run, const std::string& path);

}  // namespace ftvlsi
