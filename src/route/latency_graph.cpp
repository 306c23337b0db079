#include "ftvlsi/route/latency_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {

bool LatencyGraph::has_capacities() const {
  return processor_capacity > 1 ||
         std::any_of(link_capacity.begin(), link_capacity.end(), [](auto c) { return c > 1; });
}

void LatencyGraph::add_link(std::uint32_t a, std::uint32_t b, std::uint64_t length,
                            std::uint64_t capacity, bool mesh) {
  link_a.push_back(a);
  link_b.push_back(b);
  link_length.push_back(length);
  link_capacity.push_back(capacity);
  link_is_mesh.push_back(mesh);
}

namespace {

// A latency no simulator would run (2^31 - 1 cycles); beyond it the rule's figures are absurd.
constexpr double kMaxLatency = 2147483647.0;

std::uint32_t whole_cycles(double cycles, std::uint64_t length) {
  // A hair of tolerance so that a delay of exactly k cycles, computed in floating point, stays k.
  const double up = std::ceil(cycles * (1 - 1e-12));
  if (!(up <= kMaxLatency))
    throw InputError(6806, fmt::format("a wire of {} grid units would take more than 2^31 - 1 "
                                       "cycles; choose a longer --cycle-length or another --delay",
                                       length));
  return static_cast<std::uint32_t>(std::max(1.0, up));
}

}  // namespace

std::uint32_t latency_cycles(const LatencyRule& rule, std::uint64_t length) {
  const auto d = static_cast<double>(length);
  if (rule.technology)
    return whole_cycles(rule.technology->wire_ns(d) / rule.technology->clock_ns(), length);
  const double cycle = rule.delay(rule.cycle_length);
  FTVLSI_ASSERT(cycle > 0);
  return whole_cycles(rule.delay(d) / cycle, length);
}

void assign_latencies(LatencyGraph& graph, const LatencyRule& rule) {
  graph.link_latency.resize(graph.links());
  for (std::size_t i = 0; i < graph.links(); ++i)
    graph.link_latency[i] = latency_cycles(rule, graph.link_length[i]);
}

std::map<std::uint32_t, std::uint64_t> latency_histogram(const LatencyGraph& graph) {
  std::map<std::uint32_t, std::uint64_t> out;
  for (const std::uint32_t l : graph.link_latency) ++out[l];
  return out;
}

namespace {

// Links of every router as a compressed adjacency (both directions).
struct Adjacency {
  std::vector<std::uint64_t> begin;
  std::vector<std::uint32_t> to, latency;
};

Adjacency adjacency(const LatencyGraph& g) {
  Adjacency adj;
  adj.begin.assign(g.routers() + 1, 0);
  for (std::size_t i = 0; i < g.links(); ++i)
    ++adj.begin[g.link_a[i] + 1], ++adj.begin[g.link_b[i] + 1];
  for (std::size_t r = 0; r < g.routers(); ++r) adj.begin[r + 1] += adj.begin[r];
  adj.to.resize(adj.begin.back());
  adj.latency.resize(adj.begin.back());
  std::vector<std::uint64_t> fill(adj.begin.begin(), adj.begin.end() - 1);
  for (std::size_t i = 0; i < g.links(); ++i) {
    const std::uint32_t a = g.link_a[i], b = g.link_b[i], l = g.link_latency[i];
    adj.to[fill[a]] = b, adj.latency[fill[a]++] = l;
    adj.to[fill[b]] = a, adj.latency[fill[b]++] = l;
  }
  return adj;
}

constexpr std::uint64_t kUnreached = std::numeric_limits<std::uint64_t>::max();

// Dijkstra over the routers from `source`.
void distances_from(const Adjacency& adj, std::uint32_t source, std::vector<std::uint64_t>& dist) {
  using Entry = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  std::fill(dist.begin(), dist.end(), kUnreached);
  dist[source] = 0;
  queue.push({0, source});
  while (!queue.empty()) {
    const auto [d, r] = queue.top();
    queue.pop();
    if (d != dist[r]) continue;  // a stale entry
    for (std::uint64_t e = adj.begin[r]; e < adj.begin[r + 1]; ++e) {
      const std::uint64_t nd = d + adj.latency[e];
      if (nd < dist[adj.to[e]]) dist[adj.to[e]] = nd, queue.push({nd, adj.to[e]});
    }
  }
}

}  // namespace

std::optional<double> mean_zero_load_latency(const LatencyGraph& g) {
  const std::uint64_t n = g.processors();
  if (n < 2) return std::nullopt;
  std::vector<std::uint64_t> held(g.routers(), 0);
  for (const std::uint32_t r : g.processor_router) ++held[r];
  std::vector<std::uint32_t> sources;
  for (std::uint32_t r = 0; r < g.routers(); ++r)
    if (held[r] > 0) sources.push_back(r);
  const Adjacency adj = adjacency(g);
  std::vector<std::uint64_t> dist(g.routers());
  u128 total = 0;  // exact: cycles summed over ordered pairs
  for (const std::uint32_t a : sources) {
    poll_cancel();
    distances_from(adj, a, dist);
    for (const std::uint32_t b : sources) {
      if (dist[b] == kUnreached) return std::nullopt;
      const u128 pairs = static_cast<u128>(held[a]) * (a == b ? held[a] - 1 : held[b]);
      total += pairs * (dist[b] + 2);  // + injection and ejection, one cycle each
    }
  }
  return static_cast<double>(static_cast<long double>(total) /
                             (static_cast<long double>(n) * static_cast<long double>(n - 1)));
}

}  // namespace ftvlsi
