#include "ftvlsi/route/transit_latency.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/geometry/metrics.hpp"

using namespace ftvlsi;

namespace {

TransitParams named(const std::string& name) {
  TransitParams p;
  p.composition = name;
  return p;
}

}  // namespace

TEST_SUITE("transit_latency") {
  TEST_CASE("a connection inside a 192-processor cluster takes 4 stages: 40 ns at 100 MHz") {
    const TransitNetwork net(named("12K"));
    const HollowCube hc = build_hollow_cube(net, {});
    const auto t = transit_latency(net, hc, {});
    REQUIRE(t.rows.size() == 4);
    CHECK(t.rows[0].router_stages == 4);
    CHECK(t.rows[0].latency_ns == doctest::Approx(40.0));
    CHECK(t.rows[0].cable_levels == 0);
    for (std::size_t c = 1; c < t.rows.size(); ++c) {
      CHECK(t.rows[c].latency_ns > t.rows[c - 1].latency_ns);
      CHECK(t.rows[c].latency_ns_mean <= t.rows[c].latency_ns);
      CHECK(t.rows[c].cable_levels == 1);
    }
  }

  TEST_CASE("cable lengths are measured from the layout: the drawn maximum is the metrics'") {
    for (const char* name : {"4K", "256K"}) {
      const TransitNetwork net(named(name));
      const HollowCube hc = build_hollow_cube(net, {});
      const auto m = measure(hc.layout);
      const auto lengths = cable_lengths(hc.layout);
      REQUIRE(lengths.size() == m.wire_length_max_by_level.size());
      for (std::size_t k = 0; k < lengths.size(); ++k) {
        CHECK(lengths[k].drawn_max == doctest::Approx(m.wire_length_max_by_level[k]));
        CHECK(lengths[k].cables == m.wires_by_level[k]);
        CHECK(lengths[k].straight_max <= lengths[k].drawn_max);
      }
    }
  }

  TEST_CASE("the longest cable is a bounded multiple of the cube's side and grows about x4") {
    const TransitNetwork small(named("4K")), large(named("256K"));
    const HollowCube a = build_hollow_cube(small, {}), b = build_hollow_cube(large, {});
    const auto la = cable_lengths(a.layout), lb = cable_lengths(b.layout);
    for (std::size_t k = 0; k < b.levels.size(); ++k)
      CHECK(lb[k].drawn_max <= 3.0 * static_cast<double>(b.levels[k].interior_side));
    // x64 processors: one more level; its side and its longest cable about 4 to 6 times longer.
    const double side = static_cast<double>(b.levels[1].interior_side) / a.levels[0].interior_side;
    const double wire = lb[1].drawn_max / la[0].drawn_max;
    CHECK(side > 3.5);
    CHECK(side < 6.0);
    CHECK(wire > 3.5);
    CHECK(wire < 7.0);
  }

  TEST_CASE("straight optical links and faster signals shorten only the cable part") {
    const TransitNetwork net(named("256K"));
    const HollowCube hc = build_hollow_cube(net, {});
    TransitTiming drawn, straight;
    straight.straight = true;
    const auto d = transit_latency(net, hc, drawn), s = transit_latency(net, hc, straight);
    const int top = static_cast<int>(d.rows.size()) - 1;
    CHECK(s.rows[top].latency_ns < d.rows[top].latency_ns);
    CHECK(s.rows[1].latency_ns == doctest::Approx(d.rows[1].latency_ns));  // no cable
    CHECK(d.rows[top].router_stages == 12);
    CHECK(d.rows[top].router_stages_without_shortcuts == 18);
  }
}
