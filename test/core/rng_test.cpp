#include "ftvlsi/core/rng.hpp"

#include <doctest/doctest.h>

#include <vector>

using namespace ftvlsi;

TEST_SUITE("rng") {
  TEST_CASE("the same seed gives the same sequence, bounded draws stay in range and spread") {
    SplitMix64 a(7), b(7), c(8);
    for (int i = 0; i < 100; ++i) CHECK(a() == b());
    CHECK(SplitMix64(7)() != c());
    SplitMix64 r(1);
    std::vector<int> hits(10, 0);
    for (int i = 0; i < 100000; ++i) {
      const auto v = r.below(10);
      REQUIRE(v < 10);
      ++hits[v];
    }
    for (int h : hits) CHECK((h > 9000 && h < 11000));  // about 10,000 each
    CHECK(r.below(1) == 0);
  }
}
