#pragma once
// A network as routers, processors and links, each link with the length of the wire the layout
// draws for it and its latency in cycles (docs/export.md): what `ftvlsi export` hands to BookSim2
// and networkx. report/export_job.hpp fills it from a network and its layout; io/ writes it.
//
// Routers are numbered 0 .. R-1 and processors 0 .. N-1; every processor hangs on exactly one
// router by its injection and ejection link, which BookSim2 gives one cycle each. A butterfly
// network's routers are its switches; a competing network gets one router per processor; a
// fat-tree's are its internal nodes (its links then carry the channel's capacity).
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/route/delay_model.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

struct LatencyGraph {
  std::string kind;    // network kind, e.g. "fat-pyramid" or "mesh"
  int dimensions = 2;  // of the layout the lengths are measured on
  // Routers: level (switch level; 0 for a competing network's routers) and the processor cell the
  // router sits in (z = 0 in 2D).
  std::vector<int> router_level;
  std::vector<std::array<std::int64_t, 3>> router_position;
  // Processors: the router each hangs on, its cell, and the drawn length of its wire to that router
  // (0 when the router sits in the processor's own tile).
  std::vector<std::uint32_t> processor_router;
  std::vector<std::array<std::int64_t, 3>> processor_position;
  std::vector<std::uint64_t> processor_wire;
  std::uint64_t processor_capacity = 1;  // wires between a processor and its router
  // Router-to-router links, one per drawn wire (per channel for a fat-tree), struct of arrays.
  std::vector<std::uint32_t> link_a, link_b;
  std::vector<std::uint64_t> link_length;    // grid units (a fat-tree channel: its longest wire)
  std::vector<std::uint64_t> link_capacity;  // wires the link stands for (1 but for fat-trees)
  std::vector<bool> link_is_mesh;            // fat-pyramid mesh wires
  std::vector<std::uint32_t> link_latency;   // cycles, >= 1 (assign_latencies)

  std::uint64_t routers() const { return router_level.size(); }
  std::uint64_t processors() const { return processor_router.size(); }
  std::uint64_t links() const { return link_a.size(); }
  // Whether some link stands for more than one wire (BookSim2's anynet holds one per pair).
  bool has_capacities() const;
  void add_link(std::uint32_t a, std::uint32_t b, std::uint64_t length, std::uint64_t capacity = 1,
                bool mesh = false);
};

// How a wire's length becomes cycles. Without a technology: ceil(w(d) / w(L)) for the delay model
// w and a cycle of L grid units (the time a wire of L units takes); with one: ceil(its wire's delay
// in ns times its clock). Never less than 1.
struct LatencyRule {
  DelayModel delay;  // kind linear by default (set by the job)
  double cycle_length = 1;
  std::optional<Technology> technology;
};
std::uint32_t latency_cycles(const LatencyRule& rule, std::uint64_t length);
void assign_latencies(LatencyGraph& graph, const LatencyRule& rule);

// Links per latency in cycles.
std::map<std::uint32_t, std::uint64_t> latency_histogram(const LatencyGraph& graph);

// The mean, over all ordered pairs of distinct processors, of the least sum of link latencies on a
// path between them, their injection and ejection links (one cycle each) included; nullopt when
// some pair has no path. One Dijkstra run per router that holds processors.
std::optional<double> mean_zero_load_latency(const LatencyGraph& graph);

}  // namespace ftvlsi
