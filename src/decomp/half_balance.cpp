#include "ftvlsi/decomp/half_balance.hpp"

#include <algorithm>
#include <array>

#include "ftvlsi/decomp/refinement.hpp"

namespace ftvlsi {
namespace {

// The candidates kept per side: the swap is chosen among kChoices × kChoices pairs.
constexpr int kChoices = 4;

struct Ranked {
  std::int64_t key = INT64_MIN;
  std::uint32_t v = UINT32_MAX;
};

using Top = std::array<Ranked, kChoices>;

// Keeps `v` in `best` (largest keys first) if its key is among the kChoices largest offered so
// far; ties keep the one offered first.
void offer(Top& best, std::int64_t key, std::uint32_t v) {
  if (key <= best[kChoices - 1].key) return;
  int i = kChoices - 1;
  for (; i > 0 && best[i - 1].key < key; --i) best[i] = best[i - 1];
  best[i] = {key, v};
}

// The kChoices processors of `list` on side `s`, unswapped, of largest key(v), largest first
// (ties: the earlier listed).
template <class Key>
Top top(const std::vector<std::uint32_t>& list, std::uint8_t s,
        const std::vector<std::uint8_t>& side, const std::vector<std::uint8_t>& mark, Key key) {
  Top best{};
  for (auto v : list)
    if (side[v] == s && mark[v] != 2) offer(best, key(v), v);
  return best;
}

}  // namespace

HalfBalance balance_halves(const Adjacency& adj, std::span<const std::uint32_t> piece,
                           std::vector<std::uint8_t>& side, HalfBalanceScratch& s,
                           std::uint32_t max_swaps, const RefineScratch* refined) {
  HalfBalance out;
  std::int64_t* const bw = out.bandwidth;
  s.candidates[0].clear();
  s.candidates[1].clear();
  Top inner[2]{};                // per side, the inner processors of fewest wires
  static_assert(kOutside == 2);  // a neighbour's side adds to `ones` by its low bit, else out
  // The scan reads every wire of the piece: through plain pointers, which the stores below
  // cannot alias.
  const std::uint32_t* const first = adj.start.data();
  const std::uint32_t* const next = adj.next.data();
  const std::uint8_t* const sides = side.data();
  std::int32_t* const in0 = s.in[0].data();
  std::int32_t* const in1 = s.in[1].data();
  const bool small = refined && piece.size() <= kSmallPiece;
  for (std::size_t i = 0; i < piece.size(); ++i) {
    const std::uint32_t v = piece[i];
    const auto degree = static_cast<std::int32_t>(first[v + 1] - first[v]);
    std::int32_t ones = 0, out_of_piece = 0;
    if (small) {
      const std::uint32_t from = refined->small_start[i], to = refined->small_start[i + 1];
      for (std::uint32_t e = from; e < to; ++e) ones += sides[piece[refined->small_next[e]]];
      out_of_piece = degree - static_cast<std::int32_t>(to - from);
    } else {
      for (std::uint32_t e = first[v]; e < first[v + 1]; ++e) {
        const std::uint8_t t = sides[next[e]];
        ones += t & 1, out_of_piece += t >> 1;
      }
    }
    const std::uint8_t own = sides[v];
    const std::int32_t zeros = degree - ones - out_of_piece;
    in0[v] = zeros, in1[v] = ones;
    const std::int32_t leaving = own == 0 ? degree - zeros : degree - ones;
    bw[own] += leaving;
    if (leaving > 0) {
      s.candidates[own].push_back(v), s.mark[v] = 1;
    } else {
      offer(inner[own], -degree, v);
    }
  }
  // An inner processor (every wire to its own side) moved lowers its side's bandwidth by nothing
  // and raises the other's by its wires, in either role: the fewest-wired of each side are
  // candidates too, and a flip next to any other makes that one a boundary processor.
  for (int side_of : {0, 1})
    for (const Ranked& r : inner[side_of])
      if (r.v != UINT32_MAX) s.candidates[side_of].push_back(r.v), s.mark[r.v] = 1;
  const auto degree = [&](std::uint32_t v) {
    return static_cast<std::int64_t>(first[v + 1] - first[v]);
  };
  // Moves v to the other side: its neighbours' counts, and the ones it leaves become candidates.
  const auto move = [&](std::uint32_t v) {
    const std::uint8_t from = side[v], to = static_cast<std::uint8_t>(1 - from);
    side[v] = to;
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
      const std::uint32_t u = adj.next[e];
      if (side[u] == kOutside) continue;
      --s.in[from][u], ++s.in[to][u];
      if (s.mark[u] == 0 && side[u] == from) s.candidates[from].push_back(u), s.mark[u] = 1;
    }
    s.mark[v] = 2;
  };
  while (out.swaps < max_swaps) {
    const std::uint8_t hi = bw[0] >= bw[1] ? 0 : 1, lo = static_cast<std::uint8_t>(1 - hi);
    if (bw[hi] - bw[lo] < 2) break;  // no swap lowers the larger without raising the other to it
    // u leaves the larger half, lowering its bandwidth by degree − 2 in_hi; v joins it, raising
    // it by degree − 2 in_hi.
    const auto us = top(s.candidates[hi], hi, side, s.mark,
                        [&](std::uint32_t u) { return degree(u) - 2 * s.in[hi][u]; });
    const auto vs = top(s.candidates[lo], lo, side, s.mark,
                        [&](std::uint32_t v) { return 2 * s.in[hi][v] - degree(v); });
    // The pair of largest score, 2 × (the larger bandwidth's fall) − (the cut's rise), above 0:
    // a swap is taken when it lowers the larger bandwidth by more than half the wires it adds to
    // the cut (those wires are carried again by every level below). Ties: the smaller cut.
    std::int64_t best_score = 0, best_cut = 0, best_hi = 0, best_lo = 0;
    std::uint32_t bu = UINT32_MAX, bv = UINT32_MAX;
    for (const Ranked& ru : us) {
      if (ru.v == UINT32_MAX) break;
      const std::uint32_t u = ru.v;
      const std::int64_t du = degree(u), uh = s.in[hi][u], ul = s.in[lo][u];
      std::array<std::int64_t, kChoices> wires{};  // from u to each of vs, in one scan of u's
      for (std::uint32_t e = adj.start[u]; e < adj.start[u + 1]; ++e)
        for (int k = 0; k < kChoices; ++k) wires[k] += adj.next[e] == vs[k].v;
      for (int k = 0; k < kChoices; ++k) {
        const Ranked& rv = vs[k];
        if (rv.v == UINT32_MAX) break;
        const std::uint32_t v = rv.v;
        const std::int64_t a = wires[k];
        const std::int64_t dv = degree(v), vh = s.in[hi][v] - a, vl = s.in[lo][v] + a;
        // u to the lower half, then v (its counts after u's move) to the higher one.
        const std::int64_t new_hi = bw[hi] - du + 2 * uh + dv - 2 * vh;
        const std::int64_t new_lo = bw[lo] + du - 2 * ul - dv + 2 * vl;
        const std::int64_t cut = (uh - ul) + (vl - vh);
        const std::int64_t m = std::max(new_hi, new_lo);
        const std::int64_t score = 2 * (bw[hi] - m) - cut;
        if (m < bw[hi] &&
            (score > best_score || (score == best_score && bu != UINT32_MAX && cut < best_cut)))
          best_score = score, best_cut = cut, best_hi = new_hi, best_lo = new_lo, bu = u, bv = v;
      }
    }
    if (bu == UINT32_MAX) break;
    move(bu);
    move(bv);
    bw[hi] = best_hi, bw[lo] = best_lo;
    out.cut_change += best_cut;
    ++out.swaps;
  }
  for (const auto& list : s.candidates)  // every marked processor is listed once
    for (auto v : list) s.mark[v] = 0;
  return out;
}

}  // namespace ftvlsi
