#include "ftvlsi/core/math.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <random>

using namespace ftvlsi;

TEST_SUITE("math") {
  TEST_CASE("exact integer roots agree with brute force") {
    for (u64 x = 0; x < 5000; ++x) {
      u64 s = 0;
      while ((s + 1) * (s + 1) <= x) ++s;
      CHECK(isqrt(x) == s);
      u64 c = 0;
      while ((c + 1) * (c + 1) * (c + 1) <= x) ++c;
      CHECK(icbrt(x) == c);
      CHECK(ceil_sqrt(x) == (s * s == x ? s : s + 1));
      CHECK(ceil_cbrt(x) == (c * c * c == x ? c : c + 1));
    }
  }

  TEST_CASE("roots of huge values are exact at perfect powers and their neighbours") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 2000; ++i) {
      const u64 r = rng() >> 24;  // up to 2^40
      const u128 sq = static_cast<u128>(r) * r;
      CHECK(isqrt(sq) == r);
      CHECK(isqrt(sq - 1) == r - 1);
      CHECK(ceil_sqrt(sq + 1) == r + 1);
      const u128 cube = sq * r;
      CHECK(icbrt(cube) == r);
      CHECK(icbrt(cube - 1) == r - 1);
      CHECK(ceil_cbrt(cube + 1) == r + 1);
    }
  }

  TEST_CASE("ceil(w / 2^(k/2)) and ceil(w / 2^(2k/3)) are the least integers above the ratio") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 20000; ++i) {
      const u64 w = 1 + (rng() >> (24 + rng() % 30));
      const int k = static_cast<int>(rng() % 40);
      const u64 half = ceil_div_pow2_half(w, k);
      // c * 2^(k/2) >= w  <=>  c^2 2^k >= w^2, and c - 1 fails.
      const u128 w2 = static_cast<u128>(w) * w;
      CHECK((static_cast<u128>(half) * half << k) >= w2);
      CHECK((static_cast<u128>(half - 1) * (half - 1) << k) < w2);
      const u64 third = ceil_div_pow2_two_thirds(w, k);
      const u128 w3 = w2 * w;
      CHECK((static_cast<u128>(third) * third * third << (2 * k)) >= w3);
      CHECK((static_cast<u128>(third - 1) * (third - 1) * (third - 1) << (2 * k)) < w3);
      // The floating-point value agrees wherever it is not within rounding of an integer.
      const long double x = w / std::pow(2.0L, k / 2.0L);
      if (std::fabs(x - std::round(x)) > 1e-9) CHECK(half == static_cast<u64>(std::ceil(x)));
    }
  }

  TEST_CASE("lg is max(1, log2) and nearest powers bracket a value") {
    CHECK(lg(1) == 1);
    CHECK(lg(2) == 1);
    CHECK(lg(1024) == 10);
    const auto p = nearest_powers(1000, 2);
    CHECK(p.below == 512);
    CHECK(p.above == 1024);
    const auto q = nearest_powers(1024, 4);
    CHECK(q.below == 256);
    CHECK(q.above == 4096);
    CHECK(is_power_of_two(1));
    CHECK_FALSE(is_power_of_two(12));
  }
}
