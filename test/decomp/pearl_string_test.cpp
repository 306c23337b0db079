#include "ftvlsi/decomp/pearl_string.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

using namespace ftvlsi;

namespace {

// A line of pearls, black = true, with prefix sums for the oracle.
struct Line {
  std::vector<int> prefix{0};
  explicit Line(const std::vector<bool>& black) {
    for (bool b : black) prefix.push_back(prefix.back() + b);
  }
  std::uint64_t blacks(const LeafInterval& s) const { return prefix[s.end] - prefix[s.begin]; }
};

}  // namespace

TEST_SUITE("pearl_string") {
  TEST_CASE("a split with floor(B/2) blacks and at most two strings per half exists and is found") {
    std::mt19937_64 rng(0x5eed);
    int odd = 0, empty_short = 0;
    for (int trial = 0; trial < 100000; ++trial) {
      // Two strings on a line of up to 64 pearls; total length even; the second may be empty.
      const std::uint64_t total = 2 * (1 + rng() % 32);
      const std::uint64_t first = (trial % 7 == 0) ? total : 1 + rng() % total;
      const std::uint64_t gap = rng() % 5;
      std::vector<bool> black(total + gap);
      const double density = (rng() % 101) / 100.0;
      for (std::size_t i = 0; i < black.size(); ++i)
        black[i] = std::uniform_real_distribution<double>(0, 1)(rng) < density;
      StringSet set;
      set.add({0, first});
      set.add({first + gap, total + gap});
      empty_short += set.count == 1;
      const Line line(black);
      std::uint64_t blacks = 0;
      for (int i = 0; i < set.count; ++i) blacks += line.blacks(set.strings[i]);
      odd += blacks % 2;
      const PearlSplit split =
          pearl_split(set, [&](const LeafInterval& s) { return line.blacks(s); });
      std::uint64_t a = 0, b = 0;
      for (int i = 0; i < split.first.count; ++i) a += line.blacks(split.first.strings[i]);
      for (int i = 0; i < split.second.count; ++i) b += line.blacks(split.second.strings[i]);
      REQUIRE(split.first.length() == total / 2);
      REQUIRE(split.second.length() == total / 2);
      REQUIRE(a == blacks / 2);
      REQUIRE(a + b == blacks);
      REQUIRE(split.first.count <= 2);
      REQUIRE(split.second.count <= 2);
      // The halves partition the set: every pearl of the set is in exactly one half.
      std::vector<int> cover(black.size(), 0);
      for (const StringSet* s : {&split.first, &split.second})
        for (int i = 0; i < s->count; ++i)
          for (auto x = s->strings[i].begin; x < s->strings[i].end; ++x) ++cover[x];
      for (std::uint64_t x = 0; x < black.size(); ++x) {
        const bool in_set = x < first || (x >= first + gap && x < total + gap);
        REQUIRE(cover[x] == (in_set ? 1 : 0));
      }
    }
    CHECK(odd > 10000);
    CHECK(empty_short > 10000);
  }

  TEST_CASE("every candidate step moves the black count by at most one") {
    std::mt19937_64 rng(99);
    for (int trial = 0; trial < 2000; ++trial) {
      std::vector<bool> black(40);
      for (std::size_t i = 0; i < black.size(); ++i) black[i] = rng() % 2;
      const Line line(black);
      StringSet set;
      set.add({0, 10 + rng() % 10});
      const std::uint64_t second = set.strings[0].length() % 2 ? 5 : 6;
      set.add({22, 22 + second});
      if (set.length() % 2) continue;
      long previous = -1;
      for (std::uint64_t t = 0; t <= pearl_steps(set); ++t) {
        const auto c = pearl_candidate(set, t).first;
        long b = 0;
        for (int i = 0; i < c.count; ++i) b += line.blacks(c.strings[i]);
        if (previous >= 0) CHECK(std::labs(b - previous) <= 1);
        previous = b;
      }
    }
  }
}
