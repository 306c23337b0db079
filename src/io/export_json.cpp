#include "ftvlsi/io/export_json.hpp"

#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "ftvlsi/core/version.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

// Distinct router pairs: the links an anynet file holds (parallel wires are one).
std::uint64_t router_pairs(const LatencyGraph& g) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 0; i < g.links(); ++i) pairs.insert(std::minmax(g.link_a[i], g.link_b[i]));
  return pairs.size();
}

}  // namespace

std::string export_json(const ExportRun& run) {
  const LatencyGraph& g = run.graph;
  ordered_json histogram = ordered_json::object();
  for (const auto& [latency, count] : run.latency_histogram)
    histogram[std::to_string(latency)] = count;
  ordered_json e;
  e["format"] = std::string(to_string(run.format));
  e["network"] = g.kind;
  e["dimensions"] = g.dimensions;
  e["routers"] = g.routers();
  e["nodes"] = g.processors();
  e["links"] = g.links();
  e["router_pairs"] = router_pairs(g);
  e["links_with_capacity_over_1"] = g.has_capacities();
  e["directed"] = g.directed;
  if (run.transit) {
    const bool dual = run.transit->rn1 == Rn1Config::kDual4x4;
    e["composition"] = run.transit->composition;
    e["rn1"] = std::string(to_string(run.transit->rn1));
    e["wiring"] = std::string(to_string(run.transit->wiring));
    e["rn1s"] = g.routers() / (dual ? 2 : 1);  // dual 4x4: a router per crossbar
  }
  e["processor_wires"] = g.processor_wires();
  e["latency_histogram"] = histogram;
  e["mean_zero_load_latency_cycles"] =
      run.mean_zero_load_latency ? ordered_json(*run.mean_zero_load_latency) : ordered_json();
  if (run.rule.timing) {
    const TransitTiming& t = *run.rule.timing;
    e["cycle_length"] = nullptr;  // the RN1 clock sets the cycle
    e["timing"] =
        run.rule.timing_file.empty() ? ordered_json() : ordered_json(run.rule.timing_file);
    e["clock_mhz"] = t.clock_mhz;
    e["signal_cm_per_ns"] = t.signal_cm_per_ns;
    e["wires"] = t.straight ? "straight" : "drawn";
    e["grid_mm"] = t.packaging.grid_mm;
    e["delay"] = "timing";
  } else if (run.rule.technology) {
    e["cycle_length"] = nullptr;  // the technology's clock sets the cycle
    e["technology"] = run.rule.technology->name;
    e["clock_mhz"] = run.rule.technology->clock_mhz;
    e["delay"] = "technology";
    e["processor_area_source"] = std::string(to_string(run.processor_area_source));
  } else {
    e["cycle_length"] = run.rule.cycle_length;
    e["delay"] = run.rule.delay.name();
  }
  e["out"] = run.out;
  ordered_json j;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["export"] = std::move(e);
  return j.dump(2) + "\n";
}

}  // namespace ftvlsi
