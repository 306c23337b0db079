#include "ftvlsi/report/route_job.hpp"

#include <fmt/format.h>

#include <cmath>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/offline.hpp"

namespace ftvlsi {
namespace {

std::string schedule_text(const RouteRun& r) {
  std::string out = "# cycle src dst\n";
  for (std::size_t i = 0; i < r.messages.size(); ++i)
    out +=
        fmt::format("{} {} {}\n", r.result.cycle_of[i], r.messages[i].first, r.messages[i].second);
  return out;
}

void write_outputs(const RouteSpec& spec, const RouteRun& r) {
  if (spec.messages_out) write_file_atomically(*spec.messages_out, messages_text(r.messages));
  if (spec.schedule) write_file_atomically(*spec.schedule, schedule_text(r));
  if (spec.json) write_file_atomically(*spec.json, r.json.dump(2) + "\n");
}

// GREEDY on a butterfly fat-tree: random parents up to the apex, the unique path down.
RouteRun run_butterfly_route(const RouteSpec& spec) {
  if (spec.algorithm != "greedy")
    throw InputError(
        "a butterfly fat-tree or fat-pyramid is routed with --algorithm greedy (random parents "
        "on the way up); the other algorithms need a binary fat-tree");
  if (spec.loads) throw InputError("--loads is written for binary fat-trees only");
  const ButterflyFatTree net(*spec.butterfly, spec.pyramid);
  RouteRun r;
  PatternParams pattern = spec.pattern;
  pattern.seed = spec.seed;
  r.messages = spec.messages_file ? read_messages(*spec.messages_file, net.processors())
                                  : make_pattern(pattern, net.processors());
  r.load_factor = butterfly_load_factor(net, r.messages);
  r.result = route_butterfly_greedy(net, r.messages, spec.policy, spec.seed, spec.max_cycles);
  auto& j = r.json;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["algorithm"] = "greedy";
  j["switch"] = spec.policy == SwitchPolicy::kRandom ? "random" : "priority";
  j["seed"] = spec.seed;
  j["processors"] = net.processors();
  j["host"] = {{"kind", spec.pyramid ? "fat-pyramid" : "butterfly-fat-tree"},
               {"levels", net.levels()}};
  j["pattern"] = spec.messages_file ? *spec.messages_file : spec.pattern.name;
  j["messages"] = r.messages.size();
  j["load_factor"] = r.load_factor;
  j["congestion_parameter"] = nullptr;  // every channel is one wire: no such constant
  j["delivery_cycles"] = r.result.cycles;
  j["delivered"] = r.result.delivered;
  j["message_channel_steps"] = r.result.steps;
  write_outputs(spec, r);
  return r;
}

}  // namespace

RouteRun run_route(const RouteSpec& spec) {
  for (const auto& [path, what] : {std::pair{spec.json, "JSON"},
                                   {spec.schedule, "schedule"},
                                   {spec.loads, "loads"},
                                   {spec.messages_out, "message"}})
    if (path) require_writable(*path, what);
  if (spec.algorithm != "greedy" && spec.algorithm != "random" && spec.algorithm != "offline")
    throw InputError(fmt::format(
        "unknown algorithm '{}'; valid algorithms are greedy, random and offline (random-prime "
        "and adversary are not implemented yet)",
        spec.algorithm));
  if (spec.butterfly) return run_butterfly_route(spec);
  const FatTree tree(spec.host);
  RouteRun r;
  PatternParams pattern = spec.pattern;
  pattern.seed = spec.seed;
  r.messages = spec.messages_file ? read_messages(*spec.messages_file, tree.processors())
                                  : make_pattern(pattern, tree.processors());
  const ChannelLoadTable loads = channel_loads(r.messages, tree.levels());
  r.load_factor = load_factor(loads, tree);
  r.congestion = congestion_parameter(tree);
  DeliverySimulator sim(tree, r.messages, spec.policy, spec.seed);
  bool one_cycle = true;
  if (spec.algorithm == "offline") {
    // Every cycle of the schedule must go through the simulator without a loss.
    const auto cycles = offline_schedule(tree, r.messages);
    r.result.cycle_of.assign(r.messages.size(), 0);
    for (const auto& c : cycles) {
      ++r.result.cycles;
      const auto delivered = sim.cycle(c);
      one_cycle = one_cycle && delivered.size() == c.size();
      for (auto id : delivered) r.result.cycle_of[id] = static_cast<std::uint32_t>(r.result.cycles);
      r.result.delivered += delivered.size();
    }
    r.result.steps = sim.steps();
  } else if (spec.algorithm == "greedy") {
    r.result = route_greedy(sim, r.messages.size(), spec.max_cycles);
  } else {
    r.result = route_random(sim, r.messages.size(), tree.processors(),
                            {spec.k1, spec.k2, r.congestion, spec.seed + 1}, spec.max_cycles);
  }
  auto& j = r.json;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["algorithm"] = spec.algorithm;
  j["switch"] = spec.policy == SwitchPolicy::kRandom ? "random" : "priority";
  j["seed"] = spec.seed;
  j["processors"] = tree.processors();
  j["host"] = {{"kind", "fat-tree"},
               {"capacity_profile", std::string(to_string(tree.capacity_params().profile))},
               {"capacities", tree.capacities()}};
  j["pattern"] = spec.messages_file ? *spec.messages_file : spec.pattern.name;
  j["messages"] = r.messages.size();
  j["load_factor"] = r.load_factor;
  j["congestion_parameter"] = r.congestion;
  if (spec.algorithm == "random") j["k1"] = spec.k1, j["k2"] = spec.k2;
  j["delivery_cycles"] = r.result.cycles;
  j["delivered"] = r.result.delivered;
  if (spec.algorithm == "offline") {
    j["offline"] = {{"every_cycle_one_cycle", one_cycle},
                    {"bound_2_ceil_lambda_L", 2 * std::ceil(r.load_factor) * tree.levels()}};
  }
  j["message_channel_steps"] = r.result.steps;
  if (spec.loads) write_file_atomically(*spec.loads, loads_csv(loads, tree));
  write_outputs(spec, r);
  return r;
}

}  // namespace ftvlsi
