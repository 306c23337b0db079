#include "ftvlsi/route/delay_model.hpp"

#include <fmt/format.h>

#include <cmath>
#include <sstream>
#include <vector>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

double lg_of(double d) {
  return std::log2(std::max(d, 2.0));
}

// Geometric grid from `from` to 2^60, 8 points per octave.
std::vector<double> grid(double from) {
  std::vector<double> out;
  for (double v = from; v <= std::ldexp(1.0, 60); v *= std::pow(2.0, 0.125)) out.push_back(v);
  return out;
}

// Whether ratio(w(d+x)/w(d)) <= bound(d, x) on the grid for every d >= c.
template <class Bound>
bool holds_from(const DelayModel& w, double c, Bound bound) {
  std::vector<double> xs = grid(1.0 / 64);
  xs.insert(xs.begin(), 0.0);
  for (double d : grid(c)) {
    const double wd = w(d);
    for (double x : xs)
      if (w(d + x) / wd > bound(d, x) * (1 + 1e-9)) return false;
  }
  return true;
}

}  // namespace

double DelayModel::operator()(double d) const {
  switch (kind) {
    case Kind::kUnit:
      return 1.0;
    case Kind::kLinear:
      return d;
    case Kind::kSqrt:
      return std::sqrt(d);
    case Kind::kLog:
      return lg_of(d);
    case Kind::kPoly:
      return c * std::pow(d, q) * std::pow(lg_of(d), k);
  }
  return 1.0;
}

std::string DelayModel::name() const {
  switch (kind) {
    case Kind::kUnit:
      return "unit";
    case Kind::kLinear:
      return "linear";
    case Kind::kSqrt:
      return "sqrt";
    case Kind::kLog:
      return "log";
    case Kind::kPoly:
      return fmt::format("poly:{},{},{}", c, q, k);
  }
  return "unit";
}

DelayModel parse_delay_model(std::string_view text) {
  DelayModel m;
  if (text == "unit") return m;
  if (text == "linear") return m.kind = DelayModel::Kind::kLinear, m;
  if (text == "sqrt") return m.kind = DelayModel::Kind::kSqrt, m;
  if (text == "log") return m.kind = DelayModel::Kind::kLog, m;
  if (text.rfind("poly:", 0) == 0) {
    std::istringstream in{std::string(text.substr(5))};
    char comma1 = 0, comma2 = 0;
    std::string rest;
    if (in >> m.c >> comma1 >> m.q >> comma2 >> m.k && comma1 == ',' && comma2 == ',' &&
        !(in >> rest) && m.c > 0) {
      m.kind = DelayModel::Kind::kPoly;
      return m;
    }
  }
  throw InputError(fmt::format(
      "unknown delay model '{}'; valid models are unit, linear, sqrt, log and poly:c,q,k "
      "(c d^q lg^k d with c > 0)",
      text));
}

RegularityVerdict check_regularity(const DelayModel& w) {
  RegularityVerdict v;
  for (double c = 2; c <= std::ldexp(1.0, 20); c *= 2) {
    if (!v.c2 && holds_from(w, c, [](double d, double x) { return (d + x) / d; }))
      v.c2 = true, v.c2_from = c;
    if (!v.c1 && holds_from(w, c, [](double d, double x) { return (lg_of(d) + x) / lg_of(d); }))
      v.c1 = true, v.c1_from = c;
    if (v.c1 && v.c2) break;
  }
  return v;
}

}  // namespace ftvlsi
