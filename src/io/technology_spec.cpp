#include "ftvlsi/io/technology_spec.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "yaml_source.hpp"

namespace ftvlsi {

using namespace detail;

namespace {

double number(const Source& src, const YAML::Node& node, std::string_view key, bool zero_ok) {
  const std::string text = scalar(src, node, key);
  double v = 0;
  std::size_t used = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || !std::isfinite(v) || v < 0 || (v == 0 && !zero_ok))
    src.fail(node, 2401,
             fmt::format("key '{}' must be a {} number, not '{}'", key,
                         zero_ok ? "non-negative" : "positive", text));
  return v;
}

// The range of every figure (docs/technology.md): wide enough for any process, narrow enough that
// the mm², mm and ns computed from it stay finite for layouts up to 2^62 grid units on a side.
struct Range {
  double lo, hi;
  std::string_view unit;
};

double ranged(const Source& src, const YAML::Node& node, std::string_view key, Range r) {
  const double v = number(src, node, key, false);
  if (v < r.lo || v > r.hi)
    src.fail(node, 3601,
             fmt::format("key '{}' must be between {:g} and {:g} {} so that the figures computed "
                         "from it stay finite, not {:g}",
                         key, r.lo, r.hi, r.unit, v));
  return v;
}

constexpr Range kLength{1e-4, 1e6, "um"};      // a grid unit, a pitch, a via: 0.1 nm to 1 m
constexpr Range kArea{1e-12, 1e12, "um^2"};    // a crosspoint or a switch: up to 1 m^2
constexpr Range kFlight{1e-12, 1e6, "ns/mm"};  // a transmission line's time of flight

YAML::Node required(const Source& src, const YAML::Node& map, std::string_view key) {
  const YAML::Node v = map[std::string(key)];
  if (!v) src.fail(map, 2402, fmt::format("section 'technology' needs the key '{}'", key));
  return v;
}

bool boolean(const Source& src, const YAML::Node& node, std::string_view key) {
  const std::string t = scalar(src, node, key);
  if (t == "true") return true;
  if (t == "false") return false;
  src.fail(node, 2403, fmt::format("key '{}' must be true or false, not '{}'", key, t));
}

void parse_layers(const Source& src, const YAML::Node& node, Technology& t) {
  if (!node.IsSequence() || node.size() < 2)
    src.fail(node, 2404, "key 'layers' must list at least two routing layers ({name, pitch_um})");
  for (const auto& item : node) {
    require_map(src, item, "layers");
    check_keys(src, item, "layers", {"name", "pitch_um"});
    t.layers.push_back({scalar(src, required(src, item, "name"), "name"),
                        ranged(src, required(src, item, "pitch_um"), "pitch_um", kLength)});
  }
}

void parse_switch(const Source& src, const YAML::Node& node, Technology& t) {
  require_map(src, node, "switch");
  check_keys(src, node, "switch", {"crosspoint_um2", "fixed_um2"});
  if (const auto v = node["crosspoint_um2"])
    t.switch_area.crosspoint_um2 = ranged(src, v, "crosspoint_um2", kArea);
  if (const auto v = node["fixed_um2"])
    t.switch_area.fixed_um2 = ranged(src, v, "fixed_um2", kArea);
  if ((t.switch_area.crosspoint_um2 > 0) == (t.switch_area.fixed_um2 > 0))
    src.fail(node, 2405, "section 'switch' needs exactly one of crosspoint_um2 and fixed_um2");
}

void parse_wire(const Source& src, const YAML::Node& node, Technology& t) {
  require_map(src, node, "wire");
  check_keys(src, node, "wire",
             {"r_ohm_per_mm", "c_ff_per_mm", "driver_ohm", "driver_ff", "repeaters", "ns_per_mm"});
  WireDelay& w = t.wire;
  if (const auto v = node["ns_per_mm"]) {
    w.ns_per_mm = ranged(src, v, "ns_per_mm", kFlight);
    return;
  }
  w.r_ohm_per_mm =
      ranged(src, required(src, node, "r_ohm_per_mm"), "r_ohm_per_mm", {1e-12, 1e12, "ohm/mm"});
  w.c_ff_per_mm =
      ranged(src, required(src, node, "c_ff_per_mm"), "c_ff_per_mm", {1e-12, 1e12, "fF/mm"});
  w.driver_ohm = ranged(src, required(src, node, "driver_ohm"), "driver_ohm", {1e-12, 1e12, "ohm"});
  w.driver_ff = ranged(src, required(src, node, "driver_ff"), "driver_ff", {1e-12, 1e12, "fF"});
  if (const auto v = node["repeaters"]) w.repeaters = boolean(src, v, "repeaters");
}

void parse_sources(const Source& src, const YAML::Node& node, Technology& t) {
  if (!node.IsSequence()) src.fail(node, 2406, "key 'sources' must be a list of citations");
  for (const auto& item : node) t.sources.push_back(scalar(src, item, "sources"));
}

// GDS coordinates are whole database units (docs/layout.md): a grid unit is a whole number of
// them, at most a million (so a layout of 2000 grid units still fits GDSII's 32 bits), and a
// via at least two (it is centred on its track).
void validate_database_unit(const Source& src, const YAML::Node& node, const Technology& t) {
  const double per_grid = t.grid_unit_um / t.database_unit_um;
  if (per_grid > 1e6 || std::fabs(per_grid - std::round(per_grid)) > 1e-6 * per_grid ||
      std::round(per_grid) < 1)
    src.fail(node, 2411,
             fmt::format("grid_unit_um {} is {:g} database units of {} um; it must be a whole "
                         "number of them, at most 1000000: set database_unit_um to one that "
                         "divides the grid unit",
                         t.grid_unit_um, per_grid, t.database_unit_um));
  if (t.via_um < 2 * t.database_unit_um || t.drawn_wire_width_um() < t.database_unit_um)
    src.fail(node, 2412,
             fmt::format("database_unit_um {} is too coarse for via_um {} and a wire {} um wide; "
                         "choose a database unit of at most half the via",
                         t.database_unit_um, t.via_um, t.drawn_wire_width_um()));
}

// The grid unit must hold both routing layers' tracks and a via at every bend.
void validate(const Source& src, const YAML::Node& node, const Technology& t) {
  for (std::size_t i = 0; i < 2; ++i)
    if (t.layers[i].pitch_um > t.grid_unit_um * (1 + 1e-9))
      src.fail(node, 2407,
               fmt::format("grid_unit_um {} is finer than layer {}'s pitch {} um; the grid "
                           "unit must be at least both routing pitches",
                           t.grid_unit_um, t.layers[i].name, t.layers[i].pitch_um));
  if (t.via_um >= t.grid_unit_um)
    src.fail(node, 2408,
             fmt::format("via_um {} does not fit in a grid unit of {} um; a via sits on "
                         "every bend",
                         t.via_um, t.grid_unit_um));
  if (t.drawn_wire_width_um() >= t.grid_unit_um)
    src.fail(node, 2410,
             fmt::format("wire_width_um {} does not fit in a grid unit of {} um; wires on "
                         "neighbouring tracks would touch",
                         t.drawn_wire_width_um(), t.grid_unit_um));
  validate_database_unit(src, node, t);
}

Technology parse_body(const Source& src, const YAML::Node& node) {
  require_map(src, node, "technology");
  check_keys(
      src, node, "technology",
      {"name", "description", "sources", "grid_unit_um", "layers", "via_um", "database_unit_um",
       "wire_width_um", "switch", "processor_mm2", "wire", "clock_mhz", "switch_delay_ns"});
  Technology t;
  t.name = scalar(src, required(src, node, "name"), "name");
  if (const auto v = node["description"]) t.description = scalar(src, v, "description");
  if (const auto v = node["sources"]) parse_sources(src, v, t);
  t.grid_unit_um = ranged(src, required(src, node, "grid_unit_um"), "grid_unit_um", kLength);
  parse_layers(src, required(src, node, "layers"), t);
  t.via_um = ranged(src, required(src, node, "via_um"), "via_um", kLength);
  if (const auto v = node["database_unit_um"])
    t.database_unit_um = ranged(src, v, "database_unit_um", kLength);
  if (const auto v = node["wire_width_um"])
    t.wire_width_um = ranged(src, v, "wire_width_um", kLength);
  parse_switch(src, required(src, node, "switch"), t);
  t.processor_mm2 = ranged(src, required(src, node, "processor_mm2"), "processor_mm2",
                           {1e-12, 1e6, "mm^2"});  // up to 1 m^2
  parse_wire(src, required(src, node, "wire"), t);
  t.clock_mhz = ranged(src, required(src, node, "clock_mhz"), "clock_mhz", {1e-6, 1e9, "MHz"});
  if (const auto v = node["switch_delay_ns"])
    t.switch_delay_ns = ranged(src, v, "switch_delay_ns", {1e-12, 1e12, "ns"});
  validate(src, node, t);
  return t;
}

}  // namespace

Technology parse_technology(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = load_yaml(yaml, source);
  if (!root.IsMap() || !root["technology"])
    throw InputError(
        2409,
        fmt::format(
            "{}: a technology file is a mapping with one key 'technology'; see technology/*.yaml",
            source));
  check_keys(src, root, "top level", {"technology"});
  return parse_body(src, root["technology"]);
}

std::string technology_document(const Technology& t) {
  nlohmann::ordered_json j;
  j["name"] = t.name;
  if (!t.description.empty()) j["description"] = t.description;
  if (!t.sources.empty()) j["sources"] = t.sources;
  j["grid_unit_um"] = t.grid_unit_um;
  for (const auto& l : t.layers)
    j["layers"].push_back({{"name", l.name}, {"pitch_um", l.pitch_um}});
  j["via_um"] = t.via_um;
  j["database_unit_um"] = t.database_unit_um;
  if (t.wire_width_um > 0) j["wire_width_um"] = t.wire_width_um;
  if (t.switch_area.crosspoint_um2 > 0)
    j["switch"] = {{"crosspoint_um2", t.switch_area.crosspoint_um2}};
  else
    j["switch"] = {{"fixed_um2", t.switch_area.fixed_um2}};
  j["processor_mm2"] = t.processor_mm2;
  const WireDelay& w = t.wire;
  if (w.ns_per_mm > 0)
    j["wire"] = {{"ns_per_mm", w.ns_per_mm}};
  else
    j["wire"] = {{"r_ohm_per_mm", w.r_ohm_per_mm},
                 {"c_ff_per_mm", w.c_ff_per_mm},
                 {"driver_ohm", w.driver_ohm},
                 {"driver_ff", w.driver_ff},
                 {"repeaters", w.repeaters}};
  j["clock_mhz"] = t.clock_mhz;
  if (t.switch_delay_ns > 0) j["switch_delay_ns"] = t.switch_delay_ns;
  return nlohmann::ordered_json{{"technology", j}}.dump();
}

Technology load_technology(const std::string& path) {
  Technology t = parse_technology(read_text_file(path, "technology file"), path);
  t.file = path;
  return t;
}

}  // namespace ftvlsi
