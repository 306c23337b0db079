#include "ftvlsi/report/check_partial.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "io/json_read.hpp"

namespace ftvlsi {
namespace {

using json_read::as;
using json_read::from;
using json_read::read;

using nlohmann::json;

constexpr const char* kKind = "ftvlsi check partial";

Verdict verdict_of(const std::string& text) {
  if (const auto v = value_of(kVerdictNames, text)) return *v;
  throw InputError(6702, fmt::format("unknown verdict '{}'", text));
}

json series_json(const CheckSeries& s) {
  json points = json::array();
  for (const auto& p : s.points) points.push_back({p.n, p.measured, p.bound});
  json j = {{"label", s.label},
            {"upper", s.rule.kind == CheckRule::Kind::kUpper},
            {"constant", std::isfinite(s.rule.constant) ? json(s.rule.constant) : json("inf")},
            {"either", s.rule.either},
            {"points", points},
            {"exponent", s.exponent},
            {"verdict", std::string(to_string(s.verdict))},
            {"reason", s.reason},
            {"lg", s.rule.variable == GrowthVariable::kLgN},
            {"power", s.power},
            {"power_exponent", s.power_exponent}};
  if (s.rule.epsilon) j["epsilon"] = *s.rule.epsilon;
  if (s.inconclusive) j["inconclusive"] = *s.inconclusive;
  return j;
}

CheckSeries series_of(const json& j) {
  CheckSeries s;
  read(j, "label", s.label);
  s.rule.kind = as<bool>(j.at("upper")) ? CheckRule::Kind::kUpper : CheckRule::Kind::kLower;
  const json& c = j.at("constant");
  s.rule.constant = c.is_string() ? std::numeric_limits<double>::infinity() : as<double>(c);
  read(j, "either", s.rule.either);
  if (j.contains("epsilon")) s.rule.epsilon = as<double>(j.at("epsilon"));
  for (const auto& p : j.at("points"))
    s.points.push_back({as<std::uint64_t>(p.at(0)), as<double>(p.at(1)), as<double>(p.at(2))});
  read(j, "exponent", s.exponent);
  s.verdict = verdict_of(as<std::string>(j.at("verdict")));
  read(j, "reason", s.reason);
  if (as<bool>(j.at("lg"))) s.rule.variable = GrowthVariable::kLgN;
  read(j, "power", s.power), read(j, "power_exponent", s.power_exponent);
  if (j.contains("inconclusive")) s.inconclusive = as<std::string>(j.at("inconclusive"));
  return s;
}

json control_json(const CheckControl& c) {
  json series = json::array();
  for (const auto& s : c.series) series.push_back(series_json(s));
  return {{"description", c.description},
          {"run", c.run},
          {"verdict", std::string(to_string(c.verdict))},
          {"series", series}};
}

CheckControl control_of(const json& j) {
  CheckControl c;
  read(j, "description", c.description), read(j, "run", c.run);
  c.verdict = verdict_of(as<std::string>(j.at("verdict")));
  for (const auto& s : j.at("series")) c.series.push_back(series_of(s));
  return c;
}

json result_json(const CheckResult& r) {
  json series = json::array();
  for (const auto& s : r.series) series.push_back(series_json(s));
  return {{"id", r.id},
          {"claim", r.claim},
          {"source", r.source},
          {"series", series},
          {"verdict", std::string(to_string(r.verdict))},
          {"seconds", r.seconds},
          {"note", r.note},
          {"control", control_json(r.control)}};
}

CheckResult result_of(const json& j) {
  CheckResult r;
  read(j, "id", r.id), read(j, "claim", r.claim), read(j, "source", r.source);
  for (const auto& s : j.at("series")) r.series.push_back(series_of(s));
  r.verdict = verdict_of(as<std::string>(j.at("verdict")));
  read(j, "seconds", r.seconds), read(j, "note", r.note);
  r.control = control_of(j.at("control"));
  return r;
}

json options_json(const CheckOptions& o) {
  json j = {{"ids", o.ids}, {"full", o.full}, {"seed", o.seed}, {"controls", o.controls}};
  if (o.technology) j["technology"] = technology_document(*o.technology);
  return j;
}

}  // namespace

std::string check_partial_json(const CheckPartial& p) {
  json results = json::array();
  for (const auto& [index, r] : p.results)
    results.push_back({{"index", index}, {"result", result_json(r)}});
  json j = json_read::partial_head(kKind, p.options.shard);
  j["options"] = options_json(p.options);
  j["total"] = p.total;
  j["results"] = results;
  return j.dump(1) + "\n";
}

CheckPartial parse_check_partial(std::string_view text, std::string_view source) {
  return json_read::read_partial(text, source, kKind, "check partial", [&](const json& j) {
    CheckPartial p;
    const json& o = j.at("options");
    read(o, "ids", p.options.ids);
    read(o, "full", p.options.full);
    read(o, "seed", p.options.seed);
    read(o, "controls", p.options.controls);
    if (o.contains("technology"))
      p.options.technology =
          parse_technology(as<std::string>(o.at("technology")), "partial result");
    p.options.shard = partial_shard(j.at("shard"), source);
    read(j, "total", p.total);
    for (const auto& r : j.at("results"))
      p.results.emplace_back(as<std::uint64_t>(r.at("index")), result_of(r.at("result")));
    return p;
  });
}

bool same_check_run(const CheckPartial& a, const CheckPartial& b) {
  return a.options.shard.n == b.options.shard.n && a.total == b.total &&
         options_json(a.options) == options_json(b.options);
}

std::string write_check_partial(const CheckOptions& options, const std::string& dir) {
  make_directory(dir, "--out");
  CheckPartial p;
  p.options = options;
  p.total = chosen_checks(options).size();
  std::uint64_t index = options.shard.k - 1;
  for (auto& r : run_checks(options)) {
    p.results.emplace_back(index, std::move(r));
    index += options.shard.n;
  }
  const std::string name = options.shard.file("check");
  write_file_atomically((std::filesystem::path(dir) / name).string(), check_partial_json(p));
  return name;
}

}  // namespace ftvlsi
