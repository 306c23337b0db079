#include "ftvlsi/route/delay_model.hpp"

#include <doctest/doctest.h>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

TEST_SUITE("delay_model") {
  TEST_CASE("the paper's examples: d^q lg^k d with q < 1, or q = 1 and k <= 0, meet C1") {
    // (C2 for d^q lg^k d needs k / ln d <= 1 - q: from d = e^(k/(1-q)) on, which must lie within
    // the c <= 2^20 the check searches; d^0.9 lg^5 d would need c = 2^72.)
    for (const char* model : {"unit", "linear", "sqrt", "log", "poly:1,0.5,3", "poly:2,0.9,1",
                              "poly:1,1,0", "poly:1,1,-1", "poly:3,0,2"}) {
      CAPTURE(std::string(model));
      const RegularityVerdict v = check_regularity(parse_delay_model(model));
      CHECK(v.c1);
      CHECK(v.c2);  // C2, which implies C1, holds for all of them
    }
  }

  TEST_CASE("d^2 and d^1.5 meet neither condition; d lg d misses C2") {
    for (const char* model : {"poly:1,2,0", "poly:1,1.5,0"}) {
      CAPTURE(std::string(model));
      const RegularityVerdict v = check_regularity(parse_delay_model(model));
      CHECK_FALSE(v.c1);
      CHECK_FALSE(v.c2);
    }
    // d lg d grows faster than d at every d, so C2 fails; C1 fails only for x > 2^d, beyond any
    // grid, so it is not asserted.
    CHECK_FALSE(check_regularity(parse_delay_model("poly:1,1,1")).c2);
  }

  TEST_CASE("model names parse and round-trip, and bad ones are input errors") {
    CHECK(parse_delay_model("linear")(10) == 10);
    CHECK(parse_delay_model("poly:2,1,0")(8) == doctest::Approx(16));
    CHECK(parse_delay_model(parse_delay_model("poly:2,0.5,1").name()).q == 0.5);
    CHECK_THROWS_AS(parse_delay_model("cubic"), InputError);
    CHECK_THROWS_AS(parse_delay_model("poly:1,2"), InputError);
    CHECK_THROWS_AS(parse_delay_model("poly:0,1,1"), InputError);
  }
}
