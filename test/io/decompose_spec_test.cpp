// The decompose spec and the options over it: the YAML parses into typed fields, the options
// replace them, and a bad option is named the way its front end spells it.
#include "ftvlsi/io/decompose_spec.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/decomp/mapping.hpp"

using namespace ftvlsi;

namespace {

std::string message_of(const DecomposeOptions& o, FrontEnd front) {
  try {
    decompose_spec(o, front);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("decompose_spec") {
  TEST_CASE("a decompose spec parses, and its errors name the file, line and key") {
    const DecomposeSpec s = parse_decompose_spec(
        "network: {kind: torus, processors: 64}\nhost: {processors: 128, alpha: 3}\n"
        "decompose: {mapping: geometric, cut_on: placement}\noutput: {json: a.json, svg: a.svg}\n",
        "d.yaml");
    CHECK(s.network == "torus");
    CHECK(s.processors == 64);
    CHECK(s.host_processors == 128);
    CHECK(s.host_alpha_given);
    CHECK(s.mapping == MappingKind::kGeometric);
    CHECK_FALSE(s.cut_layout);
    CHECK(s.svg == "a.svg");
    try {
      parse_decompose_spec("network: {kind: mesh}\noutput:\n  jsn: x\n", "d.yaml");
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("d.yaml:3") != std::string::npos);
      CHECK(std::string(e.what()).find("'jsn'") != std::string::npos);
    }
    CHECK_THROWS_AS(parse_decompose_spec("decompose: {cut_on: air}\n", "d.yaml"), InputError);
  }

  TEST_CASE("an empty spec is the defaults") {
    const DecomposeSpec s = parse_decompose_spec("", "d.yaml");
    const DecomposeSpec d;
    CHECK(s.network == d.network);
    CHECK(s.processors == d.processors);
    CHECK(s.mapping == d.mapping);
    CHECK(s.cut_layout == d.cut_layout);
    CHECK(s.seed == d.seed);
    CHECK_FALSE(s.json.has_value());
  }

  TEST_CASE("options replace the defaults, and only the ones given") {
    DecomposeOptions o;
    o.network = "planar";
    o.processors = "300";
    o.host_processors = "512";
    o.host_alpha = "2";
    o.cut_on = "placement";
    o.seed = "17";
    o.dot = "t.dot";
    const DecomposeSpec s = decompose_spec(o, FrontEnd::kCli);
    CHECK(s.network == "planar");
    CHECK(s.processors == 300);
    CHECK(s.host_processors == 512);
    CHECK(s.host_capacity.alpha == 2);
    CHECK(s.host_alpha_given);
    CHECK_FALSE(s.host_capacity_given);
    CHECK_FALSE(s.cut_layout);
    CHECK(s.seed == 17);
    CHECK(s.dot == "t.dot");
    CHECK_FALSE(s.svg.has_value());
    CHECK(s.mapping == DecomposeSpec{}.mapping);
  }

  TEST_CASE("a bad number names its option as the CLI or Python spells it") {
    DecomposeOptions o;
    o.host_processors = "lots";
    CHECK(message_of(o, FrontEnd::kCli).find("--host-processors") != std::string::npos);
    CHECK(message_of(o, FrontEnd::kPython).find("host_processors") != std::string::npos);
    CHECK(message_of(o, FrontEnd::kPython).find("--host-processors") == std::string::npos);
    o = {};
    o.processors = "0";
    CHECK_FALSE(message_of(o, FrontEnd::kCli).empty());
  }
}
