// The route job's JSON contract: which RANDOM constants ran.
#include "ftvlsi/report/route_job.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

RouteSpec random_spec(std::uint64_t n) {
  RouteSpec s;
  s.host.processors = n;
  s.host.capacity.profile = CapacityProfile::kAreaUniversal;
  s.pattern.name = "uniform";
  s.pattern.count = 4 * n;
  s.algorithm = "random";
  return s;
}

}  // namespace

TEST_SUITE("route_job") {
  TEST_CASE("the JSON names the constants RANDOM ran with and their k1, k2") {
    RouteSpec s = random_spec(256);
    const RouteRun practical = run_route(s);
    const double r = practical.json["congestion_parameter"].get<double>();
    CHECK(practical.json["constants"] == "practical");
    CHECK(practical.json["k1"].get<double>() == doctest::Approx(r));
    CHECK(practical.json["k2"].get<double>() == doctest::Approx(r));

    s.constants = RandomConstants::kProof;
    const RouteRun proof = run_route(s);
    CHECK(proof.json["constants"] == "proof");
    CHECK(proof.json["k1"].get<double>() ==
          doctest::Approx(4 * std::exp(4.0) * r * r * std::log(r)));
    CHECK(proof.json["k2"].get<double>() == doctest::Approx(36 * r));
    CHECK(proof.json["delivered"] == proof.messages.size());

    s.k2 = 3;
    const RouteRun custom = run_route(s);
    CHECK(custom.json["constants"] == "custom");
    CHECK(custom.json["k1"].get<double>() ==
          doctest::Approx(4 * std::exp(4.0) * r * r * std::log(r)));
    CHECK(custom.json["k2"].get<double>() == 3);

    s.algorithm = "greedy";
    CHECK_FALSE(run_route(s).json.contains("constants"));
  }
}
