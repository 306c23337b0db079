// A check shard's partial result keeps every figure exactly: written and read back it is the same
// document (an infinite rule constant included), same_check_run tells one run's shards from
// another's, and a document of another kind is refused.
#include "ftvlsi/report/check_partial.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "support/random_values.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_double;
using ftvlsi::test::random_shard;
using ftvlsi::test::random_text;

namespace {

CheckSeries random_series(std::mt19937_64& rng) {
  CheckSeries s;
  s.label = random_text(rng);
  s.rule.kind = rng() % 2 ? CheckRule::Kind::kUpper : CheckRule::Kind::kLower;
  s.rule.constant = rng() % 4 == 0 ? std::numeric_limits<double>::infinity() : random_double(rng);
  if (rng() % 2) s.rule.epsilon = random_double(rng);
  s.rule.either = rng() % 2;
  s.rule.variable = rng() % 2 ? GrowthVariable::kN : GrowthVariable::kLgN;
  for (int i = static_cast<int>(rng() % 6); i > 0; --i)
    s.points.push_back({rng(), random_double(rng), random_double(rng)});
  s.exponent = random_double(rng);
  s.verdict = static_cast<Verdict>(rng() % 4);
  s.reason = random_text(rng);
  s.power = random_text(rng);
  s.power_exponent = random_double(rng);
  if (rng() % 2) s.inconclusive = random_text(rng);
  return s;
}

CheckPartial random_partial(std::mt19937_64& rng) {
  CheckPartial p;
  p.options.shard = random_shard(rng);
  p.options.full = rng() % 2;
  p.options.seed = rng();
  p.options.controls = rng() % 2;
  for (int i = static_cast<int>(rng() % 3); i > 0; --i) p.options.ids.push_back(random_text(rng));
  p.total = 1 + rng() % 30;
  for (std::uint64_t i = p.options.shard.k - 1; i < p.total; i += p.options.shard.n) {
    CheckResult r;
    r.id = random_text(rng), r.claim = random_text(rng), r.source = random_text(rng);
    for (int s = static_cast<int>(rng() % 3); s > 0; --s) r.series.push_back(random_series(rng));
    r.verdict = static_cast<Verdict>(rng() % 4);
    r.seconds = random_double(rng);
    r.note = random_text(rng);
    r.control.description = random_text(rng);
    r.control.run = rng() % 2;
    r.control.verdict = static_cast<Verdict>(rng() % 4);
    if (rng() % 2) r.control.series.push_back(random_series(rng));
    p.results.emplace_back(i, r);
  }
  return p;
}

}  // namespace

TEST_SUITE("check_partial") {
  TEST_CASE("written and read back, a partial is the same document with every figure exact") {
    std::mt19937_64 rng(0xc4e);
    for (int trial = 0; trial < 100; ++trial) {
      const CheckPartial p = random_partial(rng);
      const std::string text = check_partial_json(p);
      const CheckPartial back = parse_check_partial(text, "c.json");
      CAPTURE(trial);
      CHECK(check_partial_json(back) == text);
      CHECK(back.total == p.total);
      CHECK(back.options.ids == p.options.ids);
      CHECK(back.options.seed == p.options.seed);
      CHECK(back.options.shard.k == p.options.shard.k);
      REQUIRE(back.results.size() == p.results.size());
      for (std::size_t i = 0; i < p.results.size(); ++i) {
        const CheckResult &a = p.results[i].second, &b = back.results[i].second;
        CHECK(back.results[i].first == p.results[i].first);
        CHECK(b.verdict == a.verdict);
        CHECK(b.seconds == a.seconds);
        REQUIRE(b.series.size() == a.series.size());
        for (std::size_t s = 0; s < a.series.size(); ++s) {
          CHECK(b.series[s].rule.constant == a.series[s].rule.constant);  // inf too
          CHECK(b.series[s].rule.epsilon == a.series[s].rule.epsilon);
          CHECK(b.series[s].rule.variable == a.series[s].rule.variable);
          CHECK(b.series[s].inconclusive == a.series[s].inconclusive);
          REQUIRE(b.series[s].points.size() == a.series[s].points.size());
          for (std::size_t k = 0; k < a.series[s].points.size(); ++k) {
            CHECK(b.series[s].points[k].n == a.series[s].points[k].n);
            CHECK(b.series[s].points[k].measured == a.series[s].points[k].measured);
            CHECK(b.series[s].points[k].bound == a.series[s].points[k].bound);
          }
        }
      }
      CHECK(same_check_run(p, back));
    }
  }

  TEST_CASE("shards of one run are the same run, another N, total or option is not") {
    std::mt19937_64 rng(0xc4f);
    const CheckPartial a = random_partial(rng);
    CheckPartial b = a;
    b.options.shard.k = a.options.shard.k % a.options.shard.n + 1;
    b.results.clear();
    CHECK(same_check_run(a, b));
    CheckPartial n = a;
    ++n.options.shard.n;
    CHECK_FALSE(same_check_run(a, n));
    CheckPartial total = a;
    ++total.total;
    CHECK_FALSE(same_check_run(a, total));
    CheckPartial full = a;
    full.options.full = !a.options.full;
    CHECK_FALSE(same_check_run(a, full));
    CheckPartial ids = a;
    ids.options.ids.push_back("L-T1");
    CHECK_FALSE(same_check_run(a, ids));
  }

  TEST_CASE("a document of another kind or an unknown verdict is refused") {
    std::mt19937_64 rng(0xc50);
    CheckPartial p = random_partial(rng);
    while (p.results.empty()) p = random_partial(rng);
    std::string text = check_partial_json(p);
    const std::string verdict =
        "\"verdict\": \"" + std::string(to_string(p.results[0].second.verdict)) + "\"";
    const auto at = text.find(verdict);
    REQUIRE(at != std::string::npos);
    text.replace(at, verdict.size(), "\"verdict\": \"maybe\"");
    CHECK_THROWS_AS(parse_check_partial(text, "c.json"), InputError);
    CHECK_THROWS_AS(parse_check_partial("{\"kind\": \"ftvlsi report partial\"}", "c.json"),
                    InputError);
    CHECK_THROWS_AS(parse_check_partial("nonsense", "c.json"), InputError);
  }
}
