#include "ftvlsi/decomp/multilevel.hpp"

#include <algorithm>
#include <queue>

namespace ftvlsi {
namespace {

// A weighted graph: vertex weights, CSR with edge weights, and each vertex's side.
struct Level {
  std::vector<std::int64_t> weight;
  std::vector<std::uint32_t> start, next;
  std::vector<std::int64_t> edge;
  std::vector<std::uint8_t> side;
  std::vector<std::uint32_t> up;  // per vertex of the finer level: its vertex here
  std::uint32_t size() const { return static_cast<std::uint32_t>(weight.size()); }
};

// The piece's own graph, processors numbered by position in `piece`.
Level induced(const Adjacency& adj, std::span<const std::uint32_t> piece,
              const std::vector<std::uint8_t>& side, std::vector<std::int32_t>& local) {
  Level g;
  const auto b = static_cast<std::uint32_t>(piece.size());
  for (std::uint32_t i = 0; i < b; ++i) local[piece[i]] = static_cast<std::int32_t>(i);
  g.weight.assign(b, 1);
  g.start.assign(1, 0);
  for (std::uint32_t i = 0; i < b; ++i) {
    const std::uint32_t v = piece[i];
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e)
      if (side[adj.next[e]] != kOutside)
        g.next.push_back(static_cast<std::uint32_t>(local[adj.next[e]])), g.edge.push_back(1);
    g.start.push_back(static_cast<std::uint32_t>(g.next.size()));
    g.side.push_back(side[v]);
  }
  return g;
}

// Heavy-edge matching within sides, then contraction.
Level coarsen(Level& fine, bool within_sides) {
  const std::uint32_t n = fine.size();
  std::vector<std::uint32_t> mate(n, UINT32_MAX);
  for (std::uint32_t v = 0; v < n; ++v) {
    if (mate[v] != UINT32_MAX) continue;
    std::uint32_t best = v;
    std::int64_t heaviest = 0;
    for (std::uint32_t e = fine.start[v]; e < fine.start[v + 1]; ++e) {
      const std::uint32_t u = fine.next[e];
      if (mate[u] == UINT32_MAX && u != v && (!within_sides || fine.side[u] == fine.side[v]) &&
          fine.edge[e] > heaviest)
        best = u, heaviest = fine.edge[e];
    }
    mate[v] = best;
    mate[best] = v;
  }
  Level c;
  fine.up.assign(n, UINT32_MAX);
  for (std::uint32_t v = 0; v < n; ++v) {
    if (fine.up[v] != UINT32_MAX) continue;
    fine.up[v] = fine.up[mate[v]] = c.size();
    c.weight.push_back(fine.weight[v] + (mate[v] != v ? fine.weight[mate[v]] : 0));
    c.side.push_back(fine.side[v]);  // mixed pairs take the first one's side
  }
  std::vector<std::int64_t> acc(c.size(), 0);
  std::vector<std::uint32_t> touched;
  c.start.assign(1, 0);
  std::vector<std::vector<std::uint32_t>> members(c.size());
  for (std::uint32_t v = 0; v < n; ++v) members[fine.up[v]].push_back(v);
  for (std::uint32_t cv = 0; cv < c.size(); ++cv) {
    for (auto v : members[cv])
      for (std::uint32_t e = fine.start[v]; e < fine.start[v + 1]; ++e) {
        const std::uint32_t cu = fine.up[fine.next[e]];
        if (cu == cv) continue;
        if (acc[cu] == 0) touched.push_back(cu);
        acc[cu] += fine.edge[e];
      }
    for (auto cu : touched) c.next.push_back(cu), c.edge.push_back(acc[cu]), acc[cu] = 0;
    touched.clear();
    c.start.push_back(static_cast<std::uint32_t>(c.next.size()));
  }
  return c;
}

std::int64_t cut_of(const Level& g) {
  std::int64_t cut = 0;
  for (std::uint32_t v = 0; v < g.size(); ++v)
    for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
      if (g.side[g.next[e]] != g.side[v]) cut += g.edge[e];
  return cut / 2;
}

std::int64_t gain_of(const Level& g, std::uint32_t v) {
  std::int64_t gain = 0;
  for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
    gain += g.side[g.next[e]] != g.side[v] ? g.edge[e] : -g.edge[e];
  return gain;
}

// One FM pass of single moves keeping side 0's weight within `slack` of `target`; keeps the
// best prefix whose balance is within the slack.
void fm_pass(Level& g, std::int64_t target, std::int64_t slack) {
  std::vector<std::int64_t> gain(g.size());
  std::vector<std::uint8_t> locked(g.size(), 0);
  std::priority_queue<std::pair<std::int64_t, std::uint32_t>> heap;
  std::int64_t w0 = 0;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    gain[v] = gain_of(g, v);
    heap.push({gain[v], v});
    if (g.side[v] == 0) w0 += g.weight[v];
  }
  std::vector<std::uint32_t> moved;
  std::int64_t total = 0, best = 0;
  std::size_t best_len = 0;
  std::vector<std::pair<std::int64_t, std::uint32_t>> skipped;
  while (!heap.empty() && moved.size() - best_len < 64) {
    const auto [gv, v] = heap.top();
    heap.pop();
    if (locked[v] || gv != gain[v]) continue;
    const std::int64_t w = g.side[v] == 0 ? w0 - g.weight[v] : w0 + g.weight[v];
    if (std::abs(w - target) > slack && std::abs(w - target) >= std::abs(w0 - target)) {
      skipped.push_back({gv, v});
      continue;
    }
    for (auto s : skipped) heap.push(s);  // balance changed: they may fit now
    skipped.clear();
    locked[v] = 1;
    w0 = w;
    total += gain[v];
    g.side[v] ^= 1;
    gain[v] = -gain[v];
    for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e) {
      const std::uint32_t u = g.next[e];
      gain[u] += g.side[u] == g.side[v] ? -2 * g.edge[e] : 2 * g.edge[e];
      if (!locked[u]) heap.push({gain[u], u});
    }
    moved.push_back(v);
    if (total > best) best = total, best_len = moved.size();
  }
  for (std::size_t i = moved.size(); i > best_len; --i) g.side[moved[i - 1]] ^= 1;
}

// Side 0 grown breadth-first from `seed` until it weighs `target` or more.
void grow(Level& g, std::uint32_t seed, std::int64_t target) {
  std::fill(g.side.begin(), g.side.end(), 1);
  std::vector<std::uint32_t> queue{seed};
  g.side[seed] = 0;
  std::int64_t w = g.weight[seed];
  for (std::size_t i = 0; i < queue.size() && w < target; ++i)
    for (std::uint32_t e = g.start[queue[i]]; e < g.start[queue[i] + 1] && w < target; ++e) {
      const std::uint32_t u = g.next[e];
      if (g.side[u] == 0) continue;
      g.side[u] = 0;
      w += g.weight[u];
      queue.push_back(u);
    }
}

// The coarsest split: the projected geometric one, or one grown from a few seeds spread over
// the graph (graph growing, as in METIS), whichever cuts least after two FM passes.
void initial_split(Level& g, std::int64_t h, std::int64_t slack) {
  for (int pass = 0; pass < 2; ++pass) fm_pass(g, h, slack);
  std::vector<std::uint8_t> best = g.side;
  std::int64_t best_cut = cut_of(g);
  for (std::uint32_t k = 0; k < kGrowSeeds && k < g.size(); ++k) {
    grow(g, static_cast<std::uint32_t>(k * std::uint64_t{g.size()} / kGrowSeeds), h);
    for (int pass = 0; pass < 2; ++pass) fm_pass(g, h, slack);
    std::int64_t w0 = 0;
    for (std::uint32_t v = 0; v < g.size(); ++v) w0 += g.side[v] == 0 ? g.weight[v] : 0;
    if (std::abs(w0 - h) <= slack && cut_of(g) < best_cut) best = g.side, best_cut = cut_of(g);
  }
  g.side = best;
}

// Exact sizes again: the heavier side gives its best-gain processors, one at a time.
void rebalance(Level& g, std::int64_t h) {
  std::int64_t w0 = std::count(g.side.begin(), g.side.end(), 0);
  if (w0 == h) return;
  const std::uint8_t from = w0 > h ? 0 : 1;
  std::vector<std::int64_t> gain(g.size());
  std::priority_queue<std::pair<std::int64_t, std::uint32_t>> heap;
  for (std::uint32_t v = 0; v < g.size(); ++v)
    if (g.side[v] == from) gain[v] = gain_of(g, v), heap.push({gain[v], v});
  while (w0 != h) {
    const auto [gv, v] = heap.top();
    heap.pop();
    if (g.side[v] != from || gv != gain[v]) continue;
    g.side[v] ^= 1;
    w0 += from == 0 ? -1 : 1;
    for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e) {
      const std::uint32_t u = g.next[e];
      if (g.side[u] != from) continue;
      gain[u] += 2 * g.edge[e];
      heap.push({gain[u], u});
    }
  }
}

}  // namespace

std::int64_t refine_split_multilevel(const Adjacency& adj, std::span<const std::uint32_t> piece,
                                     std::vector<std::uint8_t>& side, RefineScratch& scratch) {
  const auto b = static_cast<std::uint32_t>(piece.size());
  std::int64_t h = 0;
  for (auto v : piece) h += side[v] == 0;
  const std::vector<std::uint8_t> start_sides = [&] {
    std::vector<std::uint8_t> s(b);
    for (std::uint32_t i = 0; i < b; ++i) s[i] = side[piece[i]];
    return s;
  }();
  const auto before = static_cast<std::int64_t>(split_cut(adj, piece, side));
  std::vector<Level> levels;
  levels.push_back(induced(adj, piece, side, scratch.gain));
  while (levels.back().size() > kCoarsest) {
    Level c = coarsen(levels.back(), false);
    if (c.size() * 10 > levels.back().size() * 9) break;
    levels.push_back(std::move(c));
  }
  for (std::size_t k = levels.size(); k-- > 1;) {
    Level& g = levels[k];
    const std::int64_t slack = *std::max_element(g.weight.begin(), g.weight.end());
    if (k + 1 == levels.size())
      initial_split(g, h, slack);
    else
      for (int pass = 0; pass < 2; ++pass) fm_pass(g, h, slack);
    Level& fine = levels[k - 1];
    for (std::uint32_t v = 0; v < fine.size(); ++v) fine.side[v] = g.side[fine.up[v]];
  }
  rebalance(levels[0], h);
  const Level& g = levels[0];
  for (std::uint32_t i = 0; i < b; ++i) side[piece[i]] = g.side[i];
  std::int64_t gain = 0;
  refine_split(adj, piece, side, scratch, 4, &gain);
  const auto after = static_cast<std::int64_t>(split_cut(adj, piece, side));
  if (after > before) {
    for (std::uint32_t i = 0; i < b; ++i) side[piece[i]] = start_sides[i];
    return 0;
  }
  return before - after;
}

}  // namespace ftvlsi
