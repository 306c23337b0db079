#include "ftvlsi/network/capacity.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <utility>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {
namespace {

constexpr std::array<std::pair<CapacityProfile, std::string_view>, 11> kNames{{
    {CapacityProfile::kUniversal, "universal"},
    {CapacityProfile::kAreaUniversal, "area-universal"},
    {CapacityProfile::kDoubleEvery2, "double-every-2"},
    {CapacityProfile::kFourWay, "four-way"},
    {CapacityProfile::kQuadrupleEvery3, "quadruple-every-3"},
    {CapacityProfile::kLinearSize, "linear-size"},
    {CapacityProfile::kLinearSizeBumped, "linear-size-bumped"},
    {CapacityProfile::kModular, "modular"},
    {CapacityProfile::kFull, "full"},
    {CapacityProfile::kConstant, "constant"},
    {CapacityProfile::kCustom, "custom"},
}};

std::string profile_list() {
  std::string out;
  for (const auto& [profile, name] : kNames) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

bool uses_root_capacity(CapacityProfile p) {
  return p == CapacityProfile::kUniversal || p == CapacityProfile::kAreaUniversal;
}

// Allowed root capacities [lo, hi] of the two universal profiles.
std::pair<u64, u64> root_capacity_range(CapacityProfile p, u64 n) {
  const u128 n2 = static_cast<u128>(n) * n;
  const u64 lo = p == CapacityProfile::kUniversal ? ceil_cbrt(n2) : ceil_sqrt(n);
  return {lo, n};
}

// ceil(sqrt(p alpha) / lg n): smallest c with (c lg n)^2 >= p alpha.
u64 linear_size_cap(u64 p, u64 alpha, int lgn) {
  const u128 pa = static_cast<u128>(p) * alpha;
  return ceil_sqrt(ceil_div(pa, static_cast<u128>(lgn) * lgn));
}

// ceil(sqrt(alpha) + sqrt(p alpha) / lg n). Exact whenever both roots are rational; the sum of
// an irrational root and anything else is never an integer, so the floating-point ceiling is
// then exact up to rounding far below one unit.
u64 linear_size_bumped_cap(u64 p, u64 alpha, int lgn) {
  const u64 sa = isqrt(alpha);
  if (static_cast<u128>(sa) * sa == alpha) {
    // sqrt(p alpha) = sa sqrt(p); ceil(sa + x) = sa + ceil(x).
    return sa + linear_size_cap(p, alpha, lgn);
  }
  const long double x = std::sqrt(static_cast<long double>(alpha)) +
                        std::sqrt(static_cast<long double>(p) * alpha) / lgn;
  return static_cast<u64>(std::ceil(x));
}

}  // namespace

const std::vector<CapacityProfile>& all_capacity_profiles() {
  static const std::vector<CapacityProfile> all = [] {
    std::vector<CapacityProfile> v;
    for (const auto& entry : kNames) v.push_back(entry.first);
    return v;
  }();
  return all;
}

std::string_view to_string(CapacityProfile profile) {
  for (const auto& [p, name] : kNames)
    if (p == profile) return name;
  return "unknown";
}

CapacityProfile parse_capacity_profile(std::string_view name) {
  for (const auto& [p, n] : kNames)
    if (n == name) return p;
  throw InputError(3101, fmt::format("unknown capacity profile '{}'; valid profiles are {}", name,
                                     profile_list()));
}

u64 default_root_capacity(CapacityProfile profile, u64 n) {
  return root_capacity_range(profile, n).first;
}

namespace {

// The root capacity w of the universal profiles, checked against the profile's range.
u64 checked_root(const CapacityParams& params, u64 n) {
  const auto name = to_string(params.profile);
  if (params.root_capacity && !uses_root_capacity(params.profile)) {
    throw InputError(
        3102, fmt::format(
                  "the {} profile has no root capacity; use --root-capacity only with universal or "
                  "area-universal",
                  name));
  }
  if (!uses_root_capacity(params.profile)) return 0;
  const auto [lo, hi] = root_capacity_range(params.profile, n);
  const u64 w = params.root_capacity.value_or(lo);
  if (w < lo || w > hi) {
    throw InputError(
        3103, fmt::format(
                  "root capacity {} is outside the allowed range [{}, {}] of the {} profile on {} "
                  "processors ({}); choose a value in that range",
                  w, lo, hi, name, n,
                  params.profile == CapacityProfile::kUniversal ? "n^(2/3) <= w <= n"
                                                                : "sqrt n <= w <= n"));
  }
  return w;
}

void check_custom(const CapacityParams& params, u64 n, int levels) {
  if (params.custom.size() != static_cast<size_t>(levels) + 1) {
    throw InputError(
        3104,
        fmt::format(
            "the custom profile needs {} capacities (one per level k = 0..{}) for {} processors, "
            "but {} were given",
            levels + 1, levels, n, params.custom.size()));
  }
  for (size_t k = 0; k < params.custom.size(); ++k)
    if (params.custom[k] == 0)
      throw InputError(3105, fmt::format("custom capacity at level {} must be at least 1", k));
}

// cap(k) of a formula profile (root capacity w where it has one).
u64 capacity_at(const CapacityParams& params, int levels, int lgn, u64 w, int k) {
  const u64 p = u64{1} << (levels - k);  // processors below a level-k channel
  switch (params.profile) {
    case CapacityProfile::kUniversal:
      return std::min(p, ceil_div_pow2_two_thirds(w, k));
    case CapacityProfile::kAreaUniversal:
      return std::min(p, ceil_div_pow2_half(w, k));
    case CapacityProfile::kDoubleEvery2:
      return u64{1} << ((levels - k) / 2);
    case CapacityProfile::kFourWay:
      // The odd half-levels carry both children whole, so with L even every concentrator is
      // the 4-way switch of Greenberg & Leiserson §5 (see kFourWay in capacity.hpp).
      return u64{1} << ((levels - k + 1) / 2);
    case CapacityProfile::kQuadrupleEvery3:
      return u64{1} << (2 * ((levels - k) / 3));
    case CapacityProfile::kLinearSize:
      return linear_size_cap(p, params.alpha, lgn);
    case CapacityProfile::kLinearSizeBumped:
      return linear_size_bumped_cap(p, params.alpha, lgn);
    case CapacityProfile::kModular:
      return ceil_sqrt(p);
    case CapacityProfile::kFull:
      return p;
    case CapacityProfile::kConstant:
      return params.constant;
    case CapacityProfile::kCustom:
      break;
  }
  return params.custom[static_cast<size_t>(k)];
}

}  // namespace

std::vector<u64> compute_capacities(const CapacityParams& params, u64 n) {
  FTVLSI_ASSERT(is_power_of_two(n));
  const int levels = floor_log2(n);
  const u64 w = checked_root(params, n);
  if (params.alpha == 0) throw InputError(3106, "alpha (processor area) must be at least 1");
  if (params.profile == CapacityProfile::kConstant && params.constant == 0)
    throw InputError(3107, "the constant capacity must be at least 1");
  if (params.profile == CapacityProfile::kCustom) check_custom(params, n, levels);
  std::vector<u64> caps(levels + 1);
  for (int k = 0; k <= levels; ++k) caps[k] = capacity_at(params, levels, lg(n), w, k);
  return caps;
}

}  // namespace ftvlsi
