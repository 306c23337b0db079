#include "ftvlsi/route/message_set.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

TEST_SUITE("message_set") {
  TEST_CASE("message files: a processor that does not exist or an empty file is an error") {
    CHECK(parse_messages("# a\n0 3\n3 0\n", "m", 4).size() == 2);
    CHECK_THROWS_AS(parse_messages("0 4\n", "m", 4), InputError);
    CHECK_THROWS_AS(parse_messages("# none\n", "m", 4), InputError);
    CHECK_THROWS_AS(parse_messages("0 x\n", "m", 4), InputError);
    PatternParams pp;
    pp.name = "spiral";
    CHECK_THROWS_AS(make_pattern(pp, 16), InputError);
  }

  TEST_CASE("every named pattern makes a set on n processors, and an unknown name lists them all") {
    for (const auto name : pattern_names()) {
      CAPTURE(std::string(name));
      PatternParams p;
      p.name = std::string(name);
      p.block = 4;
      const MessageSet m = make_pattern(p, 64);
      CHECK(m.size() == 64);
      for (const auto& [src, dst] : m) CHECK((src < 64 && dst < 64));
    }
    PatternParams p;
    p.name = "spiral";
    try {
      make_pattern(p, 64);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(e.id() == 6123);
      CHECK(std::string(e.what()) ==
            "unknown message pattern 'spiral'; valid patterns are permutation, bit-reversal, "
            "transpose, hot-spot, uniform, local");
    }
  }
}
