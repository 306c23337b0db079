#include "ftvlsi/io/sweep_partial.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "json_read.hpp"

namespace ftvlsi {
namespace {

using json_read::as;
using json_read::from;
using json_read::read;

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
  const json& decided = j.at("decided");  // anything but "analytic" reads as numeric, as before
  v.decided = decided.is_string()
                  ? value_of(kDecidedNames, decided.get<std::string>()).value_or(Decided::kNumeric)
                  : Decided::kNumeric;
  read(j, "nondecreasing", v.nondecreasing);
  read(j, "c1", v.c1), read(j, "c2", v.c2);
  read(j, "c1_from", v.c1_from), read(j, "c2_from", v.c2_from);
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
            {"mapping_load", r.mapping_load},
            {"slowdown_with_compute", r.slowdown_with_compute},
            {"delta_bit_times", r.delta_bit_times},
            {"cycle_bit_times", r.cycle_bit_times},
            {"path_length_max", r.path_length_max},
            {"competing_wire_length_max", r.competing_wire_length_max},
            {"path_stretch_max", r.path_stretch_max},
            {"path_stretch_bound", r.path_stretch_bound},
            {"host_capacities", r.host_capacities},
            {"mapping", r.mapping},
            {"dimensions", r.dimensions},
            {"policy", std::string(to_string(r.policy))},
            {"seed", r.seed},
            {"delivered", r.delivered},
            {"switch_delay", r.switch_delay},
            {"delay_conditions", verdict_json(r.delay_conditions)}};
  if (r.congestion) j["congestion"] = *r.congestion;
  if (r.time_host_bound) j["time_host_bound"] = *r.time_host_bound;
  if (r.host_capacity_profile) j["host_capacity_profile"] = *r.host_capacity_profile;
  if (r.mesh_diagonals) j["mesh_diagonals"] = *r.mesh_diagonals;
  if (r.processor_area_source != ProcessorAreaSource::kAlpha)
    j["processor_area_source"] = std::string(to_string(r.processor_area_source));
  return j;
}

template <class T>
void optional_field(const json& j, const char* key, std::optional<T>& out) {
  if (j.contains(key)) out = as<T>(j.at(key));
}

SimulateResult row_of(const json& j, const std::optional<Technology>& technology) {
  SimulateResult r;
  read(j, "host", r.host), read(j, "competing", r.competing);
  read(j, "algorithm", r.algorithm), read(j, "delay_model", r.delay_model);
  read(j, "processors", r.processors), read(j, "host_processors", r.host_processors);
  read(j, "area_competing", r.area_competing), read(j, "area_host", r.area_host);
  read(j, "host_alpha", r.host_alpha), read(j, "competing_alpha", r.competing_alpha);
  read(j, "area_ratio", r.area_ratio), read(j, "messages", r.messages);
  read(j, "bits", r.bits), read(j, "load_factor", r.load_factor);
  read(j, "delivery_cycles", r.delivery_cycles), read(j, "time_host", r.time_host);
  read(j, "time_competing", r.time_competing), read(j, "slowdown", r.slowdown);
  read(j, "path_length_max", r.path_length_max);
  read(j, "competing_wire_length_max", r.competing_wire_length_max);
  read(j, "path_stretch_max", r.path_stretch_max);
  read(j, "path_stretch_bound", r.path_stretch_bound);
  read(j, "host_capacities", r.host_capacities), read(j, "mapping", r.mapping);
  read(j, "dimensions", r.dimensions), read(j, "seed", r.seed);
  r.policy = parse_switch_policy(as<std::string>(j.at("policy")));
  read(j, "delivered", r.delivered), read(j, "switch_delay", r.switch_delay);
  r.delay_conditions = verdict_of(j.at("delay_conditions"));
  optional_field(j, "congestion", r.congestion);
  optional_field(j, "time_host_bound", r.time_host_bound);
  optional_field(j, "host_capacity_profile", r.host_capacity_profile);
  optional_field(j, "mesh_diagonals", r.mesh_diagonals);
  // Added with Greenberg 1990 §3 and §5's checks: a partial written before has none of them.
  if (j.contains("mapping_load")) {
    read(j, "mapping_load", r.mapping_load);
    read(j, "slowdown_with_compute", r.slowdown_with_compute);
    read(j, "delta_bit_times", r.delta_bit_times), read(j, "cycle_bit_times", r.cycle_bit_times);
  }
  if (j.contains("processor_area_source"))
    r.processor_area_source = j.at("processor_area_source") == "technology"
                                  ? ProcessorAreaSource::kTechnology
                                  : ProcessorAreaSource::kAlpha;
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
  read(j, "competing", s.base.competing);
  s.base.algorithm = parse_route_algorithm(as<std::string>(j.at("algorithm")));
  read(j, "seed", s.base.seed);
  read(j, "sizes", s.sizes);
  s.hosts.clear(), s.delays.clear();
  for (const auto& h : j.at("hosts")) s.hosts.push_back(parse_host_kind(as<std::string>(h)));
  for (const auto& d : j.at("delays")) s.delays.push_back(parse_delay_model(as<std::string>(d)));
  if (j.contains("technology"))
    s.base.technology = parse_technology(as<std::string>(j.at("technology")), "partial result");
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
  json j = json_read::partial_head(kKind, p.shard);
  j["sweep"] = spec_json(p.spec);
  j["items"] = items;
  return j.dump(1) + "\n";
}

SweepPartial parse_sweep_partial(std::string_view text, std::string_view source) {
  return json_read::read_partial(text, source, kKind, "simulate sweep partial", [&](const json& j) {
    SweepPartial p;
    p.shard = partial_shard(j.at("shard"), source);
    p.spec = spec_of(j.at("sweep"));
    for (const auto& item : j.at("items")) {
      std::vector<SimulateResult> rows;
      for (const auto& row : item.at("rows")) rows.push_back(row_of(row, p.spec.base.technology));
      p.items.emplace_back(as<std::uint64_t>(item.at("index")), std::move(rows));
    }
    return p;
  });
}

bool same_sweep(const SweepPartial& a, const SweepPartial& b) {
  return a.shard.n == b.shard.n && spec_json(a.spec) == spec_json(b.spec);
}

}  // namespace ftvlsi
