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
      {"bidelta", {{"stages", r.bidelta_stages},
                   {"route_probability_analytic", r.bidelta_analytic}}},
      {"faults", faults}};
  return doc.dump(2) + "\n";
}

}  // namespace ftvlsi
