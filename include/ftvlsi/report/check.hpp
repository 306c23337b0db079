#pragma once
// `ftvlsi check`: every bound of the papers stated as a claim, measured on our own constructions
// over a sweep of sizes, and judged by a stated rule (docs/checks.md).
//
// A check is data (its ID, claim, source and sizes) plus one function that measures, per size,
// the quantity the claim bounds and the bound's value. A check has one or more series (e.g. a 2D
// and a 3D decomposition); each series has its own rule and the check's verdict is the worst
// of them. Rules:
//   upper: every ratio measured / bound is at most `constant`, and (when `epsilon` is set) the
//          least-squares growth exponent of the ratio is at most epsilon: against lg n for a
//          polylogarithmic claim (ratio ∝ lg^β n, fitted over every size), against n for a
//          polynomial one (ratio ∝ n^e, over the larger half of the sizes);
//   lower: every ratio is at least `constant` (a lower bound such as Omega(sqrt A));
// A claim that cannot bite at runnable sizes (its bound below a trivial one) is `inconclusive`,
// with the extrapolated size where it would; a claim with nothing to measure yet is
// `not measured`, never a pass.
//
// Every rule states its power: the smallest extra factor it would detect at the sizes run. And a
// check carries a control: a deliberately worse construction or algorithm of the same sizes,
// built and measured like the original, which the same rules must fail (`check --controls`).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/core/progress.hpp"
#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

enum class Verdict { kPass, kFail, kInconclusive, kNotMeasured };
inline constexpr NameTable<Verdict, 4> kVerdictNames{{
    {Verdict::kPass, "pass"},
    {Verdict::kFail, "fail"},
    {Verdict::kInconclusive, "inconclusive"},
    {Verdict::kNotMeasured, "not measured"},
}};
constexpr std::string_view to_string(Verdict v) {
  return name_of(kVerdictNames, v);
}

// What a growth rule fits the ratio against.
enum class GrowthVariable { kN, kLgN };
inline constexpr NameTable<GrowthVariable, 2> kGrowthVariableNames{{
    {GrowthVariable::kN, "n"},
    {GrowthVariable::kLgN, "lg n"},
}};
constexpr std::string_view to_string(GrowthVariable v) {
  return name_of(kGrowthVariableNames, v);
}

struct CheckRule {
  enum class Kind { kUpper, kLower } kind = Kind::kUpper;
  double constant = 1;            // upper: infinity for a rule on the growth exponent alone
  std::optional<double> epsilon;  // upper rules: the growth exponent's limit
  // Upper rules with both: pass when every ratio is within the constant *or* the exponent is
  // within epsilon (for randomized routing, whose cycle counts move in steps from size to size).
  bool either = false;
  GrowthVariable variable = GrowthVariable::kN;
  std::string text() const;  // the rule in words
  // Why the threshold is what it is, in one sentence (check.md, beside each verdict).
  std::string threshold() const;
};

struct CheckPoint {
  std::uint64_t n = 0;
  double measured = 0, bound = 0;
  double ratio() const { return bound > 0 ? measured / bound : 0; }
};

struct CheckSeries {
  std::string label;  // what is measured, e.g. "volume / (w lg(n/w))^(3/2)"
  CheckRule rule;
  std::vector<CheckPoint> points;
  // Filled by judge(): the fitted exponent of the ratio over the larger half, the verdict, and
  // a sentence saying why (which size broke the rule, or where the bound would bite).
  double exponent = 0;
  Verdict verdict = Verdict::kNotMeasured;
  std::string reason;
  // Filled by judge(): the smallest extra factor the rule would detect at these sizes, in words,
  // and as an exponent of the rule's variable (growth rules; 0 for constant rules).
  std::string power;
  double power_exponent = 0;
  // Set by the measurement when the bound cannot bite at runnable sizes.
  std::optional<std::string> inconclusive;
};

// A check's negative control: what it builds instead, and the verdict the same rules give it
// (which must be fail). `run` is false when the controls were not asked for.
struct CheckControl {
  std::string description;
  bool run = false;
  Verdict verdict = Verdict::kNotMeasured;
  std::vector<CheckSeries> series;
};

struct CheckResult {
  std::string id, claim, source;
  std::vector<CheckSeries> series;  // the first is the headline
  Verdict verdict = Verdict::kNotMeasured;
  double seconds = 0;
  std::string note;  // what the check measures, and what it cannot
  CheckControl control;
};

// Judges one series by its rule (fills exponent, verdict and reason).
void judge(CheckSeries& s);
// The least-squares slope of log y against log x over the larger half of the points (at least
// two); 0 with fewer than two.
double growth_exponent(const std::vector<std::pair<double, double>>& points);
// The least-squares slope of log y against log lg x over every point: the β of y ∝ lg^β x.
double lg_exponent(const std::vector<std::pair<double, double>>& points);

// Deliberate damage for tests: the measurement of check `id` passes every measured value through
// `tamper(n, value)` before judging (to show that a broken construction fails, naming the size).
struct CheckTamper {
  std::string id;
  std::function<double(std::uint64_t n, double measured)> tamper;
  // Checks that build fat-trees (GL-area, G-1): replaces the tree's parameters (a broken
  // capacity profile) before it is laid out.
  std::function<FatTreeParams(std::uint64_t n, const FatTree& tree)> capacities;
};

struct CheckOptions {
  std::vector<std::string> ids;  // empty: every check
  bool full = false;             // larger sweeps (up to 30 minutes); quick otherwise
  std::uint64_t seed = 1;
  std::optional<std::uint64_t> tiny;  // tests: every size capped at this
  std::vector<CheckTamper> tampers;
  // Called as each check starts (result empty) and ends.
  std::function<void(const std::string& id, const CheckResult* done)> progress;
  // Called as each size of a check starts: ("n = 4096", done, total), done and total counting
  // n lg n over the check's sizes (and its control's, with --controls).
  ProgressFn within;
  // --technology FILE: Greenberg's C1 and C2 judged on its wire-delay model (docs/technology.md).
  std::optional<Technology> technology;
  // Only the checks this shard owns (docs/cluster.md); report/check_partial.hpp writes them.
  Shard shard;
  // --controls: each check's control is run and judged too.
  bool controls = false;
  // --jobs: how many measurements (a check's own series, its control's) run side by side; 0: one
  // per hardware thread, as many as the memory holds at --full. The results do not depend on it.
  std::size_t jobs = 0;
};

struct CheckInfo {
  std::string id, claim, source, control;  // control: its description, "" when it has none
};
// Every check, in order (the IDs are a contract).
std::vector<CheckInfo> list_checks();

// Throws InputError naming the valid IDs for an unknown one.
std::vector<CheckResult> run_checks(const CheckOptions& options);
// The IDs run_checks runs, in order, before sharding (all checks when options.ids is empty).
std::vector<std::string> chosen_checks(const CheckOptions& options);

struct CheckSummary {
  std::uint64_t pass = 0, fail = 0, inconclusive = 0, not_measured = 0;
};
CheckSummary summarise(const std::vector<CheckResult>& results);
// With --controls: true when every control ran and failed, as it must.
bool controls_all_fail(const std::vector<CheckResult>& results);

// check.md, check.json and one SVG plot per check (ratio against n, the threshold drawn).
std::string check_markdown(const std::vector<CheckResult>& results, bool with_plots);
std::string check_json(const std::vector<CheckResult>& results, const CheckOptions& options);
std::string check_plot_svg(const CheckResult& result);
// The technology's section of check.md (its delay model, C1 and C2); empty without one.
std::string check_technology_markdown(const CheckOptions& options);
std::string check_plot_file(const std::string& id);  // "check-L-T1.svg"; GL-§6: "check-GL-S6.svg"
// Writes check.md, check.json and the plots into `dir` (created if missing), each file under a
// temporary name renamed when complete; returns the file names.
std::vector<std::string> write_check_report(const std::vector<CheckResult>& results,
                                            const CheckOptions& options, const std::string& dir);

}  // namespace ftvlsi
