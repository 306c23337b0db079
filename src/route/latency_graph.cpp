#include "ftvlsi/route/latency_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <limits>
#include <mutex>
#include <queue>
#include <span>
#include <thread>
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

namespace {

std::uint32_t latency_of(const LatencyRule& rule, double length, std::uint64_t drawn) {
  if (rule.timing) {
    const TransitTiming& t = *rule.timing;
    const double ns = length * t.packaging.grid_mm / (10 * t.signal_cm_per_ns);
    return whole_cycles(ns / t.cycle_ns(), drawn);
  }
  if (rule.technology)
    return whole_cycles(rule.technology->wire_ns(length) / rule.technology->clock_ns(), drawn);
  const double cycle = rule.delay(rule.cycle_length);
  FTVLSI_ASSERT(cycle > 0);
  return whole_cycles(rule.delay(length) / cycle, drawn);
}

}  // namespace

std::uint32_t latency_cycles(const LatencyRule& rule, std::uint64_t length) {
  return latency_of(rule, static_cast<double>(length), length);
}

void assign_latencies(LatencyGraph& graph, const LatencyRule& rule) {
  graph.link_latency.resize(graph.links());
  const bool straight = rule.timing && rule.timing->straight && !graph.link_straight.empty();
  for (std::size_t i = 0; i < graph.links(); ++i)
    graph.link_latency[i] = straight
                                ? latency_of(rule, graph.link_straight[i], graph.link_length[i])
                                : latency_cycles(rule, graph.link_length[i]);
}

std::map<std::uint32_t, std::uint64_t> latency_histogram(const LatencyGraph& graph) {
  std::map<std::uint32_t, std::uint64_t> out;
  for (const std::uint32_t l : graph.link_latency) ++out[l];
  return out;
}

namespace {

// Links of every router as a compressed adjacency: both directions, or a -> b when directed.
struct Adjacency {
  std::vector<std::uint64_t> begin;
  std::vector<std::uint32_t> to, latency;
  std::uint32_t max_latency = 1;
};

Adjacency adjacency(const LatencyGraph& g) {
  Adjacency adj;
  adj.begin.assign(g.routers() + 1, 0);
  for (std::size_t i = 0; i < g.links(); ++i) {
    ++adj.begin[g.link_a[i] + 1];
    if (!g.directed) ++adj.begin[g.link_b[i] + 1];
  }
  for (std::size_t r = 0; r < g.routers(); ++r) adj.begin[r + 1] += adj.begin[r];
  adj.to.resize(adj.begin.back());
  adj.latency.resize(adj.begin.back());
  std::vector<std::uint64_t> fill(adj.begin.begin(), adj.begin.end() - 1);
  for (std::size_t i = 0; i < g.links(); ++i) {
    const std::uint32_t a = g.link_a[i], b = g.link_b[i], l = g.link_latency[i];
    adj.max_latency = std::max(adj.max_latency, l);
    adj.to[fill[a]] = b, adj.latency[fill[a]++] = l;
    if (!g.directed) adj.to[fill[b]] = a, adj.latency[fill[b]++] = l;
  }
  return adj;
}

constexpr std::uint64_t kUnreached = std::numeric_limits<std::uint64_t>::max();
// Up to this link latency the search keeps a ring of one bucket per distance (Dial's variant of
// Dijkstra: every link takes at least one cycle, so a bucket never grows while it is emptied);
// beyond it, a binary heap.
constexpr std::uint32_t kMaxBucketLatency = 1 << 16;

// One worker's search state.
struct Search {
  std::vector<std::uint64_t> dist;
  std::vector<std::vector<std::uint32_t>> ring;
};

// Least latencies from the routers `sources` (all at distance 0) to every router.
void distances_from(const Adjacency& adj, std::span<const std::uint32_t> sources, Search& s) {
  std::fill(s.dist.begin(), s.dist.end(), kUnreached);
  if (adj.max_latency <= kMaxBucketLatency) {
    const std::size_t slots = adj.max_latency + 1;
    s.ring.resize(slots);
    std::uint64_t pending = 0;
    for (const std::uint32_t r : sources) s.dist[r] = 0, s.ring[0].push_back(r), ++pending;
    for (std::uint64_t d = 0; pending > 0; ++d) {
      auto& bucket = s.ring[d % slots];
      for (std::size_t i = 0; i < bucket.size(); ++i) {
        const std::uint32_t r = bucket[i];
        if (s.dist[r] != d) continue;  // a stale entry
        for (std::uint64_t e = adj.begin[r]; e < adj.begin[r + 1]; ++e) {
          const std::uint64_t nd = d + adj.latency[e];
          if (nd < s.dist[adj.to[e]])
            s.dist[adj.to[e]] = nd, s.ring[nd % slots].push_back(adj.to[e]), ++pending;
        }
      }
      pending -= bucket.size();
      bucket.clear();
    }
    return;
  }
  using Entry = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (const std::uint32_t r : sources) s.dist[r] = 0, queue.push({0, r});
  while (!queue.empty()) {
    const auto [d, r] = queue.top();
    queue.pop();
    if (d != s.dist[r]) continue;  // a stale entry
    for (std::uint64_t e = adj.begin[r]; e < adj.begin[r + 1]; ++e) {
      const std::uint64_t nd = d + adj.latency[e];
      if (nd < s.dist[adj.to[e]]) s.dist[adj.to[e]] = nd, queue.push({nd, adj.to[e]});
    }
  }
}

// Processors grouped by the set of routers they inject into (sources) and the set they are
// delivered from (targets): every member of a group has the same least latencies.
struct Groups {
  std::vector<std::vector<std::uint32_t>> source_routers, target_routers;
  std::vector<std::vector<std::uint32_t>> source_members;  // processors
  std::vector<std::uint64_t> target_count;
  std::vector<std::uint32_t> target_of;  // per processor
};

Groups groups(const LatencyGraph& g) {
  const std::uint64_t n = g.processors();
  std::vector<std::vector<std::uint32_t>> in(n), out(n);
  if (g.directed) {
    for (const auto& w : g.processor_inject) in[w.processor].push_back(w.router);
    for (const auto& w : g.processor_eject) out[w.processor].push_back(w.router);
  } else {
    for (std::uint32_t p = 0; p < n; ++p)
      in[p] = {g.processor_router[p]}, out[p] = {g.processor_router[p]};
  }
  Groups gr;
  std::map<std::vector<std::uint32_t>, std::uint32_t> seen_in, seen_out;
  gr.target_of.resize(n);
  for (std::uint32_t p = 0; p < n; ++p) {
    for (auto* set : {&in[p], &out[p]}) {
      std::sort(set->begin(), set->end());
      set->erase(std::unique(set->begin(), set->end()), set->end());
    }
    const auto [i, fresh_in] = seen_in.try_emplace(in[p], gr.source_routers.size());
    if (fresh_in) gr.source_routers.push_back(in[p]), gr.source_members.emplace_back();
    gr.source_members[i->second].push_back(p);
    const auto [o, fresh_out] = seen_out.try_emplace(out[p], gr.target_routers.size());
    if (fresh_out) gr.target_routers.push_back(out[p]), gr.target_count.push_back(0);
    ++gr.target_count[o->second];
    gr.target_of[p] = o->second;
  }
  return gr;
}

unsigned worker_count(unsigned threads, std::size_t jobs) {
  const unsigned t = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::clamp<std::size_t>(t, 1, std::max<std::size_t>(jobs, 1)));
}

}  // namespace

std::optional<double> mean_zero_load_latency(const LatencyGraph& g, unsigned threads) {
  const std::uint64_t n = g.processors();
  if (n < 2) return std::nullopt;
  const Groups gr = groups(g);
  const Adjacency adj = adjacency(g);
  for (const auto& t : gr.target_routers)
    if (t.empty()) return std::nullopt;  // a processor nothing delivers to
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false}, unreachable{false};
  const unsigned workers = worker_count(threads, gr.source_routers.size());
  std::vector<u128> total(workers, 0);  // exact: cycles summed over ordered pairs
  auto work = [&](unsigned w, bool polls) {
    Search s;
    s.dist.resize(g.routers());
    std::vector<std::uint64_t> to_target(gr.target_routers.size());
    for (std::size_t i; !stop && (i = next++) < gr.source_routers.size();) {
      if (polls) poll_cancel();
      distances_from(adj, gr.source_routers[i], s);
      for (std::size_t t = 0; t < gr.target_routers.size(); ++t) {
        std::uint64_t d = kUnreached;
        for (const std::uint32_t r : gr.target_routers[t]) d = std::min(d, s.dist[r]);
        if (d == kUnreached) {
          unreachable = stop = true;
          return;
        }
        to_target[t] = d + 2;  // + injection and ejection, one cycle each
        total[w] += static_cast<u128>(gr.source_members[i].size()) * gr.target_count[t] * (d + 2);
      }
      for (const std::uint32_t p : gr.source_members[i]) total[w] -= to_target[gr.target_of[p]];
    }
  };
  std::vector<std::thread> pool;
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto guarded = [&](unsigned w, bool polls) {
    try {
      work(w, polls);
    } catch (...) {
      stop = true;
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  for (unsigned w = 1; w < workers; ++w) pool.emplace_back(guarded, w, false);
  guarded(0, true);  // this thread polls for cancellation (core/cancel.hpp)
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (unreachable) return std::nullopt;
  u128 sum = 0;
  for (const u128 t : total) sum += t;
  return static_cast<double>(static_cast<long double>(sum) /
                             (static_cast<long double>(n) * static_cast<long double>(n - 1)));
}

long double mean_zero_load_bytes(std::uint64_t routers, std::uint64_t links,
                                 std::uint64_t processors, unsigned threads) {
  const auto r = static_cast<long double>(routers), l = static_cast<long double>(links);
  const long double workers = worker_count(threads, processors);
  // The adjacency (two directions of 8 bytes a link), each worker's distances and ring (a link's
  // entry at most once a direction), and the groups (two router sets and a few words a processor).
  return 8 * r + 16 * l + workers * (8 * r + 8 * l) + 120 * static_cast<long double>(processors);
}

}  // namespace ftvlsi
