// Technology files: the shipped ones parse and hold their pitches; bad files name the problem.
#include "ftvlsi/io/technology_spec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/delay_model.hpp"

using namespace ftvlsi;

namespace {

std::string shipped(const std::string& name) {
  return std::string(FTVLSI_SOURCE_DIR) + "/technology/" + name + ".yaml";
}

const char* kGood = R"(technology:
  name: t
  grid_unit_um: 0.5
  layers: [{name: m1, pitch_um: 0.4}, {name: m2, pitch_um: 0.5}]
  via_um: 0.2
  switch: {crosspoint_um2: 3}
  processor_mm2: 0.1
  wire: {r_ohm_per_mm: 100, c_ff_per_mm: 200, driver_ohm: 1000, driver_ff: 2}
  clock_mhz: 250
)";

std::string error_of(const std::string& yaml) {
  try {
    parse_technology(yaml, "t.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

int id_of(const std::string& yaml) {
  try {
    parse_technology(yaml, "t.yaml");
  } catch (const InputError& e) {
    return e.id();
  }
  return 0;
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  s.replace(s.find(from), from.size(), to);
  return s;
}

}  // namespace

TEST_CASE("technology files: every shipped process parses, cites sources and fits its grid") {
  for (const char* name : {"sky130", "freepdk45", "asap7", "transit1993"}) {
    CAPTURE(name);
    const Technology t = load_technology(shipped(name));
    CHECK(t.name == name);
    CHECK(t.sources.size() >= 2);
    REQUIRE(t.layers.size() >= 2);
    CHECK(t.layers[0].pitch_um <= t.grid_unit_um);
    CHECK(t.layers[1].pitch_um <= t.grid_unit_um);
    CHECK(t.via_um < t.grid_unit_um);
    CHECK(t.processor_alpha() > 1);
    const auto v = check_regularity(wire_delay_model(t));
    CHECK(v.nondecreasing);
    CHECK(v.c2);  // all four ship repeated or transmission-line wires
  }
}

TEST_CASE("technology files: a good file parses to its figures") {
  const Technology t = parse_technology(kGood, "t.yaml");
  CHECK(t.grid_unit_um == 0.5);
  CHECK(t.switch_area.crosspoint_um2 == 3);
  CHECK_FALSE(t.wire.repeaters);
  CHECK(wire_delay_model(t).c2 > 0);
  CHECK(t.clock_ns() == doctest::Approx(4.0));
}

TEST_CASE("technology files: bad files are one message naming the file, line and key") {
  CHECK(error_of(replaced(kGood, "grid_unit_um: 0.5", "grid_unit_um: 0.3"))
            .find("finer than layer m1's pitch") != std::string::npos);
  CHECK(error_of(replaced(kGood, "via_um: 0.2", "via_um: 0.5")).find("does not fit") !=
        std::string::npos);
  CHECK(error_of(replaced(kGood, "clock_mhz: 250", "clock_mhz: fast"))
            .find("t.yaml:9: key 'clock_mhz' must be a positive number") != std::string::npos);
  CHECK(error_of(replaced(kGood, "  clock_mhz: 250\n", "")).find("needs the key 'clock_mhz'") !=
        std::string::npos);
  CHECK(
      error_of(replaced(kGood, "name: t", "name: t\n  colour: red")).find("unknown key 'colour'") !=
      std::string::npos);
  CHECK(error_of(replaced(kGood, "{crosspoint_um2: 3}", "{crosspoint_um2: 3, fixed_um2: 9}"))
            .find("exactly one of") != std::string::npos);
  CHECK(error_of("name: t\n").find("one key 'technology'") != std::string::npos);
  CHECK_THROWS_AS(load_technology("/nonexistent/t.yaml"), IoError);
}

TEST_CASE("technology files: the GDS database unit and wire width default to 1 nm and the via") {
  const Technology t = parse_technology(kGood, "t.yaml");
  CHECK(t.database_unit_um == 0.001);
  CHECK(t.database_units_per_grid() == 500);
  CHECK(t.drawn_wire_width_um() == 0.2);  // the via's
  const Technology u = parse_technology(
      replaced(kGood, "via_um: 0.2", "via_um: 0.2\n  database_unit_um: 0.01\n  wire_width_um: 0.1"),
      "t.yaml");
  CHECK(u.database_units_per_grid() == 50);
  CHECK(u.drawn_wire_width_um() == 0.1);
  // The document partial results carry reads back to the same figures.
  const Technology back = parse_technology(technology_document(u), "partial");
  CHECK(back.database_unit_um == 0.01);
  CHECK(back.wire_width_um == 0.1);
  // The shipped files: a grid unit is a whole number of database units, the board's coarser.
  CHECK(load_technology(shipped("sky130")).database_units_per_grid() == 460);
  CHECK(load_technology(shipped("sky130")).drawn_wire_width_um() == 0.14);
  CHECK(load_technology(shipped("transit1993")).database_units_per_grid() == 4064);
}

TEST_CASE("technology files: a grid unit that is no whole number of database units is refused") {
  const std::string coarse = replaced(kGood, "via_um: 0.2", "via_um: 0.2\n  database_unit_um: 0.3");
  CHECK(id_of(coarse) == 2411);
  CHECK(error_of(coarse).find("is 1.66667 database units of 0.3 um; it must be a whole number") !=
        std::string::npos);
  CHECK(id_of(replaced(kGood, "via_um: 0.2", "via_um: 0.2\n  database_unit_um: 0.25")) == 2412);
  CHECK(error_of(replaced(kGood, "via_um: 0.2", "via_um: 0.2\n  database_unit_um: 0.25"))
            .find("too coarse for via_um 0.2") != std::string::npos);
  CHECK(error_of(replaced(kGood, "via_um: 0.2", "via_um: 0.2\n  wire_width_um: 0.5"))
            .find("wire_width_um 0.5 does not fit in a grid unit") != std::string::npos);
}
