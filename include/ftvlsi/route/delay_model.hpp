#pragma once
// Wire-delay models (Greenberg 1990 §4): the time w(d) to send a bit along a wire of
// layout length d, and Greenberg's requirements on it: w nondecreasing, and
//   C1: w(d + x) / w(d) <= (lg d + x) / lg d   for all x >= 0 and d >= c,
//   C2: w(d + x) / w(d) <= (d + x) / d        for all x >= 0 and d >= c,
// for some constant c (C2 implies C1). The built-in models are decided analytically from their
// exponents, user tables numerically; docs/delay-conditions.md has the derivation.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/core/name_table.hpp"

namespace ftvlsi {

struct Technology;

// A point of a user's delay table: delay w at wire length d.
struct DelayPoint {
  double d = 0, w = 0;
};

struct DelayModel {
  enum class Kind { kUnit, kLinear, kSqrt, kLog, kPoly, kTable, kWire } kind = Kind::kUnit;
  double c = 1, q = 0, k = 0;  // poly: c d^q lg^k d, lg d = log2(max(d, 2))
  // wire: c0 + c1 d + c2 d^2, an RC wire's delay from a technology file (tech/technology.hpp):
  // c2 > 0 unrepeated (Elmore, quadratic), c2 = 0 with repeaters (linear).
  double c0 = 0, c1 = 0, c2 = 0;
  std::vector<DelayPoint> points{};  // table: d strictly ascending, w > 0
  double operator()(double d) const;
  std::string name() const;
};

// The wire of a technology (tech/technology.hpp, docs/technology.md) as the model wire:c0,c1,c2.
DelayModel wire_delay_model(const Technology& technology);

// The models' names, one row per kind: a plain name ("unit") or a name with parameters written
// after a colon ("poly:c,q,k"), and what the parameters mean when a message should say it.
struct DelayModelForm {
  DelayModel::Kind value;
  std::string_view name;
  std::string_view parameters = {};  // empty: the model takes none
  std::string_view meaning = {};
};
inline constexpr std::array<DelayModelForm, 7> kDelayModelForms{{
    {DelayModel::Kind::kUnit, "unit"},
    {DelayModel::Kind::kLinear, "linear"},
    {DelayModel::Kind::kSqrt, "sqrt"},
    {DelayModel::Kind::kLog, "log"},
    {DelayModel::Kind::kPoly, "poly", "c,q,k", "c d^q lg^k d with c > 0"},
    {DelayModel::Kind::kWire, "wire", "c0,c1,c2"},
    {DelayModel::Kind::kTable, "table", "d1=w1,d2=w2,..."},
}};
// Every form as written, "unit, ..., poly:c,q,k (c d^q lg^k d with c > 0), ..." with `last`
// before the final one; with_meaning false leaves the parenthesised meanings out.
std::string delay_model_forms(std::string_view last, bool with_meaning = true);

// "unit", "linear", "sqrt", "log", "poly:c,q,k", "wire:c0,c1,c2" (non-negative, not all zero) or
// "table:d1=w1,d2=w2,..." (kDelayModelForms); InputError otherwise. A table is piecewise-linear
// through its points, constant below the first and extended with the last segment's slope beyond
// the last; that slope must not be negative (the delay would turn negative).
DelayModel parse_delay_model(std::string_view text);

// How a verdict was reached: from the model's formula, or on a grid of points.
enum class Decided { kAnalytic, kNumeric };
inline constexpr NameTable<Decided, 2> kDecidedNames{{
    {Decided::kAnalytic, "analytic"},
    {Decided::kNumeric, "numeric"},
}};
constexpr std::string_view to_string(Decided decided) {
  return name_of(kDecidedNames, decided);
}

struct RegularityVerdict {
  Decided decided = Decided::kAnalytic;
  bool nondecreasing = false;  // for every d > 0
  // Usable under Greenberg §4: the condition holds and w is nondecreasing.
  bool c1 = false, c2 = false;
  // A constant c from which the condition holds, 0 when c1 (c2) is false. Analytic: the least
  // c >= 1 for C2, which gives C1 from the same c. Numeric: the least power of two found.
  double c1_from = 0, c2_from = 0;
};

// Built-in models (unit, linear, sqrt, log, poly, wire) are decided exactly from q and k (a
// wire model with c2 > 0 grows as d^2, with c2 = 0 and c1 > 0 as d, else it is constant). Tables
// are checked on a grid: nondecreasing over their points (exact for a piecewise-linear function),
// C1 and C2 for c in 2, 4, ..., 2^20 (or up to the table's last point) with d from c to 2^60 and
// x from 0 to 2^60 on geometric grids of 8 points per octave.
RegularityVerdict check_regularity(const DelayModel& w);

}  // namespace ftvlsi
