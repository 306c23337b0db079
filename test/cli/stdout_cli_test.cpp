// Standard output counts as an output: when writing to it fails (/dev/full), every subcommand
// exits 3 with FTV-7060 and one error line, never 0 over a document that was lost.
#include <doctest/doctest.h>

#include <string>

#include "cli/cli_run.hpp"

using ftvlsi::test::run_cli;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::slurp_file;

namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_SUITE("cli stdout") {
  TEST_CASE("a full standard output exits 3 with FTV-7060 in every subcommand") {
    const std::string err = (scratch_dir("stdout_full") / "err").string();
    for (const std::string args :
         {"layout -n 1024", "layout -n 16", "layout -n 64 --json -", "route -n 16",
          "route -n 16 --json -", "decompose --network mesh -n 16", "simulate -n 16",
          "simulate --sweep --sizes 16 --delays unit", "check L-L3", "check L-L3 --json -",
          "check --list", "completion bash", "--help", "layout --help", "--version",
          "layout --network transit --composition 4K", "route --network transit --trials 1",
          // A document larger than the stdio buffer fails while it is written, not at the end.
          "simulate --sweep --sizes 16,64 --delays unit --json -"}) {
      CAPTURE(args);
      CHECK(run_cli(args + " >/dev/full", err).code == 3);
      const std::string e = slurp_file(err);
      CHECK(count(e, "ftvlsi: error ") == 1);
      CHECK(e.find("ftvlsi: error FTV-7060: writing to standard output failed") !=
            std::string::npos);
    }
  }

  TEST_CASE("a run that failed keeps its own error and code when standard output is full too") {
    const std::string err = (scratch_dir("stdout_failed") / "err").string();
    CHECK(run_cli("layout -n 1000 >/dev/full", err).code == 2);
    CHECK(slurp_file(err).rfind("ftvlsi: error FTV-3203: ", 0) == 0);
    CHECK(count(slurp_file(err), "ftvlsi: error ") == 1);
    CHECK(run_cli("layout --no-such-flag >/dev/full", err).code == 2);
    CHECK(count(slurp_file(err), "ftvlsi: error ") == 1);
  }

  TEST_CASE("a run whose standard output is not full still exits 0") {
    CHECK(run_cli("layout -n 16 >/dev/null").code == 0);
    CHECK(run_cli("completion bash").code == 0);
  }
}
