#include "ftvlsi/core/math.hpp"

#include <cmath>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

int floor_log2(u64 x) {
  FTVLSI_ASSERT(x >= 1);
  return 63 - __builtin_clzll(x);
}

int lg(u64 x) {
  const int l = floor_log2(x);
  return l < 1 ? 1 : l;
}

NearestPowers nearest_powers(u64 x, unsigned base) {
  NearestPowers result{0, 0};
  u64 p = 1;
  while (true) {
    if (p < x) result.below = p;
    if (p > x) {
      result.above = p;
      break;
    }
    if (p > UINT64_MAX / base) break;
    p *= base;
  }
  return result;
}

u64 isqrt(u128 x) {
  // Start from the floating-point estimate and correct it exactly.
  u128 r = static_cast<u128>(std::sqrt(static_cast<long double>(x)));
  while (r > 0 && r * r > x) --r;
  while ((r + 1) * (r + 1) <= x) ++r;
  return static_cast<u64>(r);
}

u64 icbrt(u128 x) {
  u128 r = static_cast<u128>(std::cbrt(static_cast<long double>(x)));
  while (r > 0 && r * r * r > x) --r;
  while ((r + 1) * (r + 1) * (r + 1) <= x) ++r;
  return static_cast<u64>(r);
}

u64 ceil_sqrt(u128 x) {
  const u64 r = isqrt(x);
  return static_cast<u128>(r) * r == x ? r : r + 1;
}

u64 ceil_cbrt(u128 x) {
  const u64 r = icbrt(x);
  return static_cast<u128>(r) * r * r == x ? r : r + 1;
}

u64 ceil_div_pow2_half(u64 w, int k) {
  // Smallest c with c * 2^(k/2) >= w, i.e. c^2 * 2^k >= w^2, i.e. c^2 >= ceil(w^2 / 2^k).
  FTVLSI_ASSERT(k >= 0 && k < 100);
  const u128 w2 = static_cast<u128>(w) * w;
  return ceil_sqrt(ceil_div(w2, static_cast<u128>(1) << k));
}

u64 ceil_div_pow2_two_thirds(u64 w, int k) {
  // Smallest c with c * 2^(2k/3) >= w, i.e. c^3 * 4^k >= w^3.
  FTVLSI_ASSERT(k >= 0 && 2 * k < 126);
  const u128 w3 = static_cast<u128>(w) * w * w;
  return ceil_cbrt(ceil_div(w3, static_cast<u128>(1) << (2 * k)));
}

std::optional<u64> checked_pow(u64 x, unsigned p) {
  u64 r = 1;
  for (unsigned i = 0; i < p; ++i) {
    if (x != 0 && r > UINT64_MAX / x) return std::nullopt;
    r *= x;
  }
  return r;
}

}  // namespace ftvlsi
