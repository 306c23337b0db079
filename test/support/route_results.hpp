#pragma once
// Two routings of the same messages that must agree to the byte: cycles, steps, every message's
// cycle, the timed length and every path's length.
#include <doctest/doctest.h>

#include "ftvlsi/route/algorithms.hpp"

namespace ftvlsi::test {

inline void check_same_routing(const RouteResult& a, const RouteResult& b) {
  CHECK(a.cycles == b.cycles);
  CHECK(a.steps == b.steps);
  CHECK(a.cycle_of == b.cycle_of);
  CHECK(a.elapsed == b.elapsed);
  CHECK(a.path_length == b.path_length);
}

}  // namespace ftvlsi::test
