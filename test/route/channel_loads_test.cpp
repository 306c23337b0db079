#include "ftvlsi/route/channel_loads.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

MessageSet random_set(std::uint64_t n, std::size_t count, std::mt19937_64& rng) {
  MessageSet m;
  for (std::size_t i = 0; i < count; ++i)
    m.push_back({static_cast<std::uint32_t>(rng() % n), static_cast<std::uint32_t>(rng() % n)});
  return m;
}

}  // namespace

TEST_SUITE("channel_loads") {
  TEST_CASE("channel loads and lambda equal a brute-force count on small trees") {
    std::mt19937_64 rng(41);
    for (int trial = 0; trial < 50; ++trial) {
      const std::uint64_t n = std::uint64_t{1} << (1 + rng() % 6);
      const FatTree tree = tree_of(n, CapacityProfile::kAreaUniversal);
      const MessageSet m = random_set(n, 1 + rng() % 200, rng);
      const ChannelLoadTable t = channel_loads(m, tree.levels());
      double lambda = 0;
      for (int k = 0; k <= tree.levels(); ++k) {
        for (std::uint64_t j = 0; j < (std::uint64_t{1} << k); ++j) {
          std::uint64_t up = 0, down = 0;
          for (const auto& [s, d] : m) {
            const bool s_in = (s >> (tree.levels() - k)) == j,
                       d_in = (d >> (tree.levels() - k)) == j;
            up += s_in && !d_in;
            down += d_in && !s_in;
          }
          CHECK(t.up[k][j] == up);
          CHECK(t.down[k][j] == down);
          lambda =
              std::max({lambda, double(up) / tree.capacity(k), double(down) / tree.capacity(k)});
        }
      }
      CHECK(load_factor(t, tree) == doctest::Approx(lambda));
    }
  }
  TEST_CASE("the congestion parameter is the least r meeting its definition") {
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kDoubleEvery2,
                         CapacityProfile::kConstant, CapacityProfile::kFull}) {
      const FatTree tree = tree_of(1024, profile);
      const double r = congestion_parameter(tree);
      auto worst = [&](double x) {
        double through = 0, out = 0;
        for (int k = 0; k <= tree.levels(); ++k) {
          const double term = std::pow(M_E / x, double(tree.capacity(k)));
          out += term;
          if (k > 0) through += 2 * term;
        }
        return std::max(through, out);
      };
      CHECK(worst(r) <= 0.5 + 1e-9);
      CHECK(worst(r * (1 - 1e-6)) > 0.5);
    }
    // Capacities that grow make r a small constant; constant capacities make it grow with lg n.
    // (double-every-2 has leaf channels of capacity 1, so r >= 8e whatever n is.)
    CHECK(congestion_parameter(tree_of(1 << 16, CapacityProfile::kDoubleEvery2)) <
          1.1 * congestion_parameter(tree_of(1 << 8, CapacityProfile::kDoubleEvery2)));
    CHECK(congestion_parameter(tree_of(1 << 16, CapacityProfile::kConstant)) >
          congestion_parameter(tree_of(1 << 8, CapacityProfile::kConstant)));
  }
  TEST_CASE("the load factor from the messages equals the table's, to the bit") {
    std::mt19937_64 rng(12);
    for (int trial = 0; trial < 40; ++trial) {
      const int levels = 1 + static_cast<int>(rng() % 12);
      const std::uint64_t n = std::uint64_t{1} << levels;
      const FatTree tree =
          tree_of(n, trial % 2 ? CapacityProfile::kAreaUniversal : CapacityProfile::kConstant,
                  1 + rng() % 5);
      MessageSet m(1 + rng() % (4 * n));
      for (auto& [s, d] : m) {
        s = static_cast<std::uint32_t>(rng() % n);
        d = rng() % 4 == 0 ? s : static_cast<std::uint32_t>(rng() % n);  // some self-messages
      }
      CAPTURE(trial);
      CHECK(load_factor(m, tree) == load_factor(channel_loads(m, levels), tree));
    }
  }
}
