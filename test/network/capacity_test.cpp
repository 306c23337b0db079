#include "ftvlsi/network/capacity.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

// The docs/design.md §2.1 formulas evaluated in long double; only trusted away from integers.
long double formula(CapacityProfile p, std::uint64_t n, int k, long double w, long double alpha,
                    long double c) {
  const int levels = static_cast<int>(std::log2(static_cast<long double>(n)));
  const long double pk = static_cast<long double>(n >> k);
  const long double lgn = std::max(1, levels);
  switch (p) {
    case CapacityProfile::kUniversal:
      return std::min(pk, w / std::pow(2.0L, 2.0L * k / 3.0L));
    case CapacityProfile::kAreaUniversal:
      return std::min(pk, w / std::pow(2.0L, k / 2.0L));
    case CapacityProfile::kDoubleEvery2:
      return std::pow(2.0L, (levels - k) / 2);
    case CapacityProfile::kFourWay:
      return std::pow(2.0L, (levels - k + 1) / 2);
    case CapacityProfile::kQuadrupleEvery3:
      return std::pow(4.0L, (levels - k) / 3);
    case CapacityProfile::kLinearSize:
      return std::sqrt(pk * alpha) / lgn;
    case CapacityProfile::kLinearSizeBumped:
      return std::sqrt(alpha) + std::sqrt(pk * alpha) / lgn;
    case CapacityProfile::kModular:
      return std::sqrt(pk);
    case CapacityProfile::kFull:
      return pk;
    case CapacityProfile::kConstant:
      return c;
    default:
      return 0;
  }
}

}  // namespace

TEST_SUITE("capacity") {
  TEST_CASE("every profile's capacities match its formula at every level") {
    for (CapacityProfile profile : all_capacity_profiles()) {
      if (profile == CapacityProfile::kCustom) continue;
      for (std::uint64_t n = 1; n <= (std::uint64_t{1} << 24); n *= 2) {
        for (std::uint64_t alpha : {1, 2, 9, 30}) {
          CapacityParams params;
          params.profile = profile;
          params.alpha = alpha;
          params.constant = 3;
          const auto caps = compute_capacities(params, n);
          const long double w = caps.at(0);
          for (std::size_t k = 0; k < caps.size(); ++k) {
            const long double x = formula(profile, n, static_cast<int>(k), w, alpha, 3);
            if (std::fabs(x - std::round(x)) < 1e-9) {
              CHECK(caps[k] == static_cast<std::uint64_t>(std::llround(x)));
            } else {
              CHECK(caps[k] == static_cast<std::uint64_t>(std::ceil(x)));
            }
          }
        }
      }
    }
  }

  TEST_CASE(
      "universal root capacity defaults to ceil(n^(2/3)) and area-universal to ceil(sqrt n)") {
    CHECK(default_root_capacity(CapacityProfile::kUniversal, 4096) == 256);
    CHECK(default_root_capacity(CapacityProfile::kUniversal, 2048) == 162);  // 161.27
    CHECK(default_root_capacity(CapacityProfile::kAreaUniversal, 1024) == 32);
    CHECK(default_root_capacity(CapacityProfile::kAreaUniversal, 2048) == 46);  // 45.25
  }

  TEST_CASE("a root capacity outside the profile's range is an error naming the range") {
    CapacityParams params;
    params.profile = CapacityProfile::kUniversal;
    params.root_capacity = 100;
    try {
      compute_capacities(params, 4096);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      const std::string what = e.what();
      CHECK(what.find("[256, 4096]") != std::string::npos);
      CHECK(what.find("n^(2/3)") != std::string::npos);
    }
    params.root_capacity = 5000;
    CHECK_THROWS_AS(compute_capacities(params, 4096), InputError);
    params.profile = CapacityProfile::kAreaUniversal;
    params.root_capacity = 31;
    CHECK_THROWS_AS(compute_capacities(params, 1024), InputError);
    params.root_capacity = 32;
    CHECK(compute_capacities(params, 1024).at(0) == 32);
  }

  TEST_CASE("root capacity is rejected for profiles that have none") {
    CapacityParams params;
    params.profile = CapacityProfile::kFull;
    params.root_capacity = 4;
    CHECK_THROWS_AS(compute_capacities(params, 16), InputError);
  }

  TEST_CASE("custom capacities need one positive value per level") {
    CapacityParams params;
    params.profile = CapacityProfile::kCustom;
    params.custom = {4, 2, 1};
    CHECK(compute_capacities(params, 4) == std::vector<std::uint64_t>{4, 2, 1});
    CHECK_THROWS_AS(compute_capacities(params, 8), InputError);
    params.custom = {4, 0, 1};
    CHECK_THROWS_AS(compute_capacities(params, 4), InputError);
  }

  TEST_CASE("four-way: leaves 1, root sqrt n, and only the 4-way switches concentrate") {
    for (std::uint64_t n = 16; n <= (std::uint64_t{1} << 24); n *= 4) {
      CapacityParams params;
      params.profile = CapacityProfile::kFourWay;
      const auto caps = compute_capacities(params, n);
      const int levels = static_cast<int>(caps.size()) - 1;
      CAPTURE(n);
      CHECK(caps[levels] == 1);
      CHECK(caps[0] * caps[0] == n);
      for (int k = 0; k + 2 <= levels; k += 2) {
        CHECK(caps[k + 1] == 2 * caps[k + 2]);  // a half-level carries both children whole
        CHECK(caps[k] == 2 * caps[k + 2]);      // four inputs into twice one of them
      }
    }
  }

  TEST_CASE("profile names round-trip and an unknown name lists the valid ones") {
    for (CapacityProfile p : all_capacity_profiles())
      CHECK(parse_capacity_profile(to_string(p)) == p);
    try {
      parse_capacity_profile("fat");
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("linear-size-bumped") != std::string::npos);
    }
  }
}
