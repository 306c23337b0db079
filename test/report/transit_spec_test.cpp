// DeHon's network's options become its job specs in one place: the named compositions fix their
// leaves and stages, the route's and the layout's own options stay with their job, and every
// default is the builder's.
#include "ftvlsi/report/transit_spec.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;

namespace {

std::string message_of(const TransitOptions& o, FrontEnd front, bool route) {
  try {
    if (route)
      (void)transit_route_spec(o, front);
    else
      (void)transit_layout_spec(o, front);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("transit_spec") {
  TEST_CASE(
      "no options: the 4K composition, one route trial set of 10 at full load, JSON to stdout") {
    const TransitOptions none;
    const auto r = transit_route_spec(none);
    CHECK(r.network.composition == "4K");
    CHECK(r.route.load == 1.0);
    CHECK(r.route.trials == 10);
    CHECK(r.route.locality == Locality::kMatched);
    CHECK(r.faults.fraction == 0.0);
    CHECK(r.json == "-");
    const auto l = transit_layout_spec(none);
    CHECK(l.network.composition == "4K");
    CHECK(l.drc == DrcMode::kNone);
    CHECK(l.output.json == "-");
    CHECK(!l.output.gds);
  }

  TEST_CASE("the seed reaches the network and the route alike, for random seeds") {
    std::mt19937_64 rng(0x7a5);
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint64_t seed = rng() >> 1;
      TransitOptions o;
      o.seed = std::to_string(seed);
      const auto r = transit_route_spec(o);
      CHECK(r.network.seed == seed);
      CHECK(r.route.seed == seed);
      CHECK(transit_layout_spec(o).network.seed == seed);
    }
  }

  TEST_CASE("a custom composition takes --leaf and --stages, and a named one refuses them") {
    TransitOptions o;
    o.composition = "custom", o.leaf = "cluster-12", o.stages = "2";
    const auto p = transit_params(o);
    CHECK(p.leaf == TransitLeaf::kCluster12);
    CHECK(p.stages == 2);
    o.composition = "256K";
    CHECK(error_id([&] { (void)transit_params(o); }) == 1030);
    o.composition = "custom", o.stages = "99999999999";
    CHECK(error_id([&] { (void)transit_params(o); }) != 0);
  }

  TEST_CASE("the route's options are refused by the layout, and the layout is hollow cubes only") {
    for (const char* opt : {"load", "locality", "trials", "faults", "fault_kind"}) {
      TransitOptions o;
      if (std::string(opt) == "load") o.load = "0.5";
      if (std::string(opt) == "locality") o.locality = "uniform";
      if (std::string(opt) == "trials") o.trials = "3";
      if (std::string(opt) == "faults") o.faults = "0.1";
      if (std::string(opt) == "fault_kind") o.fault_kind = "link";
      CAPTURE(opt);
      CHECK(error_id([&] { (void)transit_layout_spec(o); }) == 1031);
      CHECK(error_id([&] { (void)transit_route_spec(o); }) == 0);
    }
    TransitOptions o;
    o.style = "h-tree";
    CHECK(error_id([&] { (void)transit_layout_spec(o); }) == 1032);
    o.style = "hollow-cube";
    CHECK(error_id([&] { (void)transit_layout_spec(o); }) == 0);
  }

  TEST_CASE("the route's values are parsed and checked: load and faults are probabilities") {
    TransitOptions o;
    o.load = "0.25", o.faults = "0.125", o.trials = "7", o.locality = "uniform";
    o.fault_kind = "link", o.json = "out.json";
    const auto r = transit_route_spec(o);
    CHECK(r.route.load == 0.25);
    CHECK(r.faults.fraction == 0.125);
    CHECK(r.route.trials == 7);
    CHECK(r.route.locality == Locality::kUniform);
    CHECK(r.faults.kind == FaultKind::kLink);
    CHECK(r.json == "out.json");
    o.load = "1.5";
    CHECK(error_id([&] { (void)transit_route_spec(o); }) != 0);
    o.load = "0.5", o.trials = "0";
    CHECK(error_id([&] { (void)transit_route_spec(o); }) != 0);
  }

  TEST_CASE(
      "--drc asks for the hierarchical check and --drc-mode names one, and a named file takes the "
      "JSON off stdout") {
    TransitOptions o;
    o.drc_flag = true;
    CHECK(transit_layout_spec(o).drc == DrcMode::kHierarchical);
    o.drc = "flat";
    CHECK(transit_layout_spec(o).drc == DrcMode::kFlat);
    TransitOptions files;
    files.gds = "t.gds";
    const auto l = transit_layout_spec(files);
    CHECK(!l.output.json);
    CHECK(l.output.gds == "t.gds");
  }

  TEST_CASE("messages name the options as the front end spells them") {
    TransitOptions o;
    o.composition = "4K", o.leaf = "small";
    CHECK(message_of(o, FrontEnd::kCli, true).find("--leaf and --stages") != std::string::npos);
    CHECK(message_of(o, FrontEnd::kPython, true).find("leaf and stages") != std::string::npos);
    CHECK(message_of(o, FrontEnd::kPython, true).find("--") == std::string::npos);
    TransitOptions route_only;
    route_only.trials = "2";
    CHECK(message_of(route_only, FrontEnd::kCli, false).find("--trials") != std::string::npos);
  }
}
