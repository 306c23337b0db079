#include "ftvlsi/route/delay_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {
namespace {

// The ranges that keep every delay finite: a wire is at most 2^62 grid units long, a path a few
// hundred wires, a message 2^20 bits, so c d^q lg^k d with c <= 1e12, |q| <= 8, |k| <= 64 stays
// below 2^950, and so do c0 + c1 d + c2 d^2 and tables with d <= 1e18, w <= 1e12 (slopes
// included).
constexpr double kMaxDelayConstant = 1e12, kMaxExponent = 8, kMaxLogExponent = 64;
constexpr double kMaxTableLength = 1e18;

double lg_of(double d) {
  return std::log2(std::max(d, 2.0));
}

// ---- Tables -------------------------------------------------------------------------------

double table_value(const std::vector<DelayPoint>& p, double d) {
  if (p.size() == 1 || d <= p.front().d) return p.front().w;
  // The segment [i - 1, i] holding d, or the last one beyond the last point.
  auto it = std::upper_bound(p.begin(), p.end(), d,
                             [](double v, const DelayPoint& pt) { return v < pt.d; });
  const std::size_t i = std::min<std::size_t>(it - p.begin(), p.size() - 1);
  const DelayPoint& a = p[i - 1];
  const DelayPoint& b = p[i];
  return a.w + (b.w - a.w) * (d - a.d) / (b.d - a.d);
}

std::optional<double> parse_number(std::string_view s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

[[noreturn]] void bad_table(std::string_view text, const std::string& why) {
  throw InputError(
      6171,
      fmt::format(
          "bad delay table '{}': {}; write table:d1=w1,d2=w2,... with distinct wire lengths d > 0, "
          "delays w > 0 and a last segment that does not fall",
          text, why));
}

DelayPoint parse_point(std::string_view text, std::string_view item) {
  const auto eq = item.find('=');
  if (eq == std::string_view::npos) bad_table(text, fmt::format("'{}' has no '='", item));
  const auto d = parse_number(item.substr(0, eq)), w = parse_number(item.substr(eq + 1));
  if (!d || !w) bad_table(text, fmt::format("'{}' is not two numbers", item));
  if (*d <= 0 || *w <= 0) bad_table(text, fmt::format("'{}' is not positive", item));
  if (*d > kMaxTableLength || *w > kMaxDelayConstant)
    throw InputError(1072, fmt::format("delay table point '{}' is out of range; lengths d must be "
                                       "at most 1e18 and delays w at most 1e12 so that delays "
                                       "stay finite",
                                       item));
  return {*d, *w};
}

// table:d1=w1,...: `rest` is what follows the colon.
DelayModel parse_table(std::string_view text, std::string_view rest) {
  DelayModel m;
  m.kind = DelayModel::Kind::kTable;
  if (rest.empty()) bad_table(text, "it has no points");
  while (true) {
    const auto comma = rest.find(',');
    m.points.push_back(parse_point(text, rest.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  std::sort(m.points.begin(), m.points.end(),
            [](const DelayPoint& a, const DelayPoint& b) { return a.d < b.d; });
  for (std::size_t i = 1; i < m.points.size(); ++i)
    if (m.points[i].d == m.points[i - 1].d)
      bad_table(text, fmt::format("the length {} appears twice", m.points[i].d));
  const std::size_t last = m.points.size() - 1;
  if (last > 0 && m.points[last].w < m.points[last - 1].w)
    bad_table(text, "its last segment falls, so its extension would reach zero delay");
  return m;
}

// wire:c0,c1,c2 — three non-negative numbers, not all zero; `rest` is what follows the colon.
DelayModel parse_wire(std::string_view text, std::string_view rest) {
  DelayModel m;
  m.kind = DelayModel::Kind::kWire;
  std::vector<double> v;
  while (true) {
    const auto comma = rest.find(',');
    const auto x = parse_number(rest.substr(0, comma));
    if (!x || *x < 0) break;
    v.push_back(*x);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (v.size() != 3 || v[0] + v[1] + v[2] <= 0)
    throw InputError(6173,
                     fmt::format("bad wire delay model '{}'; write wire:c0,c1,c2 (delay c0 + c1 d "
                                 "+ c2 d^2 for a wire of "
                                 "d grid units) with three non-negative numbers, not all zero",
                                 text));
  if (*std::max_element(v.begin(), v.end()) > kMaxDelayConstant)
    throw InputError(1071, fmt::format("wire delay model '{}' is out of range; c0, c1 and c2 must "
                                       "be at most 1e12 so that delays stay finite",
                                       text));
  m.c0 = v[0], m.c1 = v[1], m.c2 = v[2];
  return m;
}

// ---- The numeric check (tables) -------------------------------------------------------------

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

RegularityVerdict numeric_verdict(const DelayModel& w) {
  RegularityVerdict v;
  v.decided = Decided::kNumeric;
  // Piecewise-linear, constant below the first point and not falling beyond the last: it is
  // nondecreasing exactly when its points are.
  v.nondecreasing =
      std::is_sorted(w.points.begin(), w.points.end(),
                     [](const DelayPoint& a, const DelayPoint& b) { return a.w < b.w; });
  if (!v.nondecreasing) return v;
  // Search c at least up to the last point, beyond which the table is linear.
  const double c_max = std::clamp(std::exp2(std::ceil(std::log2(w.points.back().d))),
                                  std::ldexp(1.0, 20), std::ldexp(1.0, 50));
  for (double c = 2; c <= c_max; c *= 2) {
    if (!v.c2 && holds_from(w, c, [](double d, double x) { return (d + x) / d; }))
      v.c2 = true, v.c2_from = c;
    if (!v.c1 && holds_from(w, c, [](double d, double x) { return (lg_of(d) + x) / lg_of(d); }))
      v.c1 = true, v.c1_from = c;
    if (v.c1 && v.c2) break;
  }
  return v;
}

// ---- The analytic verdict (c d^q lg^k d) ------------------------------------------------------

// The built-in models as c d^q lg^k d.
std::pair<double, double> exponents(const DelayModel& w) {
  switch (w.kind) {
    case DelayModel::Kind::kLinear:
      return {1, 0};
    case DelayModel::Kind::kSqrt:
      return {0.5, 0};
    case DelayModel::Kind::kLog:
      return {0, 1};
    case DelayModel::Kind::kPoly:
      return {w.q, w.k};
    case DelayModel::Kind::kWire:
      return {w.c2 > 0 ? 2.0 : (w.c1 > 0 ? 1.0 : 0.0), 0};
    case DelayModel::Kind::kUnit:
      return {0, 0};
    case DelayModel::Kind::kTable:  // decided numerically (check_regularity); no exponents
      break;
  }
  return {0, 0};
}

// docs/delay-conditions.md: with lg clamped at 1 below d = 2, w = c d^q lg^k d (c > 0) is
// nondecreasing on d > 0 iff q >= 0 and q + k / ln 2 >= 0; C2 holds iff w(d)/d is eventually
// non-increasing, iff q < 1 or (q = 1 and k <= 0), and C1 holds for exactly the same (q, k).
RegularityVerdict analytic_verdict(const DelayModel& w) {
  const auto [q, k] = exponents(w);
  RegularityVerdict v;
  v.decided = Decided::kAnalytic;
  v.nondecreasing = q >= 0 && q * std::numbers::ln2 + k >= 0;
  const bool c2 = q < 1 || (q == 1 && k <= 0);
  if (!v.nondecreasing || !c2) return v;
  v.c1 = v.c2 = true;
  // c0 + c1 d (c0, c1 >= 0): w(d + x) / w(d) = 1 + c1 x / (c0 + c1 d) <= 1 + x / d from c = 1.
  if (w.kind == DelayModel::Kind::kWire) return v.c1_from = v.c2_from = 1.0, v;
  // w(d)/d falls on [1, 2] and, beyond 2, wherever ln d >= k / (1 - q).
  const double from = q < 1 && k > 0 ? std::exp(k / (1 - q)) : 1.0;
  v.c1_from = v.c2_from = from > 2 ? from : 1.0;
  return v;
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
    case Kind::kTable:
      return table_value(points, d);
    case Kind::kWire:
      return c0 + d * (c1 + d * c2);
  }
  return 1.0;
}

std::string DelayModel::name() const {
  const std::string_view base = name_of(kDelayModelForms, kind);
  switch (kind) {
    case Kind::kUnit:
    case Kind::kLinear:
    case Kind::kSqrt:
    case Kind::kLog:
      return std::string(base);
    case Kind::kPoly:
      return fmt::format("{}:{},{},{}", base, c, q, k);
    case Kind::kTable: {
      std::string out = fmt::format("{}:", base);
      for (const auto& p : points)
        out += fmt::format("{}{}={}", &p == &points.front() ? "" : ",", p.d, p.w);
      return out;
    }
    case Kind::kWire:
      return fmt::format("{}:{},{},{}", base, c0, c1, c2);
  }
  return std::string(base);
}

DelayModel wire_delay_model(const Technology& technology) {
  const WirePolynomial p = technology.wire_polynomial();
  DelayModel m;
  m.kind = DelayModel::Kind::kWire;
  m.c0 = p.c0, m.c1 = p.c1, m.c2 = p.c2;
  return m;
}

std::string delay_model_forms(std::string_view last, bool with_meaning) {
  std::string out;
  for (std::size_t i = 0; i < kDelayModelForms.size(); ++i) {
    const auto& form = kDelayModelForms[i];
    if (i > 0) out += i + 1 == kDelayModelForms.size() ? last : std::string_view(", ");
    out += form.name;
    if (!form.parameters.empty()) out += fmt::format(":{}", form.parameters);
    if (with_meaning && !form.meaning.empty()) out += fmt::format(" ({})", form.meaning);
  }
  return out;
}

namespace {

// poly:c,q,k; nullopt when the parameters are not three numbers with c > 0.
std::optional<DelayModel> parse_poly(std::string_view text, std::string_view parameters) {
  DelayModel m;
  std::istringstream in{std::string(parameters)};
  char comma1 = 0, comma2 = 0;
  std::string rest;
  if (!(in >> m.c >> comma1 >> m.q >> comma2 >> m.k && comma1 == ',' && comma2 == ',' &&
        !(in >> rest) && m.c > 0))
    return std::nullopt;
  if (m.c > kMaxDelayConstant || std::abs(m.q) > kMaxExponent || std::abs(m.k) > kMaxLogExponent)
    throw InputError(1070, fmt::format("delay model '{}' is out of range; poly:c,q,k needs "
                                       "c <= 1e12, -8 <= q <= 8 and -64 <= k <= 64 so that "
                                       "delays stay finite",
                                       text));
  m.kind = DelayModel::Kind::kPoly;
  return m;
}

// The model of one form: `text` is its name alone, or its name, a colon and the parameters.
std::optional<DelayModel> parse_form(const DelayModelForm& form, std::string_view text) {
  if (form.parameters.empty()) {
    if (text != form.name) return std::nullopt;
    DelayModel m;
    m.kind = form.value;
    return m;
  }
  if (text.size() <= form.name.size() || text.substr(0, form.name.size()) != form.name ||
      text[form.name.size()] != ':')
    return std::nullopt;
  const std::string_view parameters = text.substr(form.name.size() + 1);
  switch (form.value) {
    case DelayModel::Kind::kPoly:
      return parse_poly(text, parameters);
    case DelayModel::Kind::kTable:
      return parse_table(text, parameters);
    case DelayModel::Kind::kWire:
      return parse_wire(text, parameters);
    case DelayModel::Kind::kUnit:
    case DelayModel::Kind::kLinear:
    case DelayModel::Kind::kSqrt:
    case DelayModel::Kind::kLog:
      break;  // no parameters: handled above
  }
  return std::nullopt;
}

}  // namespace

DelayModel parse_delay_model(std::string_view text) {
  for (const auto& form : kDelayModelForms)
    if (const auto m = parse_form(form, text)) return *m;
  throw InputError(6172, fmt::format("unknown delay model '{}'; valid models are {}", text,
                                     delay_model_forms(" and ")));
}

RegularityVerdict check_regularity(const DelayModel& w) {
  return w.kind == DelayModel::Kind::kTable ? numeric_verdict(w) : analytic_verdict(w);
}

}  // namespace ftvlsi
