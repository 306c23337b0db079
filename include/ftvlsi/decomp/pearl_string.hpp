#pragma once
// The pearl-string split (Leiserson Lemma 6, docs/design.md §4.2). A set of leaves is at most two
// strings (runs of consecutive leaves on the line of the decomposition tree's leaves); a leaf
// holding a processor is a black pearl. The split halves the set exactly in length, gives the
// first half floor(B/2) of its B blacks, and leaves each half at most two strings.
//
// Construction: with L the longer string and S the shorter, the candidate halves are
//   A(t) = S[|S|-t, |S|) + L[0, N/2 - t)          for t = 0 .. |S|   (windows on the circle L.S)
//   A(t) = S + L[j, j + N/2 - |S|), j = t - |S|    for t = |S| .. |S| + N/2,
// running from L's first half to its complement; one step moves one pearl in and one out, so the
// black count moves by at most one and passes floor(B/2). A binary search over t finds such a
// step with O(log N) black counts, searching outward from t = 0 so that the halves stay close to
// the geometric ones.
#include <algorithm>
#include <array>
#include <cstdint>

namespace ftvlsi {

struct LeafInterval {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;  // exclusive
  std::uint64_t length() const { return end - begin; }
};

// At most two strings; unused entries are empty.
struct StringSet {
  std::array<LeafInterval, 2> strings{};
  int count = 0;
  std::uint64_t length() const { return strings[0].length() + strings[1].length(); }
  void add(LeafInterval s) {
    if (s.length() > 0) strings[count++] = s;
  }
};

struct PearlSplit {
  StringSet first;   // length N/2, floor(B/2) blacks
  StringSet second;  // the rest
};

// The halves A(t) and its complement for step t (see above). Requires an even total length.
PearlSplit pearl_candidate(const StringSet& set, std::uint64_t t);
// Number of steps T: candidates are t = 0 .. T.
std::uint64_t pearl_steps(const StringSet& set);

// Splits `set`; `blacks(interval)` counts the black pearls in an interval.
template <class CountBlacks>
PearlSplit pearl_split(const StringSet& set, CountBlacks&& blacks) {
  auto count = [&](const StringSet& s) {
    std::uint64_t b = 0;
    for (int i = 0; i < s.count; ++i) b += blacks(s.strings[i]);
    return b;
  };
  const std::uint64_t total = count(set);
  const auto target = static_cast<std::int64_t>(total / 2);
  auto g = [&](std::uint64_t t) {
    return static_cast<std::int64_t>(count(pearl_candidate(set, t).first)) - target;
  };
  // Gallop from t = 0 (the geometric half) to the first checkpoint past a sign change, then
  // bisect: the split found stays close to the cutting tree's own halves.
  const std::uint64_t steps = pearl_steps(set);
  std::uint64_t lo = 0, hi = 1;
  std::int64_t g_lo = g(0);
  if (g_lo == 0) return pearl_candidate(set, 0);
  while (hi < steps) {
    const std::int64_t g_hi = g(hi);
    if (g_hi == 0) return pearl_candidate(set, hi);
    if ((g_hi > 0) != (g_lo > 0)) break;
    lo = hi;
    g_lo = g_hi;
    hi = std::min(steps, 2 * hi);
  }
  hi = std::min(hi, steps);
  // g(lo) and g(hi) have opposite signs (or g(hi) = 0); g moves by at most one per step.
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    const std::int64_t g_mid = g(mid);
    if (g_mid == 0) return pearl_candidate(set, mid);
    if ((g_mid > 0) == (g_lo > 0)) {
      lo = mid;
      g_lo = g_mid;
    } else {
      hi = mid;
    }
  }
  return pearl_candidate(set, hi);
}

}  // namespace ftvlsi
