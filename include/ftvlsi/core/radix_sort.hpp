#pragma once
// A stable least-significant-digit radix sort for elements with small unsigned integer keys: the
// decomposition's sorts of processors by leaf, by subtree and by coordinate, where the keys have
// far fewer bits than 64 and a comparison sort's random reads dominate. Stable, so elements with
// equal keys keep their order (a std::stable_sort by the same key gives the same result).
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "ftvlsi/core/cancel.hpp"

namespace ftvlsi {

inline constexpr int kRadixBits = 11;  // a pass's digit: 2^11 counters stay in the L1 cache
// Below this many elements a comparison sort is faster than clearing and scanning the counters.
inline constexpr std::size_t kRadixFrom = 512;

// Sorts `v` by key(element) (an unsigned value below 2^bits, bits <= 64), stably, in
// ceil(bits / kRadixBits) passes over a buffer of v's size (a std::stable_sort when short).
template <class T, class Key>
void radix_sort(std::vector<T>& v, int bits, Key key) {
  if (v.size() < 2 || bits <= 0) return;
  if (v.size() < kRadixFrom) {
    std::stable_sort(v.begin(), v.end(), [&](const T& a, const T& b) {
      return static_cast<std::uint64_t>(key(a)) < static_cast<std::uint64_t>(key(b));
    });
    return;
  }
  std::vector<T> buffer(v.size());
  constexpr std::size_t kDigits = std::size_t{1} << kRadixBits;
  for (int shift = 0; shift < bits; shift += kRadixBits) {
    poll_cancel();
    std::array<std::size_t, kDigits + 1> start{};
    for (const T& x : v)
      ++start[((static_cast<std::uint64_t>(key(x)) >> shift) & (kDigits - 1)) + 1];
    if (std::count(start.begin() + 1, start.end(), v.size()) == 1) continue;  // one digit: in order
    for (std::size_t d = 0; d < kDigits; ++d) start[d + 1] += start[d];
    for (const T& x : v)
      buffer[start[(static_cast<std::uint64_t>(key(x)) >> shift) & (kDigits - 1)]++] = x;
    v.swap(buffer);
  }
}

// Bits needed for keys up to `most`.
constexpr int key_bits(std::uint64_t most) {
  return most == 0 ? 0 : 64 - __builtin_clzll(most);
}

}  // namespace ftvlsi
