// `ftvlsi layout|route --network transit`, run as a user would: the contract's JSON keys, exit
// codes and one-line errors, no partial files, the same bytes for the same seed.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_run.hpp"

namespace fs = std::filesystem;

namespace {

using ftvlsi::test::CliResult;

CliResult run(const std::string& args, bool with_stderr = true) {
  return with_stderr ? ftvlsi::test::run_cli_merged(args) : ftvlsi::test::run_cli(args);
}

fs::path scratch(const std::string& name) {
  return ftvlsi::test::scratch_dir(name, "ftvlsi_transit_cli_test");
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A bad-input run: the exit code, one line starting with the error's stable ID
// (docs/error-ids.md), and the detail it must name.
void expect_error(const std::string& args, int code, const std::string& id,
                  const std::string& needle) {
  CAPTURE(args);
  const CliResult r = run(args);
  CAPTURE(r.out);
  CHECK(r.out.rfind("ftvlsi: error " + id, 0) == 0);
  CHECK(r.code == code);
  CHECK(r.out.find(needle) != std::string::npos);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
}

}  // namespace

TEST_SUITE("transit_cli") {
  TEST_CASE("layout --network transit writes the contract's keys") {
    const CliResult r = run("layout --network transit --composition 12K --drc", false);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["transit"]["unit_trees_by_stage"] == nlohmann::json::array({64, 16}));
    CHECK(j["transit"]["leaf_clusters"] == 64);
    CHECK(j["transit"]["routers"] == 64 * 208 + 16 * 208);
    CHECK(j["transit"]["connections_by_level"].size() == 4);
    CHECK(j["layout"]["volume"].get<std::uint64_t>() > 0);
    CHECK(j["layout"]["wire_length_max_by_stage"].size() == 1);
    CHECK(j["layout"]["drc_violations"] == 0);
    CHECK(j["latency_ns_by_class"].size() == 4);
    CHECK(j["latency_ns_by_class"][0] == doctest::Approx(40.0));  // 4 stages at 100 MHz
    CHECK(j["processors_by_class"] == nlohmann::json::array({191, 576, 2304, 9216}));
  }

  TEST_CASE("route --network transit writes the probability, its interval and the model") {
    const CliResult r =
        run("route --network transit --composition 4K --load 0.8 --locality matched --trials 3 "
            "--faults 0.01 --seed 2 --json -",
            false);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    const double p = j["route_probability"];
    CHECK(p > 0.5);
    CHECK(p < 1.0);
    CHECK(j["route_probability_ci"].size() == 2);
    CHECK(j["route_probability_ci"][0].get<double>() <= p);
    CHECK(j["route_probability_ci"][1].get<double>() >= p);
    CHECK(j["route_probability_analytic"].get<double>() > 0.5);
    CHECK(j["faults"]["fraction"] == doctest::Approx(0.01));
    CHECK(j["faults"]["routers_failed"].get<int>() > 0);
  }

  TEST_CASE("a composition that does not exist and a load outside [0, 1] are refused") {
    expect_error("layout --network transit --composition 1M", 2, "FTV-3501",
                 "4K, 256K, 12K, 768K or custom");
    expect_error("route --network transit --composition 2K", 2, "FTV-3501",
                 "4K, 256K, 12K, 768K or custom");
    expect_error("route --network transit --composition 4K --load 1.5", 2, "FTV-1132", "--load");
    expect_error("route --network transit --composition 4K --load -0.2", 2, "FTV-1132", "--load");
    expect_error("route --network transit --locality far", 2, "FTV-1131", "uniform, matched");
    expect_error("route --network transit --faults 2", 2, "FTV-1132", "--faults");
    expect_error("layout --network transit --composition custom --leaf cluster-7", 2, "FTV-1131",
                 "cluster-192");
    expect_error("layout --network transit --style h-tree", 2, "FTV-1032", "hollow-cube");
    expect_error("layout --network transit --svg x.svg", 2, "FTV-5501", "--html");
  }

  TEST_CASE("a bad timing spec names the file, line and key, and a missing one is an I/O error") {
    const fs::path dir = scratch("timing");
    std::ofstream(dir / "t.yaml") << "clock_mhz: 100\nspeed: 3\n";
    expect_error("layout --network transit --timing " + (dir / "t.yaml").string(), 2, "FTV-2103",
                 "t.yaml:2: unknown key 'speed'");
    expect_error("layout --network transit --timing " + (dir / "none.yaml").string(), 3, "FTV-7",
                 "none.yaml");
    std::ofstream(dir / "tiny.yaml") << "stacks: {large_unit_tree: {side_mm: 20}}\n";
    expect_error("layout --network transit --timing " + (dir / "tiny.yaml").string(), 2, "FTV-5502",
                 "too small");
  }

  TEST_CASE("same seed, same bytes, and an unwritable output leaves nothing behind") {
    const fs::path dir = scratch("same");
    for (const char* name : {"a", "b"}) {
      const std::string base = (dir / name).string();
      REQUIRE(run("layout --network transit --composition 4K --seed 3 --json " + base +
                  ".json --gds " + base + ".gds")
                  .code == 0);
      REQUIRE(run("route --network transit --composition 4K --trials 2 --seed 3 --json " + base +
                  ".route.json")
                  .code == 0);
    }
    CHECK(slurp(dir / "a.json") == slurp(dir / "b.json"));
    CHECK(slurp(dir / "a.gds") == slurp(dir / "b.gds"));
    CHECK(slurp(dir / "a.route.json") == slurp(dir / "b.route.json"));
    const CliResult r = run("route --network transit --composition 4K --json " +
                            (dir / "no" / "such" / "r.json").string());
    CHECK(r.code == 3);
    CHECK_FALSE(fs::exists(dir / "no"));
  }
}
