// Golden files for a tiny layout: its JSON and SVG must not change unless we mean them to.
// Set FTVLSI_UPDATE_GOLDEN=1 to rewrite them after a deliberate change.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/report/layout_job.hpp"

using namespace ftvlsi;

namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void compare_golden(const std::filesystem::path& produced, const std::string& golden_name) {
  const std::filesystem::path golden = std::filesystem::path(FTVLSI_GOLDEN_DIR) / golden_name;
  if (std::getenv("FTVLSI_UPDATE_GOLDEN") != nullptr) {
    write_file_atomically(golden.string(), slurp(produced));
  }
  REQUIRE(std::filesystem::exists(golden));
  CHECK(slurp(produced) == slurp(golden));
}

}  // namespace

TEST_SUITE("golden") {
  TEST_CASE("a 4-processor linear-size-bumped layout writes the golden JSON and SVG") {
    const auto dir = std::filesystem::temp_directory_path() / "ftvlsi_golden_test";
    std::filesystem::create_directories(dir);
    LayoutSpec spec;
    auto& ft = std::get<FatTreeParams>(spec.network);
    ft.processors = 4;
    ft.capacity.profile = CapacityProfile::kLinearSizeBumped;
    spec.drc = DrcMode::kBoth;
    spec.output.json = (dir / "tiny.json").string();
    spec.output.svg = (dir / "tiny.svg").string();
    const LayoutRun run = run_layout(spec);
    CHECK(run.drc_clean());
    compare_golden(dir / "tiny.json", "fat-tree-4-linear-size-bumped.json");
    compare_golden(dir / "tiny.svg", "fat-tree-4-linear-size-bumped.svg");
  }
}
