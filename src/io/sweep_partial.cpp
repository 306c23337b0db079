#include "ftvlsi/io/sweep_partial.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/technology_spec.hpp"

namespace ftvlsi {
namespace {

using nlohmann::json;

constexpr const char* kKind = "ftvlsi simulate sweep partial";

json verdict_json(const RegularityVerdict& v) {
  return {{"decided", std::string(to_string(v.decided))},
          {"nondecreasing", v.nondecreasing},
          {"c1", v.c1},
          {"c2", v.c2},
          {"c1_from", v.c1_from},
          {"c2_from", v.c2_from}};
}

RegularityVerdict verdict_of(const json& j) {
  RegularityVerdict v;
  v.decided = j.at("decided") == "analytic" ? Decided::kAnalytic : Decided::kNumeric;
  j.at("nondecreasing").get_to(v.nondecreasing);
  j.at("c1").get_to(v.c1), j.at("c2").get_to(v.c2);
  j.at("c1_from").get_to(v.c1_from), j.at("c2_from").get_to(v.c2_from);
  return v;
}

// Every field of a row, by name (the technology is the sweep's, stored once).
json row_json(const SimulateResult& r) {
  json j = {{"host", r.host},
            {"competing", r.competing},
            {"algorithm", r.algorithm},
            {"delay_model", r.delay_model},
            {"processors", r.processors},
            {"host_processors", r.host_processors},
            {"area_competing", r.area_competing},
            {"area_host", r.area_host},
            {"host_alpha", r.host_alpha},
            {"competing_alpha", r.competing_alpha},
            {"area_ratio", r.area_ratio},
            {"messages", r.messages},
            {"bits", r.bits},
            {"load_factor", r.load_factor},
            {"delivery_cycles", r.delivery_cycles},
            {"time_host", r.time_host},
            {"time_competing", r.time_competing},
            {"slowdown", r.slowdown},
            {"path_length_max", r.path_length_max},
            {"competing_wire_length_max", r.competing_wire_length_max},
            {"path_stretch_max", r.path_stretch_max},
            {"path_stretch_bound", r.path_stretch_bound},
            {"host_capacities", r.host_capacities},
            {"mapping", r.mapping},
            {"dimensions", r.dimensions},
            {"policy", r.policy == SwitchPolicy::kRandom ? "random" : "priority"},
            {"seed", r.seed},
            {"delivered", r.delivered},
            {"switch_delay", r.switch_delay},
            {"delay_conditions", verdict_json(r.delay_conditions)}};
  if (r.congestion) j["congestion"] = *r.congestion;
  if (r.time_host_bound) j["time_host_bound"] = *r.time_host_bound;
  if (r.host_capacity_profile) j["host_capacity_profile"] = *r.host_capacity_profile;
  if (r.mesh_diagonals) j["mesh_diagonals"] = *r.mesh_diagonals;
  return j;
}

template <class T>
void optional_field(const json& j, const char* key, std::optional<T>& out) {
  if (j.contains(key)) out = j.at(key).get<T>();
}

SimulateResult row_of(const json& j, const std::optional<Technology>& technology) {
  SimulateResult r;
  j.at("host").get_to(r.host), j.at("competing").get_to(r.competing);
  j.at("algorithm").get_to(r.algorithm), j.at("delay_model").get_to(r.delay_model);
  j.at("processors").get_to(r.processors), j.at("host_processors").get_to(r.host_processors);
  j.at("area_competing").get_to(r.area_competing), j.at("area_host").get_to(r.area_host);
  j.at("host_alpha").get_to(r.host_alpha), j.at("competing_alpha").get_to(r.competing_alpha);
  j.at("area_ratio").get_to(r.area_ratio), j.at("messages").get_to(r.messages);
  j.at("bits").get_to(r.bits), j.at("load_factor").get_to(r.load_factor);
  j.at("delivery_cycles").get_to(r.delivery_cycles), j.at("time_host").get_to(r.time_host);
  j.at("time_competing").get_to(r.time_competing), j.at("slowdown").get_to(r.slowdown);
  j.at("path_length_max").get_to(r.path_length_max);
  j.at("competing_wire_length_max").get_to(r.competing_wire_length_max);
  j.at("path_stretch_max").get_to(r.path_stretch_max);
  j.at("path_stretch_bound").get_to(r.path_stretch_bound);
  j.at("host_capacities").get_to(r.host_capacities), j.at("mapping").get_to(r.mapping);
  j.at("dimensions").get_to(r.dimensions), j.at("seed").get_to(r.seed);
  r.policy = parse_switch_policy(j.at("policy").get<std::string>());
  j.at("delivered").get_to(r.delivered), j.at("switch_delay").get_to(r.switch_delay);
  r.delay_conditions = verdict_of(j.at("delay_conditions"));
  optional_field(j, "congestion", r.congestion);
  optional_field(j, "time_host_bound", r.time_host_bound);
  optional_field(j, "host_capacity_profile", r.host_capacity_profile);
  optional_field(j, "mesh_diagonals", r.mesh_diagonals);
  r.technology = technology;
  return r;
}

json spec_json(const SweepSpec& s) {
  json hosts = json::array(), delays = json::array();
  for (auto h : s.hosts) hosts.push_back(std::string(to_string(h)));
  for (const auto& d : s.delays) delays.push_back(d.name());
  json j = {{"competing", s.base.competing},
            {"algorithm", std::string(to_string(s.base.algorithm))},
            {"seed", s.base.seed},
            {"sizes", s.sizes},
            {"hosts", hosts},
            {"delays", delays}};
  if (s.base.technology) j["technology"] = technology_document(*s.base.technology);
  return j;
}

SweepSpec spec_of(const json& j) {
  SweepSpec s;
  j.at("competing").get_to(s.base.competing);
  s.base.algorithm = parse_route_algorithm(j.at("algorithm").get<std::string>());
  j.at("seed").get_to(s.base.seed);
  j.at("sizes").get_to(s.sizes);
  s.hosts.clear(), s.delays.clear();
  for (const auto& h : j.at("hosts")) s.hosts.push_back(parse_host_kind(h.get<std::string>()));
  for (const auto& d : j.at("delays")) s.delays.push_back(parse_delay_model(d.get<std::string>()));
  if (j.contains("technology"))
    s.base.technology = parse_technology(j.at("technology").get<std::string>(), "partial result");
  return s;
}

}  // namespace

std::string sweep_partial_json(const SweepPartial& p) {
  json items = json::array();
  for (const auto& [index, rows] : p.items) {
    json r = json::array();
    for (const auto& row : rows) r.push_back(row_json(row));
    items.push_back({{"index", index}, {"rows", r}});
  }
  const json j = {{"kind", kKind},
                  {"version", std::string(version())},
                  {"shard", {p.shard.k, p.shard.n}},
                  {"sweep", spec_json(p.spec)},
                  {"items", items}};
  return j.dump(1) + "\n";
}

SweepPartial parse_sweep_partial(std::string_view text, std::string_view source) {
  try {
    const json j = json::parse(text);
    if (j.at("kind") != kKind || j.at("version") != std::string(version()))
      throw InputError(6701, fmt::format("{} is not a simulate sweep partial of ftvlsi {}", source,
                                         std::string(version())));
    SweepPartial p;
    p.shard = partial_shard(j.at("shard"), source);
    p.spec = spec_of(j.at("sweep"));
    for (const auto& item : j.at("items")) {
      std::vector<SimulateResult> rows;
      for (const auto& row : item.at("rows")) rows.push_back(row_of(row, p.spec.base.technology));
      p.items.emplace_back(item.at("index").get<std::uint64_t>(), std::move(rows));
    }
    return p;
  } catch (const json::exception& e) {
    throw InputError(6702, fmt::format("{} is not a valid partial result ({}); rerun its shard",
                                       source, e.what()));
  }
}

bool same_sweep(const SweepPartial& a, const SweepPartial& b) {
  return a.shard.n == b.shard.n && spec_json(a.spec) == spec_json(b.spec);
}

}  // namespace ftvlsi
