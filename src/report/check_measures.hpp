#pragma once
// Private to `ftvlsi check`: one measurement per check (report/check.hpp, docs/checks.md).
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/report/check.hpp"

namespace ftvlsi::detail {

// What a measurement may be given: the seed, and the deliberate damage of the tests.
struct Ctx {
  std::uint64_t seed = 1;
  std::function<double(std::uint64_t n, double measured)> tamper_fn;
  // Replaces a fat-tree's parameters before it is built (e.g. one channel changed).
  std::function<FatTreeParams(std::uint64_t n, const FatTree& tree)> capacities;
  // Build the check's negative control instead of our construction (controls()).
  bool control = false;
  // Hears each size as its measurement starts (the progress of `ftvlsi check` inside a check).
  std::function<void(std::uint64_t n)> at_size;
  void starting(std::uint64_t n) const {
    if (at_size) at_size(n);
  }
  double tamper(std::uint64_t n, double measured) const {
    return tamper_fn ? tamper_fn(n, measured) : measured;
  }
};

using Measure = std::vector<CheckSeries> (*)(const std::vector<std::uint64_t>&, const Ctx&);

// A check's negative control: a worse construction or algorithm of the same sizes, which the
// check's own measurement builds instead when Ctx::control is set, so it is measured into the
// same series and judged by the same rules, which it must fail.
struct Control {
  const char* id;
  const char* description;
};
const std::vector<Control>& controls();

// A check as the registry holds it (report/check.cpp): its ID, claim, source, sizes, measurement,
// note and control.
struct Entry {
  const char* id;
  const char* claim;
  const char* source;
  std::vector<std::uint64_t> quick, full;
  Measure measure;  // nullptr: nothing to measure yet
  const char* note;
  // The negative control's description (controls()); "" when the check has none yet.
  const char* control_text = "";
};

// Greenberg & Leiserson 1986 §6's on-line universality and constant-switch fat-tree, GL-T10 and
// GL-§6, with their controls (src/report/check_online.cpp).
std::vector<Entry> online_checks();

// The pieces measurements and controls share.
double lg2(double x);  // log2, at least 1

// A randomized measurement at n processors is the mean over the seeds seed, seed + 1, ...: three
// of them, and more at small sizes, where one run's luck moves a ratio most: max(3, 2^12 / n), so
// that every size averages at least 2^12 processors' worth of runs (docs/checks.md, "Seeds").
std::uint64_t seeds_at(std::uint64_t n);
// The mean of run(s)'s K values over those seeds, summed in seed order.
template <std::size_t K, class Run>
std::array<double, K> mean_over_seeds(std::uint64_t n, std::uint64_t seed, Run run) {
  const std::uint64_t count = seeds_at(n);
  std::array<double, K> sum{};
  for (std::uint64_t s = 0; s < count; ++s) {
    const std::array<double, K> value = run(seed + s);
    for (std::size_t i = 0; i < K; ++i) sum[i] += value[i];
  }
  for (double& x : sum) x /= static_cast<double>(count);
  return sum;
}
// The same when the first seed's run is already made (its other figures are kept): `first` is
// what run(seed) would give.
template <std::size_t K, class Run>
std::array<double, K> mean_over_seeds(std::uint64_t n, std::uint64_t seed,
                                      const std::array<double, K>& first, Run run) {
  return mean_over_seeds<K>(n, seed, [&](std::uint64_t s) { return s == seed ? first : run(s); });
}

// A check's measurements already run side by side (check --jobs), so each builds its off-line
// schedules on one lane: two would only add a second halving's memory.
inline constexpr int kScheduleLanes = 1;
FatTreeParams tree_params(std::uint64_t n, CapacityProfile profile);
CheckSeries series(std::string label, CheckRule rule);
CheckRule upper(double constant);  // an exact bound: every ratio <= constant
// An O(.) bound judged by the growth exponent alone: against lg n for a polylogarithmic claim
// (the ratio may grow like lg^beta n), against n for a polynomial one.
CheckRule growth_lg(double beta);
CheckRule growth(double epsilon);
CheckRule lower(double constant);  // every ratio >= constant

std::vector<CheckSeries> measure_l_t1(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_c2(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_l3(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_t4(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_t5(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_l6(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_t8(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_t10(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_gl_area(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_gl_t8(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_gl_t9(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_gl_t11(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_g_1(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_g_21(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_g_41(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_g_headline(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_g3_headline(const std::vector<std::uint64_t>&, const Ctx&);
// Leiserson §IV's concentrator switches with real insides (src/report/check_concentrator.cpp).
std::vector<CheckSeries> measure_l_iv(const std::vector<std::uint64_t>&, const Ctx&);
// DeHon's fat-trees (src/report/check_dehon.cpp).
std::vector<CheckSeries> measure_d_compose(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_d_route(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_d_latency(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_d_load(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_d_flat(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_d_faults(const std::vector<std::uint64_t>&, const Ctx&);
// Leiserson 1985's Corollary 9 and §VI's permutation remark (src/report/check_universal.cpp).
std::vector<CheckSeries> measure_l_c9(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_l_vi(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_gl_t10(const std::vector<std::uint64_t>&, const Ctx&);
std::vector<CheckSeries> measure_gl_s6(const std::vector<std::uint64_t>&, const Ctx&);

// Greenberg 1990 §3's processor sizes and §5's larger networks, G-3.3, G-3.5, G-5.1 and G-5.2,
// with their measurements and controls (src/report/check_greenberg.cpp).
std::vector<Entry> greenberg_section_checks();

}  // namespace ftvlsi::detail
