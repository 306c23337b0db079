// The route job's JSON contract: which RANDOM constants ran, and Theorem 9's set at its
// requested load factor.
#include "ftvlsi/report/route_job.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/route_json.hpp"

using namespace ftvlsi;

namespace {

nlohmann::json json_of(const RouteRun& r) {
  return nlohmann::json::parse(route_json(r));
}

RouteSpec random_spec(std::uint64_t n) {
  RouteSpec s;
  s.host.processors = n;
  s.host.capacity.profile = CapacityProfile::kAreaUniversal;
  s.pattern.name = "uniform";
  s.pattern.count = 4 * n;
  s.algorithm = RouteAlgorithm::kRandom;
  return s;
}

RouteSpec adversary_spec(std::uint64_t n, std::uint64_t lambda) {
  RouteSpec s;
  s.host.processors = n;
  s.host.capacity.profile = CapacityProfile::kFourWay;
  s.algorithm = RouteAlgorithm::kAdversary;
  s.lambda = lambda;
  return s;
}

}  // namespace

TEST_SUITE("route_job") {
  TEST_CASE("seconds_routing is measured always and in the JSON only with --timings") {
    for (const bool butterfly : {false, true}) {
      RouteSpec s = random_spec(1024);
      if (butterfly) s.butterfly = 1024, s.algorithm = RouteAlgorithm::kGreedy;
      CAPTURE(butterfly);
      const RouteRun plain = run_route(s);
      CHECK(plain.seconds_routing > 0);
      CHECK_FALSE(json_of(plain).contains("seconds_routing"));
      s.timings = true;
      const RouteRun timed_run = run_route(s);
      const auto j = json_of(timed_run);
      REQUIRE(j.contains("seconds_routing"));
      CHECK(j["seconds_routing"].get<double>() == timed_run.seconds_routing);
      // Everything else is what the same seed gives without the flag.
      auto rest = j;
      rest.erase("seconds_routing");
      CHECK(rest == json_of(plain));
    }
  }

  TEST_CASE("the JSON names the constants RANDOM ran with and their k1, k2") {
    RouteSpec s = random_spec(256);
    const RouteRun practical = run_route(s);
    const double r = json_of(practical)["congestion_parameter"].get<double>();
    CHECK(json_of(practical)["constants"] == "practical");
    CHECK(json_of(practical)["k1"].get<double>() == doctest::Approx(r));
    CHECK(json_of(practical)["k2"].get<double>() == doctest::Approx(r));

    s.constants = RandomConstants::kProof;
    const RouteRun proof = run_route(s);
    CHECK(json_of(proof)["constants"] == "proof");
    CHECK(json_of(proof)["k1"].get<double>() ==
          doctest::Approx(4 * std::exp(4.0) * r * r * std::log(r)));
    CHECK(json_of(proof)["k2"].get<double>() == doctest::Approx(36 * r));
    CHECK(json_of(proof)["delivered"] == proof.messages.size());

    s.k2 = 3;
    const RouteRun custom = run_route(s);
    CHECK(json_of(custom)["constants"] == "custom");
    CHECK(json_of(custom)["k1"].get<double>() ==
          doctest::Approx(4 * std::exp(4.0) * r * r * std::log(r)));
    CHECK(json_of(custom)["k2"].get<double>() == 3);

    s.algorithm = RouteAlgorithm::kGreedy;
    CHECK_FALSE(json_of(run_route(s)).contains("constants"));
  }

  TEST_CASE("route --algorithm adversary --lambda X reports load_factor X within 1 %") {
    for (std::uint64_t n : {256, 1024, 4096}) {
      for (std::uint64_t lambda : {12, 24, 50, 100}) {
        const RouteRun run = run_route(adversary_spec(n, lambda));
        const auto j = json_of(run);
        CAPTURE(n);
        CAPTURE(lambda);
        const double x = static_cast<double>(lambda);
        CHECK(j["load_factor"].get<double>() == doctest::Approx(x).epsilon(0.01));
        CHECK(j["host"]["capacity_profile"] == "four-way");
        const auto& a = j["adversary"];
        const double lg_sub = std::log2(static_cast<double>(n / 4));
        CHECK(a["greedy_meets_bound"] == true);
        CHECK(a["greedy_cycles_per_lambda_lg_n"].get<double>() ==
              doctest::Approx(a["greedy_cycles"].get<double>() / (x * lg_sub)));
        CHECK(a["greedy_cycles_per_lambda_lg_n"].get<double>() >= 1.0 / 24);
        CHECK(a["random_cycles_per_lambda"].get<double>() ==
              doctest::Approx(a["random_cycles"].get<double>() / x));
        CHECK(j["constants"] == "practical");
      }
    }
  }

  TEST_CASE("the adversary refuses a host other than the four-way one") {
    RouteSpec s = adversary_spec(256, 24);
    s.host.capacity.profile = CapacityProfile::kDoubleEvery2;
    CHECK_THROWS_AS(run_route(s), InputError);
  }
}
