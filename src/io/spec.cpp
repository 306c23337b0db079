#include "ftvlsi/io/spec.hpp"

#include "ftvlsi/route/delay_model.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <charconv>
#include <fstream>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/network/competing.hpp"
#include "yaml_source.hpp"

namespace ftvlsi {
namespace {

using namespace detail;

// A butterfly switch's parent count; values beyond int are refused here, the rest by the network.
int parents_entry(std::uint64_t p) {
  if (p > 4) throw InputError(fmt::format("a switch has 1, 2 or 4 parents, not {}", p));
  return static_cast<int>(p);
}

void parse_capacities_list(const Source& src, const YAML::Node& node, CapacityParams& cap) {
  if (!node.IsSequence())
    src.fail(node, "key 'capacities' must be a list of positive integers, one per level");
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
      src.fail(v,
               fmt::format("unknown network kind '{}'; valid kinds are {}", kind, network_kinds()));
  }
  if (kind == "fat-tree") {
    check_keys(
        src, net, "network",
        {"kind", "processors", "capacity", "root_capacity", "alpha", "constant", "capacities"});
    return parse_fat_tree(src, net);
  }
  if (is_butterfly_kind(kind)) {
    check_keys(src, net, "network", {"kind", "processors", "parents", "mesh_diagonals"});
    ButterflyParams b;
    b.kind = kind;
    if (const auto v = net["mesh_diagonals"])
      b.mesh_diagonals = parsed(src, v, "mesh_diagonals", [](const std::string& t) {
        if (t == "true") return true;
        if (t == "false") return false;
        throw InputError("mesh_diagonals must be true or false");
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

}  // namespace

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
  }
  return "h-tree";
}

LayoutStyle parse_layout_style(std::string_view text) {
  if (text == "h-tree") return LayoutStyle::kHTree;
  if (text == "channel") return LayoutStyle::kChannel;
  if (text == "fold-and-squash") return LayoutStyle::kFoldAndSquash;
  if (text == "cube") return LayoutStyle::kCube;
  throw InputError(
      fmt::format("unknown layout style '{}'; valid styles are h-tree and cube (fat-trees), "
                  "fold-and-squash (butterfly fat-trees, fat-pyramids) and channel (competing "
                  "networks)",
                  text));
}

LayoutStyle resolved_style(const LayoutSpec& spec) {
  const bool butterfly = std::holds_alternative<ButterflyParams>(spec.network);
  const auto* competing = std::get_if<CompetingParams>(&spec.network);
  const bool grid3d = competing && competing->kind == "mesh3d";
  const LayoutStyle own = std::holds_alternative<FatTreeParams>(spec.network) ? LayoutStyle::kHTree
                          : butterfly                                          ? LayoutStyle::kFoldAndSquash
                          : grid3d                                             ? LayoutStyle::kCube
                                                                               : LayoutStyle::kChannel;
  if (!spec.style || *spec.style == own) return own;
  // Butterfly fat-trees and fat-pyramids also take the H-tree placement (the baseline).
  if (butterfly && *spec.style == LayoutStyle::kHTree) return LayoutStyle::kHTree;
  // Fat-trees also take the 3D cube layout.
  const bool tree = std::holds_alternative<FatTreeParams>(spec.network);
  if (tree && *spec.style == LayoutStyle::kCube) return LayoutStyle::kCube;
  // The butterfly fat-tree's 3D variant (8 children, 4 parents, n = 8^k).
  if (butterfly && *spec.style == LayoutStyle::kCube &&
      std::get<ButterflyParams>(spec.network).kind == "butterfly-fat-tree")
    return LayoutStyle::kCube;
  // A network from a file may be three-dimensional: the cube style checks its wires.
  if (competing && competing->kind == "file" && *spec.style == LayoutStyle::kCube)
    return LayoutStyle::kCube;
  throw InputError(fmt::format(
      "a {} network cannot take the {} style; it takes {}", network_kind_name(spec.network),
      to_string(*spec.style),
      butterfly ? "fold-and-squash or h-tree (cube: the 3D variant of the butterfly fat-tree)"
      : tree    ? "h-tree or cube"
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
  throw InputError(
      fmt::format("{} must be true, false, hierarchical, flat or both, not '{}'", where, text));
}

std::uint64_t parse_unsigned(std::string_view text, std::string_view what) {
  std::uint64_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range)
    throw InputError(fmt::format("{} is too large: '{}'", what, text));
  if (ec != std::errc() || ptr != last || text.empty())
    throw InputError(fmt::format("{} must be a non-negative integer, not '{}'", what, text));
  return value;
}

std::uint64_t parse_positive(std::string_view text, std::string_view what) {
  if (!text.empty() && text.front() == '-')
    throw InputError(fmt::format("{} must be a positive integer, not '{}'", what, text));
  std::uint64_t value = 0;
  try {
    value = parse_unsigned(text, what);
  } catch (const InputError&) {
    throw InputError(fmt::format("{} must be a positive integer, not '{}'", what, text));
  }
  if (value == 0) throw InputError(fmt::format("{} must be at least 1, not 0", what));
  return value;
}

LayoutSpec parse_layout_spec(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = load_yaml(yaml, source);
  if (!root.IsDefined() || root.IsNull()) return LayoutSpec{};
  return parse_layout_node(src, root, false);
}

LayoutSpec load_layout_spec(const std::string& path) {
  return parse_layout_spec(read_text(path), path);
}

ReportSpec parse_report_spec(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = load_yaml(yaml, source);
  require_map(src, root, "report spec");
  check_keys(src, root, "top level", {"title", "layouts", "simulate", "check"});
  ReportSpec report;
  if (const auto v = root["title"]) report.title = scalar(src, v, "title");
  const auto layouts = root["layouts"];
  if (!layouts || !layouts.IsSequence() || layouts.size() == 0)
    src.fail(root, "a report spec needs a non-empty list 'layouts'");
  for (const auto& item : layouts) {
    LayoutSpec spec = parse_layout_node(src, item, true);
    if (spec.name.empty()) src.fail(item, "every entry of 'layouts' needs a 'name'");
    report.layouts.push_back(std::move(spec));
  }
  if (const auto sim = root["simulate"]) {
    require_map(src, sim, "simulate");
    check_keys(src, sim, "simulate", {"competing", "sizes", "delays"});
    ReportSimulate r;
    if (const auto v = sim["competing"]) r.competing = scalar(src, v, "competing");
    if (const auto v = sim["sizes"]) {
      if (!v.IsSequence() || v.size() == 0) src.fail(v, "'sizes' must be a non-empty list");
      r.sizes.clear();
      for (const auto& item : v) r.sizes.push_back(positive(src, item, "sizes"));
    }
    if (const auto v = sim["delays"]) {
      if (!v.IsSequence() || v.size() == 0) src.fail(v, "'delays' must be a non-empty list");
      r.delays.clear();
      for (const auto& item : v)
        r.delays.push_back(parsed(src, item, "delays", [](const std::string& t) {
          return parse_delay_model(t).name();
        }));
    }
    report.simulate = std::move(r);
  }
  if (const auto v = root["check"]) {
    const std::string mode = scalar(src, v, "check");
    if (mode == "quick" || mode == "full")
      report.check_full = mode == "full";
    else if (mode != "none")
      src.fail(v, "'check' must be quick, full or none");
  }
  return report;
}

// Switches the spec to another network family, keeping the processor count.
void switch_network(LayoutSpec& spec, const std::string& kind) {
  if (kind != "fat-tree" && !is_competing_kind(kind) && !is_butterfly_kind(kind))
    throw InputError(
        fmt::format("unknown network '{}'; valid networks are {}", kind, network_kinds()));
  const std::uint64_t n = std::visit([](const auto& p) { return p.processors; }, spec.network);
  if (kind == "fat-tree") {
    if (!std::holds_alternative<FatTreeParams>(spec.network)) spec.network = FatTreeParams{n, {}};
    return;
  }
  if (is_butterfly_kind(kind)) {
    spec.network = ButterflyParams{kind, n, {}};
    return;
  }
  CompetingParams c;
  if (const auto* old = std::get_if<CompetingParams>(&spec.network)) c = *old;
  c.kind = kind;
  c.processors = n;
  spec.network = c;
}

void apply_competing_overrides(CompetingParams& c, const SpecOverrides& o) {
  if (o.processors) c.processors = parse_positive(*o.processors, "--processors");
  if (o.network_file) c.file = *o.network_file;
  for (const auto* flag : {&o.capacity, &o.root_capacity, &o.alpha, &o.constant, &o.capacities})
    if (*flag)
      throw InputError(
          fmt::format("capacity flags apply to fat-trees, not to a {} network", c.kind));
}

void apply_overrides(LayoutSpec& spec, const SpecOverrides& o) {
  if (o.network) switch_network(spec, *o.network);
  if (o.parents && !std::holds_alternative<ButterflyParams>(spec.network))
    throw InputError(
        "--parents applies to a butterfly-fat-tree or fat-pyramid (switches with 1, 2 or 4 "
        "parents per level)");
  if (o.mesh_diagonals) {
    auto* b = std::get_if<ButterflyParams>(&spec.network);
    if (!b || !b->pyramid())
      throw InputError(
          "--mesh-diagonals applies to a fat-pyramid (it adds diagonal wires to its mesh)");
    b->mesh_diagonals = true;
  }
  if (o.style) spec.style = parse_layout_style(*o.style);
  if (o.drc) spec.drc = parse_drc_mode(*o.drc, "--drc");
  if (o.svg) spec.output.svg = *o.svg;
  if (o.html) spec.output.html = *o.html;
  if (o.gds) spec.output.gds = *o.gds;
  if (o.json) spec.output.json = *o.json;
  if (o.seed) spec.seed = parse_unsigned(*o.seed, "--seed");
  if (auto* c = std::get_if<CompetingParams>(&spec.network)) {
    apply_competing_overrides(*c, o);
    return;
  }
  if (auto* b = std::get_if<ButterflyParams>(&spec.network)) {
    if (o.processors) b->processors = parse_positive(*o.processors, "--processors");
    if (o.parents) {
      b->parents.clear();
      for (auto p : parse_positive_list(*o.parents, "--parents entry"))
        b->parents.push_back(parents_entry(p));
    }
    for (const auto* flag :
         {&o.capacity, &o.root_capacity, &o.alpha, &o.constant, &o.capacities, &o.network_file})
      if (*flag)
        throw InputError(fmt::format(
            "capacity and file flags do not apply to a {}; its capacities are fixed (sqrt p)",
            b->kind));
    return;
  }
  if (o.network_file) throw InputError("--network-file applies to --network file only");
  auto& ft = std::get<FatTreeParams>(spec.network);
  if (o.processors) ft.processors = parse_positive(*o.processors, "--processors");
  if (o.capacity) ft.capacity.profile = parse_capacity_profile(*o.capacity);
  if (o.root_capacity)
    ft.capacity.root_capacity = parse_positive(*o.root_capacity, "--root-capacity");
  if (o.alpha) ft.capacity.alpha = parse_positive(*o.alpha, "--alpha");
  if (o.constant) ft.capacity.constant = parse_positive(*o.constant, "--constant");
  if (o.capacities) ft.capacity.custom = parse_positive_list(*o.capacities, "--capacities entry");
}

std::vector<std::string_view> split_list(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const std::size_t at = text.find(sep);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

std::vector<std::uint64_t> parse_positive_list(std::string_view text, std::string_view what) {
  std::vector<std::uint64_t> out;
  for (auto piece : split_list(text, ',')) out.push_back(parse_positive(piece, what));
  return out;
}

ReportSpec load_report_spec(const std::string& path) {
  return parse_report_spec(read_text(path), path);
}

}  // namespace ftvlsi
