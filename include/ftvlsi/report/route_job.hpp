#pragma once
// One `ftvlsi route` run: a host fat-tree, a message set (file or pattern), an algorithm, the
// loads and the delivery cycles; JSON, schedule and per-channel load CSV.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ftvlsi/network/fat_tree.hpp"
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
  std::uint64_t lambda = 24;          // adversary: the load factor of Theorem 9's set
  SwitchPolicy policy = SwitchPolicy::kRandom;
  RandomConstants constants = RandomConstants::kPractical;  // RANDOM's k1, k2 ...
  std::optional<double> k1, k2;                             // ... unless given
  std::uint64_t seed = 1;
  std::uint64_t max_cycles = 10000000;
  std::optional<std::string> json, schedule, loads, messages_out;
};

struct RouteRun {
  MessageSet messages;
  double load_factor = 0;
  double congestion = 0;
  RouteResult result;
  std::optional<RouteResult> random_result;  // adversary: RANDOM on the same set
  nlohmann::ordered_json json;
};

RouteRun run_route(const RouteSpec& spec);

}  // namespace ftvlsi
