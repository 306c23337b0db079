// The report spec: the compiled-in one parses, its layouts need distinct names that can name a
// folder, and the simulate, check and dehon sections parse or name their mistake.
#include "ftvlsi/io/report_spec.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/report/report.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;

namespace {

constexpr const char* kOneLayout = "layouts:\n  - {name: a, network: {processors: 16}}\n";

int refusal(const std::string& yaml) {
  return error_id([&] { parse_report_spec(yaml, "r.yaml"); });
}

}  // namespace

TEST_SUITE("report_spec") {
  TEST_CASE("the compiled-in report spec parses and names every layout") {
    const ReportSpec report = parse_report_spec(default_report_spec(), "default");
    CHECK(report.layouts.size() >= 2);
    for (const auto& l : report.layouts) CHECK_FALSE(l.name.empty());
  }

  TEST_CASE("the default spec's layout names are distinct") {
    const ReportSpec report = parse_report_spec(default_report_spec(), "default");
    std::set<std::string> names;
    for (const auto& l : report.layouts) CHECK(names.insert(l.name).second);
  }

  TEST_CASE("the optional sections parse into their fields") {
    const ReportSpec bare = parse_report_spec(kOneLayout, "r.yaml");
    CHECK(bare.layouts.size() == 1);
    CHECK(bare.layouts[0].name == "a");
    CHECK_FALSE(bare.simulate.has_value());
    CHECK_FALSE(bare.check_full.has_value());
    CHECK_FALSE(bare.dehon_full.has_value());
    for (const char* mode : {"quick", "full", "none"}) {
      CAPTURE(mode);
      const ReportSpec r = parse_report_spec(
          std::string(kOneLayout) + "check: " + mode + "\ndehon: " + mode + "\n", "r.yaml");
      const std::string m = mode;
      CHECK(r.check_full == (m == "none" ? std::nullopt : std::optional<bool>(m == "full")));
      CHECK(r.dehon_full == r.check_full);
    }
    const ReportSpec sim = parse_report_spec(
        std::string(kOneLayout) + "title: T\nsimulate: {competing: torus, sizes: [16, 64]}\n",
        "r.yaml");
    CHECK(sim.title == "T");
    REQUIRE(sim.simulate.has_value());
    CHECK(sim.simulate->competing == "torus");
    CHECK(sim.simulate->sizes == std::vector<std::uint64_t>{16, 64});
    CHECK(sim.simulate->delays == ReportSimulate{}.delays);  // the default when not given
  }

  TEST_CASE("each mistake is refused with its own ID") {
    CHECK(refusal("title: x\n") == 2301);
    CHECK(refusal("layouts: []\n") == 2301);
    CHECK(refusal("layouts:\n  - {network: {processors: 16}}\n") == 2302);
    CHECK(refusal("layouts:\n  - {name: a/b, network: {processors: 16}}\n") == 2454);
    CHECK(refusal("layouts:\n  - {name: a}\n  - {name: a}\n") == 2455);
    CHECK(refusal(std::string(kOneLayout) + "simulate: {sizes: []}\n") == 2303);
    CHECK(refusal(std::string(kOneLayout) + "simulate: {delays: []}\n") == 2304);
    CHECK(refusal(std::string(kOneLayout) + "check: thorough\n") == 2305);
    CHECK(refusal(std::string(kOneLayout) + "dehon: always\n") == 2306);
    CHECK(refusal(std::string(kOneLayout) + "checks: quick\n") != 0);  // an unknown key
    CHECK(refusal(kOneLayout) == 0);
  }
}
