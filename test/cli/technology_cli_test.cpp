// --technology on layout, simulate and check: physical figures beside the grid ones, converted
// from the measured geometry (docs/technology.md).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
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

TEST_CASE("cli technology: --technology alone draws the technology's processor area") {
  const auto tech = ftvlsi::load_technology(technology_file("sky130"));
  const std::string sky = " --technology " + technology_file("sky130") + " --json -";
  const json implied = json::parse(run_cli("layout -n 1024 --capacity universal" + sky).out);
  CHECK(implied["layout"]["processor_area_source"] == "technology");
  CHECK(implied["network"]["alpha"].get<std::uint64_t>() == tech.processor_alpha());
  // 1024 processors of at least 0.25 mm² each: the area is at least theirs.
  CHECK(implied["layout"]["processor_area_mm2"].get<double>() >= 1024 * 0.25 * 0.999);
  CHECK(implied["layout"]["area_mm2"].get<double>() >= 1024 * 0.25 * 0.999);
  // The same as --alpha technology, byte for byte.
  CHECK(run_cli("layout -n 1024 --capacity universal --alpha technology" + sky).out ==
        run_cli("layout -n 1024 --capacity universal" + sky).out);
  // An alpha given is the one drawn.
  const json given =
      json::parse(run_cli("layout -n 1024 --capacity universal --alpha 1" + sky).out);
  CHECK(given["layout"]["processor_area_source"] == "alpha");
  CHECK(given["network"]["alpha"] == 1);
  CHECK(given["layout"]["processor_area_mm2"].get<double>() < 1);
  // Without a technology the source is the alpha too.
  CHECK(json::parse(run_cli("layout -n 64 --json -").out)["layout"]["processor_area_source"] ==
        "alpha");
  // Fold-and-squash takes it as well.
  const json fp = json::parse(run_cli("layout --network fat-pyramid -n 64" + sky).out);
  CHECK(fp["layout"]["processor_area_source"] == "technology");
  CHECK(fp["layout"]["processor_area_mm2"].get<double>() >= 64 * 0.25 * 0.999);
}

TEST_CASE("cli technology: a layout that takes no processor area says so on stderr and in JSON") {
  const std::string dir = ftvlsi::test::scratch_dir("tech_mesh").string();
  const auto r =
      run_cli("layout --network mesh -n 64 --technology " + technology_file("sky130") + " --json -",
              dir + "/err");
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  CHECK(j["layout"]["processor_area_source"] == "alpha");
  REQUIRE(j["warnings"].size() == 1);
  const std::string w = j["warnings"][0];
  CHECK(w.find("the channel layout of a mesh takes no processor area") == 0);
  CHECK(ftvlsi::test::slurp_file(dir + "/err") == "ftvlsi: warning: " + w + "\n");
}

TEST_CASE("cli technology: switches drawn smaller than the crossbars are a warning and a key") {
  const std::string dir = ftvlsi::test::scratch_dir("tech_switch").string();
  const auto r = run_cli(
      "layout -n 1024 --capacity universal --technology " + technology_file("sky130") + " --json -",
      dir + "/err");
  REQUIRE(r.code == 0);
  const json j = json::parse(r.out);
  const auto& l = j["layout"];
  const double crossbars = l["switch_crossbar_mm2_total"], drawn = l["switch_drawn_mm2_total"];
  CHECK(crossbars == doctest::Approx(3.243675));  // 12.5 um² per crosspoint
  CHECK(drawn > 0);
  CHECK(drawn < crossbars);
  CHECK(l["switch_crossbar_exceeds_drawn"] == true);
  REQUIRE(j["warnings"].size() == 1);
  const std::string w = j["warnings"][0];
  CHECK(w.find("the drawn switches cover") == 0);
  CHECK(w.find("need 3.24 mm²") != std::string::npos);
  CHECK(ftvlsi::test::slurp_file(dir + "/err") == "ftvlsi: warning: " + w + "\n");
  // A crosspoint a thousand times smaller fits in the drawn switches: no warning.
  std::string tech = ftvlsi::test::slurp_file(technology_file("sky130"));
  tech.replace(tech.find("crosspoint_um2: 12.5"), 20, "crosspoint_um2: 0.0125");
  { std::ofstream(dir + "/small.yaml") << tech; }
  const json small = json::parse(
      run_cli("layout -n 1024 --capacity universal --technology " + dir + "/small.yaml --json -")
          .out);
  CHECK(small["layout"]["switch_crossbar_exceeds_drawn"] == false);
  CHECK_FALSE(small.contains("warnings"));
}

TEST_CASE("cli technology: the GDS is in the technology's units, with a label and a .lyp") {
  const std::string dir = ftvlsi::test::scratch_dir("tech_gds").string();
  REQUIRE(run_cli("layout -n 16 --capacity universal -q --technology " + technology_file("sky130") +
                  " --gds " + dir + "/t.gds --json " + dir + "/t.json")
              .code == 0);
  REQUIRE(run_cli("layout -n 16 --capacity universal -q --gds " + dir + "/p.gds").code == 0);
  const std::string t = ftvlsi::test::slurp_file(dir + "/t.gds");
  const std::string p = ftvlsi::test::slurp_file(dir + "/p.gds");
  CHECK(t != p);
  CHECK(t.find("fat-tree n=16 capacity=universal style=h-tree technology=sky130") !=
        std::string::npos);
  CHECK(p.find("fat-tree n=16 capacity=universal style=h-tree") != std::string::npos);
  CHECK(ftvlsi::test::slurp_file(dir + "/t.lyp").find("<name>met1: wiring layer 0 (horizontal)") !=
        std::string::npos);
  CHECK(ftvlsi::test::slurp_file(dir + "/p.lyp").find("<name>wiring layer 0 (horizontal)") !=
        std::string::npos);
  const json j = json::parse(ftvlsi::test::slurp_file(dir + "/t.json"));
  CHECK(j["layout"]["grid_unit"] == "one wire track; GDS writes it as 0.46 um (technology sky130)");
}

TEST_CASE("cli technology: simulate and export draw the technology's processors too") {
  const auto tech = ftvlsi::load_technology(technology_file("freepdk45"));
  const std::string f45 = " --technology " + technology_file("freepdk45");
  const json ft = json::parse(run_cli("simulate -n 64" + f45).out);
  CHECK(ft["processor_area_source"] == "technology");
  CHECK(ft["host_alpha"].get<std::uint64_t>() >= tech.processor_alpha());
  const json given = json::parse(run_cli("simulate -n 64 --alpha 4" + f45).out);
  CHECK(given["processor_area_source"] == "alpha");
  CHECK(given["host_alpha"].get<std::uint64_t>() < tech.processor_alpha());
  const json fp = json::parse(run_cli("simulate -n 64 --host fat-pyramid" + f45).out);
  CHECK(fp["processor_area_source"] == "technology");
  CHECK(fp["host_alpha"].get<std::uint64_t>() >= tech.processor_alpha());
  const std::string dir = ftvlsi::test::scratch_dir("tech_export").string();
  REQUIRE(run_cli("export -n 64 --format graphml --out " + dir + "/g.graphml --json " + dir +
                  "/e.json" + f45)
              .code == 0);
  const json e = json::parse(ftvlsi::test::slurp_file(dir + "/e.json"));
  CHECK(e["export"]["processor_area_source"] == "technology");
}
