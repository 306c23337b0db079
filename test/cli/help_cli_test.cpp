// Help that teaches: every subcommand's --help shows an example, named values and the exit codes,
// and a mistyped flag or subcommand is answered with the nearest valid one.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <set>

#include "cli/cli_run.hpp"

using ftvlsi::test::CliResult;
using ftvlsi::test::run_cli;
using ftvlsi::test::run_cli_merged;

namespace {

const std::vector<std::string> kSubcommands = {"layout", "decompose", "route", "simulate",  "check",
                                               "export", "report",    "merge", "completion"};

// The long flags an --help lists ("  -n,--processors N=1024  ..." gives --processors).
std::vector<std::string> long_flags(const std::string& help) {
  const std::regex flag(R"(\n\s+(?:-[a-zA-Z],)?(--[a-z][a-z0-9-]*))");
  std::vector<std::string> flags;
  for (auto it = std::sregex_iterator(help.begin(), help.end(), flag); it != std::sregex_iterator();
       ++it)
    flags.push_back((*it)[1].str());
  return flags;
}

// Whether one insertion, deletion, substitution or swap of adjacent characters turns a into b.
bool one_edit_apart(const std::string& a, const std::string& b) {
  if (a == b) return false;
  if (a.size() == b.size()) {
    std::vector<std::size_t> diff;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) diff.push_back(i);
    if (diff.size() == 1) return true;
    return diff.size() == 2 && diff[1] == diff[0] + 1 && a[diff[0]] == b[diff[1]] &&
           a[diff[1]] == b[diff[0]];
  }
  const std::string& s = a.size() < b.size() ? a : b;
  const std::string& l = a.size() < b.size() ? b : a;
  if (l.size() != s.size() + 1) return false;
  for (std::size_t i = 0; i < l.size(); ++i)
    if (l.substr(0, i) + l.substr(i + 1) == s) return true;
  return false;
}

// The single line of a usage error: exit 2, FTV-1001, and `sentence` after the ID.
void expect_usage_error(const std::string& args, const std::string& sentence) {
  CAPTURE(args);
  const CliResult r = run_cli_merged(args);
  CHECK(r.code == 2);
  CHECK(r.out == "ftvlsi: error FTV-1001: " + sentence + "\n");
}

}  // namespace

TEST_CASE("cli help: every subcommand shows an example, named values, defaults and exit codes") {
  const std::string top = run_cli("--help").out;
  // The exit codes are written once: the top level's sentence, repeated by every subcommand.
  const std::size_t from = top.find("Exit codes:");
  REQUIRE(from != std::string::npos);
  const std::string exit_codes = top.substr(from, top.find('\n', from) - from);
  CHECK(exit_codes.find("130 after SIGINT") != std::string::npos);
  for (const auto& sub : kSubcommands) {
    CAPTURE(sub);
    const CliResult r = run_cli(sub + " --help");
    CHECK(r.code == 0);
    CHECK(r.out.find("\nExample:\n  ftvlsi " + sub) != std::string::npos);
    CHECK(r.out.find(exit_codes) != std::string::npos);
    CHECK(r.out.find("TEXT") == std::string::npos);
  }
  const std::string layout = run_cli("layout --help").out;
  for (const char* shown : {"-n,--processors N=1024", "--seed SEED=1", "--svg FILE",
                            "--capacity PROFILE=linear-size", "--network KIND=fat-tree"})
    CHECK(layout.find(shown) != std::string::npos);
  CHECK(run_cli("simulate --help").out.find("--shard K/N") != std::string::npos);
  CHECK(run_cli("report --help").out.find("-o,--out DIR=ftvlsi-report") != std::string::npos);
}

TEST_CASE("cli help: the shared network flags read alike on layout, route and export") {
  // Written once (src/cli/network_flags.cpp): the same line, value name and default everywhere.
  const auto line_of = [](const std::string& help, const std::string& flag) {
    const std::size_t at = help.find("  " + flag + " ");
    return at == std::string::npos ? std::string() : help.substr(at, help.find('\n', at) - at);
  };
  const std::string layout = run_cli("layout --help").out;
  for (const std::string sub : {"route", "export"}) {
    const std::string help = run_cli(sub + " --help").out;
    for (const char* flag : {"--root-capacity", "--alpha", "--capacities", "--parents",
                             "--mesh-diagonals", "--composition", "--leaf", "--wiring"}) {
      CAPTURE(sub);
      CAPTURE(flag);
      CHECK_FALSE(line_of(layout, flag).empty());
      CHECK(line_of(help, flag) == line_of(layout, flag));
    }
  }
}

TEST_CASE("cli help: a mistyped flag or subcommand names the nearest valid one, exit 2") {
  expect_usage_error("layout --procesors 64",
                     "unknown option --procesors; did you mean --processors?");
  expect_usage_error("layuot", "unknown subcommand layuot; did you mean layout?");
  expect_usage_error("chekc --list", "unknown subcommand chekc; did you mean check?");
  expect_usage_error("simulate --sed 3", "unknown option --sed; did you mean --seed?");
  expect_usage_error("route --proc=64", "unknown option --proc; did you mean --processors?");
  expect_usage_error("--verison", "unknown option --verison; did you mean --version?");
  // The typo is named even where CLI11 stops first at the required --out it hid.
  expect_usage_error("merge a --ot b", "unknown option --ot; did you mean --out?");
  // Nothing near: where the flags are listed; a word no subcommand resembles keeps CLI11's text.
  expect_usage_error("layout -n 64 --bogus",
                     "unknown option --bogus; run 'ftvlsi layout --help' for its options");
  const CliResult spec = run_cli_merged("unknown.yaml");
  CHECK(spec.code == 2);
  CHECK(spec.out.find("FTV-1001") != std::string::npos);
  CHECK(spec.out.find("did you mean") == std::string::npos);
}

TEST_CASE("cli help: a flag with two characters swapped gets a flag one edit away, seeded") {
  std::mt19937 rng(20261126);
  for (const auto& sub : kSubcommands) {
    std::vector<std::string> flags = long_flags(run_cli(sub + " --help").out);
    const std::set<std::string> valid(flags.begin(), flags.end());
    std::shuffle(flags.begin(), flags.end(), rng);
    int tried = 0;
    for (const auto& flag : flags) {
      if (flag.size() < 7 || tried == 4) continue;
      // Swap two adjacent, different characters after the dashes.
      std::uniform_int_distribution<std::size_t> at(2, flag.size() - 2);
      std::string typo = flag;
      const std::size_t i = at(rng);
      std::swap(typo[i], typo[i + 1]);
      if (typo == flag || valid.count(typo) > 0) continue;
      ++tried;
      CAPTURE(sub);
      CAPTURE(typo);
      // Beside a value, and (merge, completion) their required arguments left out.
      const CliResult r = run_cli_merged(sub + " " + typo + " 1");
      CHECK(r.code == 2);
      const std::smatch m = [&] {
        std::smatch found;
        std::regex_search(r.out, found, std::regex("did you mean (--[a-z0-9-]+)\\?\n$"));
        return found;
      }();
      REQUIRE(m.size() == 2);
      const std::string suggested = m[1].str();
      CHECK(valid.count(suggested) == 1);
      CHECK(one_edit_apart(typo, suggested));
    }
    CHECK(tried > 0);
  }
}
