#include "ftvlsi/io/spec_overrides.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <charconv>
#include <fstream>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "layout_node.hpp"
#include "yaml_source.hpp"

namespace ftvlsi {

using namespace detail;

namespace {

// Switches the spec to another network family, keeping the processor count.
void switch_network(LayoutSpec& spec, const std::string& kind) {
  if (!is_layout_kind(kind))
    throw InputError(1201, fmt::format("unknown network '{}'; valid networks are {}", kind,
                                       layout_network_kinds()));
  const std::uint64_t n = std::visit([](const auto& p) { return p.processors; }, spec.network);
  if (kind == "fat-tree") {
    if (!std::holds_alternative<FatTreeParams>(spec.network)) spec.network = FatTreeParams{n, {}};
    return;
  }
  if (is_butterfly_kind(kind)) {
    spec.network = ButterflyParams{kind, n, {}, false, std::nullopt};
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
          1202, fmt::format("capacity flags apply to fat-trees, not to a {} network", c.kind));
}

}  // namespace

std::optional<std::string> resolved_alpha(const std::optional<Technology>& technology,
                                          const std::optional<std::string>& alpha) {
  if (!alpha || *alpha != "technology") return alpha;
  if (!technology)
    throw InputError(1302,
                     "--alpha technology needs --technology FILE (the processor area in mm²)");
  return std::to_string(technology->processor_alpha());
}

namespace {

// Every flag but the processor area's source.
void apply_network_overrides(LayoutSpec& spec, const SpecOverrides& given) {
  if (given.technology) spec.technology = load_technology(*given.technology);
  SpecOverrides o = given;
  o.alpha = resolved_alpha(spec.technology, given.alpha);
  if (o.network) switch_network(spec, *o.network);
  if (o.parents && !std::holds_alternative<ButterflyParams>(spec.network))
    throw InputError(
        1203,
        "--parents applies to a butterfly-fat-tree or fat-pyramid (switches with 1, 2 or 4 "
        "parents per level)");
  if (o.mesh_diagonals) {
    auto* b = std::get_if<ButterflyParams>(&spec.network);
    if (!b || !b->pyramid())
      throw InputError(
          1204, "--mesh-diagonals applies to a fat-pyramid (it adds diagonal wires to its mesh)");
    b->mesh_diagonals = true;
  }
  if (o.style) spec.style = parse_layout_style(*o.style);
  if (o.drc) spec.drc = parse_drc_mode(*o.drc, "--drc");
  if (o.switch_model) spec.switch_model = parse_switch_model(*o.switch_model, "--switch-model");
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
    if (o.alpha) b->alpha = parse_positive(*o.alpha, "--alpha");
    for (const auto* flag :
         {&o.capacity, &o.root_capacity, &o.constant, &o.capacities, &o.network_file})
      if (*flag)
        throw InputError(
            1205,
            fmt::format(
                "capacity and file flags do not apply to a {}; its capacities are fixed (sqrt p)",
                b->kind));
    return;
  }
  if (o.network_file) throw InputError(1206, "--network-file applies to --network file only");
  auto& ft = std::get<FatTreeParams>(spec.network);
  if (o.processors) ft.processors = parse_positive(*o.processors, "--processors");
  if (o.capacity) ft.capacity.profile = parse_capacity_profile(*o.capacity);
  if (o.root_capacity)
    ft.capacity.root_capacity = parse_positive(*o.root_capacity, "--root-capacity");
  if (o.alpha) ft.capacity.alpha = parse_positive(*o.alpha, "--alpha");
  if (o.constant) ft.capacity.constant = parse_positive(*o.constant, "--constant");
  if (o.capacities) ft.capacity.custom = parse_positive_list(*o.capacities, "--capacities entry");
}

// docs/technology.md: a technology without an alpha draws its processor area where the layout
// takes an alpha; an alpha given (a number, or `technology`) is the one drawn.
void resolve_processor_area(LayoutSpec& spec, const SpecOverrides& given) {
  if (given.alpha) {
    spec.alpha_given = true;
    spec.processor_area_source = *given.alpha == "technology" ? ProcessorAreaSource::kTechnology
                                                              : ProcessorAreaSource::kAlpha;
    return;
  }
  if (!spec.technology || spec.alpha_given || !layout_takes_alpha(spec)) return;
  const std::uint64_t alpha = spec.technology->processor_alpha();
  if (auto* ft = std::get_if<FatTreeParams>(&spec.network)) ft->capacity.alpha = alpha;
  if (auto* b = std::get_if<ButterflyParams>(&spec.network)) b->alpha = alpha;
  spec.processor_area_source = ProcessorAreaSource::kTechnology;
}

}  // namespace

void apply_overrides(LayoutSpec& spec, const SpecOverrides& given) {
  apply_network_overrides(spec, given);
  resolve_processor_area(spec, given);
}

LayoutSpec layout_spec(const LayoutOptions& options, FrontEnd front) {
  LayoutSpec spec = options.spec_file ? load_layout_spec(*options.spec_file) : LayoutSpec{};
  if (options.drc_flag && spec.drc == DrcMode::kNone) spec.drc = DrcMode::kHierarchical;
  apply_overrides(spec, options.overrides);
  if (front == FrontEnd::kPython) spec.output = {};
  return spec;
}

}  // namespace ftvlsi
