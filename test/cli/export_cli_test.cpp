// ftvlsi export from the command line (docs/export.md): the JSON contract on stdout or --json,
// both BookSim2 files, exit 2 with one line for bad options and no partial files.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/cli_run.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::run_cli_merged;
using ftvlsi::test::technology_file;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Folder {
  fs::path dir;
  explicit Folder(const std::string& name) : dir(fs::temp_directory_path() / name) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  std::string operator/(const std::string& f) const { return (dir / f).string(); }
};

}  // namespace

TEST_CASE("cli export: a 256-processor fat-pyramid to BookSim2, the summary's keys on stdout") {
  const Folder f("ftvlsi-export-cli-fp");
  const auto r =
      run_cli("export --network fat-pyramid -n 256 --format booksim --out " + (f / "fp.anynet") +
              " --technology " + technology_file("asap7") + " --alpha technology");
  REQUIRE(r.code == 0);
  const json e = json::parse(r.out)["export"];
  for (const char* key : {"format", "routers", "nodes", "links", "latency_histogram",
                          "mean_zero_load_latency_cycles", "cycle_length"})
    CHECK_MESSAGE(e.contains(key), key);
  CHECK(e["format"] == "booksim");
  CHECK(e["routers"] == 120);
  CHECK(e["nodes"] == 256);
  CHECK(e["links"] == 576);
  CHECK(e["cycle_length"].is_null());  // the technology's clock sets the cycle
  CHECK(fs::exists(f / "fp.anynet"));
  CHECK(fs::exists(f / "fp.anynet.config"));
}

TEST_CASE("cli export: --json FILE takes the summary and stdout stays empty") {
  const Folder f("ftvlsi-export-cli-json");
  const auto r = run_cli("export --network butterfly-fat-tree -n 64 --format dot --out " +
                         (f / "b.dot") + " --json " + (f / "b.json") + " --cycle-length 4");
  REQUIRE(r.code == 0);
  CHECK(r.out.empty());
  CHECK(fs::exists(f / "b.json"));
  CHECK(fs::exists(f / "b.dot"));
}

TEST_CASE("cli export: bad options exit 2 with one line and write nothing") {
  const Folder f("ftvlsi-export-cli-bad");
  const auto fat_tree = run_cli_merged("export -n 64 --capacity universal --format booksim --out " +
                                       (f / "ft.anynet"));
  CHECK(fat_tree.code == 2);
  CHECK(fat_tree.out.find("FTV-6800") != std::string::npos);
  CHECK(fat_tree.out.find("graphml") != std::string::npos);
  const auto format =
      run_cli_merged("export --network mesh -n 64 --format csv --out " + (f / "m.csv"));
  CHECK(format.code == 2);
  CHECK(format.out.find("FTV-1090") != std::string::npos);
  const auto both =
      run_cli_merged("export --network mesh -n 64 --format graphml --out " + (f / "m.graphml") +
                     " --technology " + technology_file("sky130") + " --delay sqrt");
  CHECK(both.code == 2);
  CHECK(both.out.find("FTV-1096") != std::string::npos);
  CHECK(fs::is_empty(f.dir));
}
