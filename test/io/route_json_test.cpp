// The routing run's JSON on runs with random figures: every field says what the run holds, the
// host section fits the host, optional sections appear exactly when the run has them, and the
// off-line and adversary sections' bounds and ratios are computed from the run's own figures.
#include "ftvlsi/io/route_json.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

using namespace ftvlsi;
using nlohmann::json;

namespace {

RouteRun random_run(std::mt19937_64& rng) {
  RouteRun r;
  r.messages.resize(rng() % 50);
  r.load_factor = (rng() % 2000) / 10.0;
  r.result.cycles = 1 + rng() % 10000;
  r.result.delivered = r.messages.size();
  r.result.steps = rng() % 100000;
  r.algorithm = static_cast<RouteAlgorithm>(rng() % 4);  // greedy .. offline
  r.policy = rng() % 2 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
  r.seed = rng();
  r.processors = std::uint64_t{1} << (rng() % 12);
  r.pattern = rng() % 2 ? "uniform" : "transpose";
  if (rng() % 2) {
    r.host_kind = "fat-tree";
    r.capacity_profile = "area-universal";
    r.capacities.assign(1 + rng() % 8, 0);
    for (auto& c : r.capacities) c = 1 + rng() % 100;
    r.congestion = (rng() % 100) / 7.0;
  } else {
    r.host_kind = "butterfly-fat-tree";
    r.host_levels = static_cast<int>(1 + rng() % 6);
  }
  if (rng() % 2) {
    r.constants = TryGuessConstants{(rng() % 100) / 3.0, (rng() % 100) / 3.0, 2};
    r.constants_name = "custom";
  }
  return r;
}

}  // namespace

TEST_SUITE("route_json") {
  TEST_CASE("every field says what the run holds, optional sections only when it has them") {
    std::mt19937_64 rng(0x7043);
    for (int trial = 0; trial < 300; ++trial) {
      const RouteRun r = random_run(rng);
      const std::string text = route_json(r);
      REQUIRE(text.back() == '\n');
      const json j = json::parse(text);
      CAPTURE(text);
      CHECK(j["algorithm"] == std::string(to_string(r.algorithm)));
      CHECK(j["switch"] == std::string(to_string(r.policy)));
      CHECK(j["seed"] == r.seed);
      CHECK(j["processors"] == r.processors);
      CHECK(j["pattern"] == r.pattern);
      CHECK(j["messages"] == r.messages.size());
      CHECK(j["load_factor"].get<double>() == r.load_factor);
      CHECK(j["delivery_cycles"] == r.result.cycles);
      CHECK(j["delivered"] == r.result.delivered);
      CHECK(j["message_channel_steps"] == r.result.steps);
      CHECK(j["host"]["kind"] == r.host_kind);
      if (r.capacity_profile) {
        CHECK(j["host"]["capacity_profile"] == *r.capacity_profile);
        CHECK(j["host"]["capacities"] == r.capacities);
        CHECK_FALSE(j["host"].contains("levels"));
        CHECK(j["congestion_parameter"].get<double>() == *r.congestion);
      } else {
        CHECK(j["host"]["levels"] == r.host_levels);
        CHECK_FALSE(j["host"].contains("capacities"));
        CHECK(j["congestion_parameter"].is_null());
      }
      CHECK(j.contains("constants") == r.constants.has_value());
      if (r.constants) {
        CHECK(j["constants"] == r.constants_name);
        CHECK(j["k1"].get<double>() == r.constants->k1);
        CHECK(j["k2"].get<double>() == r.constants->k2);
      }
      CHECK(j.contains("cycles_per_lambda") ==
            (r.algorithm == RouteAlgorithm::kRandomPrime && r.capacity_profile.has_value()));
      CHECK_FALSE(j.contains("offline"));
      CHECK_FALSE(j.contains("adversary"));
      CHECK(route_json(r) == text);
    }
  }

  TEST_CASE("the off-line section holds the run to Theorem 1's or Corollary 2's bound") {
    std::mt19937_64 rng(0x0ff);
    for (int trial = 0; trial < 200; ++trial) {
      RouteRun r = random_run(rng);
      r.algorithm = RouteAlgorithm::kOffline;
      OfflineSummary off;
      off.variant = rng() % 2 ? OfflineVariant::kTheorem1 : OfflineVariant::kCorollary2;
      off.every_cycle_one_cycle = rng() % 2;
      off.sets = rng() % 1000;
      off.levels = static_cast<int>(1 + rng() % 12);
      off.cycles_before_merging = rng() % 1000;
      if (off.variant == OfflineVariant::kCorollary2) off.lambda_prime = (rng() % 500) / 4.0;
      if (trial % 10 == 0) r.load_factor = 0;
      r.offline = off;
      const json o = json::parse(route_json(r))["offline"];
      const double lower = std::ceil(r.load_factor);
      CAPTURE(o.dump());
      CHECK(o["variant"] == std::string(to_string(off.variant)));
      CHECK(o["every_cycle_one_cycle"] == off.every_cycle_one_cycle);
      CHECK(o["sets"] == off.sets);
      CHECK(o["lower_bound"].get<double>() == lower);
      CHECK(o["cycles_before_merging"] == off.cycles_before_merging);
      if (off.lambda_prime) {
        CHECK(o["bound"].get<double>() == static_cast<double>(off.sets));
        CHECK(o["bound_2_lambda_prime"].get<double>() == 2 * *off.lambda_prime);
      } else {
        CHECK(o["bound"].get<double>() == 2 * lower * off.levels);
      }
      if (lower > 0)
        CHECK(o["cycles_over_lower_bound"].get<double>() ==
              doctest::Approx(static_cast<double>(r.result.cycles) / lower));
      else
        CHECK(o["cycles_over_lower_bound"].is_null());
    }
  }

  TEST_CASE("the adversary section compares GREEDY with Theorem 9's bound and with RANDOM") {
    std::mt19937_64 rng(0xad7);
    for (int trial = 0; trial < 200; ++trial) {
      RouteRun r = random_run(rng);
      r.algorithm = RouteAlgorithm::kAdversary;
      r.load_factor = 12 + rng() % 100;
      r.adversary_lambda = static_cast<std::uint64_t>(r.load_factor);
      AdversarySet a;
      a.subtree = std::uint64_t{1} << (2 + 2 * (rng() % 5));
      a.unfavoured = {static_cast<int>(rng() % 4), static_cast<int>(rng() % 4)};
      a.bound = r.load_factor * std::log2(static_cast<double>(a.subtree)) / 24;
      r.adversary = a;
      r.random_result = RouteResult{};
      r.random_result->cycles = 1 + rng() % 10000;
      const json j = json::parse(route_json(r))["adversary"];
      const double greedy = static_cast<double>(r.result.cycles);
      CHECK(j["lambda"] == r.adversary_lambda);
      CHECK(j["subtree_processors"] == a.subtree);
      CHECK(j["unfavoured_quarters"] == a.unfavoured);
      CHECK(j["greedy_cycles"] == r.result.cycles);
      CHECK(j["random_cycles"] == r.random_result->cycles);
      CHECK(j["greedy_meets_bound"] == (greedy >= a.bound));
      CHECK(j["greedy_cycles_per_lambda"].get<double>() == doctest::Approx(greedy / r.load_factor));
      CHECK(j["greedy_cycles_per_lambda_lg_n"].get<double>() ==
            doctest::Approx(greedy / (r.load_factor * std::log2(double(a.subtree)))));
      CHECK(j["random_cycles_per_lambda"].get<double>() ==
            doctest::Approx(static_cast<double>(r.random_result->cycles) / r.load_factor));
    }
  }
}
