#include "ftvlsi/io/layout_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <variant>
#include <vector>

#include "ftvlsi/core/finite.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/route/delay_model.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

ordered_json network_json(const FatTree& tree) {
  const auto& cap = tree.capacity_params();
  ordered_json j;
  j["kind"] = "fat-tree";
  j["processors"] = tree.processors();
  j["levels"] = tree.levels();
  j["capacity_profile"] = std::string(to_string(cap.profile));
  j["capacities"] = tree.capacities();
  j["root_capacity"] = tree.capacity(0);
  j["alpha"] = cap.alpha;
  if (cap.profile == CapacityProfile::kConstant) j["constant"] = cap.constant;
  j["components"] = tree.components();
  j["wires"] = tree.total_wires();
  j["level_convention"] = "arrays indexed by binary level k = 0 (root channel) .. L (leaves)";
  return j;
}

ordered_json network_json(const CompetingNetwork& net) {
  ordered_json j;
  j["kind"] = net.kind;
  j["processors"] = net.processors();
  j["wires"] = net.wires.size();
  j["dimensions"] = net.dimensions;
  return j;
}

ordered_json network_json(const ButterflyFatTree& net) {
  const ButterflyFatTreeGraph g = net.graph();
  std::vector<std::uint64_t> switches, channels, mesh(net.levels() + 1, 0);
  for (int l = 0; l <= net.levels(); ++l) {
    switches.push_back(l == 0 ? 0 : net.switches_at(l));
    channels.push_back(net.channel_width(l));
  }
  for (std::size_t w = 0; w < g.wires.size(); ++w)
    if (g.wire_is_mesh[w]) ++mesh[g.wire_level[w]];
  ordered_json j;
  j["kind"] = net.pyramid() ? "fat-pyramid" : "butterfly-fat-tree";
  j["processors"] = net.processors();
  j["levels"] = net.levels();
  j["switches_by_level"] = switches;
  j["channel_width_by_level"] = channels;
  j["parents_by_level"] = net.parents_by_level();
  j["mesh_diagonals"] = net.mesh_diagonals();
  j["mesh_wires_by_level"] = mesh;
  j["wires"] = g.wires.size();
  j["level_convention"] = "arrays indexed by 4-ary switch level l = 0 (processors) .. m";
  return j;
}

ordered_json network_json(const ButterflyFatTree3d& net) {
  std::vector<std::uint64_t> switches, channels;
  for (int l = 0; l <= net.levels(); ++l) {
    switches.push_back(l == 0 ? 0 : net.switches_at(l));
    channels.push_back(l == 0 ? 1 : net.channel_width(l));
  }
  ordered_json j;
  j["kind"] = net.pyramid() ? "fat-pyramid-3d" : "butterfly-fat-tree-3d";
  j["processors"] = net.processors();
  j["levels"] = net.levels();
  j["children_per_switch"] = 8;
  j["parents_per_switch"] = 4;
  j["switches_by_level"] = switches;
  j["channel_width_by_level"] = channels;
  if (net.pyramid()) {
    std::vector<std::uint64_t> mesh;
    for (int l = 0; l <= net.levels(); ++l) mesh.push_back(net.mesh_wires_at(l));
    j["mesh_wires_by_level"] = mesh;
    j["mesh_neighbours"] = 6;
  }
  j["wires"] = net.wires();
  return j;
}

// The two dimensions name their figures as their files always have: area or volume, wiring
// layers or planes, and the 3D files count placed instances.
template <int D>
ordered_json metrics_json(const LayoutMetrics<D>& m) {
  constexpr bool k2 = D == 2;
  ordered_json j;
  j["width"] = m.width;
  j["height"] = m.height;
  if constexpr (!k2) j["depth"] = m.depth;
  j[k2 ? "area" : "volume"] = m.size;
  if constexpr (!k2) j["planes"] = m.layers;
  ordered_json bbox = ordered_json::array();
  for (const auto& corner : {m.bbox.lo, m.bbox.hi})
    for (int a = 0; a < D; ++a) bbox.push_back(corner[a]);
  j["bbox"] = bbox;
  if constexpr (k2) j["layers"] = m.layers;
  j["nodes"] = m.nodes;
  j["node_counts"] = {
      {"processors", m.processors}, {"switches", m.switches}, {"interfaces", m.interfaces}};
  j["wires"] = m.wires;
  if constexpr (k2) {
    j["segments"] = m.segments;
    j["segments_by_layer"] = m.segments_by_axis;
  } else {
    j["plane_segments"] = m.segments_by_axis[0] + m.segments_by_axis[1];
  }
  j["vias"] = m.vias;
  j["components"] = m.components;
  j["wire_length_total"] = m.wire_length_total;
  j["wire_length_max"] = m.wire_length_max;
  j["wires_by_level"] = m.wires_by_level;
  j["wire_length_total_by_level"] = m.wire_length_total_by_level;
  j["wire_length_max_by_level"] = m.wire_length_max_by_level;
  j[k2 ? "processor_area" : "processor_volume"] = m.processor_size;
  j[k2 ? "processor_area_fraction" : "processor_volume_fraction"] = m.processor_fraction;
  j["cells"] = m.cells;
  j["instances"] = k2 ? m.instances : m.placements;
  return j;
}

// docs/technology.md: the technology as the document records it, with its delay model's verdict.
ordered_json technology_json(const Technology& t) {
  const DelayModel model = wire_delay_model(t);
  const RegularityVerdict v = check_regularity(model);
  ordered_json j;
  j["name"] = t.name;
  j["grid_unit_um"] = t.grid_unit_um;
  j["database_unit_um"] = t.database_unit_um;
  j["processor_mm2"] = t.processor_mm2;
  j["processor_alpha"] = t.processor_alpha();
  j["clock_mhz"] = t.clock_mhz;
  j["switch_delay_ns"] = t.switch_ns();
  j["wire"] = t.wire.ns_per_mm > 0 ? "transmission line"
              : t.wire.repeaters   ? "RC, optimally repeated"
                                   : "RC, unrepeated";
  j["delay_model"] = model.name();
  j["delay_conditions"] = {{"nondecreasing", v.nondecreasing}, {"c1", v.c1}, {"c2", v.c2}};
  return j;
}

// The measured figures in mm², mm (mm³ for a volume) and ns beside the grid ones.
template <int D>
void add_physical(ordered_json& layout, const Technology& t, const LayoutMetrics<D>& m) {
  const double size = static_cast<double>(m.size);
  layout["width_mm"] = t.mm(static_cast<double>(m.width));
  layout["height_mm"] = t.mm(static_cast<double>(m.height));
  if constexpr (D == 2) {
    layout["area_mm2"] = t.mm2(size);
  } else {
    layout["depth_mm"] = t.mm(static_cast<double>(m.depth));
    layout["volume_mm3"] = t.mm3(size);
  }
  layout["wire_length_total_mm"] = t.mm(static_cast<double>(m.wire_length_total));
  layout["wire_length_max_mm"] = t.mm(static_cast<double>(m.wire_length_max));
  layout["wire_delay_max_ns"] = t.wire_ns(static_cast<double>(m.wire_length_max));
  std::vector<double> mm, ns;
  for (auto len : m.wire_length_max_by_level) {
    mm.push_back(t.mm(static_cast<double>(len)));
    ns.push_back(t.wire_ns(static_cast<double>(len)));
  }
  layout["wire_length_max_by_level_mm"] = mm;
  layout["wire_delay_max_by_level_ns"] = ns;
  layout[D == 2 ? "processor_area_mm2" : "processor_volume_mm3"] =
      D == 2 ? t.mm2(static_cast<double>(m.processor_size))
             : t.mm3(static_cast<double>(m.processor_size));
}

// A fat-tree's switches as the technology sizes them: a crossbar of (cap(k) + 2 cap(k+1))
// inputs and as many outputs at level k < L, 2^k of them.
std::vector<double> crossbar_mm2_by_level(const Technology& t, const FatTree& tree) {
  std::vector<double> per_level;
  for (int k = 0; k < tree.levels(); ++k) {
    const std::uint64_t ports = tree.capacity(k) + 2 * tree.capacity(k + 1);
    per_level.push_back(t.switch_area.of(ports, ports) / 1e6);
  }
  return per_level;
}

double crossbar_mm2_total(const std::vector<double>& per_level) {
  double total = 0;
  for (std::size_t k = 0; k < per_level.size(); ++k)
    total += std::ldexp(per_level[k], static_cast<int>(k));
  return total;
}

// The crossbars beside the switches as drawn (2D: Lemma 3's boxes, measured), and whether the
// drawn ones are smaller (docs/technology.md: the layout keeps Lemma 3's switches).
void add_switch_areas(ordered_json& layout, const Technology& t, const FatTree& tree,
                      const AnyDrawnLayout& drawn) {
  const std::vector<double> per_level = crossbar_mm2_by_level(t, tree);
  const double total = crossbar_mm2_total(per_level);
  layout["switch_crossbar_mm2_by_level"] = per_level;
  layout["switch_crossbar_mm2_total"] = total;
  if (const auto* d = drawn_as<2>(drawn)) {
    const double area = t.mm2(static_cast<double>(d->metrics.switch_size));
    layout["switch_drawn_mm2_total"] = area;
    layout["switch_crossbar_exceeds_drawn"] = total > area;
  }
}

ordered_json drc_json(const DrcReport& report) {
  ordered_json j;
  j["mode"] = report.mode;
  j["violations"] = report.violations;
  j["shapes_checked"] = report.shapes_checked;
  j["cells_checked"] = report.cells_checked;
  ordered_json samples = ordered_json::array();
  for (const auto& v : report.samples) {
    samples.push_back({{"rule", v.rule},
                       {"cell", v.cell},
                       {"detail", v.detail},
                       {"where", {v.where.lo[0], v.where.lo[1], v.where.hi[0], v.where.hi[1]}}});
  }
  j["samples"] = samples;
  return j;
}

// `drc_violations` and one entry per check that ran.
void add_drc(ordered_json& layout, const std::vector<DrcReport>& drc) {
  if (drc.empty()) return;
  std::uint64_t violations = 0;
  ordered_json checks = ordered_json::array();
  for (const auto& report : drc) {
    violations += report.violations;
    checks.push_back(drc_json(report));
  }
  layout["drc_violations"] = violations;
  layout["drc"] = checks;
}

// The document's head (tool, seed, network) and the layout section's (style, dimensions, unit).
ordered_json document(const LayoutSpec& spec, ordered_json network) {
  ordered_json j;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["seed"] = spec.seed;
  j["network"] = std::move(network);
  return j;
}

ordered_json layout_section(LayoutStyle style, int dimensions, const char* grid_unit) {
  ordered_json layout;
  layout["style"] = std::string(to_string(style));
  layout["dimensions"] = dimensions;
  layout["grid_unit"] = grid_unit;
  return layout;
}

// What a grid unit is in the GDS: 1 um without a technology, the technology's grid unit with one.
std::string grid_unit_text(const LayoutSpec& spec, int dimensions) {
  const std::string unit = spec.technology
                               ? fmt::format("{:g} um (technology {})",
                                             spec.technology->grid_unit_um, spec.technology->name)
                               : "1 um";
  return fmt::format("one wire track; GDS writes it as {}{}", unit,
                     dimensions == 2 ? "" : ", plane z as layer 100 + z");
}

template <int D>
ordered_json layout_document(const LayoutSpec& spec, LayoutStyle style, ordered_json network,
                             const LayoutMetrics<D>& metrics, const std::vector<DrcReport>& drc,
                             std::optional<double> reference) {
  ordered_json j = document(spec, std::move(network));
  ordered_json layout = layout_section(style, D, grid_unit_text(spec, D).c_str());
  const ordered_json measured = metrics_json(metrics);
  for (const auto& [key, value] : measured.items()) layout[key] = value;
  layout["processor_area_source"] = std::string(to_string(spec.processor_area_source));
  if (std::holds_alternative<ButterflyParams>(spec.network))
    layout["wire_length_max_by_switch_level"] = metrics.wire_length_max_by_level;
  if (reference) {
    const char* size = D == 2 ? "area" : "volume";
    layout[fmt::format("reference_{}", size)] = *reference;
    layout[fmt::format("{}_over_reference", size)] =
        *reference > 0 ? static_cast<double>(metrics.size) / *reference : 0.0;
  }
  if (spec.technology) add_physical(layout, *spec.technology, metrics);
  add_drc(layout, drc);
  j["layout"] = layout;
  return j;
}

// A 3D layout's volume against the bound it is built for: the bound's name and the ratio
// (theorem4_ratio too for a fat-tree).
void add_volume_bound(ordered_json& layout, const LayoutRun& run) {
  const auto* drawn = drawn_as<3>(run.drawn);
  if (!drawn || !run.reference_size || *run.reference_size <= 0) return;
  const double ratio = static_cast<double>(drawn->metrics.size) / *run.reference_size;
  const bool pyramid3d = run.butterfly3d() && run.butterfly3d()->pyramid();
  layout["volume_bound"] = run.tree()  ? "Leiserson 1985 Theorem 4: (w lg(n/w))^(3/2)"
                           : pyramid3d ? "Greenberg-Leiserson 6's n lg^(3/2) n, with the mesh"
                           : run.butterfly3d() ? "Greenberg-Leiserson 6: n lg^(3/2) n"
                                               : "n";
  layout["volume_ratio"] = ratio;
  if (run.tree()) layout["theorem4_ratio"] = ratio;
}

ordered_json network_section(const LayoutRun& run) {
  if (run.tree()) {
    ordered_json j = network_json(*run.tree());
    j["switch_model"] = std::string(to_string(run.switch_model));
    return j;
  }
  if (run.butterfly3d()) return network_json(*run.butterfly3d());
  if (run.butterfly()) return network_json(*run.butterfly());
  return network_json(*run.network());
}

// Every number of `j` (a technology's figures) is finite, or FTV-3604 names the first that is not.
void require_finite_numbers(const ordered_json& j, const std::string& key, const Technology& t) {
  if (j.is_structured()) {
    for (const auto& [k, v] : j.items()) require_finite_numbers(v, j.is_object() ? k : key, t);
  } else if (j.is_number_float()) {
    require_finite(3604, j.get<double>(), fmt::format("the layout's {}", key),
                   fmt::format("lower the figures of the technology '{}' (grid_unit_um, "
                               "processor_mm2, the switch and wire figures)",
                               t.name));
  }
}

}  // namespace

void require_finite_physical(const LayoutSpec& spec, const LayoutRun& run) {
  if (!spec.technology) return;
  const Technology& t = *spec.technology;
  ordered_json figures;
  std::visit([&](const auto& d) { add_physical(figures, t, d.metrics); }, run.drawn);
  if (run.tree()) add_switch_areas(figures, t, *run.tree(), run.drawn);
  figures["technology"] = technology_json(t);
  require_finite_numbers(figures, "technology", t);
}

std::vector<std::string> physical_warnings(const LayoutSpec& spec, const LayoutRun& run) {
  std::vector<std::string> out;
  if (!spec.technology) return out;
  const Technology& t = *spec.technology;
  if (spec.processor_area_source != ProcessorAreaSource::kTechnology) {
    if (!spec.alpha_given)
      out.push_back(fmt::format(
          "the {} layout of a {} takes no processor area, so its processors are drawn at its "
          "own size ({:.3g} mm² in all) rather than the technology's {:g} mm² each; "
          "the JSON's processor figures are what was drawn",
          to_string(run.style), run.kind(),
          std::visit(
              [&](const auto& d) { return t.mm2(static_cast<double>(d.metrics.processor_size)); },
              run.drawn),
          t.processor_mm2));
  }
  const auto* d = run.drawn_as<2>();
  if (run.tree() && d) {
    const double crossbars = crossbar_mm2_total(crossbar_mm2_by_level(t, *run.tree()));
    const double drawn = t.mm2(static_cast<double>(d->metrics.switch_size));
    if (crossbars > drawn)
      out.push_back(fmt::format(
          "the drawn switches cover {:.3g} mm² but the technology's crossbars need {:.3g} mm² "
          "(layout.switch_crossbar_mm2_total), so area_mm2 leaves out up to {:.3g} mm² of "
          "switch area",
          drawn, crossbars, crossbars - drawn));
  }
  return out;
}

std::string layout_json(const LayoutSpec& spec, const LayoutRun& run) {
  ordered_json j = std::visit(
      [&](const auto& d) {
        return layout_document(spec, run.style, network_section(run), d.metrics, run.drc,
                               run.reference_size);
      },
      run.drawn);
  add_volume_bound(j["layout"], run);
  if (run.wire_kinds) {
    ordered_json& layout = j["layout"];
    layout["tree_wire_length_max_by_level"] = run.wire_kinds->tree_wire_length_max_by_level;
    layout["mesh_wires_by_level"] = run.wire_kinds->mesh_wires_by_level;
    layout["mesh_wire_length_total_by_level"] = run.wire_kinds->mesh_wire_length_total_by_level;
    layout["mesh_wire_length_max_by_level"] = run.wire_kinds->mesh_wire_length_max_by_level;
  }
  if (spec.technology) {
    require_finite_physical(spec, run);
    if (run.tree()) add_switch_areas(j["layout"], *spec.technology, *run.tree(), run.drawn);
    j["technology"] = technology_json(*spec.technology);
  }
  if (!run.warnings.empty()) j["warnings"] = run.warnings;
  return j.dump(2) + "\n";
}

}  // namespace ftvlsi
