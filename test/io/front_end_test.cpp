// How a front end spells an option in its messages: the CLI's flag or Python's keyword.
#include "ftvlsi/io/front_end.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

using namespace ftvlsi;

TEST_SUITE("front_end") {
  TEST_CASE("the CLI spells an option as a flag with dashes, Python as it is") {
    CHECK(spelled("max_cycles", FrontEnd::kCli) == "--max-cycles");
    CHECK(spelled("max_cycles", FrontEnd::kPython) == "max_cycles");
    std::mt19937_64 rng(0xf0e);
    for (int i = 0; i < 200; ++i) {
      std::string option, flag = "--";
      for (int c = 1 + static_cast<int>(rng() % 20); c > 0; --c) {
        const char ch = "abcdefghijklmnopqrstuvwxyz0123456789__"[rng() % 38];
        option += ch;
        flag += ch == '_' ? '-' : ch;
      }
      CHECK(spelled(option, FrontEnd::kCli) == flag);
      CHECK(spelled(option, FrontEnd::kPython) == option);
    }
  }
}
