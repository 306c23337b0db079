// What the errors say: the real cause when a path is the wrong kind of file, one wording for an
// integer that is too large, and echoed input cut short and escaped; --quiet silences the
// summaries of every subcommand.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/cli_run.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::slurp_file;
namespace fs = std::filesystem;

namespace {

// The one error line of a run that must exit `code`.
std::string error_line(const std::string& args, int code, const fs::path& dir) {
  CAPTURE(args);
  const std::string err = (dir / "err").string();
  CHECK(run_cli(args, err).code == code);
  return slurp_file(err);
}

}  // namespace

TEST_SUITE("cli messages") {
  TEST_CASE("a directory given as a file and a file given as a folder are named as such") {
    const fs::path dir = scratch_dir("messages_kind");
    const std::string d = dir.string();
    CHECK(error_line("route -n 16 --messages " + d, 3, dir) ==
          "ftvlsi: error FTV-7061: '" + d +
              "' is a directory, not a file; give the path of the message file\n");
    CHECK(error_line("layout " + d, 3, dir).rfind("ftvlsi: error FTV-7061: '" + d + "'", 0) == 0);
    CHECK(error_line("decompose --network file --network-file " + d, 3, dir)
              .rfind("ftvlsi: error FTV-7061: ", 0) == 0);
    std::ofstream(dir / "x") << "a file\n";
    CHECK(error_line("layout -n 16 --json " + d + "/x/out.json", 3, dir) ==
          "ftvlsi: error FTV-7062: cannot write the JSON file '" + d + "/x/out.json': '" + d +
              "/x' is a file, not a directory; choose another path\n");
    CHECK(fs::is_regular_file(dir / "x"));
  }

  TEST_CASE("an integer option beyond 64 bits is too large, on the command line and in a spec") {
    const fs::path dir = scratch_dir("messages_large");
    const std::string big = "18446744073709551616";  // 2^64
    const std::string at_most = "' (at most 18446744073709551615)\n";
    CHECK(error_line("layout -n " + big, 2, dir) ==
          "ftvlsi: error FTV-1101: --processors is too large: '" + big + at_most);
    CHECK(error_line("layout -n 16 --seed " + big, 2, dir) ==
          "ftvlsi: error FTV-1101: --seed is too large: '" + big + at_most);
    CHECK(error_line("route -n 16 --pattern uniform --count " + big, 2, dir) ==
          "ftvlsi: error FTV-1101: --count is too large: '" + big + at_most);
    CHECK(error_line("simulate -n " + big, 2, dir) ==
          "ftvlsi: error FTV-1101: --processors is too large: '" + big + at_most);
    const std::string spec = (dir / "big.yaml").string();
    std::ofstream(spec) << "network: {kind: fat-tree, processors: " << big << "}\n";
    CHECK(error_line("layout " + spec, 2, dir) == "ftvlsi: error FTV-1101: " + spec +
                                                      ":1: key 'processors' is too large: '" + big +
                                                      at_most);
    CHECK(error_line("route --network transit --trials 4294967297", 2, dir) ==
          "ftvlsi: error FTV-1101: --trials is too large: '4294967297' (at most 2147483647)\n");
  }

  TEST_CASE("a huge or binary value is echoed cut to 200 characters and escaped") {
    const fs::path dir = scratch_dir("messages_echo");
    const std::string spec = (dir / "huge.yaml").string();
    std::ofstream(spec) << "network: {kind: " << std::string(2 << 20, 'x') << "}\n";
    const std::string e = error_line("layout " + spec, 2, dir);
    CHECK(e.rfind("ftvlsi: error FTV-2207: ", 0) == 0);
    CHECK(e.find("'" + std::string(200, 'x') + "…'; valid kinds are") != std::string::npos);
    CHECK(e.size() < 600);
    std::ofstream(spec, std::ios::trunc) << "network: {kind: \"\xff\xfe"
                                            "ab\"}\n";
    CHECK(error_line("layout " + spec, 2, dir).find("unknown network kind '\\xff\\xfeab'") !=
          std::string::npos);
    CHECK(error_line("route --network 'x\xff'", 2, dir).find("'x\\xff'") != std::string::npos);
  }

  TEST_CASE("--quiet silences the summary of every subcommand, the report's on stdout too") {
    const fs::path dir = scratch_dir("messages_quiet");
    const std::string d = dir.string();
    const std::string spec = d + "/report.yaml";
    std::ofstream(spec) << "title: tiny\nlayouts:\n  - name: t16\n    network: {kind: fat-tree, "
                           "processors: 16}\n";
    const std::string err = d + "/err";
    const std::string sweep = "simulate --sweep --sizes 16 --delays unit -q --report " + d;
    REQUIRE(run_cli(sweep + "/s1 --shard 1/2").code == 0);
    REQUIRE(run_cli(sweep + "/s2 --shard 2/2").code == 0);
    for (const std::string args :
         {"report " + spec + " --out " + d + "/r", "layout -n 16 --json " + d + "/a.json",
          "decompose --network mesh -n 16 --json " + d + "/d.json",
          "route -n 16 --json " + d + "/r.json", "simulate -n 16 --json " + d + "/s.json",
          "check L-L3 --json " + d + "/c.json",
          "merge " + d + "/s1 " + d + "/s2 --out " + d + "/m"}) {
      CAPTURE(args);
      const auto loud = run_cli(args, err);
      CHECK(loud.code == 0);
      CHECK(loud.out.size() + slurp_file(err).size() > 0);
      const auto quiet = run_cli(args + " -q", err);
      CHECK(quiet.code == 0);
      CHECK(quiet.out.empty());
      CHECK(slurp_file(err).empty());
    }
  }
}
