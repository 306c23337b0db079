#pragma once
// A network as routers, processors and links, each link with the length of the wire the layout
// draws for it and its latency in cycles (docs/export.md): what `ftvlsi export` hands to BookSim2
// and networkx. report/export_job.hpp fills it from a network and its layout; io/ writes it.
//
// Routers are numbered 0 .. R-1 and processors 0 .. N-1; every processor hangs on exactly one
// router by its injection and ejection link, which BookSim2 gives one cycle each. A butterfly
// network's routers are its switches; a competing network gets one router per processor; a
// fat-tree's are its internal nodes (its links then carry the channel's capacity).
//
// DeHon's practical fat-tree (docs/dehon.md) is directed: an RN1's output feeds another's input,
// one way, and a processor sends on two wires into the network and receives on two out of it,
// which may reach different routers. Such a graph sets `directed`, runs every link from link_a to
// link_b, and lists each processor's wires in processor_inject and processor_eject.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/route/delay_model.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

struct LatencyGraph {
  std::string kind;                    // network kind, e.g. "fat-pyramid" or "mesh"
  int dimensions = 2;                  // of the layout the lengths are measured on
  std::string router_kind = "switch";  // what a router is: "switch", DeHon's "rn1"
  bool directed = false;               // links run link_a -> link_b only
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
  // Directed graphs: every wire from a processor into a router and out of a router to a processor,
  // as (processor, router) pairs; processor_router then names the router of its first injection
  // wire, and processor_wire is the length of each of its wires.
  struct ProcessorWire {
    std::uint32_t processor, router;
  };
  std::vector<ProcessorWire> processor_inject, processor_eject;
  // Router-to-router links, one per drawn wire (per channel for a fat-tree), struct of arrays.
  std::vector<std::uint32_t> link_a, link_b;
  std::vector<std::uint64_t> link_length;    // grid units (a fat-tree channel: its longest wire)
  std::vector<std::uint64_t> link_capacity;  // wires the link stands for (1 but for fat-trees)
  std::vector<bool> link_is_mesh;            // fat-pyramid mesh wires
  std::vector<std::uint32_t> link_latency;   // cycles, >= 1 (assign_latencies)
  // The straight distance between a link's ends in grid units, where it differs from its drawn
  // length (DeHon's cables, timed along the line with `wires: straight`); empty otherwise.
  std::vector<double> link_straight;

  std::uint64_t routers() const { return router_level.size(); }
  std::uint64_t processors() const { return processor_router.size(); }
  std::uint64_t links() const { return link_a.size(); }
  // Wires between processors and routers: one per processor, or the directed graph's.
  std::uint64_t processor_wires() const {
    return directed ? processor_inject.size() + processor_eject.size() : processors();
  }
  // Whether some link stands for more than one wire (BookSim2's anynet holds one per pair).
  bool has_capacities() const;
  void add_link(std::uint32_t a, std::uint32_t b, std::uint64_t length, std::uint64_t capacity = 1,
                bool mesh = false);
};

// How a wire's length becomes cycles. Without a technology: ceil(w(d) / w(L)) for the delay model
// w and a cycle of L grid units (the time a wire of L units takes); with one: ceil(its wire's delay
// in ns times its clock); DeHon's network with a transit timing: ceil(the cable's length in mm
// over the signal speed, times the RN1 clock). Never less than 1.
struct LatencyRule {
  DelayModel delay;  // kind linear by default (set by the job)
  double cycle_length = 1;
  std::optional<Technology> technology;
  std::optional<TransitTiming> timing;  // DeHon's network: cables on the hollow cube's grid
  std::string timing_file;              // where the timing came from ("" for the default)
};
std::uint32_t latency_cycles(const LatencyRule& rule, std::uint64_t length);
void assign_latencies(LatencyGraph& graph, const LatencyRule& rule);

// Links per latency in cycles.
std::map<std::uint32_t, std::uint64_t> latency_histogram(const LatencyGraph& graph);

// The mean, over all ordered pairs of distinct processors, of the least sum of link latencies on a
// path between them, their injection and ejection links (one cycle each) included; nullopt when
// some pair has no path. One shortest-path search per distinct set of routers processors inject
// into (a router that holds processors, in an undirected graph), spread over `threads` (0: the
// machine's cores); the sum is exact, so the result does not depend on the thread count.
std::optional<double> mean_zero_load_latency(const LatencyGraph& graph, unsigned threads = 0);

// Bytes the search holds beyond the graph: the adjacency and each thread's distances and queue.
long double mean_zero_load_bytes(std::uint64_t routers, std::uint64_t links,
                                 std::uint64_t processors, unsigned threads = 0);

}  // namespace ftvlsi
