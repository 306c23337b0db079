// What a terminal sees while a job runs (a status line with the step's percentage, off a terminal
// nothing), and check.md's threshold sentences.
#include <doctest/doctest.h>

#include <regex>

#include "cli/cli_run.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::run_shell;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::slurp_file;

namespace {

// Runs `args` on a pseudo-terminal (script(1)); everything the terminal showed.
std::string on_terminal(const std::string& args) {
  return run_shell("script -qfec \"" + std::string(FTVLSI_EXE) + " " + args + "\" /dev/null").out;
}

// The status lines a terminal showed ("... 42% ..."), in order: the text between carriage
// returns and newlines.
std::vector<std::string> status_lines(const std::string& shown) {
  std::vector<std::string> out;
  std::string piece;
  for (const char c : shown) {
    if (c == '\r' || c == '\n') {
      if (piece.find('%') != std::string::npos) out.push_back(piece);
      piece.clear();
    } else {
      piece += c;
    }
  }
  return out;
}

int percent(const std::string& status) {
  static const std::regex number(R"( (\d+)% )");
  std::smatch m;
  REQUIRE(std::regex_search(status, m, number));
  return std::stoi(m[1]);
}

}  // namespace

TEST_SUITE("cli progress") {
  TEST_CASE("check.md states every rule's threshold beside its verdict and cites by section") {
    const auto dir = scratch_dir("check_md_thresholds");
    REQUIRE(run_cli("check L-T1 L-L3 GL-area --out " + dir.string()).code == 0);
    const std::string md = slurp_file(dir / "check.md");
    std::size_t rules = 0, thresholds = 0;
    for (std::size_t at = md.find("— rule: "); at != std::string::npos;
         at = md.find("— rule: ", at + 1)) {
      ++rules;
      const std::string paragraph = md.substr(at, md.find('\n', at) - at);
      CAPTURE(paragraph);
      // The verdict, then the threshold's sentence, then the power.
      const std::size_t verdict = paragraph.find("**pass**"), why = paragraph.find(". Threshold: ");
      CHECK(verdict != std::string::npos);
      CHECK(why != std::string::npos);
      CHECK(verdict < why);
      CHECK(why < paragraph.find(". Power: "));
      thresholds += why != std::string::npos;
    }
    CHECK(rules >= 6);
    CHECK(thresholds == rules);
    // The lower bound of L-L3 and the exact bound of L-T1 say so.
    CHECK(md.find("Threshold: a lower bound holds when") != std::string::npos);
    CHECK(md.find("Threshold: the paper's formula is an exact bound") != std::string::npos);
    CHECK(md.find("**Source:** Leiserson 1985, Theorem 1  \n") != std::string::npos);
    CHECK(md.find("(seed ") == std::string::npos);
  }

  TEST_CASE("on a terminal progress shows percentages that advance, off one nothing changes") {
    if (run_shell("script -qfec true /dev/null >/dev/null 2>&1").code != 0) {
      MESSAGE("script(1) cannot open a pseudo-terminal here; the test has nothing to look at");
      return;
    }
    const auto dir = scratch_dir("terminal_progress");
    // A check: one status per size, the percentage of its processors done.
    const std::string check = "check L-T1 GL-area --out " + (dir / "c").string();
    const auto shown = status_lines(on_terminal(check));
    CAPTURE(shown.size());
    REQUIRE(shown.size() >= 4);
    // L-T1 and GL-area run side by side; the status follows L-T1, the first started, to its end.
    CHECK(shown.front().find("ftvlsi check: [0/2] L-T1 n = 64 0%") == 0);
    int last = -1;
    bool advanced = false;
    for (const auto& s : shown) {
      CAPTURE(s);
      if (s.find("GL-area") != std::string::npos) break;
      advanced = advanced || percent(s) > last;
      CHECK(percent(s) >= last);
      last = percent(s);
    }
    CHECK(advanced);
    CHECK(last > 0);
    // A layout (--verbose: from the start): the H-tree's levels, then the GDS writer's wires.
    const std::string layout = "layout -n 65536 --capacity area-universal --verbose --gds " +
                               (dir / "t.gds").string() + " --json " + (dir / "t.json").string();
    const auto levels = status_lines(on_terminal(layout));
    REQUIRE(levels.size() >= 2);
    CHECK(levels.front().find("ftvlsi layout: build [0/4] level 15 ") == 0);
    CHECK(percent(levels.back()) > percent(levels.front()));
    // Off a terminal the same runs print no status line at all.
    const std::string err = (dir / "err").string();
    CHECK(run_cli(check + " --verbose", err).code == 0);
    CHECK(slurp_file(err).find('%') == std::string::npos);
    CHECK(slurp_file(err).find('\r') == std::string::npos);
    CHECK(run_cli(layout, err).code == 0);
    CHECK(slurp_file(err).find('%') == std::string::npos);
  }
}
