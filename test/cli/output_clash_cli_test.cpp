// No input is ever an output: every subcommand refuses, before any work, an output path that
// names one of its input files (FTV-1050) or another of its outputs (FTV-1051), however the path
// is spelled. The input stays as it was and nothing is written.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "cli/cli_run.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::slurp_file;
using ftvlsi::test::technology_file;
namespace fs = std::filesystem;

namespace {

// Every file of `dir` with its bytes.
std::map<std::string, std::string> contents(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[e.path().string()] = slurp_file(e.path());
  return out;
}

// A run that must be refused: exit 2, one error line with `id`, nothing on stdout, and every file
// of `dir` (the inputs among them) as it was, with no file added.
void expect_refused(const fs::path& dir, const std::string& args, const std::string& id) {
  CAPTURE(args);
  const auto before = contents(dir);
  const std::string err = dir.string() + ".err";
  const auto r = run_cli(args, err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  const std::string e = slurp_file(err);
  CHECK(e.rfind("ftvlsi: error " + id + ": ", 0) == 0);
  CHECK(e.find('\n') == e.size() - 1);
  CHECK(contents(dir) == before);
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A 16-processor mesh in ftvlsi's network file format.
std::string network_file(const fs::path& dir) {
  const std::string net = (dir / "net.txt").string();
  REQUIRE(run_cli("decompose --network mesh -n 16 -q --json /dev/null --network-out " + net).code ==
          0);
  return net;
}

std::string technology_copy(const fs::path& dir) {
  fs::copy_file(technology_file("sky130"), dir / "tech.yaml");
  return (dir / "tech.yaml").string();
}

}  // namespace

TEST_SUITE("cli output clash") {
  TEST_CASE("layout writes over neither its spec, its network and technology files nor itself") {
    const fs::path dir = scratch_dir("clash_layout");
    const std::string d = dir.string();
    const std::string spec = d + "/s.yaml";
    write(spec, "network: {kind: fat-tree, processors: 64}\noutput: {json: " + spec + "}\n");
    expect_refused(dir, "layout " + spec, "FTV-1050");
    write(dir / "t.yaml", "network: {kind: fat-tree, processors: 64}\n");
    expect_refused(dir, "layout " + d + "/t.yaml --svg " + d + "/./t.yaml", "FTV-1050");
    const std::string net = network_file(dir);
    expect_refused(dir, "layout --network file --network-file " + net + " --json " + net,
                   "FTV-1050");
    const std::string tech = technology_copy(dir);
    fs::create_symlink(tech, dir / "link.yaml");
    expect_refused(dir, "layout -n 64 --technology " + tech + " --gds " + d + "/link.yaml",
                   "FTV-1050");
    expect_refused(dir, "layout -n 64 --style cube --technology " + d + "/link.yaml --html " + tech,
                   "FTV-1050");
    // Three formats into one file kept only the last one.
    expect_refused(dir, "layout -n 64 --json " + d + "/x --svg " + d + "/x --gds " + d + "/x",
                   "FTV-1051");
    expect_refused(dir, "layout -n 64 --svg " + d + "/y --gds " + d + "/sub/../y", "FTV-1051");
    // Standard output and special files are no files of the run.
    CHECK(run_cli("layout -n 64 -q --json /dev/null --svg /dev/null --gds /dev/null").code == 0);
    CHECK(run_cli("layout " + spec + " -q --json -").code == 0);
    CHECK(slurp_file(spec).find("output: {json: ") != std::string::npos);
  }

  TEST_CASE("decompose writes over none of its four inputs nor one output over another") {
    const fs::path dir = scratch_dir("clash_decompose");
    const std::string d = dir.string();
    const std::string net = network_file(dir);
    const std::string file = "decompose --network file --network-file " + net;
    expect_refused(dir, file + " --json " + net, "FTV-1050");
    expect_refused(dir, file + " --json " + d + "/./net.txt", "FTV-1050");
    for (const char* flag : {"--dot", "--svg", "--mapping-out", "--messages-out", "--export-scotch",
                             "--export-metis", "--network-out", "--export-xyz"})
      expect_refused(dir, file + " " + flag + " " + net, "FTV-1050");
    write(dir / "d.yaml",
          "network: {kind: mesh, processors: 16}\noutput: {dot: " + d + "/d.yaml}\n");
    expect_refused(dir, "decompose " + d + "/d.yaml", "FTV-1050");
    REQUIRE(run_cli("decompose --network mesh -n 16 -q --json /dev/null --mapping-out " + d +
                    "/map.txt --export-scotch " + d + "/g.grf --export-xyz " + d + "/g.xyz")
                .code == 0);
    expect_refused(dir,
                   "decompose --network mesh -n 16 --mapping-in " + d + "/map.txt --mapping-out " +
                       d + "/map.txt",
                   "FTV-1050");
    expect_refused(dir,
                   "decompose --network file --network-file " + d + "/g.grf --coordinates " + d +
                       "/g.xyz --export-xyz " + d + "/g.xyz",
                   "FTV-1050");
    expect_refused(dir, file + " --export-scotch " + d + "/e --export-metis " + d + "/e",
                   "FTV-1051");
  }

  TEST_CASE("route writes over neither its message file nor one output over another") {
    const fs::path dir = scratch_dir("clash_route");
    const std::string m = (dir / "m.txt").string();
    write(m, "0 1\n1 0\n");
    expect_refused(dir, "route -n 16 --messages " + m + " --json " + m, "FTV-1050");
    expect_refused(dir, "route -n 16 --messages " + m + " --messages-out " + m, "FTV-1050");
    expect_refused(dir, "route -n 16 --messages " + m + " --schedule " + m, "FTV-1050");
    expect_refused(dir,
                   "route -n 16 --schedule " + dir.string() + "/o --loads " + dir.string() + "/o",
                   "FTV-1051");
  }

  TEST_CASE("simulate and check write over neither their network nor their technology file") {
    const fs::path dir = scratch_dir("clash_simulate");
    const std::string net = network_file(dir);
    const std::string tech = technology_copy(dir);
    expect_refused(dir, "simulate --competing file --network-file " + net + " --json " + net,
                   "FTV-1050");
    expect_refused(dir, "simulate -n 16 --technology " + tech + " --json " + tech, "FTV-1050");
    expect_refused(dir, "simulate --sweep --sizes 16 --technology " + tech + " --json " + tech,
                   "FTV-1050");
    expect_refused(dir, "check L-L3 --technology " + tech + " --json " + tech, "FTV-1050");
  }

  TEST_CASE("a transit layout writes over neither its timing spec nor one output over another") {
    const fs::path dir = scratch_dir("clash_transit");
    const std::string t = (dir / "t.yaml").string();
    write(t, "clock_mhz: 100\n");
    expect_refused(dir, "layout --network transit --timing " + t + " --json " + t, "FTV-1050");
    expect_refused(dir, "layout --network transit --timing " + t + " --gds " + t, "FTV-1050");
    expect_refused(
        dir, "layout --network transit --json " + dir.string() + "/a --html " + dir.string() + "/a",
        "FTV-1051");
  }
}
