// One layout run: it checks as asked, reports each phase, writes the files its spec names, and
// write_layout_outputs writes the same bytes for a finished run; the memory estimate and the
// legend follow the fat-tree.
#include "ftvlsi/report/layout_job.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/layout_json.hpp"
#include "support/trees.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("ftvlsi_layout_job_test_" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

OutputPaths paths_in(const fs::path& dir, bool three_d) {
  OutputPaths out;
  out.json = (dir / "l.json").string();
  out.gds = (dir / "l.gds").string();
  if (three_d)
    out.html = (dir / "l.html").string();
  else
    out.svg = (dir / "l.svg").string();
  return out;
}

}  // namespace

TEST_SUITE("layout_job") {
  TEST_CASE("the files a run writes are the ones write_layout_outputs writes for it") {
    for (const char* yaml :
         {"network: {kind: fat-tree, processors: 16}\n", "network: {kind: mesh, processors: 16}\n",
          "network: {kind: fat-tree, processors: 16}\nlayout: {style: cube}\n"}) {
      CAPTURE(yaml);
      LayoutSpec spec = parse_layout_spec(yaml, "s.yaml");
      const bool three_d = std::string(yaml).find("cube") != std::string::npos;
      const fs::path a = scratch("a"), b = scratch("b");
      spec.output = paths_in(a, three_d);
      LayoutRun run = run_layout(spec);
      CHECK(slurp(a / "l.json") == layout_json(spec, run));
      write_layout_outputs(spec, run, paths_in(b, three_d));
      for (const char* file : {"l.json", "l.gds", "l.svg", "l.html"}) {
        CAPTURE(file);
        CHECK(fs::exists(a / file) == fs::exists(b / file));
        if (fs::exists(a / file)) CHECK(slurp(a / file) == slurp(b / file));
      }
    }
    fs::remove_all(scratch("").parent_path());
  }

  TEST_CASE("the checks asked for run, each phase is reported, and the last says done") {
    for (const DrcMode mode :
         {DrcMode::kNone, DrcMode::kHierarchical, DrcMode::kFlat, DrcMode::kBoth}) {
      CAPTURE(to_string(mode));
      LayoutSpec spec = parse_layout_spec("network: {kind: fat-tree, processors: 32}\n", "s");
      spec.drc = mode;
      std::vector<std::pair<std::string, std::uint64_t>> heard;
      const LayoutRun run =
          run_layout(spec, [&](std::string_view step, std::uint64_t done, std::uint64_t total) {
            CHECK(total == 4);
            heard.emplace_back(step, done);
          });
      const std::size_t checks = mode == DrcMode::kBoth ? 2 : mode == DrcMode::kNone ? 0 : 1;
      CHECK(run.drc.size() == checks);
      CHECK(run.drc_clean());
      REQUIRE(heard.size() >= 2);
      CHECK(heard.front().second == 0);
      CHECK(heard.back().second == 4);
      for (std::size_t i = 1; i < heard.size(); ++i) CHECK(heard[i].second >= heard[i - 1].second);
    }
  }

  TEST_CASE("an HTML view of a 2D layout is refused before anything is written") {
    const fs::path dir = scratch("html");
    LayoutSpec spec = parse_layout_spec("network: {kind: fat-tree, processors: 16}\n", "s");
    spec.output.html = (dir / "v.html").string();
    spec.output.json = (dir / "l.json").string();
    try {
      run_layout(spec);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 5403);
    }
    CHECK(fs::is_empty(dir));
    spec.output = {};
    LayoutRun run = run_layout(spec);
    OutputPaths html;
    html.html = (dir / "v.html").string();
    try {
      write_layout_outputs(spec, run, html);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 5404);
    }
    CHECK(fs::is_empty(dir));
    fs::remove_all(dir.parent_path());
  }

  TEST_CASE("the memory estimate grows with the tree and with the flat check") {
    std::uint64_t previous = 0;
    for (std::uint64_t n = 4; n <= (1u << 14); n *= 4) {
      const FatTree tree = ftvlsi::test::tree_of(n, CapacityProfile::kAreaUniversal);
      const std::uint64_t none = estimate_run_bytes(tree, DrcMode::kNone);
      CAPTURE(n);
      CHECK(none > previous);
      CHECK(estimate_run_bytes(tree, DrcMode::kHierarchical) == none);
      CHECK(estimate_run_bytes(tree, DrcMode::kFlat) > none);
      CHECK(estimate_run_bytes(tree, DrcMode::kBoth) == estimate_run_bytes(tree, DrcMode::kFlat));
      previous = none;
    }
  }

  TEST_CASE("the legend names every level and its capacity") {
    for (const std::uint64_t n : {1u, 2u, 64u, 1024u}) {
      const FatTree tree = ftvlsi::test::tree_of(n, CapacityProfile::kUniversal);
      const auto labels = level_labels(tree);
      REQUIRE(labels.size() == static_cast<std::size_t>(tree.levels()) + 1);
      for (int k = 0; k <= tree.levels(); ++k)
        CHECK(labels[k] ==
              "k = " + std::to_string(k) + ", cap " + std::to_string(tree.capacity(k)));
    }
  }
}
