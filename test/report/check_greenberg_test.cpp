// Greenberg 1990 §3 and §5's checks (G-3.3, G-3.5, G-5.1, G-5.2) and what they stand on:
// simulate with more competing processors than host leaves.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/simulate_job.hpp"

using namespace ftvlsi;

namespace {

SimulateSpec shared_leaves(std::uint64_t host, std::uint64_t competing) {
  SimulateSpec s;
  s.processors = host;
  s.competing_processors = competing;
  s.competing_alpha = 9;
  s.delay = parse_delay_model("unit");
  return s;
}

}  // namespace

TEST_SUITE("check greenberg") {
  TEST_CASE("a mesh of 1024 on a 64-leaf host: 16 on a leaf, δ and the cycle time in bit-times") {
    const SimulateResult r = run_simulate(shared_leaves(64, 1024));
    CHECK(r.processors == 1024);
    CHECK(r.host_processors == 64);
    CHECK(r.mapping_load == 16);  // the balanced mapping's pieces hold equal counts
    CHECK(r.delivered == r.messages);
    CHECK(r.delta_bit_times == doctest::Approx(r.time_host));  // a bit-time is 1 time unit
    CHECK(r.cycle_bit_times * static_cast<double>(r.delivery_cycles) ==
          doctest::Approx(r.delta_bit_times));
    CHECK(r.slowdown_with_compute == doctest::Approx(std::max(r.slowdown, 16.0)));
    // One to one, as before: every leaf holds one processor.
    CHECK(run_simulate(shared_leaves(256, 256)).mapping_load == 1);
  }

  TEST_CASE("a given mapping with a leaf of 40 is reported as a load of 40") {
    SimulateSpec s = shared_leaves(64, 1024);
    std::vector<std::uint64_t> leaf(1024);
    for (std::uint64_t p = 0; p < 1024; ++p) leaf[p] = p < 40 ? 0 : 1 + p % 63;
    s.leaf = leaf;
    CHECK(run_simulate(s).mapping_load == 40);
  }

  TEST_CASE("competing processors on a fat-pyramid host are refused with FTV-6215") {
    SimulateSpec s = shared_leaves(64, 1024);
    s.host = HostKind::kFatPyramid;
    try {
      run_simulate(s);
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(e.id() == 6215);
    }
  }

  TEST_CASE("G-3.3 … G-5.2: ours pass (G-5.2 cannot bite: inconclusive), every control fails") {
    CheckOptions o;
    o.ids = {"G-3.3", "G-3.5", "G-5.1", "G-5.2"};  // the --quick sizes: a β fit needs three
    o.controls = true;
    const auto results = run_checks(o);
    REQUIRE(results.size() == 4);
    for (const auto& r : results) {
      CAPTURE(r.id);
      CHECK(r.verdict == (r.id == "G-5.2" ? Verdict::kInconclusive : Verdict::kPass));
      CHECK(r.control.verdict == Verdict::kFail);
    }
    // G-5.2 says where its bound would bite.
    CHECK(results[3].series.front().reason.find("A_R > A_F²") != std::string::npos);
  }

  TEST_CASE("a slowdown lg² n times too large fails G-3.3's growth rule") {
    CheckOptions o;
    o.ids = {"G-3.3"};
    o.tiny = 256;
    o.tampers.push_back({"G-3.3",
                         [](std::uint64_t n, double v) {
                           const double l = std::log2(static_cast<double>(n));
                           return v * l * l;
                         },
                         nullptr});
    const auto results = run_checks(o);
    REQUIRE(results.size() == 1);
    CHECK(results.front().verdict == Verdict::kFail);
  }
}
