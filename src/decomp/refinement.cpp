#include "ftvlsi/decomp/refinement.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "ftvlsi/core/cancel.hpp"

namespace ftvlsi {
namespace {

using Entry = std::pair<std::int32_t, std::uint32_t>;  // (gain, processor)

// A processor's gain is computed when the split first needs it — the boundary's at the start, an
// inner processor's when a flip reaches it — and kept current by every flip after that; a pass
// seeds its queues only from the boundary and the processors flips touched. So a split costs one
// side's wires and the boundary's, not the whole piece's twice over.
struct Refiner {
  const Adjacency& adj;
  std::vector<std::uint8_t>& side;
  std::vector<std::int32_t>& gain;
  std::vector<std::uint32_t>& stamp;  // gain[v] is current when stamp[v] == epoch
  std::uint32_t epoch;
  std::vector<std::uint8_t>& locked;
  std::vector<Entry> (&heap)[2];
  std::vector<std::uint32_t>& candidates;  // boundary and touched processors (may repeat)
  std::vector<std::uint32_t>& moved;
  std::vector<std::uint32_t>& locked_list;

  void push(int s, std::int32_t g, std::uint32_t v) {
    heap[s].push_back({g, v});
    std::push_heap(heap[s].begin(), heap[s].end());
  }

  // The unlocked processor of largest current gain on side `s`, or UINT32_MAX.
  std::uint32_t best(int s) {
    while (!heap[s].empty()) {
      const auto [g, v] = heap[s].front();
      if (!locked[v] && side[v] == s && gain[v] == g) return v;
      std::pop_heap(heap[s].begin(), heap[s].end());
      heap[s].pop_back();
    }
    return UINT32_MAX;
  }
  // Wires to the other side less wires to the same side, within the piece (a function of the
  // sides alone, so computing it late gives what updating it all along would have).
  void compute(std::uint32_t v) {
    const std::uint8_t own = side[v];
    std::int32_t g = 0;
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
      const std::uint8_t s = side[adj.next[e]];
      if (s != kOutside) g += s == own ? -1 : 1;
    }
    gain[v] = g;
    stamp[v] = epoch;
  }
  bool adjacent(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t e = adj.start[a]; e < adj.start[a + 1]; ++e)
      if (adj.next[e] == b) return true;
    return false;
  }
  // Moves v to the other side and updates its neighbours' gains; `queue` also queues them (not
  // while undoing a pass's tail, after which the queues are dropped).
  void flip(std::uint32_t v, bool queue = true) {
    const std::uint8_t from = side[v];
    side[v] = static_cast<std::uint8_t>(1 - from);
    gain[v] = -gain[v];
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
      const std::uint32_t u = adj.next[e];
      if (side[u] == kOutside) continue;
      if (stamp[u] == epoch)
        gain[u] += side[u] == from ? 2 : -2;
      else
        compute(u);
      if (queue && !locked[u]) push(side[u], gain[u], u), candidates.push_back(u);
    }
  }
  // Queues every candidate once, at its current gain; the list keeps each processor once, in the
  // order it first came (a processor repeats in it once per flip that touched it). Between passes
  // no processor is locked, so kQueued is free to mark the ones already taken. The choices are
  // the same as with the repeats: a heap entry is (gain, processor), and a repeat is the same
  // entry.
  void seed_heaps() {
    constexpr std::uint8_t kQueued = 2;
    std::size_t kept = 0;
    for (const auto v : candidates) {
      if (locked[v]) continue;  // kQueued: seen already
      locked[v] = kQueued;
      candidates[kept++] = v;
      heap[side[v]].push_back({gain[v], v});
    }
    candidates.resize(kept);
    for (const auto v : candidates) locked[v] = 0;
    for (auto& h : heap) std::make_heap(h.begin(), h.end());
  }
  // One pass; returns the gain kept (>= 0).
  std::int64_t pass(std::size_t patience) {
    seed_heaps();
    std::int64_t total = 0, best_total = 0;
    std::size_t best_len = 0;
    moved.clear();
    while (moved.size() - best_len < 2 * patience) {
      poll_cancel();
      const std::uint32_t a = best(0), b = best(1);
      if (a == UINT32_MAX || b == UINT32_MAX) break;
      total += gain[a] + gain[b] - (adjacent(a, b) ? 2 : 0);
      locked[a] = locked[b] = 1;
      locked_list.push_back(a);
      locked_list.push_back(b);
      flip(a);
      flip(b);
      moved.push_back(a);
      moved.push_back(b);
      if (total > best_total) best_total = total, best_len = moved.size();
    }
    for (std::size_t i = moved.size(); i > best_len; --i) flip(moved[i - 1], false);
    moved.resize(best_len);
    for (auto v : locked_list) locked[v] = 0, candidates.push_back(v);
    locked_list.clear();
    for (auto& h : heap) h.clear();
    return best_total;
  }
};

// A piece of at most kSmallPiece processors: the same passes on arrays of the piece's own
// numbering, the candidates a bit mask and a side's best a scan of it (the heaps' choice: the
// unlocked candidate of largest (gain, processor)). `local` maps a processor to its number in the
// piece while this runs.
std::uint64_t refine_small(const Adjacency& adj, std::span<const std::uint32_t> piece,
                           std::vector<std::uint8_t>& side, std::vector<std::int32_t>& local,
                           std::vector<std::uint8_t>& next,
                           std::array<std::uint32_t, kSmallPiece + 1>& start, int passes,
                           std::int64_t* gain, std::int64_t* initial) {
  const auto b = static_cast<std::uint32_t>(piece.size());
  for (std::uint32_t i = 0; i < b; ++i) local[piece[i]] = static_cast<std::int32_t>(i);
  // Each processor's neighbours in the piece (local numbers, once per wire), its gain, the
  // boundary and the cut.
  std::array<std::int32_t, kSmallPiece> g{};
  std::uint32_t candidates = 0;
  std::int64_t cut = 0;
  next.clear();
  for (std::uint32_t i = 0; i < b; ++i) {
    start[i] = static_cast<std::uint32_t>(next.size());
    const std::uint8_t own = side[piece[i]];
    for (std::uint32_t e = adj.start[piece[i]]; e < adj.start[piece[i] + 1]; ++e) {
      const std::uint32_t u = adj.next[e];
      const std::uint8_t s = side[u];
      if (s == kOutside) continue;
      next.push_back(static_cast<std::uint8_t>(local[u]));
      g[i] += s == own ? -1 : 1;
      if (s != own) candidates |= std::uint32_t{1} << i, cut += own == 0;
    }
  }
  start[b] = static_cast<std::uint32_t>(next.size());
  if (initial) *initial = cut;
  const std::size_t patience = std::min<std::size_t>(kPatience, 4 + b / 16);
  std::uint32_t locked = 0;
  const auto flip = [&](std::uint32_t i, bool queue) {
    const std::uint8_t from = side[piece[i]];
    side[piece[i]] = static_cast<std::uint8_t>(1 - from);
    g[i] = -g[i];
    for (std::uint32_t e = start[i]; e < start[i + 1]; ++e) {
      const std::uint32_t j = next[e];
      g[j] += side[piece[j]] == from ? 2 : -2;
      if (queue && !((locked >> j) & 1)) candidates |= std::uint32_t{1} << j;
    }
  };
  const auto best = [&](std::uint8_t s) {
    std::uint32_t pick = UINT32_MAX;
    for (std::uint32_t m = candidates & ~locked; m != 0; m &= m - 1) {
      const auto i = static_cast<std::uint32_t>(std::countr_zero(m));
      if (side[piece[i]] != s) continue;
      if (pick == UINT32_MAX || g[i] > g[pick] || (g[i] == g[pick] && piece[i] > piece[pick]))
        pick = i;
    }
    return pick;
  };
  std::uint64_t swaps = 0;
  for (int pass = 0; pass < passes && candidates != 0; ++pass) {
    std::array<std::uint8_t, kSmallPiece> moved{};
    std::size_t count = 0, best_len = 0;
    std::int64_t total = 0, best_total = 0;
    locked = 0;
    while (count - best_len < 2 * patience) {
      const std::uint32_t x = best(0), y = best(1);
      if (x == UINT32_MAX || y == UINT32_MAX) break;
      bool adjacent = false;
      for (std::uint32_t e = start[x]; e < start[x + 1]; ++e) adjacent |= next[e] == y;
      total += g[x] + g[y] - (adjacent ? 2 : 0);
      locked |= (std::uint32_t{1} << x) | (std::uint32_t{1} << y);
      flip(x, true);
      flip(y, true);
      moved[count++] = static_cast<std::uint8_t>(x);
      moved[count++] = static_cast<std::uint8_t>(y);
      if (total > best_total) best_total = total, best_len = count;
    }
    for (std::size_t i = count; i > best_len; --i) flip(moved[i - 1], false);
    swaps += best_len / 2;
    if (gain) *gain += best_total;
    if (best_total == 0) break;
  }
  return swaps;
}

}  // namespace

std::uint64_t split_cut(const Adjacency& adj, std::span<const std::uint32_t> piece,
                        const std::vector<std::uint8_t>& side) {
  std::uint64_t cut = 0;
  for (auto v : piece)
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
      const std::uint8_t s = side[adj.next[e]];
      if (s != kOutside && s != side[v]) ++cut;
    }
  return cut / 2;
}

std::uint64_t refine_split(const Adjacency& adj, std::span<const std::uint32_t> piece,
                           std::vector<std::uint8_t>& side, RefineScratch& scratch, int passes,
                           std::int64_t* gain, std::int64_t* initial,
                           const SplitBoundary* boundary) {
  if (piece.size() <= kSmallPiece)
    return refine_small(adj, piece, side, scratch.gain, scratch.small_next, scratch.small_start,
                        passes, gain, initial);
  if (++scratch.epoch == 0) {  // the stamps wrapped around: none is current
    std::fill(scratch.stamp.begin(), scratch.stamp.end(), 0u);
    scratch.epoch = 1;
  }
  Refiner r{adj,           side,
            scratch.gain,  scratch.stamp,
            scratch.epoch, scratch.locked,
            scratch.heap,  scratch.candidates,
            scratch.moved, scratch.locked_list};
  r.candidates.clear();
  // The boundary from side 0's wires: its processors with a wire across, and the ends across
  // (the wires are listed at both ends). Side 0's gains come with the scan.
  std::int64_t cut = boundary ? boundary->cut : 0;
  if (boundary)
    for (const auto v : boundary->ends)
      if (r.stamp[v] != r.epoch) r.compute(v), r.candidates.push_back(v);
  for (auto v : boundary ? std::span<const std::uint32_t>{} : piece) {
    poll_cancel();
    if (side[v] != 0) continue;
    std::int32_t g = 0, across = 0;
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
      const std::uint32_t u = adj.next[e];
      const std::uint8_t s = side[u];
      if (s != 1) {
        g -= s == 0;
        continue;
      }
      ++across;
      if (r.stamp[u] != r.epoch) r.compute(u), r.candidates.push_back(u);
    }
    r.gain[v] = g + across;
    r.stamp[v] = r.epoch;
    cut += across;
    if (across > 0) r.candidates.push_back(v);
  }
  if (initial) *initial = cut;
  std::uint64_t swaps = 0;
  for (int i = 0; i < passes && !r.candidates.empty(); ++i) {
    const std::int64_t kept = r.pass(std::min<std::size_t>(kPatience, 4 + piece.size() / 16));
    swaps += r.moved.size() / 2;
    if (gain) *gain += kept;
    if (kept == 0) break;
  }
  return swaps;
}

}  // namespace ftvlsi
