// --technology on layout, simulate and check: physical figures beside the grid ones, converted
// from the measured geometry (docs/technology.md).
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/cli_run.hpp"
#include "ftvlsi/io/technology_spec.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::technology_file;
using nlohmann::json;

TEST_CASE("cli technology: layout reports mm² and mm converted from the measured geometry") {
  const auto r = run_cli("layout -n 256 --capacity universal --technology " +
                         technology_file("sky130") + " --json -");
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  const double u = 0.46e-3;  // mm per grid unit
  const auto& l = j["layout"];
  CHECK(l["area_mm2"].get<double>() == doctest::Approx(l["area"].get<double>() * u * u));
  CHECK(l["width_mm"].get<double>() == doctest::Approx(l["width"].get<double>() * u));
  CHECK(l["wire_length_max_mm"].get<double>() ==
        doctest::Approx(l["wire_length_max"].get<double>() * u));
  REQUIRE(l["wire_length_max_by_level_mm"].size() == l["wire_length_max_by_level"].size());
  const auto tech = ftvlsi::load_technology(technology_file("sky130"));
  CHECK(l["wire_delay_max_ns"].get<double>() ==
        doctest::Approx(tech.wire_ns(l["wire_length_max"].get<double>())));
  CHECK(j["technology"]["name"] == "sky130");
  CHECK(j["technology"]["delay_conditions"]["c2"] == true);
  CHECK(l["switch_crossbar_mm2_by_level"].size() == j["network"]["levels"].get<std::size_t>());
  // Without a technology the document has no physical keys.
  const json plain = json::parse(run_cli("layout -n 256 --capacity universal --json -").out);
  CHECK_FALSE(plain["layout"].contains("area_mm2"));
  CHECK_FALSE(plain.contains("technology"));
}

TEST_CASE("cli technology: --alpha technology is the processor area in grid units") {
  const auto tech = ftvlsi::load_technology(technology_file("asap7"));
  const json ft = json::parse(run_cli("layout -n 64 --alpha technology --technology " +
                                      technology_file("asap7") + " --json -")
                                  .out);
  CHECK(ft["network"]["alpha"].get<std::uint64_t>() == tech.processor_alpha());
  // Processors are squares of side ceil(sqrt alpha): at least the technology's area.
  CHECK(ft["layout"]["processor_area_mm2"].get<double>() >= 64 * tech.processor_mm2 * 0.999);
  const json fp = json::parse(run_cli("layout --network fat-pyramid -n 64 --alpha technology "
                                      "--technology " +
                                      technology_file("asap7") + " --json -")
                                  .out);
  CHECK(fp["layout"]["processor_area_mm2"].get<double>() >= 64 * tech.processor_mm2 * 0.999);
  CHECK(run_cli("layout -n 64 --alpha technology --json -").code == 2);
}

TEST_CASE("cli technology: simulate times are in ns on the technology's wire model") {
  const auto r = run_cli("simulate -n 64 --technology " + technology_file("freepdk45"));
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  CHECK(j["technology"] == "freepdk45");
  CHECK(j["time_host_ns"].get<double>() == j["time_host"].get<double>());
  CHECK(j["time_competing_ns"].get<double>() > 0);
  CHECK(j["delay_model"].get<std::string>().rfind("wire:", 0) == 0);
  CHECK(j["switch_delay"].get<double>() == doctest::Approx(1.0));  // 1 GHz clock
  CHECK(j["area_host_mm2"].get<double>() ==
        doctest::Approx(j["area_host"].get<double>() * 0.19e-3 * 0.19e-3));
  CHECK(run_cli("simulate -n 64 --delay unit --technology " + technology_file("freepdk45")).code ==
        2);
  CHECK(run_cli("simulate -n 64 --technology /nonexistent.yaml").code == 3);
}

TEST_CASE("cli technology: check judges C1 and C2 on the technology's delay model") {
  const auto r = run_cli("check --list --technology " + technology_file("transit1993"));
  CHECK(r.code == 0);
  const std::string dir = ftvlsi::test::scratch_dir("check_tech").string();
  const auto c =
      run_cli("check GL-area --technology " + technology_file("sky130") + " --out " + dir);
  CHECK(c.code == 0);
  const json j = json::parse(ftvlsi::test::slurp_file(dir + "/check.json"));
  CHECK(j["technology"]["name"] == "sky130");
  CHECK(j["technology"]["c2"] == true);
  CHECK(ftvlsi::test::slurp_file(dir + "/check.md").find("## Technology sky130") !=
        std::string::npos);
}
