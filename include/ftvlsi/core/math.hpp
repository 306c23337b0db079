#pragma once
// Exact integer mathematics used by the capacity profiles and the layouts. Every ceiling of
// a root is decided with integer arithmetic, so `ceil(w / 2^(2k/3))` is exact at every k.
#include <cstdint>
#include <optional>

namespace ftvlsi {

using i64 = std::int64_t;
using u64 = std::uint64_t;
using i128 = __int128;
using u128 = unsigned __int128;

// True when x is a positive power of two.
constexpr bool is_power_of_two(u64 x) {
  return x != 0 && (x & (x - 1)) == 0;
}

// floor(log2 x) for x >= 1.
int floor_log2(u64 x);

// lg x = max(1, log2 x) for a power of two x (docs/design.md §1).
int lg(u64 x);

// The powers of two just below and above x (x itself excluded when it is one).
struct NearestPowers {
  u64 below;  // 0 when none
  u64 above;  // 0 when it would overflow
};
NearestPowers nearest_powers(u64 x, unsigned base);

// floor(sqrt(x)) and floor(cbrt(x)), exact.
u64 isqrt(u128 x);
u64 icbrt(u128 x);

// ceil(w / 2^(k/2)) and ceil(w / 2^(2k/3)), exact.
u64 ceil_div_pow2_half(u64 w, int k);
u64 ceil_div_pow2_two_thirds(u64 w, int k);

// ceil(sqrt(x)) and ceil(cbrt(x)), exact.
u64 ceil_sqrt(u128 x);
u64 ceil_cbrt(u128 x);

// ceil(a / b) for b > 0.
constexpr u128 ceil_div(u128 a, u128 b) {
  return (a + b - 1) / b;
}

// x^p with overflow detection.
std::optional<u64> checked_pow(u64 x, unsigned p);

}  // namespace ftvlsi
