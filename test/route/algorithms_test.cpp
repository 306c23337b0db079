// RANDOM against Fig. 4, RANDOM' against Theorem 11, and the Corollary 2 schedule.
#include "ftvlsi/route/algorithms.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/offline.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

MessageSet uniform(std::uint64_t n, std::uint64_t count, std::uint64_t seed) {
  PatternParams p;
  p.name = "uniform";
  p.count = count;
  p.seed = seed;
  return make_pattern(p, n);
}

// The row of GL Fig. 4 for a load factor on n processors (up to its constant).
double fig4_row(double lambda, std::uint64_t n) {
  const double lgn = std::log2(static_cast<double>(n)), lglgn = std::log2(lgn);
  if (lambda <= 1) return 1;
  if (lambda <= 2) return lgn;
  if (lambda <= lgn * lglgn) return lgn * std::log2(lambda);
  return lambda;
}

// The sweep's message sets: per 0, one message (lambda 1); per 1000, two from one processor
// (lambda 2); otherwise per * n uniform messages.
MessageSet fig4_set(std::uint64_t n, std::uint64_t per) {
  const auto last = static_cast<std::uint32_t>(n - 1);
  return per == 0      ? MessageSet{{0, last}}
         : per == 1000 ? MessageSet{{0, last}, {0, last - 1}}
                       : uniform(n, per * n, n + per);
}

}  // namespace

TEST_SUITE("algorithms") {
  TEST_CASE("RANDOM delivers everything and its cycle counts follow the rows of GL Fig. 4") {
    // cycles / row over a sweep of sizes and loads (k1 = k2 = r): bounded by one constant, and
    // not growing from the smaller sizes to the larger ones.
    std::map<std::uint64_t, double> worst;  // per n
    for (std::uint64_t n : {64, 256, 1024, 4096}) {
      const FatTree tree = tree_of(n, CapacityProfile::kAreaUniversal);
      const double r = congestion_parameter(tree);
      for (std::uint64_t per : {0, 1, 2, 4, 16, 64, 1000}) {
        const MessageSet m = fig4_set(n, per);
        const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
        DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, per + 1);
        RandomParams rp;
        rp.congestion = r;
        rp.seed = n * 31 + per;
        const RouteResult res = route_random(sim, m.size(), n, rp, 100000000);
        CAPTURE(n);
        CAPTURE(lambda);
        CHECK(res.delivered == m.size());
        if (lambda <= 1) CHECK(res.cycles == 1);
        const double ratio = static_cast<double>(res.cycles) / fig4_row(lambda, n);
        worst[n] = std::max(worst[n], ratio);
        CHECK(ratio <= 12.0);
      }
    }
    CHECK(worst[4096] <= std::max(worst[64], worst[256]));
  }

  TEST_CASE("--constants proof runs Lemma 7's k1 = 4 e^4 r^2 ln r and k2 = 36 r") {
    RandomParams p;
    p.congestion = 15;
    p.constants = RandomConstants::kProof;
    TryGuessConstants c = try_guess_constants(p);
    CHECK(c.r == 15);
    CHECK(c.k1 == doctest::Approx(4 * std::exp(4.0) * 225 * std::log(15.0)));
    CHECK(c.k1 == doctest::Approx(133069.1).epsilon(1e-6));
    CHECK(c.k2 == doctest::Approx(540));
    // Below the least r of the lemma's inequality the proof runs with that r instead.
    p.congestion = 3;
    c = try_guess_constants(p);
    CHECK(c.r == kProofMinCongestion);
    CHECK(c.k2 == doctest::Approx(36 * kProofMinCongestion));
    // Explicit k1, k2 override the set; the practical set is k1 = k2 = r.
    p.k1 = 2;
    CHECK(try_guess_constants(p).k1 == 2);
    CHECK(try_guess_constants(p).k2 == doctest::Approx(36 * kProofMinCongestion));
    p = RandomParams{};
    p.congestion = 12.5;
    c = try_guess_constants(p);
    CHECK((c.k1 == 12.5 && c.k2 == 12.5 && c.r == 12.5));
  }

  TEST_CASE("Lemma 7's q = 1/(e^4 r ln r) meets its inequality exactly from r = 8.31 on") {
    // Per delivery cycle of the z: (q^q (1-q)^(1-q))^-1 (1 - 1/8r)^(1-q) <= 2^(-1/12r), in logs.
    auto holds = [](double r) {
      const double q = 1 / (std::exp(4.0) * r * std::log(r));
      const double entropy = -q * std::log(q) - (1 - q) * std::log1p(-q);
      return entropy + (1 - q) * std::log1p(-1 / (8 * r)) <= -std::log(2.0) / (12 * r);
    };
    for (double r = kProofMinCongestion; r < 1e9; r *= 1.01) CHECK(holds(r));
    CHECK_FALSE(holds(8.29));
    CHECK_FALSE(holds(4.0));
  }

  TEST_CASE("RANDOM with the proof's constants delivers everything on small cases") {
    for (std::uint64_t n : {64, 256, 1024}) {
      const FatTree tree = tree_of(n, CapacityProfile::kAreaUniversal);
      for (std::uint64_t per : {0, 1000, 1, 4, 16}) {
        const MessageSet m = fig4_set(n, per);
        const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
        DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, per + 1);
        RandomParams rp;
        rp.congestion = congestion_parameter(tree);
        rp.constants = RandomConstants::kProof;
        rp.seed = n + per;
        const RouteResult res = route_random(sim, m.size(), n, rp, 100000000);
        CAPTURE(n);
        CAPTURE(lambda);
        CHECK(res.delivered == m.size());
        CHECK(std::all_of(res.cycle_of.begin(), res.cycle_of.end(),
                          [&](std::uint32_t c) { return c >= 1 && c <= res.cycles; }));
        if (lambda <= 1) CHECK(res.cycles == 1);
        CHECK(static_cast<double>(res.cycles) >= std::ceil(lambda - 1e-9));
      }
    }
  }

  TEST_CASE("RANDOM' stays within a constant times lambda when every channel holds lg n") {
    for (std::uint64_t n : {64, 256, 1024, 4096}) {
      const int lgn = static_cast<int>(std::log2(static_cast<double>(n)));
      for (std::uint64_t a : {1, 2}) {
        FatTreeParams params;
        params.processors = n;
        params.capacity.profile = CapacityProfile::kConstant;
        params.capacity.constant = a * static_cast<std::uint64_t>(lgn);
        const FatTree tree(params);
        require_random_prime_capacity(tree);
        for (std::uint64_t per : {1, 8, 64}) {
          const MessageSet m = uniform(n, per * n, 7 * n + per);
          const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
          DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, per);
          const RouteResult r = route_random_prime(sim, m.size(), n + per, 10000000);
          CAPTURE(n);
          CAPTURE(a);
          CAPTURE(lambda);
          CHECK(r.delivered == m.size());
          CHECK(static_cast<double>(r.cycles) >= std::ceil(lambda - 1e-9));
          CHECK(static_cast<double>(r.cycles) <= 8 * std::max(1.0, lambda));
        }
      }
    }
  }

  TEST_CASE("RANDOM' refuses a fat-tree with channels thinner than lg n and says what it needs") {
    const FatTree tree = tree_of(256, CapacityProfile::kAreaUniversal);
    try {
      require_random_prime_capacity(tree);
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("at least lg n = 8") != std::string::npos);
    }
  }

  TEST_CASE(
      "Corollary 2: cap >= a lg n gives one-cycle sets, d <= S < 2 lambda' <= 2a/(a-1) lambda") {
    for (std::uint64_t n : {16, 64, 256, 1024}) {
      const std::uint64_t lgn = static_cast<std::uint64_t>(std::log2(static_cast<double>(n)));
      for (std::uint64_t a : {2, 3}) {
        FatTreeParams params;
        params.processors = n;
        params.capacity.profile = CapacityProfile::kConstant;
        params.capacity.constant = a * lgn;
        const FatTree tree(params);
        for (std::uint64_t per : {4, 32, 128}) {
          const MessageSet m = uniform(n, per * n, n * 3 + per);
          const double lambda = load_factor(channel_loads(m, tree.levels()), tree);
          const WideSchedule w = offline_schedule_wide(tree, m);
          CAPTURE(n);
          CAPTURE(a);
          CAPTURE(lambda);
          std::vector<int> seen(m.size(), 0);
          for (const auto& cycle : w.cycles) {
            for (auto id : cycle) ++seen[id];
            const MessageSet part = [&] {
              MessageSet p;
              for (auto id : cycle) p.push_back(m[id]);
              return p;
            }();
            CHECK(load_factor(channel_loads(part, tree.levels()), tree) <= 1.0);
          }
          CHECK(std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; }));
          const double aa = static_cast<double>(a);
          CHECK(w.lambda_prime <= aa / (aa - 1) * lambda + 1e-9);
          CHECK(w.cycles.size() <= w.unmerged);  // merged first-fit
          CHECK(w.unmerged <= w.sets);
          CHECK(static_cast<double>(w.sets) < 2 * std::max(1.0, w.lambda_prime));
        }
      }
    }
    FatTreeParams thin;
    thin.processors = 64;
    thin.capacity.profile = CapacityProfile::kConstant;
    thin.capacity.constant = 6;  // = lg n: not above it
    CHECK_THROWS_AS(offline_schedule_wide(FatTree(thin), uniform(64, 64, 1)), InputError);
  }
}
