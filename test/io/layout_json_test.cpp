// The layout run's JSON document: its network, layout and DRC sections say what the run holds,
// in the dimension it has, with physical figures from a technology, which must be finite.
#include "ftvlsi/io/layout_json.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/report/layout_job.hpp"

using namespace ftvlsi;
using nlohmann::json;

namespace {

LayoutSpec spec_of(const std::string& yaml) {
  return parse_layout_spec(yaml, "spec.yaml");
}

}  // namespace

TEST_SUITE("layout_json") {
  TEST_CASE("each network's document says what its run holds, in the run's dimension") {
    for (const char* yaml :
         {"network: {kind: fat-tree, processors: 16}\nlayout: {drc: both}\nseed: 3\n",
          "network: {kind: mesh, processors: 16}\nlayout: {drc: true}\n",
          "network: {kind: butterfly-fat-tree, processors: 16}\n",
          "network: {kind: fat-tree, processors: 16}\nlayout: {style: cube, drc: flat}\n",
          "network: {kind: mesh3d, processors: 27}\n"}) {
      CAPTURE(yaml);
      const LayoutSpec spec = spec_of(yaml);
      const LayoutRun run = run_layout(spec);
      const std::string text = layout_json(spec, run);
      CHECK(text.back() == '\n');
      CHECK(text.find("\n  \"") != std::string::npos);  // indented by two spaces
      const json j = json::parse(text);
      CHECK(j["seed"] == spec.seed);
      CHECK(j["network"]["kind"] == run.kind());
      CHECK(j["network"]["processors"] == run.processors());
      const json& l = j["layout"];
      CHECK(l["style"] == std::string(to_string(run.style)));
      CHECK(l["dimensions"] == run.dimensions());
      CHECK(l["wires"] == run.wires());
      const bool two = run.dimensions() == 2;
      CHECK(l.contains("area") == two);
      CHECK(l.contains("layers") == two);
      CHECK(l.contains("volume") != two);
      CHECK(l.contains("depth") != two);
      CHECK(l.contains("planes") != two);
      std::string grid = std::to_string(l["width"].get<std::uint64_t>()) + " x " +
                         std::to_string(l["height"].get<std::uint64_t>());
      if (!two) grid += " x " + std::to_string(l["depth"].get<std::uint64_t>());
      CHECK(grid == run.grid_size());
      // One entry per check that ran, and their violations summed.
      CHECK(l.contains("drc") == !run.drc.empty());
      if (!run.drc.empty()) {
        REQUIRE(l["drc"].size() == run.drc.size());
        std::uint64_t violations = 0;
        for (std::size_t i = 0; i < run.drc.size(); ++i) {
          CHECK(l["drc"][i]["mode"] == run.drc[i].mode);
          violations += run.drc[i].violations;
        }
        CHECK(l["drc_violations"] == violations);
      }
      CHECK_FALSE(j.contains("technology"));
    }
  }

  TEST_CASE("with a technology the lengths are also in mm, converted by its grid unit") {
    LayoutSpec spec = spec_of("network: {kind: fat-tree, processors: 16}\n");
    Technology t;
    t.name = "test";
    t.grid_unit_um = 250;  // four grid units to the mm
    spec.technology = t;
    const LayoutRun run = run_layout(spec);
    const json j = json::parse(layout_json(spec, run));
    REQUIRE(j.contains("technology"));
    CHECK(j["technology"]["name"] == "test");
    const json& l = j["layout"];
    CHECK(l["width_mm"].get<double>() == doctest::Approx(l["width"].get<double>() / 4));
    CHECK(l["height_mm"].get<double>() == doctest::Approx(l["height"].get<double>() / 4));
    CHECK(l["wire_length_max_mm"].get<double>() ==
          doctest::Approx(l["wire_length_max"].get<double>() / 4));
    CHECK_NOTHROW(require_finite_physical(spec, run));
  }

  TEST_CASE("a figure a technology makes infinite is refused with FTV-3604") {
    const LayoutSpec plain = spec_of("network: {kind: fat-tree, processors: 16}\n");
    const LayoutRun run = run_layout(plain);
    CHECK_NOTHROW(require_finite_physical(plain, run));  // no technology: nothing to check
    LayoutSpec huge = plain;
    Technology t;
    t.name = "huge";
    t.grid_unit_um = 1e300;  // areas in mm^2 overflow
    huge.technology = t;
    try {
      require_finite_physical(huge, run);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 3604);
      CHECK(std::string(e.what()).find("huge") != std::string::npos);
    }
    CHECK_THROWS_AS(layout_json(huge, run), InputError);
  }
}
