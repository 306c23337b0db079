#include "ftvlsi/route/butterfly_routing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"

namespace ftvlsi {
namespace {

// Up and down neighbours of every node, from the graph's tree wires: up[v] holds (parent, wire).
struct Adjacency {
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> up, down;
};

Adjacency adjacency(const ButterflyFatTreeGraph& g) {
  Adjacency a;
  a.up.resize(g.level.size());
  a.down.resize(g.level.size());
  for (std::uint32_t w = 0; w < g.wires.size(); ++w) {
    if (g.wire_is_mesh[w]) continue;
    const auto [child, parent] = g.wires[w];
    a.up[child].push_back({parent, w});
    a.down[parent].push_back({child, w});
  }
  return a;
}

int apex_level(const ButterflyFatTreeGraph& g, std::uint32_t s, std::uint32_t d) {
  int l = 0;
  while ((g.cell[s][0] >> l) != (g.cell[d][0] >> l) || (g.cell[s][1] >> l) != (g.cell[d][1] >> l))
    ++l;
  return l;
}

// Whether node v's region (at its level) contains processor d's cell.
bool covers(const ButterflyFatTreeGraph& g, std::uint32_t v, std::uint32_t d) {
  const int l = g.level[v];
  return (g.cell[v][0] >> l) == (g.cell[d][0] >> l) && (g.cell[v][1] >> l) == (g.cell[d][1] >> l);
}

// The directed wires of one attempt: up with random parents, then the unique way down.
std::vector<std::uint64_t> path(const ButterflyFatTreeGraph& g, const Adjacency& a,
                                const Message& m, SplitMix64& rng) {
  std::vector<std::uint64_t> wires;  // wire * 2 + (0 up, 1 down)
  const int apex = apex_level(g, m.first, m.second);
  std::uint32_t v = m.first;
  for (int l = 0; l < apex; ++l) {
    const auto& choice = a.up[v][a.up[v].size() == 1 ? 0 : rng.below(a.up[v].size())];
    wires.push_back(std::uint64_t{choice.second} * 2);
    v = choice.first;
  }
  while (v != m.second) {
    const auto it = std::find_if(a.down[v].begin(), a.down[v].end(),
                                 [&](const auto& c) { return covers(g, c.first, m.second); });
    FTVLSI_ASSERT(it != a.down[v].end());
    wires.push_back(std::uint64_t{it->second} * 2 + 1);
    v = it->first;
  }
  return wires;
}

}  // namespace

double butterfly_load_factor(const ButterflyFatTree& net, const MessageSet& messages) {
  const ButterflyFatTreeGraph g = net.graph();
  double lambda = 0;
  for (int l = 1; l < net.levels(); ++l) {
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint64_t> out, in;
    for (const auto& [s, d] : messages) {
      const std::pair<std::int64_t, std::int64_t> ns{g.cell[s][0] >> l, g.cell[s][1] >> l};
      const std::pair<std::int64_t, std::int64_t> nd{g.cell[d][0] >> l, g.cell[d][1] >> l};
      if (ns == nd) continue;
      ++out[ns];
      ++in[nd];
    }
    for (const auto* side : {&out, &in})
      for (const auto& [node, load] : *side)
        lambda = std::max(lambda, static_cast<double>(load) / net.channel_width(l));
  }
  return lambda;
}

RouteResult route_butterfly_greedy(const ButterflyFatTree& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles) {
  const ButterflyFatTreeGraph g = net.graph();
  const Adjacency a = adjacency(g);
  SplitMix64 rng(seed);
  RouteResult r;
  r.cycle_of.assign(messages.size(), 0);
  std::vector<std::uint32_t> undelivered(messages.size());
  for (std::uint32_t i = 0; i < undelivered.size(); ++i) undelivered[i] = i;
  while (!undelivered.empty()) {
    if (++r.cycles > max_cycles)
      throw GeometryError(
          fmt::format("routing did not finish within {} delivery cycles", max_cycles));
    std::vector<std::vector<std::uint64_t>> paths;
    for (auto id : undelivered) paths.push_back(path(g, a, messages[id], rng));
    // Resolve the up wires level by level from the processors, then the down wires from the top:
    // a path of apex h holds its up wire of level l at l - 1 and its down wire at 2h - l.
    std::vector<bool> alive(undelivered.size(), true);
    for (int phase = 0; phase < 2 * net.levels(); ++phase) {
      const bool up = phase < net.levels();
      const std::size_t l = up ? phase + 1 : 2 * net.levels() - phase;
      std::map<std::uint64_t, std::vector<std::size_t>> contenders;
      for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::size_t apex = paths[i].size() / 2;
        if (!alive[i] || l > apex) continue;
        contenders[paths[i][up ? l - 1 : 2 * apex - l]].push_back(i);
      }
      for (auto& [wire, who] : contenders) {
        r.steps += who.size();
        const std::size_t winner = policy == SwitchPolicy::kRandom ? rng.below(who.size()) : 0;
        for (std::size_t k = 0; k < who.size(); ++k)
          if (k != winner) alive[who[k]] = false;
      }
    }
    std::vector<std::uint32_t> rest;
    for (std::size_t i = 0; i < undelivered.size(); ++i) {
      if (alive[i])
        r.cycle_of[undelivered[i]] = static_cast<std::uint32_t>(r.cycles);
      else
        rest.push_back(undelivered[i]);
    }
    r.delivered += undelivered.size() - rest.size();
    undelivered.swap(rest);
  }
  return r;
}

}  // namespace ftvlsi
