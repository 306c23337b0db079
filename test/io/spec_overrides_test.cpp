// The layout flags over a spec: each flag given replaces the spec's value and nothing else, a
// flag the spec's network cannot take is refused, and --alpha technology reads the technology.
#include "ftvlsi/io/spec_overrides.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <variant>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;

TEST_SUITE("spec_overrides") {
  TEST_CASE("flags override the spec") {
    LayoutSpec spec = parse_layout_spec("network:\n  processors: 64\n", "s");
    SpecOverrides o;
    o.processors = "256";
    o.capacity = "custom";
    o.capacities = "5,4,3,2,1,1,1,1,1";
    o.seed = "9";
    apply_overrides(spec, o);
    const auto& ft = std::get<FatTreeParams>(spec.network);
    CHECK(ft.processors == 256);
    CHECK(ft.capacity.custom.size() == 9);
    CHECK(spec.seed == 9);
    o.capacities = "5,,1";
    CHECK_THROWS_AS(apply_overrides(spec, o), InputError);
  }

  TEST_CASE("no flag leaves the spec as it was, one flag changes its own field only") {
    const LayoutSpec base = parse_layout_spec(
        "network: {kind: fat-tree, processors: 64, capacity: constant, constant: 3}\n"
        "layout: {drc: flat}\noutput: {svg: a.svg}\nseed: 5\n",
        "s");
    LayoutSpec same = base;
    apply_overrides(same, SpecOverrides{});
    CHECK(std::get<FatTreeParams>(same.network).processors == 64);
    CHECK(std::get<FatTreeParams>(same.network).capacity.constant == 3);
    CHECK(same.drc == DrcMode::kFlat);
    CHECK(same.output.svg == "a.svg");
    CHECK(same.seed == 5);
    std::mt19937_64 rng(0x0f1a);
    for (int trial = 0; trial < 50; ++trial) {
      LayoutSpec spec = base;
      SpecOverrides o;
      const std::uint64_t value = 1 + rng() % 1000;
      const int which = trial % 4;
      if (which == 0) o.constant = std::to_string(value);
      if (which == 1) o.seed = std::to_string(value);
      if (which == 2) o.gds = std::to_string(value) + ".gds";
      if (which == 3) o.drc = value % 2 ? "both" : "none";
      apply_overrides(spec, o);
      const auto& ft = std::get<FatTreeParams>(spec.network);
      CAPTURE(which);
      CHECK(ft.processors == 64);
      CHECK(ft.capacity.constant == (which == 0 ? value : 3));
      CHECK(spec.seed == (which == 1 ? value : 5));
      CHECK(
          spec.output.gds ==
          (which == 2 ? std::optional<std::string>(std::to_string(value) + ".gds") : std::nullopt));
      CHECK(spec.drc ==
            (which == 3 ? (value % 2 ? DrcMode::kBoth : DrcMode::kNone) : DrcMode::kFlat));
      CHECK(spec.output.svg == "a.svg");
    }
  }

  TEST_CASE("--network switches the family and keeps the processor count") {
    LayoutSpec spec = parse_layout_spec("network: {processors: 256}\n", "s");
    SpecOverrides o;
    o.network = "mesh";
    apply_overrides(spec, o);
    REQUIRE(std::holds_alternative<CompetingParams>(spec.network));
    CHECK(std::get<CompetingParams>(spec.network).kind == "mesh");
    CHECK(std::get<CompetingParams>(spec.network).processors == 256);
    o.network = "fat-pyramid";
    apply_overrides(spec, o);
    REQUIRE(std::holds_alternative<ButterflyParams>(spec.network));
    CHECK(std::get<ButterflyParams>(spec.network).pyramid());
    CHECK(std::get<ButterflyParams>(spec.network).processors == 256);
    o.network = "hexagon";
    CHECK(error_id([&] { apply_overrides(spec, o); }) == 1201);
  }

  TEST_CASE("flags the network cannot take are refused, each with its own ID") {
    auto refused = [](const char* yaml, auto set) {
      LayoutSpec spec = parse_layout_spec(yaml, "s");
      SpecOverrides o;
      set(o);
      return error_id([&] { apply_overrides(spec, o); });
    };
    const char* mesh = "network: {kind: mesh, processors: 64}\n";
    const char* tree = "network: {kind: fat-tree, processors: 64}\n";
    const char* bft = "network: {kind: butterfly-fat-tree, processors: 64}\n";
    CHECK(refused(mesh, [](SpecOverrides& o) { o.root_capacity = "8"; }) == 1202);
    CHECK(refused(tree, [](SpecOverrides& o) { o.parents = "2"; }) == 1203);
    CHECK(refused(bft, [](SpecOverrides& o) { o.mesh_diagonals = true; }) == 1204);
    CHECK(refused(bft, [](SpecOverrides& o) { o.capacity = "full"; }) == 1205);
    CHECK(refused(tree, [](SpecOverrides& o) { o.network_file = "n.txt"; }) == 1206);
    CHECK(refused(tree, [](SpecOverrides& o) { o.alpha = "technology"; }) == 1302);
  }

  TEST_CASE("--alpha technology is the technology's processor area in grid units") {
    Technology tech;
    tech.grid_unit_um = 1000;  // a grid unit of 1 mm^2
    tech.processor_mm2 = 2.5;  // rounded up to 3 units
    CHECK(resolved_alpha(tech, std::string("technology")) ==
          std::to_string(tech.processor_alpha()));
    CHECK(tech.processor_alpha() == 3);
    CHECK(resolved_alpha(tech, std::string("7")) == "7");
    CHECK(resolved_alpha(std::nullopt, std::string("7")) == "7");
    CHECK_FALSE(resolved_alpha(tech, std::nullopt).has_value());
    CHECK(error_id([] { resolved_alpha(std::nullopt, std::string("technology")); }) == 1302);
  }

  TEST_CASE("layout_spec: the spec file, then the overrides, --drc unless the file names a mode") {
    const std::string dir = std::string(FTVLSI_SOURCE_DIR) + "/layouts/";
    LayoutOptions o;
    o.overrides.processors = "256";
    const LayoutSpec bare = layout_spec(o, FrontEnd::kCli);
    CHECK(std::get<FatTreeParams>(bare.network).processors == 256);
    CHECK(bare.drc == DrcMode::kNone);
    o.drc_flag = true;
    CHECK(layout_spec(o, FrontEnd::kCli).drc == DrcMode::kHierarchical);
    o.overrides.drc = "flat";
    CHECK(layout_spec(o, FrontEnd::kCli).drc == DrcMode::kFlat);
    LayoutOptions file;
    file.spec_file = dir + "fat-tree-universal.yaml";
    file.overrides.processors = "1024";
    const LayoutSpec from_file = layout_spec(file, FrontEnd::kCli);
    const auto& ft = std::get<FatTreeParams>(from_file.network);
    CHECK(ft.processors == 1024);                               // the override
    CHECK(ft.capacity.profile == CapacityProfile::kUniversal);  // the file's
    CHECK(ft.capacity.root_capacity == 256);
    CHECK(from_file.drc == DrcMode::kHierarchical);
    CHECK(from_file.output.svg == "fat-tree-universal.svg");
  }

  TEST_CASE("layout_spec: Python's spec writes no files, the CLI's keeps the outputs named") {
    LayoutOptions o;
    o.overrides.svg = "a.svg", o.overrides.gds = "a.gds", o.overrides.json = "a.json";
    const LayoutSpec cli = layout_spec(o, FrontEnd::kCli);
    CHECK(cli.output.svg == "a.svg");
    CHECK(cli.output.gds == "a.gds");
    CHECK(cli.output.json == "a.json");
    const LayoutSpec py = layout_spec(o, FrontEnd::kPython);
    CHECK(!py.output.svg);
    CHECK(!py.output.gds);
    CHECK(!py.output.json);
    CHECK(py.network.index() == cli.network.index());
  }

  TEST_CASE("--technology without --alpha draws its processor area where the layout takes one") {
    const std::string sky130 = std::string(FTVLSI_SOURCE_DIR) + "/technology/sky130.yaml";
    const auto applied = [&](const std::string& yaml, SpecOverrides o) {
      LayoutSpec spec = parse_layout_spec(yaml, "t.yaml");
      o.technology = sky130;
      apply_overrides(spec, o);
      return spec;
    };
    const LayoutSpec tree = applied("network: {kind: fat-tree, processors: 64}\n", {});
    const std::uint64_t alpha = tree.technology->processor_alpha();
    CHECK(alpha == 1181475);  // 0.25 mm² in squares of 0.46 um, rounded up
    CHECK(std::get<FatTreeParams>(tree.network).capacity.alpha == alpha);
    CHECK(tree.processor_area_source == ProcessorAreaSource::kTechnology);
    const LayoutSpec pyramid = applied("network: {kind: fat-pyramid, processors: 64}\n", {});
    CHECK(std::get<ButterflyParams>(pyramid.network).alpha == alpha);
    CHECK(pyramid.processor_area_source == ProcessorAreaSource::kTechnology);
    // An alpha given, by the flag or the spec, is the one drawn.
    SpecOverrides four;
    four.alpha = "4";
    const LayoutSpec flag = applied("network: {kind: fat-tree, processors: 64}\n", four);
    CHECK(std::get<FatTreeParams>(flag.network).capacity.alpha == 4);
    CHECK(flag.processor_area_source == ProcessorAreaSource::kAlpha);
    const LayoutSpec key = applied("network: {kind: fat-tree, processors: 64, alpha: 9}\n", {});
    CHECK(std::get<FatTreeParams>(key.network).capacity.alpha == 9);
    CHECK(key.processor_area_source == ProcessorAreaSource::kAlpha);
    SpecOverrides named;
    named.alpha = "technology";
    CHECK(applied("network: {kind: fat-tree, processors: 64}\n", named).processor_area_source ==
          ProcessorAreaSource::kTechnology);
    // Styles that take no alpha keep their own processors (the job warns).
    const LayoutSpec placed =
        applied("network: {kind: fat-pyramid, processors: 64}\nlayout: {style: h-tree}\n", {});
    CHECK_FALSE(std::get<ButterflyParams>(placed.network).alpha.has_value());
    CHECK(placed.processor_area_source == ProcessorAreaSource::kAlpha);
    const LayoutSpec cube =
        applied("network: {kind: fat-tree, processors: 64}\nlayout: {style: cube}\n", {});
    CHECK(std::get<FatTreeParams>(cube.network).capacity.alpha == 1);
    const LayoutSpec mesh = applied("network: {kind: mesh, processors: 64}\n", {});
    CHECK(mesh.processor_area_source == ProcessorAreaSource::kAlpha);
    // Without a technology nothing changes.
    LayoutSpec plain = parse_layout_spec("network: {kind: fat-tree, processors: 64}\n", "t.yaml");
    apply_overrides(plain, {});
    CHECK(std::get<FatTreeParams>(plain.network).capacity.alpha == 1);
  }
}
