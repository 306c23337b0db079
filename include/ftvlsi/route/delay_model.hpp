#pragma once
// Wire-delay models (DESIGN §6, Greenberg §4): the time w(d) to send a bit along a wire of
// layout length d, and a numeric check of Greenberg's regularity conditions
//   C1: w(d + x) / w(d) <= (lg d + x) / lg d   for all x >= 0 and d >= c,
//   C2: w(d + x) / w(d) <= (d + x) / d        for all x >= 0 and d >= c,
// for some constant c (C2 implies C1).
#include <string>
#include <string_view>

namespace ftvlsi {

struct DelayModel {
  enum class Kind { kUnit, kLinear, kSqrt, kLog, kPoly } kind = Kind::kUnit;
  double c = 1, q = 0, k = 0;  // poly: c d^q lg^k d
  double operator()(double d) const;
  std::string name() const;
};

// "unit", "linear", "sqrt", "log" or "poly:c,q,k"; InputError otherwise.
DelayModel parse_delay_model(std::string_view text);

struct RegularityVerdict {
  bool c1 = false, c2 = false;
  double c1_from = 0, c2_from = 0;  // the least power of two c found to work (0: none)
};

// Checks the conditions on a grid: c in 2, 4, ..., 2^20; d from c to 2^60 and x from 0 to 2^60,
// both on geometric grids with 8 points per octave. A function whose regular range starts beyond
// c = 2^20, or that fails only for x beyond 2^60, is misjudged: the verdict is numeric.
RegularityVerdict check_regularity(const DelayModel& w);

}  // namespace ftvlsi
