#include "ftvlsi/decomp/pearl_string.hpp"

#include <utility>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

// L (the longer string) and S (the shorter, possibly empty).
std::pair<LeafInterval, LeafInterval> long_and_short(const StringSet& set) {
  LeafInterval l = set.strings[0], s = set.count > 1 ? set.strings[1] : LeafInterval{};
  if (s.length() > l.length()) std::swap(l, s);
  return {l, s};
}

}  // namespace

std::uint64_t pearl_steps(const StringSet& set) {
  const auto [l, s] = long_and_short(set);
  return s.length() + set.length() / 2;
}

PearlSplit pearl_candidate(const StringSet& set, std::uint64_t t) {
  FTVLSI_ASSERT(set.length() % 2 == 0);
  const auto [l, s] = long_and_short(set);
  const std::uint64_t half = set.length() / 2;
  const std::uint64_t ns = s.length();
  PearlSplit out;
  if (t <= ns) {
    out.first.add({s.end - t, s.end});
    out.first.add({l.begin, l.begin + half - t});
    out.second.add({s.begin, s.end - t});
    out.second.add({l.begin + half - t, l.end});
  } else {
    const std::uint64_t j = t - ns;
    out.first.add(s);
    out.first.add({l.begin + j, l.begin + j + half - ns});
    out.second.add({l.begin, l.begin + j});
    out.second.add({l.begin + j + half - ns, l.end});
  }
  return out;
}

}  // namespace ftvlsi
