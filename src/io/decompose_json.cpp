#include "ftvlsi/io/decompose_json.hpp"

#include <nlohmann/json.hpp>

#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/options.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

// The layout the network was cut on: the channel layout in 2D, the grid layout in 3D.
template <int D>
ordered_json drawn_layout_json(const LayoutMetrics<D>& m) {
  ordered_json j;
  j["style"] = D == 2 ? "channel" : "cube";
  if (D == 3) j["dimensions"] = 3;
  j["width"] = m.width;
  j["height"] = m.height;
  if (D == 3) j["depth"] = m.depth;
  j[D == 2 ? "area" : "volume"] = m.size;
  j["wire_length_total"] = m.wire_length_total;
  j["wire_length_max"] = m.wire_length_max;
  return j;
}

ordered_json document(const DecomposeSpec& s, const DecomposeRun& r) {
  ordered_json j;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["seed"] = s.seed;
  j["network"] = {{"kind", r.net.kind},
                  {"processors", r.net.processors()},
                  {"wires", r.net.wires.size()},
                  {"dimensions", r.net.dimensions},
                  {"geometry", r.net.geometry_computed ? "computed" : "given"}};
  if (r.drawn)
    j["layout"] = std::visit([](const auto& d) { return drawn_layout_json(d.metrics); }, *r.drawn);
  j["cut_on"] = std::string(cut_on_name(r.drawn.has_value()));
  j["tree"] = {{"depth", r.tree.depth},
               {"bandwidth_by_level", r.tree.bandwidth_by_level},
               {"pieces_by_level", r.tree.pieces_by_level},
               {"surface_by_level", r.tree.surface_by_level},
               {"fit", {{"w", r.tree.fit_w}, {"alpha", r.tree.fit_alpha}}}};
  j["balanced"] = {{"bandwidth_by_level", r.balanced.bandwidth_by_level},
                   {"bound_by_level", r.balanced.bound_by_level},
                   {"within_bound", r.balanced.within_bound()},
                   {"max_imbalance", r.balanced.max_imbalance},
                   {"max_strings", r.balanced.max_strings},
                   {"splits", r.balanced.splits}};
  j["mapping"] = {{"kind", s.mapping_in ? std::string("file") : std::string(to_string(s.mapping))},
                  {"host_processors", r.host.processors},
                  {"host_levels", static_cast<int>(r.host_capacities.size()) - 1},
                  {"host_capacity_profile", std::string(to_string(r.host.capacity.profile))},
                  {"host_dimensions", r.host_dimensions},
                  {"host_alpha", r.host.capacity.alpha},
                  {"host_capacities", r.host_capacities}};
  if (r.bisection) {
    const BisectionMapping& b = *r.bisection;
    j["mapping"]["bisection"] = {{"splits", b.splits},
                                 {"cut_geometric", b.cut_geometric},
                                 {"cut_chosen", b.cut_chosen},
                                 {"cut_refined", b.cut_refined},
                                 {"cut_balanced", b.cut_balanced},
                                 {"balance_swaps", b.balance_swaps},
                                 {"swaps", b.swaps},
                                 {"multilevel_tried", b.multilevel_tried},
                                 {"multilevel_kept", b.multilevel_kept},
                                 {"fallback", r.bisection_fallback}};
  }
  if (!s.mapping_in && s.mapping != MappingKind::kGeometric)
    j["mapping"]["within_bound"] = r.balanced.bounds(r.loads.max_load_by_level);
  j["messages"] = r.loads.messages;
  j["load_by_level"] = r.loads.max_load_by_level;
  j["load_factor_by_level"] = r.loads.max_lambda_by_level;
  j["load_factor"] = r.loads.load_factor;
  j["level_convention"] =
      "tree and balanced arrays: decomposition level 0 (whole network) .. r; "
      "load arrays: fat-tree binary level k = 0 (root) .. L";
  return j;
}

}  // namespace

std::string decompose_json(const DecomposeSpec& spec, const DecomposeRun& run) {
  return document(spec, run).dump(2) + "\n";
}

}  // namespace ftvlsi
