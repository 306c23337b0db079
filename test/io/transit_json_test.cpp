// DeHon's fat-tree documents: the route document on runs with random figures says what the run
// holds (a class nothing was offered to as null, connectivity 1 without faults); the layout
// document holds the built network's packaging, DRC and latency by class.
#include "ftvlsi/io/transit_json.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "ftvlsi/report/transit_job.hpp"

using namespace ftvlsi;
using nlohmann::json;

namespace {

TransitRouteRun random_route_run(std::mt19937_64& rng) {
  TransitParams p;
  p.composition = rng() % 2 ? "4K" : "12K";
  p.rn1 = rng() % 2 ? Rn1Config::kDilation2 : Rn1Config::kDual4x4;
  TransitRouteRun r;
  r.shape = transit_shape(p);
  r.route.load = (rng() % 101) / 100.0;
  r.route.locality = rng() % 2 ? Locality::kUniform : Locality::kMatched;
  r.route.trials = 1 + static_cast<int>(rng() % 10);
  r.route.seed = rng();
  r.simulated.offered = rng() % 100000;
  r.simulated.delivered = r.simulated.offered / 2;
  r.simulated.probability = (rng() % 1000) / 999.0;
  r.simulated.ci_low = r.simulated.probability / 2;
  r.simulated.ci_high = (1 + r.simulated.probability) / 2;
  for (int c = 0; c < r.shape.classes(); ++c) {
    r.simulated.probability_by_class.push_back(rng() % 3 == 0 ? -1 : (rng() % 100) / 99.0);
    r.simulated.offered_by_class.push_back(rng() % 1000);
    r.analytic.by_class.push_back(rng() % 3 == 0 ? -1 : (rng() % 100) / 99.0);
  }
  r.analytic.probability = (rng() % 1000) / 999.0;
  r.bidelta_stages = static_cast<int>(rng() % 10);
  r.bidelta_analytic = (rng() % 1000) / 999.0;
  r.faults.fraction = rng() % 2 ? 0 : (rng() % 100) / 200.0;
  r.faults.kind = static_cast<FaultKind>(rng() % 3);
  r.routers_failed = rng() % 100, r.links_failed = rng() % 100;
  if (r.faults.fraction > 0) r.connectivity = (rng() % 100) / 99.0;
  return r;
}

void check_classes(const json& a, const std::vector<double>& v) {
  REQUIRE(a.size() == v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] < 0)
      CHECK(a[i].is_null());
    else
      CHECK(a[i].get<double>() == v[i]);
}

}  // namespace

TEST_SUITE("transit_json") {
  TEST_CASE("the route document says what the run holds, unoffered classes as null") {
    std::mt19937_64 rng(0x7a5);
    for (int trial = 0; trial < 100; ++trial) {
      const TransitRouteRun r = random_route_run(rng);
      const json j = json::parse(transit_route_json(r));
      CHECK(j["network"] == "transit");
      CHECK(j["seed"] == r.route.seed);
      CHECK(j["transit"]["composition"] == r.shape.params.composition);
      CHECK(j["transit"]["processors"] == r.shape.processors);
      CHECK(j["transit"]["routers"] == r.shape.routers);
      CHECK(j["transit"]["routers_by_stage"] == r.shape.routers_by_stage);
      CHECK(j["load"].get<double>() == r.route.load);
      CHECK(j["locality"] == std::string(to_string(r.route.locality)));
      CHECK(j["trials"] == r.route.trials);
      CHECK(j["route_probability"].get<double>() == r.simulated.probability);
      CHECK(j["route_probability_ci"][0].get<double>() == r.simulated.ci_low);
      CHECK(j["route_probability_ci"][1].get<double>() == r.simulated.ci_high);
      CHECK(j["route_probability_analytic"].get<double>() == r.analytic.probability);
      check_classes(j["route_probability_by_class"], r.simulated.probability_by_class);
      check_classes(j["route_probability_analytic_by_class"], r.analytic.by_class);
      CHECK(j["offered_by_class"] == r.simulated.offered_by_class);
      CHECK(j["offered"] == r.simulated.offered);
      CHECK(j["delivered"] == r.simulated.delivered);
      CHECK(j["bidelta"]["stages"] == r.bidelta_stages);
      CHECK(j["faults"]["kind"] == std::string(to_string(r.faults.kind)));
      CHECK(j["faults"]["routers_failed"] == r.routers_failed);
      CHECK(j["faults"]["connectivity"].get<double>() == r.connectivity.value_or(1.0));
    }
  }

  TEST_CASE("the layout document holds the packaging, the checks and the latency by class") {
    TransitLayoutJobSpec s;
    s.network.composition = "4K";
    TransitLayoutRun run = run_transit_layout(s);
    json j = json::parse(transit_layout_json(run));
    CHECK(j["transit"]["processors"] == run.shape.processors);
    CHECK(j["transit"]["processors_by_class"] == run.shape.processors_by_class);
    const json& l = j["layout"];
    CHECK(l["style"] == "hollow-cube");
    CHECK(l["volume"] == run.metrics.volume());
    CHECK(l["wires"] == run.metrics.wires);
    CHECK(l["levels"].size() == run.cube.levels.size());
    CHECK(l["wire_mm_max_by_stage"].size() == run.latency.cables.size());
    CHECK_FALSE(l.contains("drc"));
    CHECK(j["latency_ns_by_class"].size() == run.latency.rows.size());
    CHECK(j["router_stages_by_class"].size() == run.latency.rows.size());
    CHECK(j["bidelta"]["stages"] == run.latency.bidelta_stages);
    CHECK(j["timing"]["clock_mhz"].get<double>() == run.timing.clock_mhz);
    DrcReport report;
    report.mode = "hierarchical";
    report.violations = 2;
    run.drc.push_back(report);
    j = json::parse(transit_layout_json(run));
    CHECK(j["layout"]["drc_violations"] == 2);
    CHECK(j["layout"]["drc"][0]["mode"] == "hierarchical");
  }
}
