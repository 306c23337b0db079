#include "ftvlsi/network/partial_concentrator.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"

using namespace ftvlsi;
using u32 = std::uint32_t;

namespace {

// Hall's condition by brute force, independent of the max-flow: every subset T of at most
// floor(3s/4) inputs of a level has |N(T)| ≥ |T|.
bool hall_holds(const ConcentratorLevel& level) {
  const auto limit = concentrator_guarantee(level.outputs);
  for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << level.inputs); ++mask) {
    if (static_cast<std::uint64_t>(std::popcount(mask)) > limit) continue;
    std::uint64_t cover = 0;
    for (u32 i = 0; i < level.inputs; ++i)
      if (mask >> i & 1)
        for (u32 o : level.neighbours(i)) cover |= std::uint64_t{1} << o;
    if (std::popcount(cover) < std::popcount(mask)) return false;
  }
  return true;
}

}  // namespace

TEST_SUITE("partial_concentrator") {
  TEST_CASE("a level respects Pippenger's degrees: inputs at most 6, outputs at most 9") {
    SplitMix64 rng(7);
    for (int t = 0; t < 40; ++t) {
      const u32 s = 2 + static_cast<u32>(rng.below(300));
      const u32 r = s + static_cast<u32>(rng.below(s / 2 + 1));
      const auto level = draw_concentrator_level(r, s, rng());
      CHECK(level.inputs == r);
      CHECK(level.outputs == s);
      CHECK(level.max_input_degree() <= 6);
      CHECK(level.max_output_degree() <= 9);
      CHECK(level.edges() <= 6u * r);
    }
  }

  TEST_CASE("a cascade concentrates by at most 3/2 a level, in depth ceil(log_{3/2}(r/s))") {
    CHECK(cascade_widths(10, 20) == std::vector<u32>{10});
    CHECK(cascade_widths(12, 8) == std::vector<u32>{12, 8});
    CHECK(cascade_widths(90, 20) == std::vector<u32>{90, 60, 40, 27, 20});
    CHECK(cascade_widths(3, 1) == std::vector<u32>{3, 2, 1});  // a leaf's down switch
    CHECK(cascade_widths(2, 1) == std::vector<u32>{2, 1});
    SplitMix64 rng(11);
    for (int t = 0; t < 60; ++t) {
      const u32 s = 1 + static_cast<u32>(rng.below(500));
      const u32 r = 1 + static_cast<u32>(rng.below(5000));
      const auto w = cascade_widths(r, s);
      CHECK(w.front() == r);
      if (r <= s) {
        CHECK(w.size() == 1);
        continue;
      }
      CHECK(w.back() == s);
      for (std::size_t i = 0; i + 1 < w.size(); ++i) CHECK((2 * w[i] <= 3 * w[i + 1] || w[i] == 2));
      // Every level but the last concentrates by nearly 3/2, so the depth is the least possible.
      int least = 0;
      for (double x = r; x > s; x /= 1.5) ++least;
      CHECK(static_cast<int>(w.size()) - 1 <= least + 1);
    }
  }

  TEST_CASE("max-flow agrees with Hall's condition on every subset of seeded small levels") {
    SplitMix64 rng(3);
    int held = 0, failed = 0;
    for (int t = 0; t < 30; ++t) {
      const u32 s = 3 + static_cast<u32>(rng.below(6));
      const u32 r = s + static_cast<u32>(rng.below(s / 2 + 1));
      // Half of them sparse (2 edges an input), so that both verdicts occur.
      const auto level = draw_concentrator_level(r, s, rng(), t % 2 == 0 ? 2 : 6);
      ConcentratorSwitch sw;
      sw.inputs = r, sw.outputs = s, sw.levels = {level};
      const bool hall = hall_holds(level);
      const auto verdict = verify_concentrator(sw, {});
      CHECK(verdict.exhaustive);
      CHECK(verdict.holds() == hall);
      (hall ? held : failed) += 1;
    }
    CHECK(held > 0);
    CHECK(failed > 0);
  }

  TEST_CASE("built switches connect any floor(3s/4) inputs, checked on fresh random subsets") {
    SplitMix64 rng(5);
    for (int t = 0; t < 12; ++t) {
      const u32 s = 8 + static_cast<u32>(rng.below(200));
      const u32 r = s + static_cast<u32>(rng.below(3 * s));
      const auto sw = build_concentrator(r, s, rng());
      CHECK(sw.components() <= 6u * 3u * r);  // Σ 6 r_l over widths falling by 2/3
      std::vector<u32> all(r);
      for (u32 i = 0; i < r; ++i) all[i] = i;
      for (int k = 0; k < 10; ++k) {
        for (u32 i = r; i > 1; --i) std::swap(all[i - 1], all[rng.below(i)]);
        const auto size = 1 + rng.below(sw.guarantee());
        std::vector<u32> subset(all.begin(), all.begin() + static_cast<long>(size));
        std::vector<u32> reached;
        REQUIRE(disjoint_paths(sw, subset, &reached) == size);
        std::set<u32> distinct(reached.begin(), reached.end());
        CHECK(distinct.size() == size);
        CHECK(*distinct.rbegin() < s);
      }
    }
  }

  TEST_CASE("exhaustive verification of r = 12, s = 8 (Pippenger's smallest 6m, 4m with m = 2)") {
    const auto sw = build_concentrator(12, 8, 1);
    const auto verdict = verify_concentrator(sw, {});
    CHECK(verdict.exhaustive);
    CHECK(verdict.holds());
    // Every subset of at most 6 of the 12 inputs: sum of C(12, k), k = 1..6.
    CHECK(verdict.subsets >= 2509);
    CHECK(hall_holds(sw.levels[0]));
  }

  TEST_CASE("the verifier rejects the weak control (inputs of degree 1), naming a subset") {
    for (u32 r : {12u, 40u, 300u}) {
      const u32 s = 2 * r / 3;
      const auto weak = weak_concentrator(r, s);
      const auto verdict = verify_concentrator(weak, {});
      REQUIRE_FALSE(verdict.holds());
      CHECK(verdict.worst_fraction() < 1.0);
      const auto& bad = verdict.counterexample;
      CHECK(bad.size() <= concentrator_guarantee(s));
      CHECK(disjoint_paths(weak, bad) < bad.size());
    }
  }

  TEST_CASE("the greedy search finds a planted bottleneck that random subsets miss") {
    // 200 inputs onto 150 outputs, drawn well, then inputs 0..4 rewired onto outputs 0..3 only:
    // five inputs with four outputs, a set of 5 ≤ 112 a random subset almost never holds whole.
    auto sw = draw_concentrator(200, 150, 9);
    auto& level = sw.levels[0];
    ConcentratorLevel planted;
    planted.inputs = level.inputs, planted.outputs = level.outputs;
    planted.offset.push_back(0);
    for (u32 i = 0; i < level.inputs; ++i) {
      if (i < 5) {
        for (u32 o = 0; o < 4; ++o) planted.target.push_back(o);
      } else {
        for (u32 o : level.neighbours(i)) planted.target.push_back(o);
      }
      planted.offset.push_back(static_cast<u32>(planted.target.size()));
    }
    level = planted;
    VerifyParams only_greedy;
    only_greedy.random_subsets = 0;
    only_greedy.greedy_starts = 40;
    const auto verdict = verify_concentrator(sw, only_greedy);
    REQUIRE_FALSE(verdict.holds());
    CHECK(verdict.failed_level == 0);
  }

  TEST_CASE(
      "Pippenger's degree 6 holds at every small size tried, and sparser drawings are re-drawn") {
    // 3000 seeded drawings at each r = 3..12 (s = ceil(2r/3)), every subset tried: none fails.
    for (u32 r = 3; r <= 12; ++r)
      for (std::uint64_t seed = 0; seed < 300; ++seed)
        CHECK(verify_concentrator(draw_concentrator(r, (2 * r + 2) / 3, seed), {}).holds());
    // Two edges an input fail often: the build skips those drawings, seed by seed.
    BuildParams sparse;
    sparse.input_degree = 2;
    sparse.max_tries = 64;
    int redrawn = 0;
    for (std::uint64_t seed = 0; seed < 200 && redrawn < 3; ++seed) {
      if (verify_concentrator(draw_concentrator(12, 8, seed, 2), {}).holds()) continue;
      const auto sw = build_concentrator(12, 8, seed, sparse);
      CHECK(sw.tries >= 2);
      CHECK(sw.seed == seed + static_cast<std::uint64_t>(sw.tries) - 1);
      CHECK(verify_concentrator(sw, {}).holds());
      BuildParams once = sparse;
      once.max_tries = 1;
      try {
        build_concentrator(12, 8, seed, once);
        FAIL("expected an InputError");
      } catch (const InputError& e) {
        CHECK(e.id() == 3752);
      }
      ++redrawn;
    }
    CHECK(redrawn == 3);
    try {
      build_concentrator(6, 0, 1);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(e.id() == 3751);
    }
  }

  TEST_CASE("same seed, same switch, and another seed, another graph") {
    const auto a = draw_concentrator(300, 100, 42), b = draw_concentrator(300, 100, 42);
    const auto c = draw_concentrator(300, 100, 43);
    REQUIRE(a.depth() == b.depth());
    for (int l = 0; l < a.depth(); ++l) CHECK(a.levels[l].target == b.levels[l].target);
    CHECK(a.levels[0].target != c.levels[0].target);
  }

  TEST_CASE("a fat-tree node has an up switch and two down switches of the channels' widths") {
    FatTreeParams p;
    p.processors = 64;
    p.capacity.profile = CapacityProfile::kUniversal;
    const FatTree tree(p);
    const auto sw = node_switches(tree, 1);
    REQUIRE(sw.size() == 3);
    CHECK(sw[0].inputs == 2 * tree.capacity(2));
    CHECK(sw[0].outputs == tree.capacity(1));
    CHECK(sw[1].inputs == tree.capacity(1) + tree.capacity(2));
    CHECK(sw[2].outputs == tree.capacity(2));
  }

  TEST_CASE("a random full load (s of r inputs, beyond the 3/4 guarantee) still connects") {
    // Measured, not promised: degree-6 graphs hold perfect matchings for random input sets.
    SplitMix64 rng(1);
    for (std::uint64_t t = 0; t < 4; ++t) {
      const auto sw = build_concentrator(1000, 400, t);
      std::vector<u32> all(1000);
      for (u32 i = 0; i < 1000; ++i) all[i] = i;
      for (u32 i = 1000; i > 1; --i) std::swap(all[i - 1], all[rng.below(i)]);
      const std::vector<u32> full(all.begin(), all.begin() + 400);
      CHECK(disjoint_paths(sw, full) == 400);
      // The router reuses one flow network and agrees with a fresh one.
      ConcentratorRouter router(sw);
      std::vector<u32> a, b;
      CHECK(router.connect(full, &a) == 400);
      disjoint_paths(sw, full, &b);
      CHECK(a == b);
    }
  }

  TEST_CASE("a crossbar joins every input to every output and connects any s inputs") {
    const auto sw = crossbar_concentrator(12, 5);
    REQUIRE(sw.depth() == 1);
    CHECK(sw.components() == 60);
    CHECK(sw.levels[0].max_input_degree() == 5);
    CHECK(sw.levels[0].max_output_degree() == 12);
    SplitMix64 rng(4);
    for (int t = 0; t < 20; ++t) {
      std::vector<u32> all(12);
      for (u32 i = 0; i < 12; ++i) all[i] = i;
      for (u32 i = 12; i > 1; --i) std::swap(all[i - 1], all[rng.below(i)]);
      CHECK(disjoint_paths(sw, std::vector<u32>(all.begin(), all.begin() + 5)) == 5);
    }
    // r ≤ s: straight wires, no components.
    CHECK(crossbar_concentrator(4, 6).depth() == 0);
    CHECK(crossbar_concentrator(4, 6).components() == 0);
  }
}
