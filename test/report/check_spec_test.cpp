// The check's options become CheckOptions in one place for the CLI and Python: --quick and --full
// exclude each other, numbers are parsed, and messages spell the options as the front end does.
#include "ftvlsi/report/check_spec.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;

TEST_SUITE("check_spec") {
  TEST_CASE("no choices: every check, quick sweeps, seed 1, no controls, one shard") {
    const CheckOptions o = check_options({}, FrontEnd::kCli);
    CHECK(o.ids.empty());
    CHECK(!o.full);
    CHECK(o.seed == 1);
    CHECK(!o.controls);
    CHECK(!o.tiny);
    CHECK(!o.technology);
    CHECK(o.shard.whole());
    CHECK(o.jobs == 0);
  }

  TEST_CASE("ids, --full, --controls, the seed, the cap, the shard and --jobs are carried over") {
    std::mt19937_64 rng(0xc4ec);
    for (int trial = 0; trial < 20; ++trial) {
      CheckChoices c;
      c.ids = {"L-T1", "GL-T9"};
      c.full = rng() % 2, c.controls = rng() % 2;
      const std::uint64_t seed = rng() >> 2, tiny = 1 + rng() % 4096;
      const std::uint64_t jobs = 1 + rng() % 8;
      c.seed = std::to_string(seed), c.tiny = std::to_string(tiny), c.shard = "2/3";
      c.jobs = std::to_string(jobs);
      const CheckOptions o = check_options(c, FrontEnd::kPython);
      CHECK(o.ids == c.ids);
      CHECK(o.full == c.full);
      CHECK(o.controls == c.controls);
      CHECK(o.seed == seed);
      CHECK(o.tiny == tiny);
      CHECK(o.shard.k == 2);
      CHECK(o.shard.n == 3);
      CHECK(o.jobs == jobs);
    }
  }

  TEST_CASE(
      "--quick with --full, a bad seed, cap or --jobs and a missing technology file are refused") {
    CheckChoices both;
    both.quick = both.full = true;
    CHECK(error_id([&] { (void)check_options(both, FrontEnd::kCli); }) == 1017);
    try {
      (void)check_options(both, FrontEnd::kPython);
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("quick or full") != std::string::npos);
    }
    CheckChoices seed;
    seed.seed = "-3";
    CHECK(error_id([&] { (void)check_options(seed, FrontEnd::kCli); }) != 0);
    CheckChoices tiny;
    tiny.tiny = "0";
    CHECK(error_id([&] { (void)check_options(tiny, FrontEnd::kPython); }) != 0);
    CheckChoices jobs;
    jobs.jobs = "0";
    try {
      (void)check_options(jobs, FrontEnd::kCli);
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("--jobs") != std::string::npos);
    }
    CheckChoices tech;
    tech.technology = "/nonexistent/technology.yaml";
    CHECK_THROWS((void)check_options(tech, FrontEnd::kCli));
  }
}
