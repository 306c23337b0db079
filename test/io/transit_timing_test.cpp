#include "ftvlsi/io/transit_timing.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

TEST_SUITE("transit_timing") {
  TEST_CASE("an empty spec gives the defaults, keys override them") {
    const auto d = parse_transit_timing("", "t.yaml");
    CHECK(d.clock_mhz == 100);
    CHECK(d.cycle_ns() == doctest::Approx(10));
    const auto t = parse_transit_timing(
        "clock_mhz: 200\nsignal_cm_per_ns: 30\nwires: straight\n"
        "stacks: {large_unit_tree: {side_mm: 500}}\n",
        "t.yaml");
    CHECK(t.cycle_ns() == doctest::Approx(5));
    CHECK(t.straight);
    CHECK(t.packaging.large_unit_tree.side_mm == 500);
    CHECK(t.packaging.large_unit_tree.thickness_mm == 51);
  }

  TEST_CASE("unknown keys and bad values name the file and line") {
    for (const char* bad : {"clock: 1\n", "clock_mhz: -3\n", "wires: copper\n",
                            "signal_cm_per_ns: 40\n", "stacks: {big: {side_mm: 1}}\n"}) {
      CAPTURE(std::string(bad));
      try {
        parse_transit_timing(bad, "t.yaml");
        FAIL("expected an InputError");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).rfind("t.yaml:1:", 0) == 0);
      }
    }
  }
}
