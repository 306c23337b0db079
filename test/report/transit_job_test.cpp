// DeHon's fat-tree jobs: routing reports the simulated and computed probabilities of the
// composition it built, with faults its connectivity; the layout job packages, checks and times
// it and writes its JSON; bad figures and an SVG are refused; a flat bidelta needs one radix-4
// stage per base-4 digit.
#include "ftvlsi/report/transit_job.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "ftvlsi/io/transit_json.hpp"
#include "support/errors.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;
using ftvlsi::test::error_id;

namespace {

TransitRouteJobSpec route_spec(const char* composition) {
  TransitRouteJobSpec s;
  s.network.composition = composition;
  s.route.trials = 2;
  s.route.load = 0.5;
  s.route.threads = 1;
  s.connectivity_pairs = 200;
  return s;
}

}  // namespace

TEST_SUITE("transit_job") {
  TEST_CASE("a flat bidelta needs one stage per base-4 digit of the largest destination") {
    CHECK(bidelta_stages(1) == 0);
    std::mt19937_64 rng(0xb1d);
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t n = 2 + (rng() >> (4 + rng() % 60));
      const int s = bidelta_stages(n);
      CAPTURE(n);
      REQUIRE(s >= 1);
      REQUIRE(s < 32);
      CHECK((std::uint64_t{1} << (2 * s)) >= n);       // 4^s reach every processor
      CHECK((std::uint64_t{1} << (2 * (s - 1))) < n);  // 4^(s-1) do not
    }
  }

  TEST_CASE("routing reports what it offered and delivered on the composition it built") {
    for (const char* composition : {"4K", "12K"}) {
      CAPTURE(composition);
      const TransitRouteRun run = run_transit_route(route_spec(composition));
      const TransitShape shape = transit_shape(route_spec(composition).network);
      CHECK(run.shape.processors == shape.processors);
      CHECK(run.shape.routers == shape.routers);
      CHECK(run.simulated.offered > 0);
      CHECK(run.simulated.delivered <= run.simulated.offered);
      CHECK(run.simulated.probability ==
            doctest::Approx(double(run.simulated.delivered) / double(run.simulated.offered)));
      CHECK(run.analytic.probability > 0);
      CHECK(run.analytic.probability <= 1);
      CHECK(run.bidelta_stages == bidelta_stages(shape.processors));
      CHECK_FALSE(run.connectivity.has_value());  // no faults
      CHECK(run.routers_failed == 0);
    }
  }

  TEST_CASE("with faults some routers fail and the connectivity is measured") {
    TransitRouteJobSpec s = route_spec("4K");
    s.faults.fraction = 0.1;
    const TransitRouteRun run = run_transit_route(s);
    CHECK(run.routers_failed > 0);
    REQUIRE(run.connectivity.has_value());
    CHECK(*run.connectivity >= 0);
    CHECK(*run.connectivity <= 1);
    CHECK(run.simulated.probability <= run_transit_route(route_spec("4K")).simulated.probability);
  }

  TEST_CASE("a load, fault fraction or trial count out of range is refused") {
    TransitRouteJobSpec load = route_spec("4K");
    load.route.load = 1.5;
    CHECK(error_id([&] { run_transit_route(load); }) == 6501);
    TransitRouteJobSpec faults = route_spec("4K");
    faults.faults.fraction = -0.1;
    CHECK(error_id([&] { run_transit_route(faults); }) == 6502);
    TransitRouteJobSpec trials = route_spec("4K");
    trials.route.trials = 0;
    CHECK(error_id([&] { run_transit_route(trials); }) == 6503);
  }

  TEST_CASE("the layout job packages and times the network and writes its JSON, no SVG") {
    const fs::path dir =
        fs::temp_directory_path() / ("ftvlsi_transit_job_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    TransitLayoutJobSpec s;
    s.network.composition = "4K";
    s.output.json = (dir / "t.json").string();
    const TransitLayoutRun run = run_transit_layout(s);
    CHECK(run.shape.processors == 4096);
    CHECK(run.metrics.volume() > 0);
    CHECK(run.drc.empty());
    CHECK(run.drc_clean());
    CHECK(run.latency.rows.size() == static_cast<std::size_t>(run.shape.classes()));
    std::ifstream in(dir / "t.json");
    std::ostringstream text;
    text << in.rdbuf();
    CHECK(text.str() == transit_layout_json(run));
    s.output.svg = (dir / "t.svg").string();
    CHECK(error_id([&] { run_transit_layout(s); }) == 5501);
    CHECK_FALSE(fs::exists(dir / "t.svg"));
    fs::remove_all(dir);
  }
}
