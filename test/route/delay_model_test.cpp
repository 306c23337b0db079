#include "ftvlsi/route/delay_model.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

RegularityVerdict verdict_of(const char* model) {
  return check_regularity(parse_delay_model(model));
}

}  // namespace

TEST_SUITE("delay_model") {
  TEST_CASE("the paper's examples: c d^q lg^k d with q < 1, or q = 1 and k <= 0, meet C1 and C2") {
    // Greenberg 1990 §4. The nondecreasing ones: q >= 0 and q + k / ln 2 >= 0
    // (docs/delay-conditions.md); d^0.9 lg^5 d meets C2 only from d = e^50, beyond any grid.
    for (const char* model :
         {"unit", "linear", "sqrt", "log", "poly:1,0.5,3", "poly:2,0.9,1", "poly:1,1,0",
          "poly:1,1,-0.5", "poly:3,0,2", "poly:1,0.9,5", "poly:1,0.5,-0.3"}) {
      CAPTURE(std::string(model));
      const RegularityVerdict v = verdict_of(model);
      CHECK(v.decided == Decided::kAnalytic);
      CHECK(v.nondecreasing);
      CHECK(v.c1);
      CHECK(v.c2);
      CHECK(v.c2_from >= 1);
    }
    CHECK(verdict_of("poly:1,0.9,5").c2_from == doctest::Approx(std::exp(50.0)));
    CHECK(verdict_of("sqrt").c2_from == 1);
  }

  TEST_CASE("d^2 and d^1.5 meet neither condition") {
    for (const char* model : {"poly:1,2,0", "poly:1,1.5,0", "poly:1,1.5,-1"}) {
      CAPTURE(std::string(model));
      const RegularityVerdict v = verdict_of(model);
      CHECK(v.nondecreasing);
      CHECK_FALSE(v.c1);
      CHECK_FALSE(v.c2);
    }
  }

  TEST_CASE("d lg d meets neither condition: C1 fails for x near 2^d") {
    // The old grid check passed C1 here: w(d+x)/w(d) over (lg d + x)/lg d grows like
    // lg x / d, so C1 fails at every d, but only once x passes about 2^d
    // (docs/delay-conditions.md, the case q = 1, k > 0).
    for (const char* model : {"poly:1,1,1", "poly:1,1,0.5", "poly:2,1,3"}) {
      CAPTURE(std::string(model));
      const RegularityVerdict v = verdict_of(model);
      CHECK(v.nondecreasing);
      CHECK_FALSE(v.c1);
      CHECK_FALSE(v.c2);
    }
    // The failure itself, at d = 16: within the bound at x = 2^15, beyond it at x = 2^20.
    const DelayModel w = parse_delay_model("poly:1,1,1");
    const auto ratio = [&](double d, double x) {
      return w(d + x) / w(d) / ((std::log2(d) + x) / std::log2(d));
    };
    CHECK(ratio(16, std::ldexp(1.0, 15)) <= 1);
    CHECK(ratio(16, std::ldexp(1.0, 20)) > 1);
  }

  TEST_CASE("a decreasing delay is refused even where C1 and C2 hold") {
    // 1/d, 1/lg d, and d/lg d, which falls on [2, e] (q + k / ln 2 = 1 - 1.44 < 0).
    for (const char* model : {"poly:1,-1,0", "poly:1,0,-1", "poly:1,1,-1", "poly:1,0.5,-0.5"}) {
      CAPTURE(std::string(model));
      const DelayModel w = parse_delay_model(model);
      const RegularityVerdict v = check_regularity(w);
      CHECK_FALSE(v.nondecreasing);
      CHECK_FALSE(v.c1);
      CHECK_FALSE(v.c2);
      CHECK(v.c1_from == 0);
      // It really falls somewhere on a fine grid of d in [1, 8].
      bool falls = false;
      for (double d = 1; d < 8; d += 1.0 / 64) falls = falls || w(d + 1.0 / 64) < w(d);
      CHECK(falls);
    }
    // Just inside the boundary q + k / ln 2 = 0 (k = -0.3466 at q = 0.5): nondecreasing.
    CHECK(verdict_of("poly:1,0.5,-0.34").nondecreasing);
  }

  TEST_CASE("tables are piecewise-linear and checked numerically") {
    const DelayModel t = parse_delay_model("table:4=10,1=1,2=4");  // sorted on parsing
    CHECK(t.name() == "table:1=1,2=4,4=10");
    CHECK(parse_delay_model(t.name()).name() == t.name());
    CHECK(t(0.5) == 1);  // constant below the first point
    CHECK(t(1.5) == doctest::Approx(2.5));
    CHECK(t(3) == doctest::Approx(7));
    CHECK(t(10) == doctest::Approx(28));  // the last slope, 3, beyond the last point

    const RegularityVerdict linear = verdict_of("table:1=1,1024=1024");
    CHECK(linear.decided == Decided::kNumeric);
    CHECK(linear.nondecreasing);
    CHECK(linear.c1);
    CHECK(linear.c2);

    for (const char* model : {"table:1=4,8=2,64=2", "table:1=1,2=3,4=2,8=8"}) {
      CAPTURE(std::string(model));
      const RegularityVerdict v = verdict_of(model);
      CHECK(v.decided == Decided::kNumeric);
      CHECK_FALSE(v.nondecreasing);
      CHECK_FALSE(v.c1);
      CHECK_FALSE(v.c2);
    }
    // A tail d - 1: C2 fails at every d ((d + x - 1)/(d - 1) > (d + x)/d), C1 holds.
    const RegularityVerdict tail = verdict_of("table:1=1,2=1,3=2");
    CHECK(tail.nondecreasing);
    CHECK(tail.c1);
    CHECK_FALSE(tail.c2);
  }

  TEST_CASE("model names parse and round-trip, and bad ones are input errors") {
    CHECK(parse_delay_model("linear")(10) == 10);
    CHECK(parse_delay_model("poly:2,1,0")(8) == doctest::Approx(16));
    CHECK(parse_delay_model(parse_delay_model("poly:2,0.5,1").name()).q == 0.5);
    CHECK_THROWS_AS(parse_delay_model("cubic"), InputError);
    CHECK_THROWS_AS(parse_delay_model("poly:1,2"), InputError);
    CHECK_THROWS_AS(parse_delay_model("poly:0,1,1"), InputError);
    for (const char* bad : {"table:", "table:1", "table:1=", "table:=2", "table:1=2,", "table:a=1",
                            "table:1=2x", "table:0=1", "table:1=0", "table:-1=2", "table:1=2,1=3",
                            "table:1=1,2=5,4=3", "table:1=inf"}) {
      CAPTURE(std::string(bad));
      try {
        parse_delay_model(bad);
        FAIL("accepted");
      } catch (const InputError& e) {
        const std::string what = e.what();
        CHECK(what.find("table:d1=w1,d2=w2,...") != std::string::npos);
        CHECK(what.find('\n') == std::string::npos);
      }
    }
  }

  TEST_CASE("every form of the name table parses to its kind, and an unknown name lists them all") {
    for (const auto& form : kDelayModelForms) {
      CAPTURE(std::string(form.name));
      std::string text(form.name);
      if (form.value == DelayModel::Kind::kPoly) text += ":2,0.5,1";
      if (form.value == DelayModel::Kind::kWire) text += ":1,2,0";
      if (form.value == DelayModel::Kind::kTable) text += ":1=1,2=4";
      const DelayModel m = parse_delay_model(text);
      CHECK(m.kind == form.value);
      CHECK(m.name() == text);
    }
    try {
      parse_delay_model("cubic");
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) ==
            "unknown delay model 'cubic'; valid models are unit, linear, sqrt, log, poly:c,q,k (c "
            "d^q lg^k d with c > 0), wire:c0,c1,c2 and table:d1=w1,d2=w2,...");
    }
  }
}
