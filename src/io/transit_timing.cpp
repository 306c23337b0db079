#include "ftvlsi/io/transit_timing.hpp"

#include <cmath>

#include "yaml_source.hpp"

namespace ftvlsi {
namespace {

using detail::Source;

// A positive number below 1e9; from 1e-9 up, so that a latency (stages times a cycle of
// 1000 / clock_mhz ns, cables over signal_cm_per_ns) stays finite.
double positive_number(const Source& src, const YAML::Node& node, std::string_view key) {
  const std::string text = detail::scalar(src, node, key);
  double v = 0;
  try {
    std::size_t used = 0;
    v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v) || v <= 0 || v >= 1e9) v = 0;
  } catch (const std::exception&) {
    v = 0;
  }
  if (v == 0)
    src.fail(node, 2451, fmt::format("key '{}' must be a positive number, not '{}'", key, text));
  if (v < 1e-9)
    src.fail(node, 3605,
             fmt::format("key '{}' must be at least 1e-9 so that the latencies computed from it "
                         "stay finite, not {}",
                         key, text));
  return v;
}

void parse_stack(const Source& src, const YAML::Node& node, std::string_view name, StackSize& s) {
  detail::require_map(src, node, name);
  detail::check_keys(src, node, name, {"side_mm", "thickness_mm"});
  if (node["side_mm"]) s.side_mm = positive_number(src, node["side_mm"], "side_mm");
  if (node["thickness_mm"])
    s.thickness_mm = positive_number(src, node["thickness_mm"], "thickness_mm");
}

void parse_stacks(const Source& src, const YAML::Node& node, HollowCubeSpec& p) {
  detail::require_map(src, node, "stacks");
  detail::check_keys(
      src, node, "stacks",
      {"large_unit_tree", "small_unit_tree", "cluster_12", "cluster_48", "cluster_192"});
  const std::pair<const char*, StackSize*> stacks[] = {{"large_unit_tree", &p.large_unit_tree},
                                                       {"small_unit_tree", &p.small_unit_tree},
                                                       {"cluster_12", &p.cluster_12},
                                                       {"cluster_48", &p.cluster_48},
                                                       {"cluster_192", &p.cluster_192}};
  for (const auto& [name, size] : stacks)
    if (node[name]) parse_stack(src, node[name], name, *size);
}

}  // namespace

TransitTiming parse_transit_timing(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = detail::load_yaml(yaml, source);
  TransitTiming t;
  if (!root || root.IsNull()) return t;
  detail::require_map(src, root, "timing spec");
  detail::check_keys(
      src, root, "timing spec",
      {"clock_mhz", "cycles_per_stage", "signal_cm_per_ns", "wires", "grid_mm", "stacks"});
  if (root["clock_mhz"]) t.clock_mhz = positive_number(src, root["clock_mhz"], "clock_mhz");
  if (root["cycles_per_stage"])
    t.cycles_per_stage = positive_number(src, root["cycles_per_stage"], "cycles_per_stage");
  if (root["signal_cm_per_ns"])
    t.signal_cm_per_ns = positive_number(src, root["signal_cm_per_ns"], "signal_cm_per_ns");
  if (root["grid_mm"]) t.packaging.grid_mm = positive_number(src, root["grid_mm"], "grid_mm");
  if (root["wires"]) {
    const std::string w = detail::scalar(src, root["wires"], "wires");
    if (w != "drawn" && w != "straight")
      src.fail(root["wires"], 2452,
               fmt::format("key 'wires' must be drawn or straight, not '{}'", w));
    t.straight = w == "straight";
  }
  if (root["stacks"]) parse_stacks(src, root["stacks"], t.packaging);
  if (t.signal_cm_per_ns > 30)
    src.fail(root["signal_cm_per_ns"], 2453,
             "key 'signal_cm_per_ns' must not exceed the speed of light, 30 cm/ns");
  return t;
}

TransitTiming load_transit_timing(const std::string& path) {
  return parse_transit_timing(detail::read_text(path), path);
}

}  // namespace ftvlsi
