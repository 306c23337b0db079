#include "ftvlsi/route/timing.hpp"

#include <doctest/doctest.h>

using namespace ftvlsi;

TEST_SUITE("timing") {
  TEST_CASE("head, latency and round trip add wires, switches, the tail and the acknowledgment") {
    const MessageTiming t{parse_delay_model("linear"), 2, 40};
    CHECK(t.head(10, 3) == doctest::Approx(16));        // wires 10 + 3 switches of 2
    CHECK(t.latency(10, 3) == doctest::Approx(56));     // + the tail, 40 bits behind
    CHECK(t.round_trip(10, 3) == doctest::Approx(73));  // + the one-bit acknowledgment's head
  }
}
