// --quiet, --verbose, progress and the generated bash completion; the shard flags' errors.
#include <doctest/doctest.h>

#include <regex>
#include <set>

#include "cli/cli_run.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::slurp_file;

namespace {

// What bash completes for the words typed so far (the last one being completed).
std::string complete(const std::string& script, const std::string& words) {
  const auto dir = scratch_dir("completion");
  { std::ofstream(dir / "c.bash") << script; }
  const std::string cmd = "bash -c 'source " + (dir / "c.bash").string() + "; COMP_WORDS=(" +
                          words + "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1));" +
                          " _ftvlsi; echo ${COMPREPLY[@]}' > " + (dir / "out").string();
  REQUIRE(std::system(cmd.c_str()) == 0);
  return slurp_file(dir / "out");
}

}  // namespace

TEST_CASE("cli interaction: the bash completion knows every subcommand and flag of the help") {
  const auto r = run_cli("completion bash");
  REQUIRE(r.code == 0);
  CHECK(complete(r.out, "ftvlsi lay") == "layout\n");
  CHECK(complete(r.out, "ftvlsi me") == "merge\n");
  CHECK(complete(r.out, "ftvlsi simulate --sh") == "--shard\n");
  CHECK(complete(r.out, "ftvlsi layout --tech") == "--technology\n");
  CHECK(complete(r.out, "ftvlsi check --qu") == "--quick --quiet\n");
  // Every long flag a subcommand's --help shows is in its completion line.
  for (const char* sub : {"layout", "decompose", "route", "simulate", "check", "report", "merge"}) {
    CAPTURE(std::string(sub));
    const std::string help = run_cli(std::string(sub) + " --help").out;
    // The option lines of the help: "  -n,--processors TEXT  ..." or "  --network TEXT  ...".
    const std::regex flag(R"(\n\s+(?:-[a-zA-Z],)?(--[a-z][a-z0-9-]*))");
    const std::string line = r.out.substr(r.out.find(std::string("    ") + sub + ")"));
    const std::size_t open = line.find('"') + 1;
    const std::string words = " " + line.substr(open, line.find('"', open) - open) + " ";
    for (auto it = std::sregex_iterator(help.begin(), help.end(), flag);
         it != std::sregex_iterator(); ++it) {
      CAPTURE((*it)[1].str());
      CHECK(words.find(" " + (*it)[1].str() + " ") != std::string::npos);
    }
  }
  CHECK(run_cli("completion zsh").code == 2);
}

TEST_CASE("cli interaction: --quiet keeps errors only, --verbose shows progress off a terminal") {
  const auto dir = scratch_dir("verbosity");
  const std::string err = (dir / "err").string();
  CHECK(run_cli("layout -n 64 --json " + (dir / "a.json").string() + " --quiet", err).code == 0);
  CHECK(slurp_file(err).empty());
  CHECK(run_cli("layout -n 64 --json " + (dir / "a.json").string(), err).code == 0);
  CHECK(slurp_file(err).find("64 processors") != std::string::npos);
  CHECK(run_cli("layout -n 1000 -q", err).code == 2);
  CHECK(slurp_file(err).find("FTV-3203") != std::string::npos);
  // Off a terminal a sweep is silent but for its summary; --verbose shows each item.
  const std::string sweep = "simulate --sweep --sizes 16,64 --delays unit --report " + dir.string();
  CHECK(run_cli(sweep, err).code == 0);
  CHECK(slurp_file(err).find("[") == std::string::npos);
  CHECK(run_cli(sweep + " --verbose", err).code == 0);
  const std::string progress = slurp_file(err);
  CHECK(progress.find("ftvlsi simulate: n = 16 on the fat-tree [0/4]") != std::string::npos);
  CHECK(progress.find("ftvlsi simulate: done [4/4]") != std::string::npos);
  CHECK(run_cli("layout -n 64 --verbose --json " + (dir / "a.json").string(), err).code == 0);
  CHECK(slurp_file(err).find("ftvlsi layout: DRC") == std::string::npos);
  CHECK(slurp_file(err).find("ftvlsi layout: metrics [1/4]") != std::string::npos);
}

TEST_CASE("cli interaction: shard and merge flags name what is wrong") {
  const auto dir = scratch_dir("shard_flags");
  const std::string err = (dir / "err").string();
  auto id_of = [&](const std::string& args) {
    const auto r = run_cli(args, err);
    CHECK(r.code == 2);
    const std::string e = slurp_file(err);
    return e.substr(0, e.find(':', 14));
  };
  CHECK(id_of("simulate --shard 1/2") == "ftvlsi: error FTV-1016");
  CHECK(id_of("simulate --sweep --shard 5/4 --report " + dir.string()) == "ftvlsi: error FTV-1301");
  CHECK(id_of("simulate --sweep --shard 1/4") == "ftvlsi: error FTV-1306");
  CHECK(id_of("check L-L3 --shard 1/2") == "ftvlsi: error FTV-1305");
  CHECK(id_of("merge " + dir.string() + " --out " + (dir / "m").string()) ==
        "ftvlsi: error FTV-6707");
}
