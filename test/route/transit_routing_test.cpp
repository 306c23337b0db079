#include "ftvlsi/route/transit_routing.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/transit_analytic.hpp"

using namespace ftvlsi;

namespace {

TransitParams named(const char* name, RedundantWiring w = RedundantWiring::kRandom) {
  TransitParams p;
  p.composition = name;
  p.wiring = w;
  return p;
}

}  // namespace

TEST_SUITE("transit_routing") {
  TEST_CASE("class distributions are distributions, matched fills each channel at full load") {
    for (const char* name : {"4K", "12K", "256K", "768K"}) {
      const auto s = transit_shape(named(name));
      for (auto loc : {Locality::kUniform, Locality::kMatched}) {
        const auto p = class_distribution(s, loc);
        CHECK(std::accumulate(p.begin(), p.end(), 0.0) == doctest::Approx(1.0));
        for (double q : p) CHECK(q >= 0);
      }
      const auto p = class_distribution(s, Locality::kMatched);
      double above = 1, unit = static_cast<double>(s.processors / s.leaf_units);
      for (int l = 0; l + 1 < s.classes(); ++l, unit *= 4) {
        above -= p[l];
        CHECK(above == doctest::Approx(std::min(1.0, s.connections_by_level[l] / (2 * unit))));
      }
    }
  }

  TEST_CASE("the destination sampler draws each class as often as the distribution says") {
    const TransitNetwork net(named("12K"));
    const DestinationSampler dest(net, Locality::kMatched);
    const auto p = class_distribution(net.shape(), Locality::kMatched);
    std::vector<double> seen(p.size(), 0);
    SplitMix64 rng(4);
    const int draws = 200000;
    for (int k = 0; k < draws; ++k) {
      const auto src = rng.below(net.processors());
      const auto dst = dest.draw(src, rng);
      REQUIRE(dst != src);
      REQUIRE(dst < net.processors());
      seen[net.locality_class(src, dst)] += 1.0 / draws;
    }
    for (std::size_t c = 0; c < p.size(); ++c) CHECK(std::fabs(seen[c] - p[c]) < 0.005);
  }

  TEST_CASE("the simulation is within 3 points of the model on whole networks") {
    for (const char* name : {"4K", "12K"})
      for (double load : {0.2, 0.6, 1.0}) {
        const TransitNetwork net(named(name));
        TransitRouteSpec spec;
        spec.load = load;
        spec.trials = 4;
        const auto sim = simulate_transit(net, spec);
        const auto model =
            analytic_route_probability(net.shape(), net.rn1(), Locality::kMatched, load);
        MESSAGE(std::string(name) << " load " << load << ": simulated " << sim.probability
                                  << ", model " << model.probability);
        CHECK(std::fabs(sim.probability - model.probability) < 0.03);
        CHECK(sim.ci_low <= sim.probability);
        CHECK(sim.probability <= sim.ci_high);
      }
  }

  TEST_CASE("success falls as the load grows, and uniform traffic does worse than matched") {
    const TransitNetwork net(named("4K"));
    TransitRouteSpec spec;
    spec.trials = 3;
    double last = 1.01;
    for (double load : {0.1, 0.5, 1.0}) {
      spec.load = load;
      const double p = simulate_transit(net, spec).probability;
      CHECK(p < last);
      last = p;
    }
    spec.locality = Locality::kUniform;
    CHECK(simulate_transit(net, spec).probability < last);
  }

  TEST_CASE("the same seed gives the same result") {
    const TransitNetwork net(named("12K"));
    TransitRouteSpec spec;
    spec.trials = 2;
    const auto a = simulate_transit(net, spec), b = simulate_transit(net, spec);
    CHECK(a.delivered == b.delivered);
    CHECK(a.per_trial == b.per_trial);
  }

  TEST_CASE("a load outside [0, 1] is refused") {
    const TransitNetwork net(named("4K"));
    TransitRouteSpec spec;
    spec.load = 1.5;
    CHECK_THROWS_AS(simulate_transit(net, spec), InputError);
    spec.load = -0.1;
    CHECK_THROWS_AS(simulate_transit(net, spec), InputError);
  }

  TEST_CASE("connectivity and success fall as faults increase, for both wirings") {
    for (auto w : {RedundantWiring::kRandom, RedundantWiring::kDeterministic})
      for (auto kind : {FaultKind::kRouter, FaultKind::kPaired, FaultKind::kLink}) {
        const TransitNetwork net(named("12K", w));
        TransitRouteSpec spec;
        spec.trials = 2;
        double last_conn = 1.01, last_p = 1.01;
        for (double f : {0.0, 0.05, 0.2}) {
          const auto faults = make_faults(net, {f, kind}, 7);
          const double conn = transit_connectivity(net, faults.mask, 1500, 3);
          const double p = simulate_transit(net, spec, &faults).probability;
          CHECK(conn <= last_conn);
          CHECK(p < last_p);
          last_conn = conn;
          last_p = p;
        }
        CHECK(last_conn < 1.0);
      }
  }
}
