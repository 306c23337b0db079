#pragma once
// BookSim2's `anynet` network file and a configuration that runs it (docs/export.md).
//
// The anynet grammar, as BookSim2's src/networks/anynet.cpp reads it: one line per router,
// "router R" then entries "node P" (a processor on R: its injection and ejection channels, one
// cycle each) and "router S L" (the channel from R to S takes L cycles; latencies are one way,
// so every link is written on both of its routers' lines). Tokens are separated by single spaces,
// routers and nodes are numbered from 0 without gaps, and every node hangs on one router. No
// latency is written after a node entry: BookSim2 would store it as a router-to-router channel.
// The file holds no comments (the reader has none).
#include <string>
#include <string_view>

#include "ftvlsi/route/export_run.hpp"

namespace ftvlsi {

// The configuration's path: the network file's with ".config" appended.
std::string booksim_config_path(const std::string& network_path);

// Writes the anynet file to `path` and its configuration to booksim_config_path(path), both under
// temporary names renamed into place when both are complete. Parallel wires between two routers
// (a fat-pyramid's mesh) are one anynet link with the least of their latencies; a graph whose
// links carry capacities is refused by the job before (FTV-6800).
void write_booksim(const ExportRun& run, const std::string& path);

// The anynet text and the configuration text (the writer's bytes; tests read them).
std::string booksim_network_text(const LatencyGraph& graph);
std::string booksim_config_text(const ExportRun& run, std::string_view network_file_name);

}  // namespace ftvlsi
