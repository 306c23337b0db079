#include "ftvlsi/io/layout_spec.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "ftvlsi/core/error.hpp"
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

bool is_competing_kind(std::string_view kind) {
  for (auto k : competing_kinds())
    if (k == kind) return true;
  return false;
}

bool is_butterfly_kind(std::string_view kind) {
  return kind == "butterfly-fat-tree" || kind == "fat-pyramid";
}

std::string network_kinds() {
  std::string out = "fat-tree, butterfly-fat-tree, fat-pyramid";
  for (auto k : competing_kinds()) out += ", " + std::string(k);
  return out;
}

NetworkParams parse_network(const Source& src, const YAML::Node& net) {
  require_map(src, net, "network");
  std::string kind = "fat-tree";
  if (const auto v = net["kind"]) {
    kind = scalar(src, v, "kind");
    if (kind != "fat-tree" && !is_competing_kind(kind) && !is_butterfly_kind(kind))
      src.fail(v, 2207,
               fmt::format("unknown network kind '{}'; valid kinds are {}", kind, network_kinds()));
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
  check_keys(src, node, "layout", {"style", "drc"});
  if (const auto v = node["style"]) {
    spec.style =
        parsed(src, v, "style", [](const std::string& t) { return parse_layout_style(t); });
  }
  if (const auto v = node["drc"]) {
    spec.drc =
        parsed(src, v, "drc", [](const std::string& t) { return parse_drc_mode(t, "key 'drc'"); });
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
  if (const auto v = root["network"]) spec.network = parse_network(src, v);
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

std::string_view to_string(LayoutStyle style) {
  switch (style) {
    case LayoutStyle::kHTree:
      return "h-tree";
    case LayoutStyle::kChannel:
      return "channel";
    case LayoutStyle::kFoldAndSquash:
      return "fold-and-squash";
    case LayoutStyle::kCube:
      return "cube";
    case LayoutStyle::kLayered:
      return "layered";
    case LayoutStyle::kSlab:
      return "slab";
  }
  return "h-tree";
}

LayoutStyle parse_layout_style(std::string_view text) {
  if (text == "h-tree") return LayoutStyle::kHTree;
  if (text == "channel") return LayoutStyle::kChannel;
  if (text == "fold-and-squash") return LayoutStyle::kFoldAndSquash;
  if (text == "cube") return LayoutStyle::kCube;
  if (text == "layered") return LayoutStyle::kLayered;
  if (text == "slab") return LayoutStyle::kSlab;
  throw InputError(
      2203, fmt::format(
                "unknown layout style '{}'; valid styles are h-tree, cube and slab "
                "(fat-trees), fold-and-squash, h-tree, cube and layered (butterfly fat-trees), "
                "fold-and-squash, h-tree and cube (fat-pyramids) and channel (competing networks)",
                text));
}

LayoutStyle resolved_style(const LayoutSpec& spec) {
  const bool butterfly = std::holds_alternative<ButterflyParams>(spec.network);
  const auto* competing = std::get_if<CompetingParams>(&spec.network);
  const bool grid3d = competing && competing->kind == "mesh3d";
  const LayoutStyle own = std::holds_alternative<FatTreeParams>(spec.network) ? LayoutStyle::kHTree
                          : butterfly ? LayoutStyle::kFoldAndSquash
                          : grid3d    ? LayoutStyle::kCube
                                      : LayoutStyle::kChannel;
  if (!spec.style || *spec.style == own) return own;
  // Butterfly fat-trees and fat-pyramids also take the H-tree placement (the baseline).
  if (butterfly && *spec.style == LayoutStyle::kHTree) return LayoutStyle::kHTree;
  // Fat-trees also take the 3D cube layout.
  const bool tree = std::holds_alternative<FatTreeParams>(spec.network);
  if (tree && (*spec.style == LayoutStyle::kCube || *spec.style == LayoutStyle::kSlab))
    return *spec.style;
  // The butterfly fat-tree's 3D variant (8 children, 4 parents, n = 8^k): the lattice (cube)
  // or the layered router; the 3D fat-pyramid: the lattice.
  if (butterfly && (*spec.style == LayoutStyle::kCube ||
                    (*spec.style == LayoutStyle::kLayered &&
                     std::get<ButterflyParams>(spec.network).kind == "butterfly-fat-tree")))
    return *spec.style;
  // A network from a file may be three-dimensional: the cube style checks its wires.
  if (competing && competing->kind == "file" && *spec.style == LayoutStyle::kCube)
    return LayoutStyle::kCube;
  throw InputError(
      2204, fmt::format("a {} network cannot take the {} style; it takes {}",
                        network_kind_name(spec.network), to_string(*spec.style),
                        butterfly ? "fold-and-squash or h-tree (cube: the 3D variant; layered: "
                                    "the 3D butterfly fat-tree's old layout)"
                        : tree    ? "h-tree, cube or slab"
                                  : to_string(own)));
}

std::string_view to_string(DrcMode mode) {
  switch (mode) {
    case DrcMode::kNone:
      return "none";
    case DrcMode::kHierarchical:
      return "hierarchical";
    case DrcMode::kFlat:
      return "flat";
    case DrcMode::kBoth:
      return "both";
  }
  return "none";
}

DrcMode parse_drc_mode(std::string_view text, std::string_view where) {
  if (text == "true" || text == "hierarchical") return DrcMode::kHierarchical;
  if (text == "false" || text == "none") return DrcMode::kNone;
  if (text == "flat") return DrcMode::kFlat;
  if (text == "both") return DrcMode::kBoth;
  throw InputError(2205, fmt::format("{} must be true, false, hierarchical, flat or both, not '{}'",
                                     where, text));
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
