// Shards and merge (docs/cluster.md): N shards of a sweep or a check run, merged, write the same
// files as a single run, byte for byte; missing, doubled or foreign shards are refused.
#include "ftvlsi/report/merge.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/report/check_partial.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "ftvlsi/route/delay_model.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

fs::path fresh(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_merge_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string text(const fs::path& p) {
  return read_text_file(p.string(), "test output");
}

SweepSpec small_sweep() {
  SweepSpec s;
  s.sizes = {16, 64, 256};
  s.delays = {parse_delay_model("unit"), parse_delay_model("linear")};
  s.base.seed = 7;
  return s;
}

// Every file of `a` is in `b` with the same bytes, and no other.
void same_folders(const fs::path& a, const fs::path& b) {
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(a)) {
    CAPTURE(e.path().filename().string());
    REQUIRE(fs::exists(b / e.path().filename()));
    CHECK(text(e.path()) == text(b / e.path().filename()));
    ++files;
  }
  CHECK(std::distance(fs::directory_iterator(b), fs::directory_iterator()) ==
        static_cast<long>(files));
}

}  // namespace

TEST_CASE("merge: N sweep shards merge into the single run's files, for every N") {
  const fs::path root = fresh("sweep");
  SweepSpec single = small_sweep();
  single.report_dir = (root / "single").string();
  single.json = (root / "single.json").string();
  run_simulate_sweep(single);
  for (std::uint64_t n : {2u, 3u, 6u, 8u}) {  // 6 items: 8 leaves two shards empty
    CAPTURE(n);
    MergeSpec m;
    for (std::uint64_t k = 1; k <= n; ++k) {
      SweepSpec s = small_sweep();
      s.shard = {k, n};
      s.report_dir = (root / ("n" + std::to_string(n)) / std::to_string(k)).string();
      run_simulate_sweep(s);
      m.dirs.push_back(*s.report_dir);
    }
    std::reverse(m.dirs.begin(), m.dirs.end());  // order of the folders does not matter
    m.out = (root / ("merged" + std::to_string(n))).string();
    m.json = (root / ("merged" + std::to_string(n) + ".json")).string();
    const MergeResult r = run_merge(m);
    CHECK(r.sweep_shards == n);
    CHECK(r.rows == 12);
    same_folders(root / "single", m.out);
    CHECK(text(*single.json) == text(*m.json));
  }
}

TEST_CASE("merge: a technology sweep's partials carry the technology exactly") {
  const fs::path root = fresh("tech");
  SweepSpec single = small_sweep();
  single.base.technology =
      load_technology(std::string(FTVLSI_SOURCE_DIR) + "/technology/sky130.yaml");
  single.report_dir = (root / "single").string();
  run_simulate_sweep(single);
  MergeSpec m;
  for (std::uint64_t k = 1; k <= 2; ++k) {
    SweepSpec s = single;
    s.shard = {k, 2};
    s.report_dir = (root / std::to_string(k)).string();
    run_simulate_sweep(s);
    m.dirs.push_back(*s.report_dir);
  }
  m.out = (root / "merged").string();
  run_merge(m);
  same_folders(root / "single", m.out);
  const auto p = parse_sweep_partial(text(root / "1" / "simulate-shard-1-of-2.json"), "shard");
  REQUIRE(p.spec.base.technology);
  CHECK(p.spec.base.technology->wire.r_ohm_per_mm == single.base.technology->wire.r_ohm_per_mm);
  CHECK(wire_delay_model(*p.spec.base.technology).name() ==
        wire_delay_model(*single.base.technology).name());
}

TEST_CASE("merge: missing, doubled and foreign shards are refused with what to do") {
  const fs::path root = fresh("bad");
  std::vector<std::string> dirs;
  for (std::uint64_t k = 1; k <= 3; ++k) {
    SweepSpec s = small_sweep();
    s.shard = {k, 3};
    s.report_dir = (root / std::to_string(k)).string();
    run_simulate_sweep(s);
    dirs.push_back(*s.report_dir);
  }
  auto error_of = [&](const std::vector<std::string>& d) {
    try {
      run_merge({d, (root / "out").string(), std::nullopt});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error_of({dirs[0], dirs[2]}).find("shard 2/3 is missing; run it (--shard 2/3)") !=
        std::string::npos);
  CHECK(error_of({dirs[0], dirs[1], dirs[1], dirs[2]}).find("given twice") != std::string::npos);
  SweepSpec other = small_sweep();
  other.base.seed = 8;
  other.shard = {2, 3};
  other.report_dir = (root / "other").string();
  run_simulate_sweep(other);
  CHECK(error_of({dirs[0], *other.report_dir, dirs[2]}).find("another sweep") != std::string::npos);
  fs::create_directories(root / "empty");
  CHECK(error_of({(root / "empty").string()}).find("no partial results") != std::string::npos);
  CHECK_FALSE(fs::exists(root / "out"));  // a refused merge leaves no folder behind
  CHECK_THROWS_AS(run_merge({{(root / "nowhere").string()}, (root / "out").string(), {}}), IoError);
  SweepSpec no_dir = small_sweep();
  no_dir.shard = {1, 2};
  CHECK_THROWS_AS(run_simulate_sweep(no_dir), InputError);
}

TEST_CASE("merge: check shards merge into the single run's report (seconds aside)") {
  const fs::path root = fresh("check");
  CheckOptions o;
  o.ids = {"L-L3", "GL-area", "G-1", "D-compose", "G-4.1"};
  o.tiny = 256;
  const auto single = run_checks(o);
  write_check_report(single, o, (root / "single").string());
  MergeSpec m;
  for (std::uint64_t k = 1; k <= 3; ++k) {
    CheckOptions s = o;
    s.shard = {k, 3};
    m.dirs.push_back((root / std::to_string(k)).string());
    write_check_partial(s, m.dirs.back());
  }
  m.out = (root / "merged").string();
  const MergeResult r = run_merge(m);
  CHECK(r.check_shards == 3);
  CHECK(r.checks == 5);
  // The measured seconds differ from run to run; everything else is the same.
  const std::regex seconds(R"(("seconds": )[0-9.e+-]+|(\| )[0-9]+\.[0-9]( \|\n))");
  for (const char* f : {"check.md", "check.json"}) {
    CAPTURE(f);
    CHECK(std::regex_replace(text(root / "single" / f), seconds, "$1$2T$3") ==
          std::regex_replace(text(root / "merged" / f), seconds, "$1$2T$3"));
  }
  for (const auto& e : fs::directory_iterator(root / "single"))
    if (e.path().extension() == ".svg")
      CHECK(text(e.path()) == text(root / "merged" / e.path().filename()));
}
