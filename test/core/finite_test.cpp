#include "ftvlsi/core/finite.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/io/transit_timing.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "ftvlsi/tech/technology.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;

namespace {

constexpr const char* kTechnology = R"(technology:
  name: test
  grid_unit_um: 0.5
  layers: [{name: m1, pitch_um: 0.5}, {name: m2, pitch_um: 0.5}]
  via_um: 0.1
  switch: {crosspoint_um2: 10}
  processor_mm2: PROCESSOR
  wire: {r_ohm_per_mm: 1000, c_ff_per_mm: 100, driver_ohm: 1000, driver_ff: 2}
  clock_mhz: CLOCK
)";

Technology technology(const std::string& processor, const std::string& clock = "100") {
  std::string yaml = kTechnology;
  yaml.replace(yaml.find("PROCESSOR"), 9, processor);
  yaml.replace(yaml.find("CLOCK"), 5, clock);
  return parse_technology(yaml, "t.yaml");
}

}  // namespace

TEST_SUITE("finite") {
  TEST_CASE("a finite figure passes, an overflowed one is refused naming its cause") {
    CHECK(require_finite(3603, 1e300, "T", "why") == 1e300);
    const double inf = std::numeric_limits<double>::infinity();
    for (const double v : {inf, -inf, std::nan("")}) {
      try {
        require_finite(3603, v, "the slowdown", "choose smaller constants");
        FAIL("no refusal");
      } catch (const InputError& e) {
        CHECK(e.id() == 3603);
        CHECK(std::string(e.what()) ==
              "the slowdown is not a finite number (it overflows a double); choose smaller "
              "constants");
      }
    }
  }

  TEST_CASE("delay models whose delays could overflow are refused at parse time") {
    CHECK(error_id([] { parse_delay_model("poly:1e308,100,100"); }) == 1070);
    CHECK(error_id([] { parse_delay_model("poly:1,9,0"); }) == 1070);
    CHECK(error_id([] { parse_delay_model("poly:1,1,-65"); }) == 1070);
    CHECK(error_id([] { parse_delay_model("wire:0,0,1e13"); }) == 1071);
    CHECK(error_id([] { parse_delay_model("table:1=1,2=1e300"); }) == 1072);
    CHECK(error_id([] { parse_delay_model("table:1e19=1"); }) == 1072);
    // The ranges' corners stay finite at the longest wire (2^62 grid units).
    const double d = std::ldexp(1.0, 62);
    for (const char* text : {"poly:1e12,8,64", "poly:1e12,-8,-64", "wire:1e12,1e12,1e12",
                             "table:1=1,1e18=1e12", "poly:1,0.9,5", "poly:1,-1,0"}) {
      CAPTURE(text);
      const DelayModel m = parse_delay_model(text);
      CHECK(std::isfinite(m(d)));
      CHECK(std::isfinite(m(1)));
    }
  }

  TEST_CASE("a technology figure out of its range is refused at parse time") {
    CHECK(error_id([] { technology("1e300"); }) == 3601);
    CHECK(error_id([] { technology("0.25", "1e-300"); }) == 3601);
    CHECK(technology("0.25").processor_alpha() == 1000000);
  }

  TEST_CASE("a processor area beyond 2^62 grid units is refused, not clamped to alpha 1") {
    Technology t = technology("1e6");
    t.grid_unit_um = 1e-4;  // in range; 1e6 mm^2 over (1e-7 mm)^2 is 1e20 units
    CHECK(error_id([&] { t.processor_alpha(); }) == 3602);
  }

  TEST_CASE("a transit timing figure too small for finite latencies is refused") {
    CHECK(error_id([] { parse_transit_timing("clock_mhz: 1e-300\n", "t.yaml"); }) == 3605);
    CHECK(error_id([] { parse_transit_timing("signal_cm_per_ns: 1e-10\n", "t.yaml"); }) == 3605);
    CHECK(parse_transit_timing("clock_mhz: 1e-9\n", "t.yaml").clock_mhz == 1e-9);
  }
}
