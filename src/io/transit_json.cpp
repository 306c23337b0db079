#include "ftvlsi/io/transit_json.hpp"

#include <nlohmann/json.hpp>

#include "ftvlsi/core/version.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

// -1 marks a class nothing was offered to: null in the JSON.
ordered_json probabilities(const std::vector<double>& v) {
  ordered_json a = ordered_json::array();
  for (double x : v) a.push_back(x < 0 ? ordered_json(nullptr) : ordered_json(x));
  return a;
}

// The composition's counts, shared by the layout and route documents.
ordered_json transit_shape_json(const TransitShape& s) {
  return {{"composition", s.params.composition},
          {"leaf", std::string(to_string(s.params.leaf))},
          {"stages", s.params.stages},
          {"rn1", std::string(to_string(s.params.rn1))},
          {"wiring", std::string(to_string(s.params.wiring))},
          {"processors", s.processors},
          {"leaf_clusters", s.leaf_clusters},
          {"unit_trees_by_stage", s.unit_trees_by_stage},
          {"unit_tree_size_by_stage", s.unit_tree_size_by_stage},
          {"unit_trees_per_node_by_stage", s.unit_trees_per_node},
          {"routers_by_stage", s.routers_by_stage},
          {"routers", s.routers},
          {"connections_by_level", s.connections_by_level},
          {"level_convention", "fat-tree level 0 = a leaf unit's channel (processor or cluster)"}};
}

}  // namespace

std::string transit_route_json(const TransitRouteRun& r) {
  ordered_json faults = {{"fraction", r.faults.fraction},
                         {"kind", std::string(to_string(r.faults.kind))},
                         {"routers_failed", r.routers_failed},
                         {"links_failed", r.links_failed}};
  faults["connectivity"] = r.connectivity ? ordered_json(*r.connectivity) : ordered_json(1.0);
  ordered_json doc = {
      {"tool", "ftvlsi"},
      {"version", std::string(version())},
      {"seed", r.route.seed},
      {"network", "transit"},
      {"transit", transit_shape_json(r.shape)},
      {"load", r.route.load},
      {"locality", std::string(to_string(r.route.locality))},
      {"trials", r.route.trials},
      {"route_probability", r.simulated.probability},
      {"route_probability_ci", {r.simulated.ci_low, r.simulated.ci_high}},
      {"route_probability_analytic", r.analytic.probability},
      {"route_probability_by_class", probabilities(r.simulated.probability_by_class)},
      {"route_probability_analytic_by_class", probabilities(r.analytic.by_class)},
      {"offered_by_class", r.simulated.offered_by_class},
      {"offered", r.simulated.offered},
      {"delivered", r.simulated.delivered},
      {"mean_router_stages", r.simulated.mean_router_stages},
      {"bidelta",
       {{"stages", r.bidelta_stages}, {"route_probability_analytic", r.bidelta_analytic}}},
      {"faults", faults}};
  return doc.dump(2) + "\n";
}

}  // namespace ftvlsi

namespace ftvlsi {
namespace {

// Per hollow-cube level: its measured sides and cables.
ordered_json levels_json(const TransitLayoutRun& r) {
  ordered_json levels = ordered_json::array();
  for (std::size_t k = 0; k < r.cube.levels.size(); ++k) {
    const auto& l = r.cube.levels[k];
    const auto& c = r.latency.cables[k];
    levels.push_back({{"level", k + 1},
                      {"interior_side", l.interior_side},
                      {"bbox_side", l.outer_side},
                      {"height", l.height},
                      {"wall_length", l.wall_length},
                      {"cables", c.cables},
                      {"connections_per_cube", l.connections},
                      {"plane_pairs", l.plane_pairs},
                      {"distinct_cells", l.distinct_cells},
                      {"wire_length_max_over_interior_side",
                       l.interior_side ? c.drawn_max / l.interior_side : 0.0}});
  }
  return levels;
}

ordered_json layout_section(const TransitLayoutRun& r) {
  const auto& m = r.metrics;
  const double mm = r.timing.packaging.grid_mm;
  std::vector<double> max_mm, mean_mm, straight_mm;
  for (const auto& c : r.latency.cables) {
    max_mm.push_back(c.drawn_max * mm);
    mean_mm.push_back(c.drawn_mean * mm);
    straight_mm.push_back(c.straight_max * mm);
  }
  ordered_json j = {
      {"style", "hollow-cube"},
      {"dimensions", 3},
      {"grid_mm", mm},
      {"width", m.width},
      {"height", m.height},
      {"depth", m.depth},
      {"volume", m.volume()},
      {"volume_m3", static_cast<double>(m.volume()) * mm * mm * mm * 1e-9},
      {"bbox",
       {{m.bbox.lo[0], m.bbox.lo[1], m.bbox.lo[2]}, {m.bbox.hi[0], m.bbox.hi[1], m.bbox.hi[2]}}},
      {"stacks", m.switches},
      {"wires", m.wires},
      {"segments", m.segments},
      {"vias", m.vias},
      {"wire_length_total", m.wire_length_total},
      {"wire_length_max", m.wire_length_max},
      {"stage_convention",
       "entry k: the cables between stage k and stage k + 1 (hollow-cube level k + 1)"},
      {"wires_by_stage", m.wires_by_level},
      {"wire_length_max_by_stage", m.wire_length_max_by_level},
      {"wire_length_mean_by_stage", ordered_json::array()},
      {"wire_mm_max_by_stage", max_mm},
      {"wire_mm_mean_by_stage", mean_mm},
      {"wire_mm_straight_max_by_stage", straight_mm},
      {"levels", levels_json(r)},
      {"cells", m.cells},
      {"instances", m.instances}};
  for (std::size_t k = 0; k < m.wires_by_level.size(); ++k)
    j["wire_length_mean_by_stage"].push_back(
        m.wires_by_level[k] ? static_cast<double>(m.wire_length_total_by_level[k]) /
                                  static_cast<double>(m.wires_by_level[k])
                            : 0.0);
  if (!r.drc.empty()) {
    std::uint64_t v = 0;
    ordered_json reports = ordered_json::array();
    for (const auto& d : r.drc) {
      v += d.violations;
      reports.push_back(
          {{"mode", d.mode}, {"violations", d.violations}, {"shapes_checked", d.shapes_checked}});
    }
    j["drc_violations"] = v;
    j["drc"] = reports;
  }
  return j;
}

ordered_json latency_section(const TransitLayoutRun& r, ordered_json& doc) {
  ordered_json ns = ordered_json::array(), ns_mean = ordered_json::array(),
               stages = ordered_json::array(), naive = ordered_json::array(),
               procs = ordered_json::array(), wire = ordered_json::array(),
               cables = ordered_json::array();
  for (const auto& row : r.latency.rows) {
    ns.push_back(row.latency_ns);
    ns_mean.push_back(row.latency_ns_mean);
    stages.push_back(row.router_stages);
    naive.push_back(row.router_stages_without_shortcuts);
    procs.push_back(row.processors);
    wire.push_back(row.wire_mm_max);
    cables.push_back(row.cable_levels);
  }
  doc["class_convention"] =
      "class 0: the own cluster (hybrids); class l >= 1: common ancestor at fat-tree level l";
  doc["latency_ns_by_class"] = ns;
  doc["latency_ns_mean_by_class"] = ns_mean;
  doc["processors_by_class"] = procs;
  doc["router_stages_by_class"] = stages;
  doc["router_stages_without_shortcuts_by_class"] = naive;
  doc["cable_levels_by_class"] = cables;
  doc["wire_mm_by_class"] = wire;
  return {{"stages", r.latency.bidelta_stages},
          {"latency_ns", r.latency.bidelta_latency_ns},
          {"latency_ns_mean", r.latency.bidelta_latency_ns_mean}};
}

}  // namespace

std::string transit_layout_json(const TransitLayoutRun& r) {
  ordered_json doc = {{"tool", "ftvlsi"},
                      {"version", std::string(version())},
                      {"seed", r.shape.params.seed},
                      {"network", "transit"},
                      {"transit", transit_shape_json(r.shape)}};
  doc["transit"]["processors_by_class"] = r.shape.processors_by_class;
  doc["layout"] = layout_section(r);
  doc["timing"] = {{"clock_mhz", r.timing.clock_mhz},
                   {"cycles_per_stage", r.timing.cycles_per_stage},
                   {"signal_cm_per_ns", r.timing.signal_cm_per_ns},
                   {"wires", r.timing.straight ? "straight" : "drawn"}};
  doc["bidelta"] = latency_section(r, doc);
  return doc.dump(2) + "\n";
}

}  // namespace ftvlsi
