// Shards: N slices cover every item exactly once, and --shard K/N parses only valid K/N.
#include "ftvlsi/core/shard.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/options.hpp"

using namespace ftvlsi;

TEST_CASE("shard: N slices cover items 0..m-1 exactly once") {
  for (std::uint64_t n = 1; n <= 7; ++n) {
    std::vector<int> hits(50, 0);
    for (std::uint64_t k = 1; k <= n; ++k)
      for (std::uint64_t i = 0; i < hits.size(); ++i) hits[i] += Shard{k, n}.owns(i);
    for (int h : hits) CHECK(h == 1);
  }
  CHECK(Shard{}.whole());
  CHECK(Shard{2, 4}.file("simulate") == "simulate-shard-2-of-4.json");
  CHECK(Shard{2, 4}.text() == "2/4");
}

TEST_CASE("shard: --shard K/N needs 1 <= K <= N") {
  const Shard s = parse_shard("3/8");
  CHECK(s.k == 3);
  CHECK(s.n == 8);
  CHECK(parse_shard("1/1").whole());
  for (const char* bad : {"0/4", "5/4", "4", "/4", "1/", "a/b", "1/0", "-1/4", "1/4/2"})
    CHECK_THROWS_AS(parse_shard(bad), InputError);
}
