#include "ftvlsi/io/route_json.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "ftvlsi/core/version.hpp"
#include "ftvlsi/route/switch_policy.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

// The off-line schedule against its bounds: d <= 2 ceil(lambda) L (Theorem 1) or d <= S
// (Corollary 2), and d >= ceil(lambda), since a cycle moves at most cap messages per channel.
ordered_json offline_json(const RouteRun& r, const OfflineSummary& off) {
  const double lower = std::ceil(r.load_factor);
  const double cycles = static_cast<double>(r.result.cycles);
  ordered_json o = {{"variant", std::string(to_string(off.variant))},
                    {"every_cycle_one_cycle", off.every_cycle_one_cycle}};
  if (off.lambda_alpha) o["lambda_alpha"] = *off.lambda_alpha;
  // Theorem 1's bound for the capacities the schedule was built for.
  const double planned = std::ceil(off.lambda_alpha.value_or(r.load_factor));
  if (off.lambda_prime) {
    o["lambda_prime"] = *off.lambda_prime;
    o["sets"] = off.sets;
    o["bound_2_lambda_prime"] = 2 * *off.lambda_prime;
    o["bound"] = off.sets;
  } else {
    o["sets"] = off.sets;
    o["bound_2_ceil_lambda_L"] = 2 * planned * off.levels;
    o["bound"] = 2 * planned * off.levels;
  }
  o["cycles_before_merging"] = off.cycles_before_merging;
  o["lower_bound"] = lower;
  o["cycles_over_lower_bound"] = lower > 0 ? ordered_json(cycles / lower) : nullptr;
  return o;
}

ordered_json adversary_json(const RouteRun& r, const AdversarySet& adversary) {
  const double lg_sub = std::log2(static_cast<double>(adversary.subtree));
  const double greedy = static_cast<double>(r.result.cycles);
  return {
      {"lambda", r.adversary_lambda},
      {"subtree_processors", adversary.subtree},
      {"unfavoured_quarters", adversary.unfavoured},
      {"bound_lambda_lg_n_over_24", adversary.bound},
      {"greedy_cycles", r.result.cycles},
      {"greedy_meets_bound", greedy >= adversary.bound},
      {"random_cycles", r.random_result->cycles},
      {"greedy_cycles_per_lambda", greedy / r.load_factor},
      // Theorem 9's n is FT's: its ratio is at least 1/24, and flat in lg n if tight.
      {"greedy_cycles_per_lambda_lg_n", greedy / (r.load_factor * lg_sub)},
      {"random_cycles_per_lambda", static_cast<double>(r.random_result->cycles) / r.load_factor}};
}

void head(ordered_json& j, const RouteRun& r) {
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["algorithm"] = std::string(to_string(r.algorithm));
  j["switch"] = std::string(to_string(r.policy));
  j["seed"] = r.seed;
  j["processors"] = r.processors;
  if (r.capacity_profile)
    j["host"] = {{"kind", r.host_kind},
                 {"capacity_profile", *r.capacity_profile},
                 {"capacities", r.capacities}};
  else
    j["host"] = {{"kind", r.host_kind}, {"levels", r.host_levels}};
  j["pattern"] = r.pattern;
  j["messages"] = r.messages.size();
  j["load_factor"] = r.load_factor;
  // Every butterfly channel is one wire: no congestion parameter there.
  j["congestion_parameter"] = r.congestion ? ordered_json(*r.congestion) : ordered_json();
}

}  // namespace

std::string route_json(const RouteRun& r) {
  ordered_json j;
  head(j, r);
  if (r.constants) {
    j["constants"] = r.constants_name;
    j["k1"] = r.constants->k1;
    j["k2"] = r.constants->k2;
  }
  j["delivery_cycles"] = r.result.cycles;
  j["delivered"] = r.result.delivered;
  if (r.offline) j["offline"] = offline_json(r, *r.offline);
  if (r.algorithm == RouteAlgorithm::kRandomPrime && r.capacity_profile)
    j["cycles_per_lambda"] = static_cast<double>(r.result.cycles) / std::max(1.0, r.load_factor);
  if (r.adversary) j["adversary"] = adversary_json(r, *r.adversary);
  j["message_channel_steps"] = r.result.steps;
  if (r.timings) j["seconds_routing"] = r.seconds_routing;
  if (r.switch_model == SwitchModel::kPartial) {
    j["switch_model"] = std::string(to_string(r.switch_model));
    j["lost_in_switches"] = r.lost_in_switches;
  }
  return j.dump(2) + "\n";
}

}  // namespace ftvlsi
