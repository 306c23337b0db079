// Layout specs: a full spec parses into typed parameters, every mistake names the file, line and
// key, and each network takes its own styles.
#include "ftvlsi/io/layout_spec.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/network/competing.hpp"

using namespace ftvlsi;

namespace {

std::string error_of(std::string_view yaml) {
  try {
    parse_layout_spec(yaml, "spec.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("layout_spec") {
  TEST_CASE("a full spec parses into typed parameters") {
    const LayoutSpec spec = parse_layout_spec(
        "network:\n  kind: fat-tree\n  processors: 64\n  capacity: universal\n"
        "  root_capacity: 20\nlayout:\n  style: h-tree\n  drc: flat\n"
        "output:\n  svg: a.svg\n  json: '-'\nseed: 0\n",
        "spec.yaml");
    const auto& ft = std::get<FatTreeParams>(spec.network);
    CHECK(ft.processors == 64);
    CHECK(ft.capacity.profile == CapacityProfile::kUniversal);
    CHECK(ft.capacity.root_capacity == 20);
    CHECK(spec.drc == DrcMode::kFlat);
    CHECK(spec.output.svg == "a.svg");
    CHECK(spec.output.json == "-");
    CHECK_FALSE(spec.output.gds.has_value());
    CHECK(spec.seed == 0);
  }

  TEST_CASE("the switch model is ideal unless the layout section names partial") {
    CHECK(parse_layout_spec("network:\n  processors: 16\n", "s.yaml").switch_model ==
          SwitchModel::kIdeal);
    CHECK(parse_layout_spec("layout:\n  switch_model: partial\n", "s.yaml").switch_model ==
          SwitchModel::kPartial);
    const std::string e = error_of("layout:\n  switch_model: real\n");
    CHECK(e.find("spec.yaml:2") != std::string::npos);
    CHECK(e.find("ideal or partial") != std::string::npos);
  }

  TEST_CASE("an unknown key names the file, the line and the key") {
    const std::string e = error_of("network:\n  processors: 64\n  procesors: 8\n");
    CHECK(e.find("spec.yaml:3") != std::string::npos);
    CHECK(e.find("'procesors'") != std::string::npos);
    CHECK(e.find("processors") != std::string::npos);
  }

  TEST_CASE("a value of the wrong type names the file, the line and the key") {
    const std::string e = error_of("network:\n  processors: [1, 2]\n");
    CHECK(e.find("spec.yaml:2") != std::string::npos);
    CHECK(e.find("'processors'") != std::string::npos);
    CHECK(error_of("network:\n  processors: many\n").find("positive integer") != std::string::npos);
    CHECK(error_of("network:\n  processors: -16\n").find("positive integer") != std::string::npos);
    CHECK(error_of("layout:\n  drc: maybe\n").find("spec.yaml:2") != std::string::npos);
    CHECK(error_of("network:\n  capacity: skinny\n").find("valid profiles") != std::string::npos);
    CHECK(error_of("network: 5\n").find("mapping") != std::string::npos);
  }

  TEST_CASE("malformed YAML is an input error with a line") {
    const std::string e = error_of("network:\n  processors: [1, 2\n");
    CHECK(e.find("malformed YAML") != std::string::npos);
    CHECK(e.find("spec.yaml:") != std::string::npos);
  }
}

TEST_SUITE("layout_styles") {
  TEST_CASE("every network is laid out in its own style unless the spec names another it takes") {
    const std::vector<std::pair<NetworkParams, LayoutStyle>> own = {
        {FatTreeParams{}, LayoutStyle::kHTree},
        {ButterflyParams{"butterfly-fat-tree"}, LayoutStyle::kFoldAndSquash},
        {ButterflyParams{"fat-pyramid"}, LayoutStyle::kFoldAndSquash},
        {CompetingParams{"mesh"}, LayoutStyle::kChannel},
        {CompetingParams{"fem"}, LayoutStyle::kChannel},
        {CompetingParams{"mesh3d"}, LayoutStyle::kCube},
        {CompetingParams{"file"}, LayoutStyle::kChannel},
    };
    for (const auto& [network, style] : own) {
      CAPTURE(std::string(network_kind_name(network)));
      LayoutSpec spec;
      spec.network = network;
      CHECK(resolved_style(spec) == style);
      CHECK(styles_of(network).front() == style);
      for (const auto& row : kLayoutStyles) {
        CAPTURE(std::string(row.name));
        spec.style = row.value;
        const auto styles = styles_of(network);
        if (std::find(styles.begin(), styles.end(), row.value) != styles.end()) {
          CHECK(resolved_style(spec) == row.value);
          continue;
        }
        try {
          resolved_style(spec);
          FAIL("accepted");
        } catch (const InputError& e) {
          CHECK(e.id() == 2204);
          CHECK(std::string(e.what()).find(std::string(to_string(style))) != std::string::npos);
        }
      }
    }
  }

  TEST_CASE("a style parses by its table name unless no spec network takes it") {
    for (const auto& row : kLayoutStyles) {
      CAPTURE(std::string(row.name));
      if (row.value == LayoutStyle::kHollowCube) {
        CHECK_THROWS_AS(parse_layout_style(row.name), InputError);  // transit's own
      } else {
        CHECK(parse_layout_style(row.name) == row.value);
      }
      CHECK(to_string(row.value) == row.name);
    }
    try {
      parse_layout_style("spiral");
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 2203);
      CHECK(std::string(e.what()) ==
            "unknown layout style 'spiral'; valid styles are h-tree, channel, fold-and-squash, "
            "cube, layered and slab");
    }
  }

  TEST_CASE("DRC modes parse by name or as a YAML boolean and print by name") {
    for (auto m : {DrcMode::kNone, DrcMode::kHierarchical, DrcMode::kFlat, DrcMode::kBoth})
      CHECK(parse_drc_mode(to_string(m), "--drc") == m);
    CHECK(parse_drc_mode("true", "--drc") == DrcMode::kHierarchical);
    CHECK(parse_drc_mode("false", "--drc") == DrcMode::kNone);
    try {
      parse_drc_mode("maybe", "key 'drc'");
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 2205);
      CHECK(std::string(e.what()) ==
            "key 'drc' must be none, hierarchical, flat, both, true or false, not 'maybe'");
    }
  }

  TEST_CASE("every network kind a spec names is listed, fat-tree families first") {
    CHECK(layout_network_kinds() ==
          "fat-tree, butterfly-fat-tree, fat-pyramid, " + competing_kind_list());
    CHECK(error_of("network:\n  kind: hexagon\n").find(layout_network_kinds()) !=
          std::string::npos);
  }
}
