#include "ftvlsi/report/check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>

#include "check_measures.hpp"
#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/plot_svg.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "ftvlsi/route/delay_model.hpp"

namespace ftvlsi {
namespace {

using u64 = std::uint64_t;

using detail::Entry;

// The controls, by check ID.
void attach_controls(std::vector<Entry>& entries) {
  for (auto& e : entries)
    for (const auto& c : detail::controls())
      if (c.id == std::string_view(e.id)) e.control_text = c.description;
}

std::vector<u64> powers(int from, int to, int step) {
  std::vector<u64> out;
  for (int e = from; e <= to; e += step) out.push_back(u64{1} << e);
  return out;
}

// Leiserson 1985's claims.
std::vector<Entry> leiserson_checks() {
  return {
      {"L-T1", "off-line schedule: every cycle one-cycle, d ≤ 2⌈λ⌉·L", "Leiserson 1985, Theorem 1",
       powers(6, 12, 2), powers(6, 22, 2), detail::measure_l_t1,
       "Theorem 1's matching-and-tracing sets, merged across levels where still one-cycle; every "
       "cycle is run through the simulator, and one that loses a message makes the check fail. "
       "On sets that load every turning level alike the merged schedule takes one cycle per "
       "level: the theorem's factor L is real there, so that series is judged against ⌈λ⌉·L. "
       "With Leiserson §IV's real switches (partial concentrators, up to 2^16) the schedule is "
       "built for capacity ⌊3/4 × wires⌋ and every cycle is routed through the switches' graphs "
       "by max-flow; a message without a free path fails the check."},
      {"L-C2", "capacities ≥ a lg n: d = O(a/(a−1) · λ)", "Leiserson 1985, Corollary 2",
       powers(6, 12, 2), powers(6, 20, 2), detail::measure_l_c2,
       "Corollary 2's fictitious capacities cap − lg n; the bound is 2a/(a−1)·λ with a = 2. On "
       "sets that load every turning level alike, Theorem 1's schedule (the control) needs λ·L/2 "
       "cycles, Corollary 2's at most 2λ."},
      {"L-L3", "node side Θ(m)", "Leiserson 1985, Lemma 3", powers(6, 14, 2), powers(6, 30, 2),
       detail::measure_l_l3,
       "Every switch of the area-universal H-tree against m, the drawn wires that end on it "
       "(its own cell's wires and the pins it exports); and, Lemma 3 proper, every switch box of "
       "the universal 3D cube: O(h√m) × O(h√m) × O(√m/h) for some h ≥ 1 holds exactly when "
       "(longest × thinnest side) / m and thinnest side / √m are O(1), m the drawn wires with an "
       "end on the box. With Leiserson §IV's switches drawn inside (--switch-model partial): in "
       "the H-tree the whole drawn switch — ports, components and their wires — against the "
       "node's channel wires; in the cube every switch box (components on one face, the "
       "interconnection routed in the third dimension), whose longest side / √m must stay O(1), "
       "m the drawn wires that leave the box."},
      {"L-T4", "volume and components of the universal fat-tree", "Leiserson 1985, Theorem 4",
       powers(9, 15, 3), powers(9, 30, 3), detail::measure_l_t4,
       "The cube layout meets Theorem 4's O((w lg(n/w))^(3/2)) (docs/theorem4.md); its ratio falls "
       "like lg^-0.9 n at these sizes. The components (Σ m over switches) are counted on the drawn "
       "cube, at w = n^(2/3) and at w = n^(5/6), where lg(w³/n²) is live."},
      {"L-T5",
       "decomposition tree (O(v^{2/3}), 4^{1/3}) in 3D and (O(√a), √2) in 2D",
       "Leiserson 1985, Theorem 5, and its planar analogue",
       {512, 4096, 32768},
       {512, 4096, 32768, 262144},
       detail::measure_l_t5,
       "Cutting-plane trees of 3D and 2D meshes; w_k the largest bandwidth at level k."},
      {"L-L6",
       "a pearl split with at most 2 cuts exists for every pair of strings",
       "Leiserson 1985, Lemma 6",
       {64, 1024, 16384},
       {64, 1024, 16384, 65536},
       detail::measure_l_l6,
       "The constructive split; a split that does not halve length and blacks exactly counts as "
       "99 strings."},
      {"L-T8", "balanced bound 4Σw_k", "Leiserson 1985, Theorem 8", powers(8, 14, 2),
       powers(8, 18, 2), detail::measure_l_t8, "Pearl-string balancing of planar networks."},
      {"L-T10",
       "a universal fat-tree of volume v simulates any network of volume v in O(lg³ n)",
       "Leiserson 1985, Theorem 10",
       {64, 512, 4096},
       {64, 512, 4096, 32768},
       detail::measure_l_t10,
       "Under the theorem's hypotheses: a 3D mesh, its processors padded to the cube host's volume "
       "(volume ratio within [0.8, 1.25]), t = 1 full step (every wire a message each way; λ in "
       "the series label) mapped by the balanced decomposition and routed by Theorem 1's off-line "
       "schedule, as the proof does; unit delay."},
      {"L-IV", "concentrator switches: any ⌊3s/4⌋ inputs connect, O(m) components, depth O(1)",
       "Leiserson 1985, §IV, after Pippenger's partial concentrators", powers(6, 12, 3),
       powers(6, 18, 3), detail::measure_l_iv,
       "Every switch of the universal fat-tree (root n^(2/3)), up and down, built from Pippenger's "
       "(r, 2r/3, 3/4) partial concentrators in cascade (one drawn design per level and kind, "
       "re-drawn when its verification fails, docs/design.md §2.7) and verified again by max-flow "
       "on subsets independent of the build's own: every subset where a level has ≤ 12 inputs, "
       "else greedy hardest subsets and 96 random ones. A test, not a proof, for wide levels."}};
}

// Greenberg & Leiserson 1986's, Greenberg 1990's and DeHon 1993's claims.
std::vector<Entry> later_checks() {
  return {
      {"GL-area", "area Θ(n lg² n) and root Θ(√n)", "Greenberg & Leiserson 1986, §2",
       powers(6, 16, 2), powers(6, 30, 2), detail::measure_gl_area,
       "The area-universal H-tree, measured from the layout."},
      {"GL-T8", "RANDOM in O(λ + lg n lg lg n)", "Greenberg & Leiserson 1986, Theorem 8",
       powers(6, 12, 2), powers(6, 16, 2), detail::measure_gl_t8,
       "RANDOM with TRY-GUESS and the practical constants k1 = k2 = r."},
      {"GL-T9",
       "GREEDY on Theorem 9's sets: at least λ lg n / 24 cycles",
       "Greenberg & Leiserson 1986, Theorem 9",
       {256, 1024, 4096},
       {256, 1024, 4096, 16384, 65536, u64{1} << 26},
       detail::measure_gl_t9,
       "The adversary's sets on GL86 §5's standard fat-tree of 4-way switches (profile four-way), "
       "routed by GREEDY with priority switches. The proof's step — each four-way level adds at "
       "least λ/12 cycles — is judged at every size; the bound λ lg n / 24 itself only where it "
       "exceeds the trivial λ, from lg n > 24 on (2^26 in --full: about 4 s and 1.1 GB with the "
       "control)."},
      {"GL-T11", "RANDOM' in O(λ) when every capacity is ≥ lg n",
       "Greenberg & Leiserson 1986, Theorem 11", powers(6, 12, 2), powers(6, 22, 2),
       detail::measure_gl_t11, "RANDOM' (Fig. 7) on constant capacity lg n."},
      {"G-1", "linear-size S = Θ(√A)", "Greenberg 1990, §2", powers(6, 16, 2), powers(6, 30, 2),
       detail::measure_g_1, "The linear-size H-tree with processors of area 16."},
      {"G-2.1", "geometric mapping λ = O(lg A)", "Greenberg 1990, Lemma 2.1", powers(8, 14, 2),
       powers(8, 18, 2), detail::measure_g_21,
       "Meshes and planar networks on their own channel layouts, linear-size host."},
      {"G-4.1", "fold-and-squash: level-l wires O(2^l lg A), stretch O(d + lg A)",
       "Greenberg 1990, §4 and Theorem 4.1", powers(6, 12, 2), powers(6, 16, 2),
       detail::measure_g_41, "The fold-and-squash fat-pyramid (4-neighbour mesh)."},
      {"G-headline", "linear delay: the fat-tree's Δ grows like √A, the fat-pyramid's like lg A",
       "Greenberg 1990, §1 and §4", powers(6, 12, 2), powers(6, 16, 2), detail::measure_g_headline,
       "A mesh's one step at equal total areas: its processors padded to the host's area "
       "(area ratio within [0.8, 1.25], Greenberg 1990 §3; docs/measurements.md)."},
      {"G3-headline",
       "3D, switch spans charged: the 3D fat-tree's Δ grows like ∛V, the 3D fat-pyramid's like "
       "lg V",
       "beyond the papers: the 3D analogue of Greenberg 1990 §1 (docs/simulate3d.md §4)",
       {64, 512, 4096},
       {64, 512, 4096, 32768},
       detail::measure_g3_headline,
       "A 3D mesh's one step on the Theorem 4 cube and on the 3D fat-pyramid lattice, every "
       "switch charged its span as wire (--switch-span); the mesh's processors padded to each "
       "host's volume (volume ratio within [0.8, 1.25])."},
      {"D-compose",
       "DeHon's compositions: 4K, 12K, 256K and 768K built from the paper's stacks",
       "DeHon 1993, §Examples, §Example Hybrid Fat-Trees",
       {4096, 12288},
       {4096, 12288, 262144, 786432},
       detail::measure_d_compose,
       "Leaf stacks and unit trees of each composition, counted on the built network: the "
       "distinct stacks its routers belong to (docs/dehon.md §2)."},
      {"D-route",
       "DeHon: 70-80 % of connections get through at full load, matched locality",
       "DeHon 1993, §Routing Performance",
       {4096, 12288},
       {4096, 12288, 262144, 786432},
       detail::measure_d_route,
       "The configuration reproduced: matched locality (a connection leaves a level-l subtree "
       "with probability C_l / 2P_l, traffic in proportion to the wires built for it); full load "
       "(every processor offers one connection per trial, on one of its 2 network inputs); "
       "circuit switching, one router per step, a random free equivalent output, dropped when "
       "none is free; two seeded trials per composition (docs/dehon.md §5)."}};
}

// Claims added after the first tables: Leiserson 1985's Corollary 9 and §VI remark, and DeHon
// 1993's latency, load, flat-network and fault claims (docs/checks.md).
std::vector<Entry> added_checks() {
  return {
      {"L-C9", "a (w, α) decomposition tree, 1 < α ≤ 2, gives a (4(α/(α−1))w, α) balanced tree",
       "Leiserson 1985, Corollary 9", powers(9, 15, 3), powers(9, 18, 3), detail::measure_l_c9,
       "w(α) = max_k w_k α^k from the measured cutting-plane tree makes it a (w, α) decomposition "
       "tree; the pearl-string balanced tree's pieces at level i are judged against "
       "4(α/(α−1)) w / α^i on the levels whose pieces hold two processors or more: planar "
       "networks at α = √2, 3D meshes at 4^(1/3), hypercubes given as network files at α = 2."},
      {"L-VI",
       "a universal fat-tree of volume O(n^{3/2}) routes any permutation off-line in O(1) "
       "delivery cycles",
       "Leiserson 1985, §VI, the remark after Theorem 10", powers(6, 12, 2), powers(6, 22, 2),
       detail::measure_l_vi,
       "Root capacity n (every channel cap(k) = n/2^k, so λ ≤ 1 for any permutation); Theorem 1's "
       "off-line schedule, every cycle run through the simulator; a delivery cycle crosses at most "
       "2 lg n + 1 channels, so O(1) cycles is O(lg n) time. The volume is the drawn cube's."},
      {"D-latency",
       "DeHon: the 768K hybrid's worst-case latency within 320 ns, 40 ns inside a cluster",
       "DeHon 1993, §Latency",
       {4096, 12288, 262144, 786432},
       {4096, 12288, 262144, 786432},
       detail::measure_d_latency,
       "Measured on the built network packaged as hollow cubes: 100 MHz RN1s, one clock per "
       "router stage, each class's longest cables (docs/dehon.md §4). The paper's 320 ns holds "
       "when the cables across the hollow centre are straight links at the speed of light, the "
       "optical scheme it proposes; with copper at 0.6 c along the drawn Manhattan paths it does "
       "not (the series label gives those figures)."},
      {"D-load",
       "DeHon: route probability against offered load 0.1 … 1, simulation beside the analytic "
       "model, above 70 % at every load",
       "DeHon 1993, §Routing Performance",
       {4096, 12288},
       {4096, 12288, 262144, 786432},
       detail::measure_d_load,
       "Matched locality, two seeded trials per load point; one series per load gives the "
       "simulated probability (measured) beside the stage-by-stage analytic model (bound), "
       "docs/dehon.md §5."},
      {"D-flat",
       "DeHon: the hybrid fat-tree gets more connections through, sooner, than a flat bidelta "
       "network of the same size",
       "DeHon 1993, §Routing Performance, §Latency",
       {12288},
       {12288, 786432},
       detail::measure_d_flat,
       "The hybrids (12K, 768K) at full load with matched locality, simulated, against a flat "
       "bidelta of the same processors and RN1s (Patel's recurrence over its radix-4 stages); "
       "expected latencies with straight links at c and average cables (docs/dehon.md §4, §5)."},
      {"D-faults",
       "DeHon: route probability and connectivity degrade gracefully under router faults, random "
       "wiring beating deterministic",
       "DeHon 1993, §Fault-Tolerance",
       {4096, 12288},
       {4096, 12288, 262144},
       detail::measure_d_faults,
       "10 % of the RN1s failed at random (single routers), and in pairs of neighbouring routers "
       "(one board): 2000 seeded pairs for the connectivity, two trials at full load for the "
       "route probability (docs/dehon.md §6)."}};
}

const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> all = leiserson_checks();
    for (auto& e : later_checks()) all.push_back(std::move(e));
    for (auto& e : added_checks()) all.push_back(std::move(e));
    for (auto& e : detail::online_checks()) all.push_back(std::move(e));
    for (auto& e : detail::greenberg_section_checks()) all.push_back(std::move(e));
    attach_controls(all);
    return all;
  }();
  return entries;
}

std::string ids_text() {
  std::string out;
  for (const auto& e : registry()) out += (out.empty() ? "" : ", ") + std::string(e.id);
  return out;
}

Verdict combine(const std::vector<CheckSeries>& series) {
  if (series.empty()) return Verdict::kNotMeasured;
  auto any = [&](Verdict v) {
    return std::any_of(series.begin(), series.end(), [&](const auto& s) { return s.verdict == v; });
  };
  if (any(Verdict::kFail)) return Verdict::kFail;
  if (any(Verdict::kNotMeasured)) return Verdict::kNotMeasured;
  if (any(Verdict::kInconclusive)) return Verdict::kInconclusive;
  return Verdict::kPass;
}

}  // namespace

std::string CheckRule::text() const {
  if (kind == Kind::kLower) return fmt::format("every ratio ≥ {:g}", constant);
  std::string out;
  if (std::isfinite(constant)) out = fmt::format("every ratio ≤ {:g}", constant);
  const char* joint = out.empty() ? "" : either ? ", or " : ", and ";
  if (epsilon && variable == GrowthVariable::kLgN)
    out += fmt::format("{}the ratio grows at most like lg^{:g} n (β fitted over every size)", joint,
                       *epsilon);
  else if (epsilon)
    out += fmt::format("{}the ratio grows at most like n^{:g} (fitted over the larger half)", joint,
                       *epsilon);
  return out;
}

std::string CheckRule::threshold() const {
  if (kind == Kind::kLower)
    return fmt::format(
        "a lower bound holds when the measured value stays at least {:g} times the paper's "
        "formula at every size, so a construction that beat the bound would fall below it",
        constant);
  const std::string growth =
      !epsilon ? std::string()
      : variable == GrowthVariable::kLgN
          ? fmt::format(
                "a fitted β of at most {:g} in ratio ∝ lg^β n is less than the one extra "
                "factor of lg n a wrong bound would add",
                *epsilon)
          : fmt::format(
                "a fitted e of at most {:g} in ratio ∝ n^e is flat enough that a bound "
                "off by any polynomial factor would exceed it",
                *epsilon);
  if (!std::isfinite(constant))
    return "an O(·) claim hides its constant, so only the ratio's growth is judged: " + growth;
  const std::string factor =
      constant == 1 ? std::string(
                          "the paper's formula is an exact bound, so the measured value "
                          "may not exceed it (ratio ≤ 1)")
                    : fmt::format(
                          "{:g} is the constant factor the claim allows over the paper's formula, "
                          "fixed before any run",
                          constant);
  if (!epsilon) return factor;
  return factor + (either ? "; randomized cycle counts move in steps, so instead " : "; and ") +
         growth;
}

namespace {

// The least-squares slope of log y against log x over points[from..].
double log_log_slope(const std::vector<std::pair<double, double>>& points, std::size_t from) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0, k = 0;
  for (std::size_t i = from; i < points.size(); ++i) {
    if (points[i].first <= 0 || points[i].second <= 0) continue;
    const double x = std::log(points[i].first), y = std::log(points[i].second);
    sx += x, sy += y, sxx += x * x, sxy += x * y, ++k;
  }
  const double den = k * sxx - sx * sx;
  return k >= 2 && den > 0 ? (k * sxy - sx * sy) / den : 0;
}

}  // namespace

double growth_exponent(const std::vector<std::pair<double, double>>& points) {
  return log_log_slope(points, points.size() >= 4 ? points.size() / 2 : 0);
}

double lg_exponent(const std::vector<std::pair<double, double>>& points) {
  std::vector<std::pair<double, double>> lg;
  for (const auto& [x, y] : points)
    if (x > 1) lg.push_back({std::log2(x), y});
  return log_log_slope(lg, 0);
}

namespace {

// The smallest extra factor the rule would detect at the sizes run (docs/checks.md, "Power").
void state_power(CheckSeries& s) {
  const bool lg = s.rule.variable == GrowthVariable::kLgN;
  const std::string range = fmt::format("{} … {}", s.points.front().n, s.points.back().n);
  if (s.rule.kind == CheckRule::Kind::kUpper && s.rule.epsilon) {
    s.power_exponent = std::max(0.0, *s.rule.epsilon - s.exponent);
    s.power = lg ? fmt::format("detects an extra lg^{:.2f} n at n = {}", s.power_exponent, range)
                 : fmt::format("detects an extra n^{:.3f} at n = {}", s.power_exponent, range);
    return;
  }
  double worst = s.rule.kind == CheckRule::Kind::kUpper ? 0 : 1e300;
  for (const auto& p : s.points)
    worst = s.rule.kind == CheckRule::Kind::kUpper ? std::max(worst, p.ratio())
                                                   : std::min(worst, p.ratio());
  s.power_exponent = 0;
  s.power =
      s.rule.kind == CheckRule::Kind::kUpper
          ? fmt::format("detects a factor {:.3g} over the largest ratio, at n = {}",
                        worst > 0 ? s.rule.constant / worst : 0.0, range)
          : fmt::format("detects a fall by a factor {:.3g} below the smallest ratio, at n = {}",
                        s.rule.constant > 0 ? worst / s.rule.constant : 0.0, range);
}

}  // namespace

void judge(CheckSeries& s) {
  if (s.points.empty()) {
    s.verdict = Verdict::kNotMeasured;
    s.reason = "nothing measured";
    return;
  }
  std::vector<std::pair<double, double>> xy;
  for (const auto& p : s.points) xy.push_back({static_cast<double>(p.n), p.ratio()});
  const bool lg = s.rule.variable == GrowthVariable::kLgN;
  s.exponent = lg ? lg_exponent(xy) : growth_exponent(xy);
  state_power(s);
  const bool flat_enough = s.rule.epsilon && s.exponent <= *s.rule.epsilon;
  for (const auto& p : s.points) {
    const double r = p.ratio();
    const bool ok =
        s.rule.kind == CheckRule::Kind::kUpper ? r <= s.rule.constant : r >= s.rule.constant;
    if ((!ok && !(s.rule.either && flat_enough)) || !std::isfinite(r)) {
      s.verdict = Verdict::kFail;
      s.reason =
          fmt::format("at n = {} the ratio is {:.4g}, {} the limit {:g}", p.n, r,
                      s.rule.kind == CheckRule::Kind::kUpper ? "above" : "below", s.rule.constant);
      return;
    }
  }
  const bool within = std::all_of(s.points.begin(), s.points.end(), [&](const CheckPoint& p) {
    return p.ratio() <= s.rule.constant;
  });
  // One size fits no growth: the growth part of a rule is judged from two sizes on.
  const bool fitted = s.points.size() >= 2;
  if (fitted && s.rule.epsilon && s.exponent > *s.rule.epsilon && !(s.rule.either && within)) {
    s.verdict = Verdict::kFail;
    const auto from = s.points[s.points.size() >= 4 && !lg ? s.points.size() / 2 : 0].n;
    s.reason =
        fmt::format("the ratio grows like {}^{:.3f} over n = {} … {} (limit {:g}){}",
                    lg ? "lg n: lg" : "n", s.exponent, from, s.points.back().n, *s.rule.epsilon,
                    lg ? "" : fmt::format("; it broke from n = {} on", from));
    return;
  }
  if (s.inconclusive) {
    s.verdict = Verdict::kInconclusive;
    s.reason = *s.inconclusive;
    return;
  }
  s.verdict = Verdict::kPass;
  s.reason = "the rule holds at every size";
}

std::vector<CheckInfo> list_checks() {
  std::vector<CheckInfo> out;
  for (const auto& e : registry()) out.push_back({e.id, e.claim, e.source, e.control_text});
  return out;
}

namespace {

// The checks asked for, in order (all of them when none are named).
std::vector<const Entry*> chosen_entries(const CheckOptions& options) {
  std::vector<const Entry*> chosen;
  for (const auto& id : options.ids) {
    const auto it = std::find_if(registry().begin(), registry().end(),
                                 [&](const Entry& e) { return id == e.id; });
    if (it == registry().end())
      throw InputError(
          6401, fmt::format("unknown check '{}'; the checks are {} (see ftvlsi check --list)", id,
                            ids_text()));
    chosen.push_back(&*it);
  }
  if (chosen.empty())
    for (const auto& e : registry()) chosen.push_back(&e);
  return chosen;
}

// Each check's cost at its --full sizes with its control, one process per check on the 2-core
// machine: the peak RSS in MiB (/usr/bin/time -v, docs/memory-limits.md) and the seconds of its
// two measurements (own and control) summed, as `check --full --controls --verbose` prints them
// (2026-11-27; GL-T9, L-T1, L-C2, GL-T11 and L-VI again 2026-11-28, after the off-line schedule's
// rework: L-C2's and GL-T9's peaks were above their old records with the old binary too). The quick
// sizes stay under 100 MiB in all. A check not listed peaks below 10 MiB and takes under a second.
// The seconds only order the work, longest first. GL-T8, G-2.1, the headline checks, G-3.3 and
// G-3.5 again 2026-11-29, after their means over more seeds at small sizes (docs/checks.md,
// "Seeds"), on a machine about half as fast as the others' day.
struct FullCost {
  std::string_view id;
  long double peak_mib;
  double seconds;
};
constexpr FullCost kFullCost[] = {
    {"GL-T9", 2103, 3.8},  // its 2^26 adversary set with the control (Theorem 1's schedule of it)
    {"L-T1", 2687, 335},   // to 2^22, its partial-switch series to 2^16
    {"L-L3", 590, 14},     // the cube to 2^30, the partial H-tree and cube to 2^18
    {"L-C2", 5806, 83},    // to 2^20 (its every-level set at 2^22: 369 million messages)
    {"L-T5", 38, 0.1},
    {"L-T8", 219, 4.4},
    {"L-T10", 54, 0.4},
    {"GL-area", 235, 0.3},  // 2^30, the control's fattened root
    {"GL-T8", 37, 136},     // with its partial-switch series and the control
    {"GL-T11", 3521, 818},  // to 2^22 with the control
    {"G-2.1", 254, 19},
    {"G-4.1", 58, 0.9},
    {"G-headline", 73, 9.9},
    {"G3-headline", 35, 1.8},
    {"L-T4", 4123, 13},  // 2^27 at w = n^(5/6), with the slab control
    {"D-route", 136, 0.9},
    {"D-compose", 94, 0.5},
    {"L-C9", 167, 3.7},
    {"L-VI", 1596, 81},  // to 2^22 with the control
    {"D-latency", 173, 2.0},
    {"D-load", 155, 4.5},
    {"D-flat", 177, 2.4},
    {"D-faults", 70, 0.6},
    {"GL-T10", 80, 4.1},
    {"GL-§6", 50, 20},
    // Greenberg 1990 §3 and §5, with their controls (G-5.1 and G-5.2 run together: 36 MiB).
    {"G-3.3", 220, 82},
    {"G-3.5", 216, 15},
    {"G-5.1", 36, 6.3},
    {"G-5.2", 36, 34}};

FullCost full_cost(std::string_view id) {
  for (const FullCost& c : kFullCost)
    if (c.id == id) return c;
  return {id, 10, 0.5};
}

// Ctx::at_size for one measurement: a size's start as work done of the check's total, the
// control's sizes after the check's own. A size's work is taken as n lg n (most measurements
// build and route networks of n processors).
std::function<void(u64)> size_progress(const ProgressFn& within, bool controls,
                                       const std::vector<u64>& sizes, bool control) {
  if (!within) return {};
  const auto work = [](u64 n) {
    return n * static_cast<u64>(std::max(1, static_cast<int>(std::bit_width(n)) - 1));
  };
  u64 sum = 0;
  for (const u64 n : sizes) sum += work(n);
  const u64 total = controls ? 2 * sum : sum;
  // A second pass over the sizes reports less done; the run's status never goes back.
  return [within, sizes, work, sum, total, control](u64 n) {
    u64 before = control ? sum : 0;
    for (std::size_t i = 0; i < sizes.size() && sizes[i] != n; ++i) before += work(sizes[i]);
    within(fmt::format("n = {}", n), std::min(before, total), total);
  };
}

// One measurement of a run: a check's own series or its control's. The two are independent, so
// they may run side by side.
struct Unit {
  std::size_t slot;  // the check's place in the output
  bool control;
  double seconds;  // the expected cost, for the order
};

// How many measurements run side by side: one per hardware thread, as many as the memory holds.
// A --full run needs the largest peaks of the checks that may run together, with a quarter more
// for what the allocator keeps of the checks before them (the whole run with --controls on one
// thread peaked at 1.27 GiB above GL-T9 alone) and another machine's allocator; a quick run stays
// under 100 MiB a check.
std::size_t check_workers(const CheckOptions& options, const std::vector<const Entry*>& entries,
                          std::size_t units) {
  const std::size_t threads =
      options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::size_t workers = std::max<std::size_t>(1, std::min(threads, units));
  if (!options.full || options.tiny) return workers;
  std::vector<long double> peaks{10};
  for (const Entry* e : entries)
    for (int twice = 0; twice < (options.controls ? 2 : 1); ++twice)
      peaks.push_back(full_cost(e->id).peak_mib);
  std::sort(peaks.begin(), peaks.end(), std::greater<>());
  const auto needed = [&](std::size_t k) {
    long double mib = 0;
    for (std::size_t i = 0; i < std::min(k, peaks.size()); ++i) mib += peaks[i];
    return mib * 1.25L * (1 << 20);
  };
  const std::uint64_t available = available_memory_bytes();
  while (workers > 1 && needed(workers) > static_cast<long double>(available)) --workers;
  require_memory(8025, needed(1), available, "ftvlsi check --full",
                 "run the quick checks (without --full) or fewer check IDs");
  return workers;
}

// One measurement: a check's own series at the run's sizes, or its control's, judged.
std::vector<CheckSeries> measure(const Entry& e, const CheckOptions& options,
                                 const ProgressFn& within, bool control) {
  std::vector<u64> sizes = options.full ? e.full : e.quick;
  if (options.tiny) {
    for (auto& n : sizes) n = std::min(n, *options.tiny);
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  }
  detail::Ctx ctx;
  ctx.seed = options.seed;
  ctx.control = control;
  ctx.at_size = size_progress(within, options.controls, sizes, control);
  if (!control)
    for (const auto& t : options.tampers)
      if (t.id == e.id) ctx.tamper_fn = t.tamper, ctx.capacities = t.capacities;
  std::vector<CheckSeries> series = e.measure(sizes, ctx);
  for (auto& s : series) judge(s);
  return series;
}

// A worker thread's stop: set when another measurement failed or the run was cancelled, read by
// the hook of the worker's CancelScope (the hook runs on the worker's own thread).
thread_local const std::atomic<bool>* t_stop = nullptr;
bool stop_requested() {
  return t_stop != nullptr && t_stop->load();
}

// Runs `work` on `workers` threads, each under a CancelScope that stops it once `stop` is set;
// returns when all have returned. The calling thread waits and still answers its own cancel
// (Python's Ctrl-C): it then calls `failed` inside the catch and sets `stop`.
void run_on_workers(std::size_t workers, const std::function<void()>& work, std::atomic<bool>& stop,
                    const std::function<void()>& failed) {
  std::mutex done_mutex;
  std::condition_variable done;
  std::size_t running = workers;
  std::vector<std::jthread> helpers;
  for (std::size_t w = 0; w < workers; ++w)
    helpers.emplace_back([&] {
      t_stop = &stop;
      {
        const CancelScope scope(stop_requested);
        work();
      }
      const std::lock_guard lock(done_mutex);
      --running;
      done.notify_all();
    });
  std::unique_lock lock(done_mutex);
  while (running > 0) {
    done.wait_for(lock, kCancelHookInterval);
    lock.unlock();
    try {
      poll_cancel();
    } catch (...) {
      failed();
      stop = true;
    }
    lock.lock();
  }
}

}  // namespace

std::vector<std::string> chosen_checks(const CheckOptions& options) {
  std::vector<std::string> out;
  for (const Entry* e : chosen_entries(options)) out.push_back(e->id);
  return out;
}

std::vector<CheckResult> run_checks(const CheckOptions& options) {
  const std::vector<const Entry*> chosen = chosen_entries(options);
  std::vector<const Entry*> entries;  // the ones this shard owns, in order
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (options.shard.owns(i)) entries.push_back(chosen[i]);
  std::vector<Unit> units;
  for (std::size_t slot = 0; slot < entries.size(); ++slot) {
    const Entry* e = entries[slot];
    if (!e->measure) continue;
    const double seconds = full_cost(e->id).seconds;
    units.push_back({slot, false, seconds});
    if (options.controls && *e->control_text != '\0') units.push_back({slot, true, seconds});
  }
  const std::size_t workers = check_workers(options, entries, units.size());
  // Longest first, so that the last to finish is a short one; ties in check order.
  std::stable_sort(units.begin(), units.end(),
                   [](const Unit& a, const Unit& b) { return a.seconds > b.seconds; });

  std::vector<CheckResult> out;
  std::vector<int> pending(entries.size(), 0);
  for (std::size_t slot = 0; slot < entries.size(); ++slot) {
    const Entry* e = entries[slot];
    out.push_back({e->id, e->claim, e->source, {}, Verdict::kNotMeasured, 0, e->note, {}});
    if (e->measure) out.back().control.description = e->control_text;
  }
  for (const Unit& u : units) ++pending[u.slot];

  std::mutex mutex;  // guards out, pending, the progress, the callbacks and `failure`
  // The status shows one check at a time, the lead: the first started of those still running
  // (on a terminal, `ftvlsi check: [1/32] L-C2 n = 65536 40%`). The others' sizes are kept and
  // shown when theirs becomes the lead.
  struct Status {
    std::string what;
    u64 done = 0, total = 0;
  };
  std::vector<std::optional<Status>> status(entries.size());
  std::vector<std::size_t> started;  // the slots, in the order their first measurement started
  const auto show_lead = [&] {       // under the lock
    if (!options.within) return;
    for (const std::size_t slot : started)
      if (pending[slot] > 0) {
        if (const auto& s = status[slot]) options.within(s->what, s->done, s->total);
        return;
      }
  };
  const auto within_of = [&](std::size_t slot) -> ProgressFn {
    if (!options.within) return {};
    return [&, slot](std::string_view what, u64 done, u64 total) {
      const std::lock_guard lock(mutex);
      auto& s = status[slot];
      // Never go back: a check's own measurement and its control's may report in turn, and a
      // measurement may pass over its sizes twice.
      s = Status{fmt::format("{} {}", out[slot].id, what), s ? std::max(s->done, done) : done,
                 total};
      show_lead();
    };
  };
  const auto finish = [&](std::size_t slot) {  // under the lock
    CheckResult& r = out[slot];
    r.verdict = combine(r.series);
    if (options.progress) options.progress(r.id, &r);
    show_lead();
  };
  // The checks with nothing to measure end at once, in order.
  for (std::size_t slot = 0; slot < entries.size(); ++slot)
    if (pending[slot] == 0) {
      if (options.progress) options.progress(out[slot].id, nullptr);
      finish(slot);
    }

  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  const auto work = [&] {
    try {
      for (std::size_t k; !stop && (k = next++) < units.size();) {
        const Unit& u = units[k];
        const Entry* e = entries[u.slot];
        {
          const std::lock_guard lock(mutex);
          if (std::find(started.begin(), started.end(), u.slot) == started.end()) {
            if (options.progress) options.progress(e->id, nullptr);
            started.push_back(u.slot);
          }
        }
        const auto start = std::chrono::steady_clock::now();
        std::vector<CheckSeries> series = measure(*e, options, within_of(u.slot), u.control);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::lock_guard lock(mutex);
        CheckResult& r = out[u.slot];
        r.seconds += seconds;
        if (u.control) {
          r.control.series = std::move(series);
          r.control.verdict = combine(r.control.series);
          r.control.run = true;
        } else {
          r.series = std::move(series);
        }
        if (--pending[u.slot] == 0) finish(u.slot);
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  run_on_workers(workers, work, stop, [&] {
    const std::lock_guard lock(mutex);
    if (!failure) failure = std::current_exception();
  });
  if (failure) std::rethrow_exception(failure);
  return out;
}

CheckSummary summarise(const std::vector<CheckResult>& results) {
  CheckSummary s;
  for (const auto& r : results) {
    switch (r.verdict) {
      case Verdict::kPass:
        ++s.pass;
        break;
      case Verdict::kFail:
        ++s.fail;
        break;
      case Verdict::kInconclusive:
        ++s.inconclusive;
        break;
      case Verdict::kNotMeasured:
        ++s.not_measured;
        break;
    }
  }
  return s;
}

bool controls_all_fail(const std::vector<CheckResult>& results) {
  return std::all_of(results.begin(), results.end(), [](const CheckResult& r) {
    return r.control.run && r.control.verdict == Verdict::kFail;
  });
}

std::string check_plot_file(const std::string& id) {
  // File names stay ASCII: GL-§6's plot is check-GL-S6.svg (docs/checks.md).
  std::string safe;
  for (std::size_t i = 0; i < id.size(); ++i)
    if (id.compare(i, 2, "§") == 0)
      safe += 'S', ++i;
    else
      safe += id[i];
  return "check-" + safe + ".svg";
}

namespace {

// A control's verdict as check.md shows it: a control must fail.
std::string control_cell(const CheckControl& c) {
  if (c.description.empty()) return "none yet";
  if (!c.run) return "not run";
  return c.verdict == Verdict::kFail ? "fails, as it must"
                                     : fmt::format("{} (it must fail)", to_string(c.verdict));
}

std::string series_markdown(const CheckSeries& s) {
  std::string md = fmt::format(
      "\n*{}* — rule: {}. Exponent {:.3f}: **{}** ({}). Threshold: {}. Power: {}.\n\n", s.label,
      s.rule.text(), s.exponent, to_string(s.verdict), s.reason, s.rule.threshold(), s.power);
  md += "| n | measured | bound | ratio |\n|---:|---:|---:|---:|\n";
  for (const auto& p : s.points)
    md += fmt::format("| {} | {:.6g} | {:.6g} | {:.4g} |\n", p.n, p.measured, p.bound, p.ratio());
  return md;
}

}  // namespace

std::string check_markdown(const std::vector<CheckResult>& results, bool with_plots) {
  const CheckSummary sum = summarise(results);
  std::string md = fmt::format(
      "# Checking the papers\n\n{} pass, {} fail, {} inconclusive, {} not measured.\n\n"
      "Every measured value comes from our own layouts, decompositions and simulations; the bound "
      "is the paper's formula; the ratio is measured / bound. A polylogarithmic claim's exponent "
      "is β of ratio ∝ lg^β n, fitted over every size; a polynomial claim's is e of ratio ∝ n^e, "
      "fitted over the larger half. Each check's control is a worse construction of the same "
      "sizes that the same rules must fail (`ftvlsi check --controls`).\n\n"
      "| check | claim | verdict | control |\n|---|---|---|---|\n",
      sum.pass, sum.fail, sum.inconclusive, sum.not_measured);
  for (const auto& r : results)
    // No run time here: the same seed gives the same bytes (the time goes to the progress lines).
    md += fmt::format("| [{}](#{}) | {} | **{}** | {} |\n", r.id, r.id, r.claim,
                      to_string(r.verdict), control_cell(r.control));
  for (const auto& r : results) {
    md += fmt::format(
        "\n## {}\n\n<a id=\"{}\"></a>**Claim:** {}  \n**Source:** {}  \n"
        "**Verdict:** {}  \n{}\n",
        r.id, r.id, r.claim, r.source, to_string(r.verdict), r.note);
    for (const auto& s : r.series) md += series_markdown(s);
    if (!r.control.description.empty())
      md += fmt::format("\n**Control:** {} — **{}**{}\n", r.control.description,
                        control_cell(r.control),
                        r.control.run ? "" : " (run `ftvlsi check --controls` to judge it)");
    if (r.control.run)
      for (const auto& s : r.control.series) md += series_markdown(s);
    if (with_plots && !r.series.empty())
      md += fmt::format("\n![{}: ratio against n]({})\n", r.id, check_plot_file(r.id));
  }
  return md;
}

std::string check_technology_markdown(const CheckOptions& options) {
  if (!options.technology) return "";
  const Technology& t = *options.technology;
  const DelayModel w = wire_delay_model(t);
  const RegularityVerdict v = check_regularity(w);
  auto verdict = [](bool holds, double from) {
    return holds ? fmt::format("holds from d = {:g}", from) : std::string("does not hold");
  };
  return fmt::format(
      "\n## Technology {}\n\nOne grid unit is {} µm; a wire of d units takes `{}` ns ({}). "
      "Greenberg's C1 {} and C2 {} for this model (docs/delay-conditions.md), so his "
      "simulation bounds {} in this process. A wire of 1 mm takes {:.4g} ns, of 10 mm {:.4g} ns.\n",
      t.name, t.grid_unit_um, w.name(),
      t.wire.ns_per_mm > 0 ? "transmission line"
      : t.wire.repeaters   ? "RC, optimally repeated"
                           : "RC, unrepeated",
      verdict(v.c1, v.c1_from), verdict(v.c2, v.c2_from), v.c1 ? "apply" : "do not apply",
      t.wire_ns(1.0 / t.mm(1)), t.wire_ns(10.0 / t.mm(1)));
}

std::string check_json(const std::vector<CheckResult>& results, const CheckOptions& options) {
  using nlohmann::ordered_json;
  ordered_json j;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["mode"] = options.full ? "full" : "quick";
  j["seed"] = options.seed;
  if (options.technology) {
    const auto& t = *options.technology;
    const DelayModel w = wire_delay_model(t);
    const RegularityVerdict v = check_regularity(w);
    j["technology"] = {{"name", t.name},          {"grid_unit_um", t.grid_unit_um},
                       {"delay_model", w.name()}, {"c1", v.c1},
                       {"c1_from", v.c1_from},    {"c2", v.c2},
                       {"c2_from", v.c2_from},    {"wire_1mm_ns", t.wire_ns(1.0 / t.mm(1))}};
  }
  j["checks"] = ordered_json::array();
  auto arrays = [](const CheckSeries& s, ordered_json& o) {
    std::vector<u64> sizes;
    std::vector<double> measured, bound, ratio;
    for (const auto& p : s.points)
      sizes.push_back(p.n), measured.push_back(p.measured), bound.push_back(p.bound),
          ratio.push_back(p.ratio());
    o["sizes"] = sizes, o["measured"] = measured, o["bound"] = bound, o["ratio"] = ratio;
    o["exponent"] = s.exponent;
    o["variable"] = std::string(to_string(s.rule.variable));
    o["power"] = {{"text", s.power}, {"exponent", s.power_exponent}};
  };
  for (const auto& r : results) {
    ordered_json c;
    c["id"] = r.id, c["claim"] = r.claim, c["source"] = r.source;
    if (!r.series.empty()) {
      arrays(r.series.front(), c);
    } else {
      c["sizes"] = ordered_json::array(), c["measured"] = ordered_json::array();
      c["bound"] = ordered_json::array(), c["ratio"] = ordered_json::array();
      c["exponent"] = nullptr;
      c["variable"] = "n";
      c["power"] = {{"text", ""}, {"exponent", nullptr}};
    }
    c["verdict"] = std::string(to_string(r.verdict));
    c["rule"] = r.series.empty() ? std::string() : r.series.front().rule.text();
    c["note"] = r.note;
    c["series"] = ordered_json::array();
    for (const auto& s : r.series) {
      ordered_json o;
      o["label"] = s.label;
      arrays(s, o);
      o["rule"] = s.rule.text();
      o["verdict"] = std::string(to_string(s.verdict));
      o["reason"] = s.reason;
      c["series"].push_back(o);
    }
    c["control"] = {{"description", r.control.description},
                    {"verdict", r.control.description.empty() ? std::string("none")
                                : r.control.run ? std::string(to_string(r.control.verdict))
                                                : std::string("not run")}};
    j["checks"].push_back(c);
  }
  const CheckSummary sum = summarise(results);
  j["summary"] = {{"pass", sum.pass},
                  {"fail", sum.fail},
                  {"inconclusive", sum.inconclusive},
                  {"not_measured", sum.not_measured}};
  return j.dump(2) + "\n";
}

namespace {

// The limit a series' ratio is held to, in words, for the plot's legend.
std::string limit_label(const CheckRule& rule, bool lg) {
  const bool flat = std::isfinite(rule.constant);
  const double e = rule.epsilon.value_or(0);
  if (flat)
    return rule.kind == CheckRule::Kind::kLower
               ? fmt::format("limit: the ratio must stay at least {:g}", rule.constant)
               : fmt::format("limit: the ratio may be at most {:g}", rule.constant);
  if (lg)
    return fmt::format(
        "limit: the ratio may grow at most like lg^{:g} n (drawn from the first "
        "point; the fitted β must stay below {:g})",
        e, e);
  return fmt::format(
      "limit: the ratio may grow at most like n^{:g} (drawn from the larger half's "
      "first point)",
      e);
}

// A check's plot: each series' ratio against n and the limit it is held to.
std::pair<std::vector<PlotSeries>, PlotOptions> check_plot(const CheckResult& r) {
  std::vector<PlotSeries> plot;
  for (const auto& s : r.series) {
    // The threshold: the rule's constant, or for a growth rule the steepest allowed growth
    // n^epsilon from the first point of the larger half.
    // A lg n rule is drawn from the first point (it is fitted over every size): the steepest
    // allowed growth lg^beta n.
    const bool lg = s.rule.variable == GrowthVariable::kLgN;
    const std::size_t from = s.points.size() >= 4 && !lg ? s.points.size() / 2 : 0;
    const bool flat = std::isfinite(s.rule.constant);
    PlotSeries ratio{s.label, {}, false}, limit{limit_label(s.rule, lg), {}, true};
    for (std::size_t i = 0; i < s.points.size(); ++i) {
      const auto& p = s.points[i];
      if (!(p.ratio() > 0) || !std::isfinite(p.ratio())) continue;
      ratio.points.push_back({static_cast<double>(p.n), p.ratio()});
      if (flat) {
        limit.points.push_back({static_cast<double>(p.n), s.rule.constant});
      } else if (i >= from && s.points[from].ratio() > 0) {
        const double x = lg ? std::log2(static_cast<double>(p.n)) / std::log2(s.points[from].n)
                            : static_cast<double>(p.n) / s.points[from].n;
        const double grow = std::pow(x, s.rule.epsilon.value_or(0));
        limit.points.push_back({static_cast<double>(p.n), s.points[from].ratio() * grow});
      }
    }
    if (ratio.points.empty()) continue;
    plot.push_back(std::move(ratio));
    if (!limit.points.empty()) plot.push_back(std::move(limit));
  }
  return {
      std::move(plot),
      {fmt::format("{}: {} ({})", r.id, r.claim, to_string(r.verdict)), "n", "measured / bound"}};
}

}  // namespace

std::string check_plot_svg(const CheckResult& r) {
  const auto [series, options] = check_plot(r);
  return plot_svg(series, options);
}

std::vector<std::string> write_check_report(const std::vector<CheckResult>& results,
                                            const CheckOptions& options, const std::string& dir) {
  // The plots and documents join the folder together, when all are written.
  StagedFolder staged(dir, "--out", StagedFolder::Commit::kEntries);
  const std::string base = staged.path() + "/";
  std::vector<std::string> files;
  for (const auto& r : results) {
    bool any = false;
    for (const auto& s : r.series)
      for (const auto& p : s.points) any = any || (p.ratio() > 0 && std::isfinite(p.ratio()));
    if (!any) continue;
    const auto [series, plot_options] = check_plot(r);
    write_plot(base + check_plot_file(r.id), series, plot_options);
    files.push_back(check_plot_file(r.id));
    files.push_back(plot_csv_path(check_plot_file(r.id)));
  }
  write_file_atomically(base + "check.json", check_json(results, options));
  write_file_atomically(base + "check.md",
                        check_markdown(results, true) + check_technology_markdown(options));
  files.push_back("check.json");
  files.push_back("check.md");
  staged.commit();
  return files;
}

}  // namespace ftvlsi
