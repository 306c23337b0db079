// Theorem 9's adversary: on the four-way host its set has load factor lambda, every message
// leaves the subtree FT, GREEDY needs at least lambda lg n / 24 cycles, and anything but the
// four-way host on 4^m processors with lambda >= 12 is refused.
#include "ftvlsi/route/adversary.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

TEST_SUITE("adversary") {
  TEST_CASE("Theorem 9: on the four-way host the adversary's set has load factor lambda") {
    // Every channel of the host counts, the half channels above an unfavoured quarter included
    // (on double-every-2 they carried 4/3 lambda).
    for (std::uint64_t n : {16, 64, 256, 1024, 4096, 16384, 65536}) {
      const FatTree tree = tree_of(n, CapacityProfile::kFourWay);
      for (std::uint64_t lambda : {12, 13, 24, 50, 97, 384}) {
        const AdversarySet a = adversary_set(tree, lambda);
        const ChannelLoadTable loads = channel_loads(a.messages, tree.levels());
        CAPTURE(n);
        CAPTURE(lambda);
        CHECK(load_factor(loads, tree) ==
              doctest::Approx(static_cast<double>(lambda)).epsilon(0.01));
        for (int k = 1; k <= tree.levels(); k += 2)  // the half-levels inside the 4-way switches
          for (std::size_t j = 0; j < loads.up[k].size(); ++j)
            CHECK(3 * loads.up[k][j] <= 2 * lambda * tree.capacity(k));
        for (auto& [s, d] : a.messages) CHECK(((s < a.subtree) && (d >= a.subtree)));
      }
    }
  }

  TEST_CASE(
      "Theorem 9: GREEDY needs at least lambda lg n / 24 cycles, and lambda/12 more per quarter") {
    for (std::uint64_t lambda : {12, 24, 48}) {
      double previous = 0;
      for (std::uint64_t n : {64, 256, 1024, 4096, 16384}) {
        const FatTree tree = tree_of(n, CapacityProfile::kFourWay);
        const AdversarySet a = adversary_set(tree, lambda);
        DeliverySimulator sim(tree, a.messages, SwitchPolicy::kPriority, 1);
        const RouteResult g = route_greedy(sim, a.messages.size(), 1000000);
        CAPTURE(n);
        CAPTURE(lambda);
        const double lg_sub = std::log2(static_cast<double>(a.subtree));
        const double cycles = static_cast<double>(g.cycles);
        CHECK(g.delivered == a.messages.size());
        CHECK(cycles >= static_cast<double>(lambda) * lg_sub / 24);
        CHECK(a.bound == doctest::Approx(static_cast<double>(lambda) * lg_sub / 24));
        // Each quarter level holds GREEDY at least lambda/12 cycles longer (the proof's t).
        if (previous > 0) CHECK(cycles - previous >= static_cast<double>(lambda) / 12);
        previous = cycles;
      }
    }
  }

  TEST_CASE("the adversary needs the four-way host and lambda >= 12") {
    CHECK_THROWS_AS(adversary_set(tree_of(256, CapacityProfile::kAreaUniversal), 24), InputError);
    CHECK_THROWS_AS(adversary_set(tree_of(512, CapacityProfile::kFourWay), 24), InputError);
    CHECK_THROWS_AS(adversary_set(tree_of(256, CapacityProfile::kFourWay), 6), InputError);
    try {
      adversary_set(tree_of(256, CapacityProfile::kDoubleEvery2), 24);
      FAIL("double-every-2 accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("--capacity four-way") != std::string::npos);
    }
  }

  TEST_CASE("the set is sorted by source, one quarter chosen per level of FT, within its count") {
    for (std::uint64_t n : {16, 256, 4096}) {
      const FatTree tree = tree_of(n, CapacityProfile::kFourWay);
      for (std::uint64_t lambda : {12, 30}) {
        const AdversarySet a = adversary_set(tree, lambda);
        CAPTURE(n);
        CAPTURE(lambda);
        CHECK(a.subtree == n / 4);
        CHECK(std::is_sorted(a.messages.begin(), a.messages.end(),
                             [](const auto& x, const auto& y) { return x.first < y.first; }));
        // FT = 4^j processors: one unfavoured quarter at each of its j recursion levels.
        std::uint64_t levels = 0;
        for (std::uint64_t s = a.subtree; s > 1; s /= 4) ++levels;
        CHECK(a.unfavoured.size() == levels);
        for (const int q : a.unfavoured) CHECK((q >= 0 && q < 4));
        CHECK(adversary_message_count(tree, lambda) >= static_cast<long double>(a.messages.size()));
      }
    }
  }
}
