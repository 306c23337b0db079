// `ftvlsi check` G-3.3, G-3.5, G-5.1 and G-5.2: Greenberg 1990 §3 (a universal fat-tree of
// processors of area α_F simulating networks of the same area A whose processors are smaller or
// larger) and §5 (simulating networks of larger area A_R with no more processor area), measured by
// simulate's machinery: R on its own channel layout, the fat-tree host on its H-tree, R's one step
// mapped onto the host's leaves (several on a leaf when R has more processors) and routed cycle by
// cycle under unit wire delay, as both sections assume (docs/checks.md).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "check_measures.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/report/simulate_job.hpp"

namespace ftvlsi::detail {

std::vector<CheckSeries> measure_g_33(const std::vector<std::uint64_t>&, const Ctx&);

namespace {

using u64 = std::uint64_t;

// How a run departs from our construction: its control.
enum class Host {
  kOurs,     // the balanced mapping onto the linear-size fat-tree
  kRandom,   // the same host, R's processors on its leaves at random (equal counts per leaf)
  kStarved,  // the same processors and mapping on a plain binary tree (every capacity 1)
};

// R's processors onto `leaves` leaves at random, equal counts per leaf (counts differ by one).
std::vector<u64> random_leaves(u64 processors, u64 leaves, u64 seed) {
  std::vector<u64> order(processors);
  std::iota(order.begin(), order.end(), u64{0});
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<u64> leaf(processors);
  const u64 spread = std::min(processors, leaves);
  for (u64 i = 0; i < processors; ++i)
    leaf[order[i]] = static_cast<u64>((__uint128_t{i} * spread) / processors);
  return leaf;
}

// One step of R (`kind`, `processors` of them, processor area `alpha_r`, or padded to the host's
// area when absent) on the fat-tree host of `host_n` leaves (processor area `alpha_f`, or
// Greenberg's lg² n when absent), unit wire delay.
SimulateResult run(u64 host_n, std::optional<u64> alpha_f, const char* kind,
                   std::optional<u64> processors, std::optional<u64> alpha_r, Host host, u64 seed) {
  SimulateSpec s;
  s.competing = kind;
  s.processors = host_n;
  s.competing_processors = processors;
  s.competing_alpha = alpha_r;
  if (alpha_f) s.capacity.alpha = *alpha_f, s.alpha_given = true;
  s.delay = parse_delay_model("unit");
  s.seed = seed;
  if (host == Host::kStarved) {
    s.capacity.profile = CapacityProfile::kConstant;
    s.capacity.constant = 1;
    s.capacity_given = true;
  }
  if (host == Host::kRandom)
    s.leaf = random_leaves(processors.value_or(host_n), std::bit_ceil(host_n), seed);
  return run_simulate(s);
}

// The side of a square mesh whose channel layout, processors of area `alpha`, has about `area`:
// a few secant steps on the drawn area (which grows like the side squared).
u64 mesh_side_for_area(u64 alpha, u64 area, u64 seed) {
  auto drawn = [&](u64 side) {
    ChannelNotes notes;
    notes.processor_area = alpha;
    return static_cast<double>(
        measure(build_channel_layout(make_competing("mesh", side * side, seed), notes)).area());
  };
  u64 side = 4;
  for (int step = 0; step < 4; ++step) {
    const double a = drawn(side);
    const auto next = static_cast<u64>(std::max(
        2.0, std::round(static_cast<double>(side) * std::sqrt(static_cast<double>(area) / a))));
    if (next == side) break;
    side = next;
  }
  return side;
}

// Theorem 3.3's bound on a run: max{δ(lg(A/α_F)), α_F/α_R} with δ(x) = x² (Leighton, Maggs and
// Rao's δ(lg n) = lg² n, Greenberg 1990 §1), A the host's drawn area, α_F and α_R the measured
// mean processor areas. The measured side is δ in bit-times over T_R (the slowdown), so both are
// in R's steps.
double theorem33_bound(const SimulateResult& r) {
  const double a = static_cast<double>(r.area_host);
  const double af = static_cast<double>(std::max<u64>(1, r.host_alpha));
  const double ar = static_cast<double>(std::max<u64>(1, r.competing_alpha));
  const double l = lg2(a / af);
  return std::max(l * l, af / ar);
}

// R's total area over the host's, max(ratio, 1/ratio): equal areas within [0.8, 1.25].
double off_equal_area(const SimulateResult& r) {
  return std::max(r.area_ratio, 1 / r.area_ratio);
}

CheckSeries equal_series(const std::string& what) {
  return series(
      fmt::format("{}: host area / R's area, max(ratio, 1/ratio): within [0.8, 1.25]", what),
      upper(1.25));
}

Host control_host(const Ctx& ctx, Host worse) {
  return ctx.control ? worse : Host::kOurs;
}

// R of the same total area as the host (n leaves, α_F) with processors of area `alpha_r`: a mesh
// sized by its drawn area; alpha_r absent: R's processors padded by simulate (α_R ≈ α_F).
SimulateResult equal_area_run(u64 n, std::optional<u64> alpha_f, std::optional<u64> alpha_r,
                              u64 host_area, Host host, u64 seed) {
  if (!alpha_r) return run(n, alpha_f, "mesh", std::nullopt, std::nullopt, host, seed);
  const u64 side = mesh_side_for_area(*alpha_r, host_area, seed);
  return run(n, alpha_f, "mesh", side * side, alpha_r, host, seed);
}

// A run's (Δ with the computation, δ in bit-times, one cycle in bit-times), the mean over the
// seeds of n processors (seeds_at); `first` is the run of the first seed, `rerun(seed)` makes
// another.
std::array<double, 3> times(const SimulateResult& r) {
  return {r.slowdown_with_compute, r.delta_bit_times, r.cycle_bit_times};
}
template <class Rerun>
std::array<double, 3> mean_times(u64 n, u64 seed, const SimulateResult& first, Rerun rerun) {
  return mean_over_seeds<3>(n, seed, times(first), [&](u64 s) { return times(rerun(s)); });
}

}  // namespace

// G-3.3: Theorems 3.1–3.3. At every size, R of the host's area with processors 16 times smaller,
// equal, and 16 times larger than the host's α_F = lg² n; and at one fixed A (n = 256 leaves,
// α_F = 1024 so that α_F/α_R can exceed δ), α_R from the pins' least to 16 α_F. Measured: the
// slowdown with the shared leaves' computation, max(T_host / T_R, processors per leaf).
std::vector<CheckSeries> measure_g_33(const std::vector<u64>& sizes, const Ctx& ctx) {
  const Host host = control_host(ctx, Host::kRandom);
  struct Relation {
    const char* label;
    int shift;  // α_R = α_F · 2^shift
  };
  const Relation relations[] = {
      {"α_R = α_F / 16", -4}, {"α_R = α_F (padded)", 0}, {"α_R = 16 α_F", 4}};
  std::vector<CheckSeries> out;
  for (const auto& rel : relations)
    out.push_back(series(fmt::format("{}, R of the host's area: max(Δ, load) / max{{lg²(A/α_F), "
                                     "α_F/α_R}}",
                                     rel.label),
                         growth_lg(0.5)));
  auto fixed = series(
      "fixed A (256 leaves, α_F = 1024), α_R from the pins' least to 16 α_F, by R's processors: "
      "max(Δ, load) / max{lg²(A/α_F), α_F/α_R}",
      upper(1.0));
  auto equal = equal_series("every run");
  for (u64 n : sizes) {
    ctx.starting(n);
    const SimulateResult padded =
        run(n, std::nullopt, "mesh", std::nullopt, std::nullopt, host, ctx.seed);
    const u64 alpha_f = padded.host_alpha;
    for (std::size_t i = 0; i < 3; ++i) {
      const u64 alpha_r = std::max<u64>(1, relations[i].shift < 0 ? alpha_f >> 4 : alpha_f << 4);
      const auto run_with = [&](u64 seed) {
        return relations[i].shift == 0
                   ? run(n, std::nullopt, "mesh", std::nullopt, std::nullopt, host, seed)
                   : equal_area_run(n, std::nullopt, alpha_r, padded.area_host, host, seed);
      };
      const SimulateResult r = relations[i].shift == 0 ? padded : run_with(ctx.seed);
      // The areas and the bound are the first seed's; the slowdown the mean over the seeds.
      const double slowdown = mean_times(n, ctx.seed, r, run_with)[0];
      const double measured = i == 0 ? ctx.tamper(n, slowdown) : slowdown;
      out[i].points.push_back({n, measured, theorem33_bound(r)});
      equal.points.push_back({n, off_equal_area(r), 1.0});
    }
  }
  // The fixed-A sweep, ordered by R's processors (α_R falling).
  const u64 fixed_n = 256, fixed_alpha = 1024;
  const SimulateResult base =
      run(fixed_n, fixed_alpha, "mesh", std::nullopt, std::nullopt, host, ctx.seed);
  std::vector<CheckPoint> points;
  for (const u64 alpha_r : {u64{16384}, u64{4096}, u64{1024}, u64{256}, u64{64}, u64{16}, u64{4}}) {
    const SimulateResult r =
        equal_area_run(fixed_n, fixed_alpha, alpha_r, base.area_host, host, ctx.seed);
    points.push_back({r.processors, r.slowdown_with_compute, theorem33_bound(r)});
    equal.points.push_back({r.processors, off_equal_area(r), 1.0});
  }
  std::sort(points.begin(), points.end(),
            [](const CheckPoint& a, const CheckPoint& b) { return a.n < b.n; });
  fixed.points = std::move(points);
  out.push_back(std::move(fixed));
  out.push_back(std::move(equal));
  return out;
}

}  // namespace ftvlsi::detail

namespace ftvlsi::detail {

// G-3.5: Corollaries 3.4 and 3.5: with α_F = lg² n (between lg A and δ(lg A)), the host simulates
// a network of its area with processors of any size in O(lg² A). Measured at every size as the
// worst over R's processors 16 times smaller, equal and 16 times larger: δ, the step's delivery
// time in bit-times (from the drawn wires and the switch delay), against lg² A; the slowdown with
// the computation against lg² A; and one delivery cycle's time in bit-times against lg A.
std::vector<CheckSeries> measure_g_35(const std::vector<u64>& sizes, const Ctx& ctx) {
  const Host host = control_host(ctx, Host::kStarved);
  // δ depends on the router: Greenberg 1990 §1 puts the known schemes' δ(lg n) between lg² n
  // and lg⁴ n bit-times, lg² n being Leighton, Maggs and Rao's. Ours is the greedy router, so
  // its δ is held to lg³ A (β ≤ 1 over lg² A); the corollary's own statement, the slowdown, to
  // lg² A.
  auto delta = series(
      "δ in bit-times / lg² A, worst over α_R ∈ {α_F/16, α_F, 16 α_F} (greedy router: within "
      "lg³ A, the middle of the known schemes' lg² … lg⁴)",
      growth_lg(1.0));
  auto slow = series("max(Δ, load) / lg² A, worst over the same α_R", growth_lg(0.5));
  auto cycle = series("one delivery cycle in bit-times / lg A, the same worst run", growth_lg(0.5));
  auto equal = equal_series("every run");
  for (u64 n : sizes) {
    ctx.starting(n);
    const auto padded_run = [&](u64 seed) {
      return run(n, std::nullopt, "mesh", std::nullopt, std::nullopt, host, seed);
    };
    const SimulateResult padded = padded_run(ctx.seed);
    // Each α_R's times are the means over the seeds of n processors; the worst of those counts.
    const auto [slow0, delta0, cycle0] = mean_times(n, ctx.seed, padded, padded_run);
    double worst_delta = delta0, worst_slow = slow0, worst_cycle = cycle0;
    equal.points.push_back({n, off_equal_area(padded), 1.0});
    for (const int shift : {-4, 4}) {
      const u64 alpha_r =
          std::max<u64>(1, shift < 0 ? padded.host_alpha >> 4 : padded.host_alpha << 4);
      const auto run_with = [&](u64 seed) {
        return equal_area_run(n, std::nullopt, alpha_r, padded.area_host, host, seed);
      };
      const SimulateResult r = run_with(ctx.seed);
      const auto [slow, delta, cycle] = mean_times(n, ctx.seed, r, run_with);
      if (delta > worst_delta) worst_delta = delta, worst_cycle = cycle;
      worst_slow = std::max(worst_slow, slow);
      equal.points.push_back({n, off_equal_area(r), 1.0});
    }
    const double lg_a = lg2(static_cast<double>(padded.area_host));
    delta.points.push_back({n, ctx.tamper(n, worst_delta), lg_a * lg_a});
    slow.points.push_back({n, worst_slow, lg_a * lg_a});
    cycle.points.push_back({n, worst_cycle, lg_a});
  }
  return {delta, slow, cycle, equal};
}

namespace {

// §5's competing networks: R with 4 processors per host leaf, each of a quarter of the host's
// processor area (the same processor area in all), R's area A_R set by its wiring: a mesh (A_R
// about A_F) and a hypercube (A_R about N²).
struct Larger {
  const char* kind;
  const char* label;
};
constexpr Larger kLarger[] = {{"mesh", "mesh"}, {"hypercube", "hypercube"}};

SimulateResult larger_run(const char* kind, u64 n, Host host, u64 seed) {
  const u64 alpha_f =
      static_cast<u64>(lg2(static_cast<double>(n))) * static_cast<u64>(lg2(static_cast<double>(n)));
  return run(n, std::nullopt, kind, 4 * n, std::max<u64>(1, alpha_f / 4), host, seed);
}

// δ(λ, n) = λ lg n delivery cycles (Leiserson 1985's Theorem 1 off-line schedule), so
// δ(λ) = δ(λ, 2^λ) = λ² as in Theorem 3.3's bound; with the computation of the shared leaves.
double delta_bound(double lambda, double lg_n, const SimulateResult& r) {
  const double af = static_cast<double>(std::max<u64>(1, r.host_alpha));
  const double ar = static_cast<double>(std::max<u64>(1, r.competing_alpha));
  return std::max(lambda * lg_n, af / ar);
}

}  // namespace

// G-5.1: Theorem 5.1: λ = O(√(A_R/A_F) lg A_F), and the slowdown O(δ(√(A_R/A_F) lg A_F, A_F)).
std::vector<CheckSeries> measure_g_51(const std::vector<u64>& sizes, const Ctx& ctx) {
  const Host host = control_host(ctx, Host::kRandom);
  std::vector<CheckSeries> out;
  for (const auto& k : kLarger) {
    out.push_back(series(fmt::format("{}: λ / (√(A_R/A_F) lg A_F), A_R {}", k.label,
                                     k.kind == std::string_view("mesh") ? "drawn" : "= N²"),
                         growth_lg(0.5)));
    out.push_back(
        series(fmt::format("{}: max(Δ, load) / max{{δ(√(A_R/A_F) lg A_F, A_F), α_F/α_R}}", k.label),
               growth_lg(0.5)));
  }
  for (u64 n : sizes) {
    ctx.starting(n);
    for (std::size_t i = 0; i < std::size(kLarger); ++i) {
      const SimulateResult r = larger_run(kLarger[i].kind, n, host, ctx.seed);
      // A_R: the mesh's drawn area; the hypercube's N², the order of its best layouts (its
      // bisection N/2 squared, Thompson), which our channel drawing approaches from above
      // (A_R / N² = 3.9 at N = 64, 0.92 at 4096: still its processors' and tracks' lower terms).
      const double af = static_cast<double>(r.area_host);
      const double ar = i == 0
                            ? static_cast<double>(r.area_competing)
                            : static_cast<double>(r.processors) * static_cast<double>(r.processors);
      const double bound = std::sqrt(ar / af) * lg2(af);
      const double lambda = i == 0 ? ctx.tamper(n, r.load_factor) : r.load_factor;
      out[2 * i].points.push_back({r.processors, lambda, bound});
      out[2 * i + 1].points.push_back(
          {r.processors, r.slowdown_with_compute,
           delta_bound(bound, lg2(static_cast<double>(r.host_processors)), r)});
    }
  }
  return out;
}

// G-5.2: Theorem 5.2: λ = O(√A_F lg A_F) for any network of processor area A_F, the hypercube
// (A_R about N²) the hardest of ours. The bound improves on Theorem 5.1's only where A_R > A_F².
std::vector<CheckSeries> measure_g_52(const std::vector<u64>& sizes, const Ctx& ctx) {
  const Host host = control_host(ctx, Host::kStarved);
  auto lambda = series("hypercube: λ / (√A_F lg A_F)", growth_lg(0.5));
  auto slow = series("hypercube: max(Δ, load) / max{δ(√A_F lg A_F, A_F), α_F/α_R}", growth_lg(0.5));
  double most = 0;  // the largest A_R / A_F²
  for (u64 n : sizes) {
    ctx.starting(n);
    const SimulateResult r = larger_run("hypercube", n, host, ctx.seed);
    const double af = static_cast<double>(r.area_host), ar = static_cast<double>(r.area_competing);
    const double bound = std::sqrt(af) * lg2(af);
    lambda.points.push_back({r.processors, ctx.tamper(n, r.load_factor), bound});
    slow.points.push_back({r.processors, r.slowdown_with_compute,
                           delta_bound(bound, lg2(static_cast<double>(r.host_processors)), r)});
    most = std::max(most, ar / (af * af));
  }
  // Below A_R = A_F² Theorem 5.1's bound is the smaller, so this one cannot be the one that bites.
  if (most <= 1)
    for (CheckSeries* s : {&lambda, &slow})
      s->inconclusive = fmt::format(
          "the bound holds, but it improves on Theorem 5.1's only where A_R > A_F², and the "
          "largest A_R / A_F² here is {:.3g}: a network of unit processors reaches it only as a "
          "hypercube of A_F processors (A_R = N²), and ours, drawn with processors of at least "
          "their pins' area, at no size",
          most);
  return {lambda, slow};
}

std::vector<Entry> greenberg_section_checks() {
  return {
      {"G-3.3",
       "processors of another size: slowdown O(max{δ(lg(A/α_F)), α_F/α_R})",
       "Greenberg 1990, §3, Theorems 3.1–3.3",
       {64, 256, 1024},
       {64, 256, 1024, 4096, 16384},
       measure_g_33,
       "A mesh R of the host's area (area ratio within [0.8, 1.25]) with processors 16 times "
       "smaller than the host's α_F = lg² n (several on a leaf, --competing-processors), equal "
       "(padded) and 16 times larger; and at one A (256 leaves, α_F = 1024) α_R from the pins' "
       "least to 16 α_F. Unit wire delay; the slowdown with the computation, max(Δ, processors "
       "per leaf), against Theorem 3.3 with δ(x) = x² (Leighton, Maggs and Rao's lg² n), in R's "
       "steps; at one A the bound with constant 1.",
       "R's processors mapped onto the same host's leaves at random (equal counts per leaf) "
       "instead of the balanced mapping"},
      {"G-3.5",
       "processors of any size: O(lg² A) bit-times",
       "Greenberg 1990, §3, Corollaries 3.4–3.5",
       {64, 256, 1024},
       {64, 256, 1024, 4096, 16384},
       measure_g_35,
       "The host of α_F = lg² n (between lg A and δ(lg A)), R a mesh of its area with processors "
       "16 times smaller, equal and 16 times larger, the worst of the three; δ is the host's "
       "delivery time of R's step in bit-times (drawn wires, unit wire delay, a switch 1 "
       "bit-time), and the series label's cycle time is δ per delivery cycle.",
       "the same processors and mapping on a plain binary tree of the same leaves (every "
       "channel capacity 1)"},
      {"G-5.1",
       "a larger network: λ = O(√(A_R/A_F) lg A_F), slowdown O(δ(√(A_R/A_F) lg A_F, A_F))",
       "Greenberg 1990, §5, Theorem 5.1",
       {64, 256, 1024},
       {64, 256, 1024, 4096},
       measure_g_51,
       "R with 4 processors per host leaf, each of a quarter of the host's α_F = lg² n (the same "
       "processor area), mapped by the balanced decomposition: a mesh (A_R about A_F) and a "
       "hypercube (A_R about N²); unit wire delay; δ(λ, n) = λ lg n cycles (Leiserson 1985's "
       "Theorem 1), with the computation α_F/α_R.",
       "R's processors mapped onto the same host's leaves at random (equal counts per leaf) "
       "instead of the balanced decomposition"},
      {"G-5.2",
       "any network of processor area A_F: λ = O(√A_F lg A_F)",
       "Greenberg 1990, §5, Theorem 5.2",
       {64, 256, 1024},
       {64, 256, 1024, 4096},
       measure_g_52,
       "The hypercube of G-5.1 (A_R about N², the largest of ours); the bound improves on "
       "Theorem 5.1's only where A_R > A_F², which drawn processors do not reach, so the verdict "
       "says so.",
       "the same processors and mapping on a plain binary tree of the same leaves (every "
       "channel capacity 1)"},
  };
}

}  // namespace ftvlsi::detail
