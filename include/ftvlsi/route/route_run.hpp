#pragma once
// One routing run's parameters and its typed result: a host fat-tree (or butterfly network), a
// message set (file or pattern), an algorithm, the loads and the delivery cycles. The job that
// runs it is report/route_job.hpp; io/route_json.hpp writes its JSON.
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/route/adversary.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/message_set.hpp"
#include "ftvlsi/route/route_algorithm.hpp"

namespace ftvlsi {

struct RouteSpec {
  FatTreeParams host;
  std::optional<std::uint64_t> butterfly;  // route on a butterfly fat-tree of this size instead
  bool pyramid = false;                    // ... or on a fat-pyramid (mesh shortcuts)
  std::vector<int> parents;                // ... with these parents per switch level
  bool mesh_diagonals = false;             // ... and diagonal mesh wires (not Greenberg's)
  std::optional<std::string> messages_file;
  PatternParams pattern;
  RouteAlgorithm algorithm = RouteAlgorithm::kGreedy;
  OfflineVariant offline = OfflineVariant::kTheorem1;
  std::uint64_t lambda = 24;  // adversary: the load factor of Theorem 9's set
  SwitchPolicy policy = SwitchPolicy::kRandom;
  // Binary fat-trees: ideal concentrators, or the partial concentrator graphs (a message that
  // finds no free path through them is lost, DeliverySimulator::use_partial_switches).
  SwitchModel switch_model = SwitchModel::kIdeal;
  RandomConstants constants = RandomConstants::kPractical;  // RANDOM's k1, k2 ...
  std::optional<double> k1, k2;                             // ... unless given
  std::uint64_t seed = 1;
  std::uint64_t max_cycles = 10000000;
  std::optional<std::string> json, schedule, loads, messages_out;
  bool timings = false;  // --timings: the JSON adds seconds_routing (varies run to run)
};

// Leiserson 1985's off-line schedules against their bounds (Theorem 1: d <= 2 ceil(lambda) L;
// Corollary 2: d <= S).
struct OfflineSummary {
  OfflineVariant variant = OfflineVariant::kTheorem1;
  bool every_cycle_one_cycle = true;
  std::optional<double> lambda_prime;  // Corollary 2's fictitious load factor
  // With partial switches, the load factor against the capacities they guarantee, ⌊3 cap/4⌋
  // (network/partial_concentrator.hpp guaranteed_capacities), which the schedule was built for.
  std::optional<double> lambda_alpha;
  std::uint64_t sets = 0;  // one-cycle sets (Theorem 1) or S (Corollary 2)
  std::uint64_t cycles_before_merging = 0;
  int levels = 0;
};

struct RouteRun {
  MessageSet messages;
  double load_factor = 0;
  std::optional<double> congestion;  // binary fat-trees (every butterfly channel is one wire)
  RouteResult result;
  std::optional<RouteResult> random_result;  // adversary: RANDOM on the same set
  // What ran, as io/route_json.hpp reports it.
  RouteAlgorithm algorithm = RouteAlgorithm::kGreedy;
  SwitchPolicy policy = SwitchPolicy::kRandom;  // the adversary's GREEDY runs priority switches
  std::uint64_t seed = 1, processors = 0;
  std::string host_kind, pattern;
  std::optional<std::string> capacity_profile;  // binary fat-trees
  std::vector<std::uint64_t> capacities;        // binary fat-trees
  int host_levels = 0;                          // butterfly networks
  std::optional<TryGuessConstants> constants;   // RANDOM's k1, k2 as run ...
  std::string constants_name;                   // ... proof, practical or custom
  std::optional<OfflineSummary> offline;
  std::optional<AdversarySet> adversary;
  std::uint64_t adversary_lambda = 0;
  SwitchModel switch_model = SwitchModel::kIdeal;
  std::uint64_t lost_in_switches = 0;  // partial switches: over every cycle of the run
  // Wall-clock seconds of the routing itself (the message set built, the cycles run; the
  // adversary's RANDOM run included), always measured; the JSON shows it with --timings only.
  double seconds_routing = 0;
  bool timings = false;
};

}  // namespace ftvlsi
