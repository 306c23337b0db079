#include "ftvlsi/route/transit_analytic.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/route/circuit_switch.hpp"

using namespace ftvlsi;

namespace {

// One RN1 as a network of 4 "processors": processor p's inputs are router inputs 2p, 2p + 1,
// direction d delivers to processor d, on both outputs of the direction.
struct SingleRn1 {
  Rn1Config config;
  Rn1Config rn1() const { return config; }
  std::uint64_t routers() const { return 1; }
  std::int64_t injection(std::uint64_t p, int i) const { return static_cast<std::int64_t>(2 * p + i); }
  int direction(std::uint64_t, std::uint64_t, std::uint64_t dst) const { return static_cast<int>(dst); }
  std::int64_t link(std::uint64_t out) const {
    for (int d = 0; d < 4; ++d)
      for (int o : rn1_direction_outputs(config, d))
        if (static_cast<std::uint64_t>(o) == out) return delivery_link(d);
    return kNoLink;
  }
};

// Brute force over every input pattern (idle or one of 4 directions per input) of what the
// allocation rule grants, weighted by its probability.
double enumerated_pass(Rn1Config config, double load) {
  double offered = 0, granted = 0;
  int pattern[8];
  for (int code = 0; code < 390625; ++code) {  // 5^8
    double w = 1;
    int busy = 0, x = code;
    for (int i = 0; i < 8; ++i, x /= 5) {
      pattern[i] = x % 5 - 1;
      w *= pattern[i] < 0 ? 1 - load : load / 4;
      busy += pattern[i] >= 0;
    }
    int used[2][4] = {};
    int got = 0;
    for (int i = 0; i < 8; ++i) {
      if (pattern[i] < 0) continue;
      const int xbar = config == Rn1Config::kDual4x4 ? i / 4 : 0;
      if (used[xbar][pattern[i]] < rn1_dilation(config)) ++used[xbar][pattern[i]], ++got;
    }
    offered += w * busy;
    granted += w * got;
  }
  return granted / offered;
}

}  // namespace

TEST_SUITE("transit_analytic") {
  TEST_CASE("one RN1: the binomial model equals the enumeration of every input pattern") {
    for (auto cfg : {Rn1Config::kDilation2, Rn1Config::kDual4x4})
      for (double load : {0.1, 0.5, 0.9, 1.0})
        CHECK(rn1_pass(cfg, load / 4) == doctest::Approx(enumerated_pass(cfg, load)).epsilon(1e-12));
  }

  TEST_CASE("one RN1: the simulation matches the model on a single stage") {
    for (auto cfg : {Rn1Config::kDilation2, Rn1Config::kDual4x4})
      for (double load : {0.3, 1.0}) {
        const SingleRn1 net{cfg};
        CircuitSwitch<SingleRn1> sw(net);
        SplitMix64 rng(3);
        std::vector<CircuitRequest> req;
        std::vector<std::uint8_t> ok;
        double offered = 0, got = 0;
        for (int t = 0; t < 40000; ++t) {
          req.clear();
          for (std::uint32_t p = 0; p < 4; ++p)
            for (std::uint8_t i = 0; i < 2; ++i)
              if (static_cast<double>(rng() >> 11) * 0x1.0p-53 < load)
                req.push_back({p, static_cast<std::uint32_t>(rng.below(4)), i});
          sw.route(req, rng, ok);
          offered += req.size();
          for (auto v : ok) got += v;
        }
        const double model = rn1_pass(cfg, load / 4), sim = got / offered;
        const double sd = std::sqrt(model * (1 - model) / offered);
        CHECK(std::fabs(sim - model) < 4 * sd + 1e-3);
      }
  }

  TEST_CASE("a flat bidelta loses more connections the more stages it has") {
    double last = 1;
    for (int stages = 1; stages <= 10; ++stages) {
      const double p = bidelta_route_probability(stages, Rn1Config::kDilation2, 1.0);
      CHECK(p < last);
      last = p;
    }
    CHECK(bidelta_route_probability(1, Rn1Config::kDilation2, 1.0) ==
          doctest::Approx(rn1_pass(Rn1Config::kDilation2, 0.25)));
  }

  TEST_CASE("the model's probability falls with load and with uniform traffic") {
    TransitParams p;
    p.composition = "4K";
    const auto shape = transit_shape(p);
    double last = 1.0;
    for (double load : {0.1, 0.4, 0.7, 1.0}) {
      const auto a = analytic_route_probability(shape, Rn1Config::kDilation2, Locality::kMatched, load);
      CHECK(a.probability <= last + 1e-12);
      CHECK(a.probability > 0);
      last = a.probability;
    }
    const auto u = analytic_route_probability(shape, Rn1Config::kDilation2, Locality::kUniform, 1.0);
    CHECK(u.probability < last);
  }
}
