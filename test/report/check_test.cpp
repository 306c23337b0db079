#include "ftvlsi/report/check.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <nlohmann/json.hpp>
#include <thread>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "report/check_measures.hpp"

using namespace ftvlsi;

namespace {

CheckSeries synthetic(CheckRule rule, double (*f)(double)) {
  CheckSeries s;
  s.rule = rule;
  for (int e = 6; e <= 20; e += 2) {
    const auto n = std::uint64_t{1} << e;
    s.points.push_back({n, f(static_cast<double>(n)), 1.0});
  }
  judge(s);
  return s;
}

CheckRule growth(double epsilon) {
  return {CheckRule::Kind::kUpper, std::numeric_limits<double>::infinity(), epsilon};
}

const CheckResult& only(const std::vector<CheckResult>& r) {
  REQUIRE(r.size() == 1);
  return r.front();
}

}  // namespace

TEST_SUITE("check") {
  TEST_CASE("the verdict rule on synthetic series: flat, like lg n, like sqrt n") {
    const auto flat = synthetic(growth(0.05), [](double) { return 3.0; });
    CHECK(flat.exponent == doctest::Approx(0).epsilon(1e-9));
    CHECK(flat.verdict == Verdict::kPass);
    // lg n over the larger half (2^14 .. 2^20) grows like n^(ln(20/14) / ln 2^6) = n^0.086.
    const auto lg = synthetic(growth(0.05), [](double n) { return std::log2(n); });
    CHECK(lg.exponent == doctest::Approx(0.0855).epsilon(0.05));
    CHECK(lg.verdict == Verdict::kFail);
    CHECK(synthetic(growth(0.1), [](double n) { return std::log2(n); }).verdict == Verdict::kPass);
    const auto root = synthetic(growth(0.1), [](double n) { return std::sqrt(n); });
    CHECK(root.exponent == doctest::Approx(0.5));
    CHECK(root.verdict == Verdict::kFail);
    CHECK(root.reason.find("n^0.500") != std::string::npos);
    // Either rule (randomized routing): within the constant, or flat enough.
    const CheckRule either{CheckRule::Kind::kUpper, 100.0, 0.1, true};
    CHECK(synthetic(either, [](double n) { return std::pow(n, 0.3); }).verdict == Verdict::kPass);
    CHECK(synthetic(either, [](double n) { return std::sqrt(n); }).verdict == Verdict::kFail);
    CHECK(synthetic(either, [](double n) { return n < 1e5 ? 1.0 : 200.0 + 0 * n; }).verdict ==
          Verdict::kFail);
    // Constant rules: an exact bound, and a lower bound.
    const auto under = synthetic({CheckRule::Kind::kUpper, 1.0, std::nullopt},
                                 [](double n) { return n >= 65536 ? 1.5 : 0.9; });
    CHECK(under.verdict == Verdict::kFail);
    CHECK(under.reason.find("at n = 65536") != std::string::npos);
    const auto above = synthetic({CheckRule::Kind::kLower, 0.25, std::nullopt},
                                 [](double n) { return 1 / std::log2(n); });
    CHECK(above.verdict == Verdict::kFail);  // 1/lg n drops below 0.25 at n = 2^6 .. : 1/6 < 0.25
    CHECK(synthetic({CheckRule::Kind::kLower, 0.04, std::nullopt}, [](double n) {
            return 1 / std::log2(n);
          }).verdict == Verdict::kPass);
  }

  TEST_CASE("every ID runs at a tiny size and none fails on our own constructions") {
    CheckOptions o;
    o.tiny = 64;
    const auto results = run_checks(o);
    REQUIRE(results.size() == list_checks().size());
    const std::vector<std::string> ids{
        "L-T1",  "L-C2",  "L-L3",       "L-T4",        "L-T5",      "L-L6",   "L-T8",
        "L-T10", "L-IV",  "GL-area",    "GL-T8",       "GL-T9",     "GL-T11", "G-1",
        "G-2.1", "G-4.1", "G-headline", "G3-headline", "D-compose", "D-route"};
    // The checks added later follow, in order (after any others added beside them).
    const std::vector<std::string> added{"L-C9",   "L-VI",   "D-latency",
                                         "D-load", "D-flat", "D-faults"};
    for (std::size_t i = 0; i < ids.size(); ++i) {
      CAPTURE(ids[i]);
      CHECK(results[i].id == ids[i]);
      CHECK(results[i].verdict != Verdict::kFail);
      CHECK_FALSE(results[i].series.empty());
    }
    std::size_t at = 0;
    for (const auto& id : added) {
      while (at < results.size() && results[at].id != id) ++at;
      CAPTURE(id);
      REQUIRE(at < results.size());
      CHECK(results[at].verdict != Verdict::kFail);
    }
    const auto j = nlohmann::json::parse(check_json(results, o));
    for (const char* key : {"id", "claim", "source", "sizes", "measured", "bound", "ratio",
                            "exponent", "verdict", "rule"})
      CHECK(j["checks"][0].contains(key));
    CHECK(j["summary"]["not_measured"] == 0);
    CHECK(j["summary"]["fail"] == 0);
    CHECK(check_markdown(results, true).find("## G-headline") != std::string::npos);
    CHECK(check_plot_svg(results[0]).find("<svg") != std::string::npos);
  }

  TEST_CASE("measurements side by side give the results of one at a time, byte for byte") {
    CheckOptions o;
    o.ids = {"L-T1", "GL-T11", "G-1", "L-VI", "D-compose"};
    o.controls = true;
    o.tiny = 4096;
    o.jobs = 1;
    const auto one = run_checks(o);
    o.jobs = 3;
    std::vector<std::string> order;  // the progress calls, as the checks start and end
    o.progress = [&](const std::string& id, const CheckResult* done) {
      order.push_back((done ? "end " : "start ") + id);
    };
    const auto three = run_checks(o);
    CHECK(check_json(three, o) == check_json(one, o));
    CHECK(check_markdown(three, true) == check_markdown(one, true));
    REQUIRE(order.size() == 10);
    for (const auto& id : o.ids) {  // each check starts once and ends once, after its start
      const auto start = std::find(order.begin(), order.end(), "start " + id);
      const auto end = std::find(order.begin(), order.end(), "end " + id);
      CHECK(start < end);
      CHECK(end != order.end());
    }
  }

  TEST_CASE("a measurement that throws stops the one beside it, and its error reaches the caller") {
    CheckOptions o;
    o.ids = {"L-T1", "L-C2"};  // each on its own worker
    o.jobs = 2;
    std::atomic<bool> failed{false};
    int after = 0;  // L-C2's sizes measured after L-T1 failed
    CheckTamper fail, wait;
    fail.id = "L-T1";
    fail.tamper = [&](std::uint64_t, double) -> double {
      failed = true;
      throw InputError(1, "a measurement failed");
    };
    wait.id = "L-C2";
    wait.tamper = [&](std::uint64_t, double v) {
      while (!failed) std::this_thread::yield();
      // The stop reaches L-C2 at its next poll, within kCancelHookInterval; give it 100 of them.
      for (int i = 0; i < 100; ++i) {
        poll_cancel();
        std::this_thread::sleep_for(kCancelHookInterval);
      }
      ++after;
      return v;
    };
    o.tampers = {fail, wait};
    CHECK_THROWS_WITH_AS(run_checks(o), doctest::Contains("a measurement failed"), InputError);
    CHECK(after == 0);
  }

  TEST_CASE("a composition with one stack too many fails D-compose, naming the size") {
    CheckOptions o;
    o.ids = {"D-compose"};
    CheckTamper t;
    t.id = "D-compose";
    t.tamper = [](std::uint64_t n, double v) { return n == 12288 ? v + 1 : v; };
    o.tampers = {t};
    const auto results = run_checks(o);
    REQUIRE(results.size() == 1);
    CHECK(results[0].verdict == Verdict::kFail);
    CHECK(results[0].series[0].reason.find("12288") != std::string::npos);
  }

  TEST_CASE(
      "GL-T9 is judged at every size by the proof's step, and the off-line schedule fails it") {
    CheckOptions o;
    o.ids = {"GL-T9"};
    o.tiny = 1024;
    o.controls = true;
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kPass);
    // Below lg n = 24 the bound λ lg n / 24 is under the trivial λ: only the step is judged.
    REQUIRE(r.series.size() == 1);
    for (const auto& p : r.series.front().points) CHECK(p.measured >= p.bound);
    CHECK(r.control.verdict == Verdict::kFail);
  }

  TEST_CASE("L-IV: every switch connects its guarantee, and one input lost anywhere fails it") {
    CheckOptions o;
    o.ids = {"L-IV"};
    o.tiny = 512;
    o.controls = true;
    const CheckResult r = only(run_checks(o));
    CHECK(r.verdict == Verdict::kPass);
    for (const auto& p : r.series.front().points) CHECK(p.measured == 1.0);
    CHECK(r.control.verdict == Verdict::kFail);
    CHECK(r.control.series.front().points.back().measured < 1.0);
    o.controls = false;
    // A switch that connected 63 of 64 inputs at n = 512 only.
    o.tampers.push_back(
        {"L-IV", [](std::uint64_t n, double v) { return n == 512 ? v * 63 / 64 : v; }, nullptr});
    const CheckResult broken = only(run_checks(o));
    CHECK(broken.verdict == Verdict::kFail);
    CHECK(broken.series.front().reason.find("512") != std::string::npos);
  }

  TEST_CASE("a layout with a stretched level fails G-4.1, naming the sizes") {
    CheckOptions o;
    o.ids = {"G-4.1"};
    o.tiny = 4096;
    o.tampers.push_back(
        {"G-4.1", [](std::uint64_t n, double v) { return v * std::sqrt(double(n)); }, nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    INFO(r.series.front().reason);
    // Fitted against lg n: a √n stretch is lg^3.3 n over 2^6 … 2^12, far past the limit 0.5.
    CHECK(r.series.front().reason.find("grows like lg n: lg^3.") != std::string::npos);
    CHECK(r.series.front().reason.find("n = 64 … 4096") != std::string::npos);
  }

  TEST_CASE("a 3D fat-tree that crossed its switches for free fails G3-headline's lower bound") {
    // Charged nothing for its slab switches, the cube's Δ / cbrt V falls below 4 (G3-headline's
    // rule): here the measured slowdown is divided by the span charge's growth instead.
    CheckOptions o;
    o.ids = {"G3-headline"};
    o.tampers.push_back({"G3-headline",
                         [](std::uint64_t n, double v) { return v / std::cbrt(double(n)); },
                         nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    CHECK(r.series[0].verdict == Verdict::kFail);
    CHECK(r.series[1].verdict == Verdict::kPass);
  }

  TEST_CASE("a capacity profile with a fattened root channel fails GL-area") {
    CheckOptions o;
    o.ids = {"GL-area"};
    o.tampers.push_back({"GL-area", nullptr, [](std::uint64_t n, const FatTree& tree) {
                           FatTreeParams p;
                           p.processors = n;
                           p.capacity.profile = CapacityProfile::kCustom;
                           p.capacity.custom = tree.capacities();
                           p.capacity.custom[0] *= static_cast<std::uint64_t>(std::log2(double(n)));
                           return p;
                         }});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    CHECK(r.series[1].verdict == Verdict::kFail);  // root / sqrt n grows like lg n
  }

  TEST_CASE("a broken balanced tree fails Theorem 8's exact bound at the size it broke") {
    CheckOptions o;
    o.ids = {"L-T8"};
    // Judged on the levels whose pieces hold two processors or more, our trees sit 12-14x under
    // Theorem 8's 4 Σ w_k (the rule's power says so): a tree 20x worse from n = 4096 on fails.
    const auto clean = run_checks(o);
    CHECK(only(clean).series.front().power.find("detects a factor 1") == 0);
    o.tampers.push_back(
        {"L-T8", [](std::uint64_t n, double v) { return n >= 4096 ? 20 * v : v; }, nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    INFO(r.series.front().reason);
    CHECK(r.series.front().reason.find("at n = 4096") != std::string::npos);
  }

  TEST_CASE("a balanced tree 20x over its own breaks Corollary 9's bound at the size it broke") {
    CheckOptions o;
    o.ids = {"L-C9"};
    o.tiny = 4096;
    o.tampers.push_back(
        {"L-C9", [](std::uint64_t n, double v) { return n >= 4096 ? 20 * v : v; }, nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    INFO(r.series.front().reason);
    CHECK(r.series.front().reason.find("at n = 4096") != std::string::npos);
    // The pieces stay halved: only the tampered bandwidth series fails.
    CHECK(r.series.back().verdict == Verdict::kPass);
  }

  TEST_CASE("permutations taking lg n cycles fail L-VI, and the root-capacity-n tree takes one") {
    CheckOptions o;
    o.ids = {"L-VI"};
    o.tiny = 1024;
    const auto clean_results = run_checks(o);
    const CheckResult& clean = only(clean_results);
    CHECK(clean.verdict == Verdict::kPass);
    for (std::size_t i = 0; i < 3; ++i)
      for (const auto& p : clean.series[i].points) CHECK(p.measured == 1);
    o.tampers.push_back(
        {"L-VI", [](std::uint64_t n, double v) { return v * std::log2(double(n)); }, nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    CHECK(r.series.front().reason.find("lg n: lg^1.000") != std::string::npos);
  }

  TEST_CASE("random wiring that kept fewer pairs connected than deterministic fails D-faults") {
    CheckOptions o;
    o.ids = {"D-faults"};
    o.tampers.push_back({"D-faults", [](std::uint64_t, double v) { return 0.85 * v; }, nullptr});
    const auto results = run_checks(o);
    const CheckResult& r = only(results);
    CHECK(r.verdict == Verdict::kFail);
    CHECK(r.series.front().verdict == Verdict::kFail);
  }

  TEST_CASE("an unknown ID names the valid ones") {
    CheckOptions o;
    o.ids = {"L-T99"};
    try {
      run_checks(o);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("L-T1, L-C2") != std::string::npos);
    }
  }
}

TEST_SUITE("check controls") {
  TEST_CASE("a polylogarithmic rule fits the ratio against lg n and states its power") {
    CheckSeries s;
    s.rule = {CheckRule::Kind::kUpper, std::numeric_limits<double>::infinity(), 0.4};
    s.rule.variable = GrowthVariable::kLgN;
    for (int e = 6; e <= 20; e += 2) {
      const double n = std::ldexp(1.0, e);
      s.points.push_back({std::uint64_t{1} << e, std::pow(std::log2(n), 2.0), 1.0});
    }
    judge(s);
    CHECK(s.exponent == doctest::Approx(2.0));
    CHECK(s.verdict == Verdict::kFail);
    CHECK(s.reason.find("lg^2.000") != std::string::npos);
    // Flat: passes, and would detect an extra lg^0.4 n.
    for (auto& p : s.points) p.measured = 3.0;
    judge(s);
    CHECK(s.verdict == Verdict::kPass);
    CHECK(s.power_exponent == doctest::Approx(0.4));
    CHECK(s.power.find("lg^0.40 n") != std::string::npos);
    // The n rule cannot tell an extra lg n over these sizes (0.086 < 0.1); the lg n rule can.
    for (auto& p : s.points) p.measured = std::log2(static_cast<double>(p.n));
    judge(s);
    CHECK(s.exponent == doctest::Approx(1.0));
    CHECK(s.verdict == Verdict::kFail);
  }

  // The randomized measurements are means over more seeds at small sizes (docs/checks.md,
  // "Seeds"): with one seed, --seed 2 failed G3-headline and G-2.1, and --seed 3 GL-T11, G-3.3 and
  // G-3.5, on our own constructions.
  TEST_CASE("the randomized checks pass on our own constructions with other seeds (--quick)") {
    const std::vector<std::pair<std::uint64_t, std::vector<std::string>>> runs{
        {2, {"G3-headline", "G-2.1"}}, {3, {"GL-T11", "G-3.3", "G-3.5"}}};
    for (const auto& [seed, ids] : runs) {
      CheckOptions o;
      o.seed = seed;
      o.ids = ids;
      const auto results = run_checks(o);
      REQUIRE(results.size() == o.ids.size());
      for (const auto& r : results) {
        CAPTURE(seed);
        CAPTURE(r.id);
        CHECK(r.verdict == Verdict::kPass);
      }
    }
  }

  TEST_CASE("every control fails its check's rules, and the checks pass (--quick)") {
    CheckOptions o;
    o.controls = true;
    const auto results = run_checks(o);
    REQUIRE(results.size() == list_checks().size());
    for (const auto& r : results) {
      CAPTURE(r.id);
      // G-5.2's bound improves on G-5.1's only beyond A_R = A_F², which no runnable network
      // reaches: it is inconclusive, saying so (docs/checks.md).
      CHECK(r.verdict == (r.id == "G-5.2" ? Verdict::kInconclusive : Verdict::kPass));
      CHECK(r.control.run);
      CHECK(!r.control.description.empty());
      CHECK(r.control.verdict == Verdict::kFail);
      for (const auto& s : r.series) CHECK(!s.power.empty());
    }
    CHECK(controls_all_fail(results));
    const auto j = nlohmann::json::parse(check_json(results, o));
    for (const auto& c : j["checks"]) {
      CHECK(c["control"]["verdict"] == "fail");
      CHECK((c["variable"] == "lg n" || c["variable"] == "n"));
      CHECK(c["power"]["text"].get<std::string>().find("detects") == 0);
    }
  }

  TEST_CASE("every check has a control, and one not run or passing is not evidence") {
    CheckOptions o;
    o.ids = {"D-compose", "L-L3"};
    o.tiny = 4096;
    o.controls = true;
    auto results = run_checks(o);
    REQUIRE(results.size() == 2);
    CHECK(controls_all_fail(results));
    results.front().control.run = false;
    CHECK(!controls_all_fail(results));
    CHECK(check_markdown(results, false).find("not run") != std::string::npos);
    results.front().control.run = true;
    results.front().control.verdict = Verdict::kPass;
    CHECK(!controls_all_fail(results));
    CHECK(check_markdown(results, false).find("(it must fail)") != std::string::npos);
    // The list of every check names a control for each.
    CheckOptions all;
    all.tiny = 64;
    all.ids = {};
    for (const auto& r : run_checks(all)) {
      CAPTURE(r.id);
      CHECK(!r.control.description.empty());
    }
  }
}

TEST_SUITE("check notes") {
  TEST_CASE("a note's growth figure (lg^x n) is what the check's own run measures") {
    CheckOptions o;
    const auto results = run_checks(o);
    int figures = 0;
    for (const auto& r : results) {
      const std::string& note = r.note;
      for (auto at = note.find("lg^"); at != std::string::npos; at = note.find("lg^", at + 3)) {
        std::size_t used = 0;
        const double stated = std::stod(note.substr(at + 3), &used);
        if (note.compare(at + 3 + used, 2, " n") != 0) continue;  // not a growth figure
        CAPTURE(r.id);
        CAPTURE(stated);
        bool found = false;
        for (const auto& s : r.series) found = found || std::abs(s.exponent - stated) <= 0.15;
        CHECK(found);
        ++figures;
      }
    }
    CHECK(figures >= 1);
  }
}

TEST_SUITE("check controls") {
  TEST_CASE("L-L3's partial switches pass, and crossbars or one layer pair a wire fail them") {
    // The H-tree's switches drawn inside (crossbars as the control) and the cube's boxes (one
    // layer pair a wire as the control), each series judged on its own.
    const std::vector<std::uint64_t> sizes{64, 256, 1024, 4096};
    for (const bool control : {false, true}) {
      detail::Ctx ctx;
      ctx.control = control;
      auto series = detail::measure_l_l3(sizes, ctx);
      REQUIRE(series.size() == 7);
      for (const std::size_t i : {std::size_t{4}, std::size_t{6}}) {
        CheckSeries& drawn = series[i];
        CAPTURE(drawn.label);
        REQUIRE(drawn.label.find("partial-concentrator") != std::string::npos);
        judge(drawn);
        CAPTURE(drawn.exponent);
        CHECK(drawn.verdict == (control ? Verdict::kFail : Verdict::kPass));
      }
    }
  }
}
