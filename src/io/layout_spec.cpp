#include "ftvlsi/io/layout_spec.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/network/competing.hpp"
#include "layout_node.hpp"
#include "yaml_source.hpp"

namespace ftvlsi {
namespace detail {

// A butterfly switch's parent count; values beyond int are refused here, the rest by the network.
int parents_entry(std::uint64_t p) {
  if (p > 4) throw InputError(2201, fmt::format("a switch has 1, 2 or 4 parents, not {}", p));
  return static_cast<int>(p);
}

void parse_capacities_list(const Source& src, const YAML::Node& node, CapacityParams& cap) {
  if (!node.IsSequence())
    src.fail(node, 2206, "key 'capacities' must be a list of positive integers, one per level");
  cap.custom.clear();
  for (const auto& item : node) cap.custom.push_back(positive(src, item, "capacities"));
}

FatTreeParams parse_fat_tree(const Source& src, const YAML::Node& net) {
  FatTreeParams p;
  if (const auto v = net["processors"]) p.processors = positive(src, v, "processors");
  if (const auto v = net["capacity"]) {
    p.capacity.profile =
        parsed(src, v, "capacity", [](const std::string& t) { return parse_capacity_profile(t); });
  }
  if (const auto v = net["root_capacity"])
    p.capacity.root_capacity = positive(src, v, "root_capacity");
  if (const auto v = net["alpha"]) p.capacity.alpha = positive(src, v, "alpha");
  if (const auto v = net["constant"]) p.capacity.constant = positive(src, v, "constant");
  if (const auto v = net["capacities"]) parse_capacities_list(src, v, p.capacity);
  return p;
}

// The fat-tree families a spec names besides the competing kinds, with the styles each takes,
// its own first. Fat-trees and butterfly networks are built from typed parameters (FatTreeParams,
// ButterflyParams) rather than by the competing registry's makers.
constexpr LayoutStyle kFatTreeStyles[] = {LayoutStyle::kHTree, LayoutStyle::kCube,
                                          LayoutStyle::kSlab};
constexpr LayoutStyle kButterflyStyles[] = {LayoutStyle::kFoldAndSquash, LayoutStyle::kHTree,
                                            LayoutStyle::kCube, LayoutStyle::kLayered};
constexpr LayoutStyle kPyramidStyles[] = {LayoutStyle::kFoldAndSquash, LayoutStyle::kHTree,
                                          LayoutStyle::kCube};

struct TreeKind {
  std::string_view name;
  bool butterfly;  // ButterflyParams, else FatTreeParams
  std::span<const LayoutStyle> styles;
};
constexpr std::array<TreeKind, 3> kTreeKinds{{
    {"fat-tree", false, kFatTreeStyles},
    {"butterfly-fat-tree", true, kButterflyStyles},
    {"fat-pyramid", true, kPyramidStyles},
}};

// A competing network's styles follow its dimensions (the registry's): the channel router in
// 2D, the 3D grid in 3D, either for a network read from a file (which may be 3D).
constexpr LayoutStyle kPlaneStyles[] = {LayoutStyle::kChannel};
constexpr LayoutStyle kSpaceStyles[] = {LayoutStyle::kCube};
constexpr LayoutStyle kFileStyles[] = {LayoutStyle::kChannel, LayoutStyle::kCube};

std::span<const LayoutStyle> competing_styles(int dimensions) {
  if (dimensions == 3) return kSpaceStyles;
  if (dimensions == 0) return kFileStyles;
  return kPlaneStyles;
}

const TreeKind* find_tree_kind(std::string_view kind) {
  for (const auto& k : kTreeKinds)
    if (k.name == kind) return &k;
  return nullptr;
}

bool is_competing_kind(std::string_view kind) {
  return find_competing_kind(kind) != nullptr;
}

bool is_butterfly_kind(std::string_view kind) {
  const TreeKind* k = find_tree_kind(kind);
  return k && k->butterfly;
}

bool is_layout_kind(std::string_view kind) {
  return find_tree_kind(kind) || is_competing_kind(kind);
}

NetworkParams parse_network(const Source& src, const YAML::Node& net) {
  require_map(src, net, "network");
  std::string kind = "fat-tree";
  if (const auto v = net["kind"]) {
    kind = scalar(src, v, "kind");
    if (!is_layout_kind(kind))
      src.fail(v, 2207,
               fmt::format("unknown network kind '{}'; valid kinds are {}", kind,
                           layout_network_kinds()));
  }
  if (kind == "fat-tree") {
    check_keys(
        src, net, "network",
        {"kind", "processors", "capacity", "root_capacity", "alpha", "constant", "capacities"});
    return parse_fat_tree(src, net);
  }
  if (is_butterfly_kind(kind)) {
    check_keys(src, net, "network", {"kind", "processors", "parents", "mesh_diagonals", "alpha"});
    ButterflyParams b;
    b.kind = kind;
    if (const auto v = net["alpha"]) b.alpha = positive(src, v, "alpha");
    if (const auto v = net["mesh_diagonals"])
      b.mesh_diagonals = parsed(src, v, "mesh_diagonals", [](const std::string& t) {
        if (t == "true") return true;
        if (t == "false") return false;
        throw InputError(2202, "mesh_diagonals must be true or false");
      });
    if (const auto v = net["processors"]) b.processors = positive(src, v, "processors");
    if (const auto v = net["parents"]) {
      auto parents = [&](const YAML::Node& item) {
        return parsed(src, item, "parents", [](const std::string& t) {
          return parents_entry(parse_positive(t, "parents"));
        });
      };
      if (v.IsSequence()) {
        for (const auto& item : v) b.parents.push_back(parents(item));
      } else {
        b.parents.push_back(parents(v));
      }
    }
    return b;
  }
  check_keys(src, net, "network", {"kind", "processors", "file"});
  CompetingParams p;
  p.kind = kind;
  if (const auto v = net["processors"]) p.processors = positive(src, v, "processors");
  if (const auto v = net["file"]) p.file = scalar(src, v, "file");
  return p;
}

void parse_layout_section(const Source& src, const YAML::Node& node, LayoutSpec& spec) {
  require_map(src, node, "layout");
  check_keys(src, node, "layout", {"style", "drc", "switch_model"});
  if (const auto v = node["style"]) {
    spec.style =
        parsed(src, v, "style", [](const std::string& t) { return parse_layout_style(t); });
  }
  if (const auto v = node["drc"]) {
    spec.drc =
        parsed(src, v, "drc", [](const std::string& t) { return parse_drc_mode(t, "key 'drc'"); });
  }
  if (const auto v = node["switch_model"]) {
    spec.switch_model = parsed(src, v, "switch_model", [](const std::string& t) {
      return parse_switch_model(t, "key 'switch_model'");
    });
  }
}

void parse_output_section(const Source& src, const YAML::Node& node, OutputPaths& out) {
  require_map(src, node, "output");
  check_keys(src, node, "output", {"svg", "gds", "json", "html"});
  if (const auto v = node["svg"]) out.svg = scalar(src, v, "svg");
  if (const auto v = node["html"]) out.html = scalar(src, v, "html");
  if (const auto v = node["gds"]) out.gds = scalar(src, v, "gds");
  if (const auto v = node["json"]) out.json = scalar(src, v, "json");
}

LayoutSpec parse_layout_node(const Source& src, const YAML::Node& root, bool in_report) {
  require_map(src, root, in_report ? "layouts entry" : "spec");
  std::vector<std::string_view> keys{"network", "layout", "output", "seed"};
  if (in_report) keys.push_back("name");
  check_keys(src, root, in_report ? "layouts entry" : "top level", keys);
  LayoutSpec spec;
  if (const auto v = root["network"]) {
    spec.network = parse_network(src, v);
    spec.alpha_given = v.IsMap() && v["alpha"];
  }
  if (const auto v = root["layout"]) parse_layout_section(src, v, spec);
  if (const auto v = root["output"]) parse_output_section(src, v, spec.output);
  if (const auto v = root["seed"]) {
    spec.seed = parsed(src, v, "seed",
                       [](const std::string& t) { return parse_unsigned(t, "key 'seed'"); });
  }
  if (const auto v = root["name"]) spec.name = scalar(src, v, "name");
  return spec;
}

}  // namespace detail

using namespace detail;

std::string_view network_kind_name(const NetworkParams& params) {
  if (const auto* c = std::get_if<CompetingParams>(&params)) return c->kind;
  if (const auto* b = std::get_if<ButterflyParams>(&params)) return b->kind;
  return "fat-tree";
}

std::string layout_network_kinds(std::string_view last) {
  std::string out;
  for (const auto& k : kTreeKinds) out += fmt::format("{}, ", k.name);
  return out + competing_kind_list(last);
}

std::span<const LayoutStyle> styles_of(const NetworkParams& network) {
  if (const auto* c = std::get_if<CompetingParams>(&network)) {
    const CompetingKind* k = find_competing_kind(c->kind);
    return competing_styles(k ? k->dimensions : 2);
  }
  if (const TreeKind* k = find_tree_kind(network_kind_name(network))) return k->styles;
  return kButterflyStyles;  // a ButterflyParams whose kind was never validated: not a pyramid
}

namespace {

// "a, b (3D) or c (3D)": a network's styles, the 3D ones marked.
std::string style_list(std::span<const LayoutStyle> styles) {
  std::string out;
  for (std::size_t i = 0; i < styles.size(); ++i) {
    if (i > 0) out += i + 1 == styles.size() ? " or " : ", ";
    out += fmt::format("{}{}", to_string(styles[i]), is_3d(styles[i]) ? " (3D)" : "");
  }
  return out;
}

// Whether some network of a layout spec takes `style` (the transit network's hollow cube is
// `ftvlsi layout --network transit`'s own).
bool is_spec_style(LayoutStyle style) {
  auto in = [style](std::span<const LayoutStyle> styles) {
    return std::find(styles.begin(), styles.end(), style) != styles.end();
  };
  for (const auto& k : kTreeKinds)
    if (in(k.styles)) return true;
  for (const auto& k : competing_kind_registry())
    if (in(competing_styles(k.dimensions))) return true;
  return false;
}

}  // namespace

LayoutStyle parse_layout_style(std::string_view text) {
  const auto style = value_of(kLayoutStyles, text);
  if (style && is_spec_style(*style)) return *style;
  std::vector<std::string_view> valid;
  for (const auto& row : kLayoutStyles)
    if (is_spec_style(row.value)) valid.push_back(row.name);
  std::string list;
  for (std::size_t i = 0; i < valid.size(); ++i)
    list += fmt::format("{}{}", i == 0 ? "" : i + 1 == valid.size() ? " and " : ", ", valid[i]);
  throw InputError(2203, fmt::format("unknown layout style '{}'; valid styles are {}", text, list));
}

LayoutStyle resolved_style(const LayoutSpec& spec) {
  const auto styles = styles_of(spec.network);
  if (!spec.style) return styles.front();
  if (std::find(styles.begin(), styles.end(), *spec.style) != styles.end()) return *spec.style;
  throw InputError(2204, fmt::format("a {} network cannot take the {} style; it takes {}",
                                     network_kind_name(spec.network), to_string(*spec.style),
                                     style_list(styles)));
}

bool layout_takes_alpha(const LayoutSpec& spec) {
  const auto styles = styles_of(spec.network);
  const LayoutStyle style = spec.style.value_or(styles.front());
  if (std::holds_alternative<FatTreeParams>(spec.network)) return style == LayoutStyle::kHTree;
  if (std::holds_alternative<ButterflyParams>(spec.network))
    return style == LayoutStyle::kFoldAndSquash;
  return false;
}

std::string layout_styles_by_network() {
  std::string out;
  for (const auto& k : kTreeKinds) out += fmt::format("{}: {}; ", k.name, style_list(k.styles));
  // Competing kinds grouped by dimensions, in the registry's order.
  for (const int dims : {2, 3, 0}) {
    std::string kinds;
    for (const auto& k : competing_kind_registry())
      if (k.dimensions == dims) kinds += fmt::format("{}{}", kinds.empty() ? "" : ", ", k.name);
    if (!kinds.empty()) out += fmt::format("{}: {}; ", kinds, style_list(competing_styles(dims)));
  }
  return out.substr(0, out.size() - 2);
}

DrcMode parse_drc_mode(std::string_view text, std::string_view where) {
  if (const auto mode = value_of(kDrcModeNames, text)) return *mode;
  throw InputError(
      2205, fmt::format("{} must be {}, not '{}'", where, names_of(kDrcModeNames, " or "), text));
}

SwitchModel parse_switch_model(std::string_view text, std::string_view where) {
  if (const auto model = value_of(kSwitchModelNames, text)) return *model;
  throw InputError(2231, fmt::format("{} must be {}, not '{}'", where,
                                     names_of(kSwitchModelNames, " or "), text));
}

LayoutSpec parse_layout_spec(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = load_yaml(yaml, source);
  if (!root.IsDefined() || root.IsNull()) return LayoutSpec{};
  return parse_layout_node(src, root, false);
}

LayoutSpec load_layout_spec(const std::string& path) {
  LayoutSpec spec = parse_layout_spec(read_text(path), path);
  spec.spec_file = path;
  return spec;
}

}  // namespace ftvlsi
