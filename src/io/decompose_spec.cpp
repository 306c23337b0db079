#include "ftvlsi/io/decompose_spec.hpp"

#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "yaml_source.hpp"

namespace ftvlsi {
namespace {

using namespace detail;

void parse_network(const Source& src, const YAML::Node& node, DecomposeSpec& s) {
  require_map(src, node, "network");
  check_keys(src, node, "network", {"kind", "processors", "file", "coordinates", "format"});
  if (const auto v = node["kind"]) s.network = scalar(src, v, "kind");
  if (const auto v = node["processors"]) s.processors = positive(src, v, "processors");
  if (const auto v = node["file"]) s.network_file = scalar(src, v, "file");
  if (const auto v = node["coordinates"]) s.coordinates = scalar(src, v, "coordinates");
  if (const auto v = node["format"]) {
    s.graph_format =
        parsed(src, v, "format", [](const std::string& t) { return parse_graph_format(t); });
  }
}

void parse_host(const Source& src, const YAML::Node& node, DecomposeSpec& s) {
  require_map(src, node, "host");
  check_keys(src, node, "host", {"processors", "capacity", "alpha"});
  if (const auto v = node["processors"]) s.host_processors = positive(src, v, "processors");
  if (const auto v = node["capacity"]) {
    s.host_capacity.profile =
        parsed(src, v, "capacity", [](const std::string& t) { return parse_capacity_profile(t); });
    s.host_capacity_given = true;
  }
  if (const auto v = node["alpha"]) {
    s.host_capacity.alpha = positive(src, v, "alpha");
    s.host_alpha_given = true;
  }
}

void parse_method(const Source& src, const YAML::Node& node, DecomposeSpec& s) {
  require_map(src, node, "decompose");
  check_keys(src, node, "decompose", {"mapping", "cut_on", "mapping_in"});
  if (const auto v = node["mapping"]) {
    s.mapping =
        parsed(src, v, "mapping", [](const std::string& t) { return parse_mapping_kind(t); });
  }
  if (const auto v = node["cut_on"]) {
    s.cut_layout =
        parsed(src, v, "cut_on", [](const std::string& t) { return parse_cut_on_layout(t); });
  }
  if (const auto v = node["mapping_in"]) s.mapping_in = scalar(src, v, "mapping_in");
}

void parse_output(const Source& src, const YAML::Node& node, DecomposeSpec& s) {
  require_map(src, node, "output");
  const std::vector<std::pair<std::string_view, std::optional<std::string>*>> keys{
      {"json", &s.json},
      {"dot", &s.dot},
      {"svg", &s.svg},
      {"mapping", &s.mapping_out},
      {"messages", &s.messages_out},
      {"scotch", &s.export_scotch},
      {"metis", &s.export_metis},
      {"network", &s.network_out},
      {"xyz", &s.export_xyz}};
  std::vector<std::string_view> names;
  for (const auto& [name, target] : keys) names.push_back(name);
  check_keys(src, node, "output", names);
  for (const auto& [name, target] : keys)
    if (const auto v = node[std::string(name)]) *target = scalar(src, v, name);
}

}  // namespace

DecomposeSpec parse_decompose_spec(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = load_yaml(yaml, source);
  DecomposeSpec s;
  if (!root.IsDefined() || root.IsNull()) return s;
  require_map(src, root, "spec");
  check_keys(src, root, "top level", {"network", "host", "decompose", "output", "seed"});
  if (const auto v = root["network"]) parse_network(src, v, s);
  if (const auto v = root["host"]) parse_host(src, v, s);
  if (const auto v = root["decompose"]) parse_method(src, v, s);
  if (const auto v = root["output"]) parse_output(src, v, s);
  if (const auto v = root["seed"]) {
    s.seed = parsed(src, v, "seed",
                    [](const std::string& t) { return parse_unsigned(t, "key 'seed'"); });
  }
  return s;
}

DecomposeSpec load_decompose_spec(const std::string& path) {
  DecomposeSpec spec = parse_decompose_spec(read_text(path), path);
  spec.spec_file = path;
  return spec;
}

DecomposeSpec decompose_spec(const DecomposeOptions& a, FrontEnd front) {
  const auto name = [front](std::string_view option) { return spelled(option, front); };
  DecomposeSpec s = a.spec ? load_decompose_spec(*a.spec) : DecomposeSpec{};
  if (a.network) s.network = *a.network;
  if (a.processors) s.processors = parse_positive(*a.processors, name("processors"));
  if (a.seed) s.seed = parse_unsigned(*a.seed, name("seed"));
  if (a.mapping) s.mapping = parse_mapping_kind(*a.mapping);
  if (a.cut_on) s.cut_layout = parse_cut_on_layout(*a.cut_on);
  if (a.host_processors)
    s.host_processors = parse_positive(*a.host_processors, name("host_processors"));
  if (a.host_capacity) {
    s.host_capacity.profile = parse_capacity_profile(*a.host_capacity);
    s.host_capacity_given = true;
  }
  if (a.host_alpha) {
    s.host_capacity.alpha = parse_positive(*a.host_alpha, name("host_alpha"));
    s.host_alpha_given = true;
  }
  for (const auto& [option, target] : {std::pair{&a.network_file, &s.network_file},
                                       {&a.mapping_in, &s.mapping_in},
                                       {&a.json, &s.json},
                                       {&a.dot, &s.dot},
                                       {&a.svg, &s.svg},
                                       {&a.mapping_out, &s.mapping_out},
                                       {&a.messages_out, &s.messages_out},
                                       {&a.export_scotch, &s.export_scotch},
                                       {&a.export_metis, &s.export_metis},
                                       {&a.network_out, &s.network_out},
                                       {&a.coordinates, &s.coordinates},
                                       {&a.export_xyz, &s.export_xyz}})
    if (*option) *target = **option;
  if (a.graph_format) s.graph_format = parse_graph_format(*a.graph_format);
  return s;
}

}  // namespace ftvlsi
