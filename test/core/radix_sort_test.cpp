#include "ftvlsi/core/radix_sort.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

using namespace ftvlsi;

TEST_SUITE("radix_sort") {
  TEST_CASE("the radix sort is a stable sort by the key, for every width of key") {
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 200; ++trial) {
      const int bits = static_cast<int>(rng() % 65);  // 0 .. 64
      const std::size_t n = rng() % 3000;
      // (key, original place): stability shows in the places of equal keys. Keys are drawn from
      // few values half the time, so that ties are common.
      const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
      const std::uint64_t values = trial % 2 == 0 ? 1 + rng() % 8 : 0;
      std::vector<std::pair<std::uint64_t, std::uint32_t>> v;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t key = values > 0 ? (rng() % values) * (mask / values) : rng();
        v.push_back({key & mask, static_cast<std::uint32_t>(i)});
      }
      auto expected = v;
      std::stable_sort(expected.begin(), expected.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      radix_sort(v, bits, [](const auto& x) { return x.first; });
      CAPTURE(bits);
      CHECK(v == expected);
    }
  }

  TEST_CASE("key_bits counts the bits of the largest key") {
    CHECK(key_bits(0) == 0);
    CHECK(key_bits(1) == 1);
    CHECK(key_bits(2) == 2);
    CHECK(key_bits(255) == 8);
    CHECK(key_bits(256) == 9);
    CHECK(key_bits(~std::uint64_t{0}) == 64);
  }
}
