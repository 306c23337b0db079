#include "ftvlsi/decomp/multilevel.hpp"

#include <algorithm>

namespace ftvlsi {
namespace {

using Entry = std::pair<std::int64_t, std::uint32_t>;  // (gain, vertex): a max-heap's entry

void push(std::vector<Entry>& heap, Entry e) {
  heap.push_back(e);
  std::push_heap(heap.begin(), heap.end());
}

Entry pop(std::vector<Entry>& heap) {
  std::pop_heap(heap.begin(), heap.end());
  const Entry e = heap.back();
  heap.pop_back();
  return e;
}

// The piece's own graph, processors numbered by position in `piece`. Written through raw
// pointers into arrays sized for every wire of the piece (the adjacency bounds them), then cut to
// size: push_back's capacity checks and reloads were most of the coarsening's instructions.
void induced(const Adjacency& adj, std::span<const std::uint32_t> piece,
             const std::vector<std::uint8_t>& side, std::vector<std::int32_t>& local,
             CoarseGraph& g) {
  const auto b = static_cast<std::uint32_t>(piece.size());
  std::size_t arcs = 0;
  for (std::uint32_t i = 0; i < b; ++i) {
    local[piece[i]] = static_cast<std::int32_t>(i);
    arcs += adj.start[piece[i] + 1] - adj.start[piece[i]];
  }
  g.weight.assign(b, 1);
  g.start.resize(b + 1);
  g.side.resize(b);
  g.next.resize(arcs);
  const std::uint32_t* const from = adj.start.data();
  const std::uint32_t* const to = adj.next.data();
  const std::uint8_t* const sides = side.data();
  const std::int32_t* const number = local.data();
  std::uint32_t* const out = g.next.data();
  std::uint32_t* const begin = g.start.data();
  std::uint32_t k = 0;
  begin[0] = 0;
  for (std::uint32_t i = 0; i < b; ++i) {
    const std::uint32_t v = piece[i];
    for (std::uint32_t e = from[v]; e < from[v + 1]; ++e) {
      const std::uint32_t u = to[e];
      out[k] = static_cast<std::uint32_t>(number[u]);
      k += sides[u] != kOutside;
    }
    begin[i + 1] = k;
    g.side[i] = sides[v];
  }
  g.next.resize(k);
  g.edge.assign(k, 1);
}

// Heavy-edge matching (across sides too), then contraction into `c`; a coarse vertex is
// numbered by its smaller fine member and its edges are listed in the order its members' edges
// first reach each neighbour. Raw pointers into arrays sized in advance (a coarse vertex has at
// most its members' edges), as in induced(). `unit`: every edge of `fine` weighs 1 (the piece's
// own graph), so a vertex's first free neighbour is its mate and the scan stops there.
void coarsen(CoarseGraph& fine, CoarseGraph& c, MultilevelScratch& s, bool unit) {
  const std::uint32_t n = fine.size();
  const std::uint32_t* const start = fine.start.data();
  const std::uint32_t* const next = fine.next.data();
  const std::int32_t* const edge = fine.edge.data();
  s.mate.assign(n, UINT32_MAX);
  std::uint32_t* const mate = s.mate.data();
  for (std::uint32_t v = 0; v < n; ++v) {
    if (mate[v] != UINT32_MAX) continue;
    std::uint32_t best = v;
    std::int32_t heaviest = 0;
    for (std::uint32_t e = start[v]; e < start[v + 1]; ++e) {
      const std::uint32_t u = next[e];
      if (mate[u] == UINT32_MAX && u != v && edge[e] > heaviest) {
        best = u, heaviest = edge[e];
        if (unit) break;  // no later edge is heavier: the same mate as the whole scan's
      }
    }
    mate[v] = best;
    mate[best] = v;
  }
  fine.up.assign(n, UINT32_MAX);
  std::uint32_t* const up = fine.up.data();
  s.first.resize(n);
  c.weight.resize(n);
  c.side.resize(n);
  std::uint32_t coarse = 0;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (up[v] != UINT32_MAX) continue;
    up[v] = up[mate[v]] = coarse;
    s.first[coarse] = v;
    c.weight[coarse] = fine.weight[v] + (mate[v] != v ? fine.weight[mate[v]] : 0);
    c.side[coarse] = fine.side[v];  // mixed pairs take the first one's side
    ++coarse;
  }
  c.weight.resize(coarse);
  c.side.resize(coarse);
  s.acc.assign(coarse, 0);
  s.touched.resize(coarse);
  c.start.resize(coarse + 1);
  c.next.resize(fine.next.size());
  c.edge.resize(fine.next.size());
  std::int64_t* const acc = s.acc.data();
  std::uint32_t* const touched = s.touched.data();
  std::uint32_t* const out = c.next.data();
  std::int32_t* const weight = c.edge.data();
  std::uint32_t k = 0;
  c.start[0] = 0;
  for (std::uint32_t cv = 0; cv < coarse; ++cv) {
    const std::uint32_t v0 = s.first[cv], members[2] = {v0, mate[v0]};
    std::uint32_t t = 0;
    for (int m = 0; m < (members[1] != v0 ? 2 : 1); ++m) {
      const std::uint32_t v = members[m];
      for (std::uint32_t e = start[v]; e < start[v + 1]; ++e) {
        const std::uint32_t cu = up[next[e]];
        if (cu == cv) continue;
        touched[t] = cu;
        t += acc[cu] == 0;
        acc[cu] += edge[e];
      }
    }
    for (std::uint32_t i = 0; i < t; ++i) {
      const std::uint32_t cu = touched[i];
      out[k] = cu;
      weight[k] = static_cast<std::int32_t>(acc[cu]);
      acc[cu] = 0;
      ++k;
    }
    c.start[cv + 1] = k;
  }
  c.next.resize(k);
  c.edge.resize(k);
}

std::int64_t cut_of(const CoarseGraph& g) {
  std::int64_t cut = 0;
  for (std::uint32_t v = 0; v < g.size(); ++v)
    for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
      if (g.side[g.next[e]] != g.side[v]) cut += g.edge[e];
  return cut / 2;
}

// A vertex's edge weight to the other side and to its own; moving it gains the difference.
struct Pull {
  std::int64_t across = 0, within = 0;
  std::int64_t gain() const { return across - within; }
};

Pull pull_of(const CoarseGraph& g, std::uint32_t v) {
  Pull p;
  for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
    (g.side[g.next[e]] != g.side[v] ? p.across : p.within) += g.edge[e];
  return p;
}

// One FM pass of single moves keeping side 0's weight within `slack` of `target`; keeps the
// best prefix whose balance is within the slack. The heap starts with the boundary (vertices
// with a neighbour across) in one make_heap; a vertex inside a side enters when a neighbour
// moves. Stale entries are skipped when they come up.
void fm_pass(CoarseGraph& g, std::int64_t target, std::int64_t slack, MultilevelScratch& s) {
  auto& gain = s.gain;
  auto& locked = s.locked;
  auto& heap = s.heap;
  auto& skipped = s.skipped;
  auto& moved = s.moved;
  gain.resize(g.size());
  locked.assign(g.size(), 0);
  heap.clear();
  skipped.clear();
  moved.clear();
  std::int64_t w0 = 0;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    const Pull pull = pull_of(g, v);
    gain[v] = pull.gain();
    if (pull.across > 0) heap.push_back({gain[v], v});
    if (g.side[v] == 0) w0 += g.weight[v];
  }
  std::make_heap(heap.begin(), heap.end());
  std::int64_t total = 0, best = 0;
  std::size_t best_len = 0;
  while (!heap.empty() && moved.size() - best_len < 64) {
    const auto [gv, v] = pop(heap);
    if (locked[v] || gv != gain[v]) continue;
    const std::int64_t w = g.side[v] == 0 ? w0 - g.weight[v] : w0 + g.weight[v];
    if (std::abs(w - target) > slack && std::abs(w - target) >= std::abs(w0 - target)) {
      skipped.push_back({gv, v});
      continue;
    }
    for (auto e : skipped) push(heap, e);  // balance changed: they may fit now
    skipped.clear();
    locked[v] = 1;
    w0 = w;
    total += gain[v];
    g.side[v] ^= 1;
    gain[v] = -gain[v];
    for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e) {
      const std::uint32_t u = g.next[e];
      gain[u] +=
          g.side[u] == g.side[v] ? -2 * std::int64_t{g.edge[e]} : 2 * std::int64_t{g.edge[e]};
      if (!locked[u]) push(heap, {gain[u], u});
    }
    moved.push_back(v);
    if (total > best) best = total, best_len = moved.size();
  }
  for (std::size_t i = moved.size(); i > best_len; --i) g.side[moved[i - 1]] ^= 1;
}

// Side 0 grown breadth-first from `seed` until it weighs `target` or more.
void grow(CoarseGraph& g, std::uint32_t seed, std::int64_t target, MultilevelScratch& s) {
  std::fill(g.side.begin(), g.side.end(), 1);
  auto& queue = s.queue;
  queue.assign(1, seed);
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
void initial_split(CoarseGraph& g, std::int64_t h, std::int64_t slack, MultilevelScratch& s) {
  for (int pass = 0; pass < 2; ++pass) fm_pass(g, h, slack, s);
  s.best = g.side;
  std::int64_t best_cut = cut_of(g);
  for (std::uint32_t k = 0; k < kGrowSeeds && k < g.size(); ++k) {
    grow(g, static_cast<std::uint32_t>(k * std::uint64_t{g.size()} / kGrowSeeds), h, s);
    for (int pass = 0; pass < 2; ++pass) fm_pass(g, h, slack, s);
    std::int64_t w0 = 0;
    for (std::uint32_t v = 0; v < g.size(); ++v) w0 += g.side[v] == 0 ? g.weight[v] : 0;
    if (std::abs(w0 - h) <= slack && cut_of(g) < best_cut) s.best = g.side, best_cut = cut_of(g);
  }
  g.side = s.best;
}

// Exact sizes again: the heavier side gives its best-gain processors, one at a time.
void rebalance(CoarseGraph& g, std::int64_t h, MultilevelScratch& s) {
  std::int64_t w0 = std::count(g.side.begin(), g.side.end(), 0);
  if (w0 == h) return;
  const std::uint8_t from = w0 > h ? 0 : 1;
  auto& gain = s.gain;
  auto& heap = s.heap;
  gain.resize(g.size());
  heap.clear();
  for (std::uint32_t v = 0; v < g.size(); ++v)
    if (g.side[v] == from) gain[v] = pull_of(g, v).gain(), heap.push_back({gain[v], v});
  std::make_heap(heap.begin(), heap.end());
  while (w0 != h) {
    const auto [gv, v] = pop(heap);
    if (g.side[v] != from || gv != gain[v]) continue;
    g.side[v] ^= 1;
    w0 += from == 0 ? -1 : 1;
    for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e) {
      const std::uint32_t u = g.next[e];
      if (g.side[u] != from) continue;
      gain[u] += 2 * std::int64_t{g.edge[e]};
      push(heap, {gain[u], u});
    }
  }
}

}  // namespace

std::int64_t refine_split_multilevel(const Adjacency& adj, std::span<const std::uint32_t> piece,
                                     std::vector<std::uint8_t>& side, RefineScratch& scratch,
                                     MultilevelScratch& ml, const MultilevelOptions& options) {
  const auto b = static_cast<std::uint32_t>(piece.size());
  // The buffers fit the largest piece split with them; from a piece of half that size on they
  // start afresh, so that a lane of the bisection keeps no more than the pieces it splits now need
  // (its pieces shrink as it goes down the tree).
  if (!ml.levels.empty() && ml.levels[0].weight.capacity() >= 2 * std::size_t{b}) ml = {};
  std::int64_t h = 0;
  ml.start_sides.resize(b);
  for (std::uint32_t i = 0; i < b; ++i) {
    ml.start_sides[i] = side[piece[i]];
    h += side[piece[i]] == 0;
  }
  const std::int64_t before = options.start_cut >= 0
                                  ? options.start_cut
                                  : static_cast<std::int64_t>(split_cut(adj, piece, side));
  auto& levels = ml.levels;
  std::size_t depth = 1;  // levels[0 .. depth) are in use; the rest keep their buffers
  if (levels.empty()) levels.emplace_back();
  induced(adj, piece, side, scratch.gain, levels[0]);
  while (levels[depth - 1].size() > kCoarsest) {
    if (levels.size() == depth) levels.emplace_back();
    coarsen(levels[depth - 1], levels[depth], ml, depth == 1);
    if (levels[depth].size() * 10 > levels[depth - 1].size() * 9) break;
    ++depth;
  }
  for (std::size_t k = depth; k-- > 1;) {
    CoarseGraph& g = levels[k];
    const std::int64_t slack = *std::max_element(g.weight.begin(), g.weight.end());
    if (k + 1 == depth)
      initial_split(g, h, slack, ml);
    else
      for (int pass = 0; pass < 2; ++pass) fm_pass(g, h, slack, ml);
    CoarseGraph& fine = levels[k - 1];
    for (std::uint32_t v = 0; v < fine.size(); ++v) fine.side[v] = g.side[fine.up[v]];
  }
  if (options.finest_fm)
    for (int pass = 0; pass < 2; ++pass) fm_pass(levels[0], h, 1, ml);
  rebalance(levels[0], h, ml);
  const CoarseGraph& g = levels[0];
  for (std::uint32_t i = 0; i < b; ++i) side[piece[i]] = g.side[i];
  std::int64_t gain = 0, counted = 0;  // the pair swaps' gain, and the cut they started from
  refine_split(adj, piece, side, scratch, 4, &gain, &counted);
  const std::int64_t after =
      options.simple ? counted - gain : static_cast<std::int64_t>(split_cut(adj, piece, side));
  if (after > before) {
    for (std::uint32_t i = 0; i < b; ++i) side[piece[i]] = ml.start_sides[i];
    return 0;
  }
  return before - after;
}

}  // namespace ftvlsi
