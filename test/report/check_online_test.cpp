// GL-T10 and GL-§6 (Greenberg & Leiserson 1986 §6): the measures on tiny cases, their bounds,
// and their controls failing.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/simulate_job.hpp"

using namespace ftvlsi;

namespace {

const CheckResult& only(const std::vector<CheckResult>& r) {
  REQUIRE(r.size() == 1);
  return r.front();
}

}  // namespace

TEST_SUITE("check online") {
  TEST_CASE(
      "GL-T10: Δ of t steps is simulate's, its bound (t + lg lg n) lg² n, and the control fails") {
    CheckOptions o;
    o.ids = {"GL-T10"};
    o.tiny = 512;
    o.controls = true;
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kPass);
    CHECK(r.control.verdict == Verdict::kFail);
    REQUIRE(r.series.size() == 4);  // mesh t = 1, mesh t = 4, file t = 1, volumes
    for (std::size_t k = 0; k < 3; ++k) REQUIRE(r.series[k].points.size() == 2);
    REQUIRE(r.series[3].points.size() == 6);  // every run's volume ratio
    // The mesh's t = 1 slowdown is simulate's own, the mean of three seeds' (unit delay, RANDOM).
    double mean = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SimulateSpec sim;
      sim.competing = "mesh3d";
      sim.processors = 64;
      sim.delay = parse_delay_model("unit");
      sim.algorithm = RouteAlgorithm::kRandom;
      sim.seed = seed;
      mean += run_simulate(sim).slowdown / 3;
    }
    const CheckPoint& p = r.series[0].points[0];
    CHECK(p.n == 64);
    CHECK(p.measured == doctest::Approx(mean));
    // The host has 64 leaves: (1 + lg lg 64) lg² 64.
    CHECK(p.bound == doctest::Approx((1 + std::log2(6.0)) * 36));
    for (std::size_t i = 0; i < 2; ++i) {
      // Four steps take longer than one, and less than four times as long plus a cycle's worth.
      CHECK(r.series[1].points[i].measured > r.series[0].points[i].measured);
      const double lg_squared = i == 0 ? 36.0 : 81.0;  // hosts of 64 and 512 leaves
      CHECK(r.series[1].points[i].bound ==
            doctest::Approx(r.series[0].points[i].bound + 3 * lg_squared));
    }
    for (const auto& p : r.series[3].points) CHECK(p.ratio() <= 1.25);
    // The starved host's λ grows with n; ours stays at the leaf channel's 6.
    CHECK(r.series[0].label.find("λ = 6 … 6") != std::string::npos);
    CHECK(r.control.series[0].label.find("λ = 6 … 6") == std::string::npos);
  }

  TEST_CASE("GL-§6: cycles at least λ, slowdown against lg⁴ n, and first parents fail") {
    CheckOptions o;
    o.ids = {"GL-§6"};
    o.tiny = 4096;
    o.controls = true;
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kPass);
    CHECK(r.control.verdict == Verdict::kFail);
    REQUIRE(r.series.size() == 4);
    // 2D on n = 4^m (64, 1024, 4096), 3D on n = 8^k (64, 512, 4096).
    CHECK(r.series[0].points.size() == 3);
    CHECK(r.series[0].points[1].n == 1024);
    CHECK(r.series[1].points[1].n == 512);
    for (std::size_t k = 0; k < 2; ++k)
      for (const auto& p : r.series[k].points) {
        // A channel of w wires carries at most w messages a cycle: cycles >= λ, the bound's λ.
        const double l = std::log2(static_cast<double>(p.n));
        CHECK(p.measured * l * l >= p.bound);
      }
    for (std::size_t k = 2; k < 4; ++k)
      for (const auto& p : r.series[k].points) {
        const double l = std::log2(static_cast<double>(p.n));
        CHECK(p.bound == doctest::Approx(l * l * l * l));
        CHECK(p.measured > 1);  // a host cycle is slower than one of R's wires
      }
    // The control's channels carry what one wire can: many times ours at the largest size.
    CHECK(r.control.series[0].points.back().measured > 8 * r.series[0].points.back().measured);
    CHECK(check_plot_file(r.id) == "check-GL-S6.svg");
  }

  TEST_CASE("a constant-switch router slower by lg² n fails GL-§6") {
    CheckOptions o;
    o.ids = {"GL-§6"};
    o.tiny = 4096;
    o.tampers.push_back(
        {"GL-§6", [](std::uint64_t n, double v) { return v * std::pow(std::log2(double(n)), 2); },
         nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    CHECK(r.series[0].verdict == Verdict::kFail);
  }
}
