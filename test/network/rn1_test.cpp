// The RN1's two configurations: a connection's choices are the outputs of the direction it asks
// for that its input's crossbar reaches, as many as the dilation.
#include "ftvlsi/network/rn1.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string_view>

using namespace ftvlsi;

namespace {

// The direction output o goes in, and the crossbar that drives it, read off the header's
// description of each configuration.
int direction_of(Rn1Config c, int o) {
  return c == Rn1Config::kDilation2 ? o / 2 : o % 4;
}
int crossbar_of_output(Rn1Config c, int o) {
  return c == Rn1Config::kDilation2 ? 0 : o / 4;
}
int crossbar_of_input(Rn1Config c, int i) {
  return c == Rn1Config::kDilation2 ? 0 : i / 4;
}

}  // namespace

TEST_SUITE("rn1") {
  TEST_CASE("a connection may take exactly the outputs of its direction its crossbar drives") {
    for (const Rn1Config c : {Rn1Config::kDilation2, Rn1Config::kDual4x4}) {
      CAPTURE(to_string(c));
      // The inputs of one crossbar are equivalent: as many share each input's choices.
      for (int input = 0; input < kRn1Ports; ++input) {
        int same = 0;
        for (int other = 0; other < kRn1Ports; ++other) {
          bool all = true;
          for (int dir = 0; dir < kRn1Directions; ++dir)
            all = all && rn1_choices(c, input, dir).outputs == rn1_choices(c, other, dir).outputs;
          same += all;
        }
        CHECK(same == rn1_crossbar_inputs(c));
      }
      for (int input = 0; input < kRn1Ports; ++input)
        for (int dir = 0; dir < kRn1Directions; ++dir) {
          const Rn1Choice ch = rn1_choices(c, input, dir);
          std::set<int> expected, got;
          for (int o = 0; o < kRn1Ports; ++o)
            if (direction_of(c, o) == dir &&
                crossbar_of_output(c, o) == crossbar_of_input(c, input))
              expected.insert(o);
          for (int k = 0; k < ch.count; ++k) got.insert(ch.outputs[k]);
          CHECK(ch.count == rn1_dilation(c));
          CHECK(got.size() == static_cast<std::size_t>(ch.count));  // no output twice
          CHECK(got == expected);
        }
    }
  }

  TEST_CASE("wiring a direction takes both of its outputs, and every output serves one direction") {
    for (const Rn1Config c : {Rn1Config::kDilation2, Rn1Config::kDual4x4}) {
      CAPTURE(to_string(c));
      std::set<int> all;
      for (int dir = 0; dir < kRn1Directions; ++dir)
        for (const int o : rn1_direction_outputs(c, dir)) {
          CHECK(direction_of(c, o) == dir);
          CHECK(all.insert(o).second);
        }
      CHECK(all.size() == static_cast<std::size_t>(kRn1Ports));
      // An input's choices are among its direction's wired outputs.
      for (int input = 0; input < kRn1Ports; ++input)
        for (int dir = 0; dir < kRn1Directions; ++dir) {
          const auto wired = rn1_direction_outputs(c, dir);
          const Rn1Choice ch = rn1_choices(c, input, dir);
          for (int k = 0; k < ch.count; ++k)
            CHECK((ch.outputs[k] == wired[0] || ch.outputs[k] == wired[1]));
        }
    }
    CHECK(to_string(Rn1Config::kDilation2) != to_string(Rn1Config::kDual4x4));
  }
}
