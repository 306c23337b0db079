// The main report in shards (without the cube sweep's item, which takes seconds): a shard lays
// out the layouts it owns into their own folders and records them in its partial; finish_report
// builds summary.md and index.html from the parts in the spec's order; a report never reads an
// input from the folder it replaces; the compiled-in spec is layouts/report-default.yaml.
#include "ftvlsi/report/report.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/report/report_partial.hpp"
#include "support/errors.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Three small layouts: items 0 .. 2; the cube sweep is item 3 (shard 4 of 4).
ReportSpec three_layouts() {
  return parse_report_spec(
      "title: A small report\nlayouts:\n"
      "  - {name: alpha, network: {kind: fat-tree, processors: 16}, layout: {drc: true}}\n"
      "  - {name: beta, network: {kind: mesh, processors: 16}, layout: {drc: true}}\n"
      "  - {name: gamma, network: {kind: fat-tree, processors: 4}}\n",
      "r.yaml");
}

}  // namespace

TEST_SUITE("report") {
  TEST_CASE("shards lay out the layouts they own, and finish_report joins them in spec order") {
    const fs::path root =
        fs::temp_directory_path() / ("ftvlsi_report_test_" + std::to_string(::getpid()));
    fs::remove_all(root);
    const fs::path out = root / "out";
    const ReportSpec spec = three_layouts();
    std::vector<ReportPartial> parts;
    for (const std::uint64_t k : {2u, 1u}) {  // the later shard first
      const ReportResult r = run_report(spec, out.string(), Shard{k, 4});
      CHECK(r.layouts == 1);
      CHECK(r.all_clean);
      CHECK(r.summary_path == (out / Shard{k, 4}.file("report")).string());
      parts.push_back(parse_report_partial(slurp(r.summary_path), r.summary_path));
    }
    CHECK(fs::is_directory(out / "alpha"));
    CHECK(fs::is_directory(out / "beta"));
    CHECK_FALSE(fs::exists(out / "gamma"));  // shard 3's
    for (const auto& p : parts) {
      CHECK(p.title == spec.title);
      CHECK(p.items == 4);  // three layouts and the cube sweep; no DeHon section asked for
      CHECK_FALSE(p.cube.has_value());
      REQUIRE(p.layouts.size() == 1);
      const ReportLayoutPart& l = p.layouts[0];
      CHECK(l.name == (l.index == 0 ? "alpha" : "beta"));
      CHECK(l.index == p.shard.k - 1);
      CHECK(l.clean);
      CHECK_FALSE(l.files.empty());
      for (const auto& f : l.files) CHECK(fs::exists(out / l.name / f));
    }
    const fs::path merged = root / "merged";
    fs::create_directories(merged);
    const ReportResult whole =
        finish_report(parts, std::nullopt, "mesh", std::nullopt, merged.string());
    CHECK(whole.layouts == 2);
    CHECK(whole.all_clean);
    const std::string md = slurp(merged / "summary.md");
    CHECK(md.rfind("# A small report\n", 0) == 0);
    const auto alpha = md.find(parts[1].layouts[0].row), beta = md.find(parts[0].layouts[0].row);
    REQUIRE(alpha != std::string::npos);
    REQUIRE(beta != std::string::npos);
    CHECK(alpha < beta);  // the spec's order, not the shards'
    CHECK(fs::exists(merged / "index.html"));
    fs::remove_all(root);
  }

  TEST_CASE("an input inside the folder the report replaces is refused before any work") {
    const fs::path root =
        fs::temp_directory_path() / ("ftvlsi_report_test_in_" + std::to_string(::getpid()));
    ReportSpec spec = three_layouts();
    spec.spec_file = (root / "out" / "r.yaml").string();
    CHECK(ftvlsi::test::error_id([&] {
            run_report(spec, (root / "out").string(), Shard{1, 4});
          }) == 2456);
    CHECK_FALSE(fs::exists(root / "out" / "alpha"));
    fs::remove_all(root);
  }

  TEST_CASE("the compiled-in spec is layouts/report-default.yaml") {
    CHECK(default_report_spec() ==
          slurp(fs::path(FTVLSI_SOURCE_DIR) / "layouts" / "report-default.yaml"));
  }
}
