#include "ftvlsi/report/route_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/stopwatch.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/route_json.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/route/adversary.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/offline.hpp"

namespace ftvlsi {
namespace {

// Bytes a route run holds (docs/memory-limits.md). Per message on a binary fat-tree: the set (8),
// the router's list and delivery cycles (8), a cycle's delivered list (4) and the delivery
// simulator's buffers (DeliverySimulator::kBytesPerSent, 33), with room for the second lane's
// turning list and the allocator: 64, fitted to peak RSS (GREEDY on a 2^22-processor
// permutation, route_bench: 62 bytes a message; `route -n 2^28 --capacity linear-size
// --max-cycles 1`: 14.3 GiB, 57 bytes a message with the 8 a processor; docs/benchmarks.md).
// RANDOM's p-subset adds 8 (the places drawn and the messages sent), RANDOM''s picks 8 (each
// message's cycle and the pass's order). The off-line schedules: the matchings and tracing, the
// sets, the first fit's copy of each set's messages and one cycle's loads, and the simulator,
// 200 (Corollary 2 on a 2^22-processor permutation: 176 bytes a message; Theorem 1 on 8n uniform
// messages at 2^20: 45; 2^20 messages on 16 processors: 123). The butterfly router's (2^22
// messages: 549 MiB), and the text of
// --schedule and --messages-out. Per host processor: the fat-tree's load factor
// (channel_loads.hpp), the butterfly fat-tree's and the fat-pyramid's switches (2^20
// processors: 150 and 238 MiB), and the --loads table (32) and CSV. And the process's own
// kProcessBytes (GREEDY on a 2^20 permutation peaked at 74.6 MiB against 72.0 without it).
constexpr long double kBytesPerMessage = 64, kRandomBytesPerMessage = 8,
                      kRandomPrimeBytesPerMessage = 8, kOfflineBytesPerMessage = 200,
                      kButterflyBytesPerMessage = 140, kTextBytesPerMessage = 32;
constexpr long double kFatTreeBytesPerProcessor = kLoadFactorBytesPerProcessor,
                      kButterflyBytesPerProcessor = 240, kLoadsBytesPerProcessor = 160;

// Messages the spec's pattern makes on n processors (a file's are counted once read).
std::uint64_t pattern_messages(const PatternParams& p, std::uint64_t n) {
  return (p.name == "uniform" || p.name == "hot-spot") && p.count > 0 ? p.count : n;
}

void require_route_memory(const RouteSpec& spec, std::uint64_t messages, std::uint64_t processors,
                          long double per_message, long double per_processor) {
  if (spec.schedule || spec.messages_out) per_message += kTextBytesPerMessage;
  if (spec.loads) per_processor += kLoadsBytesPerProcessor;
  require_memory(8020,
                 kProcessBytes + static_cast<long double>(messages) * per_message +
                     static_cast<long double>(processors) * per_processor,
                 fmt::format("routing {} messages on {} processors", messages, processors),
                 "choose fewer messages or processors");
}

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
  if (spec.json) write_file_atomically(*spec.json, route_json(r));
}

// GREEDY on a butterfly fat-tree: random parents up to the apex, the unique path down.
RouteRun run_butterfly_route(const RouteSpec& spec) {
  if (spec.algorithm != RouteAlgorithm::kGreedy && spec.algorithm != RouteAlgorithm::kRandomPrime)
    throw InputError(
        6101,
        "a butterfly fat-tree or fat-pyramid is routed with --algorithm greedy or random-prime "
        "(random parents on the way up, no concentrators); the other algorithms need a binary "
        "fat-tree");
  if (spec.loads) throw InputError(6102, "--loads is written for binary fat-trees only");
  const ButterflyFatTree net(*spec.butterfly, spec.pyramid, spec.parents, spec.mesh_diagonals);
  RouteRun r;
  PatternParams pattern = spec.pattern;
  pattern.seed = spec.seed;
  const auto require = [&](std::uint64_t messages) {
    require_route_memory(spec, messages, net.processors(), kButterflyBytesPerMessage,
                         kButterflyBytesPerProcessor);
  };
  if (!spec.messages_file) require(pattern_messages(pattern, net.processors()));
  r.messages = spec.messages_file ? read_messages(*spec.messages_file, net.processors())
                                  : make_pattern(pattern, net.processors());
  if (spec.messages_file) require(r.messages.size());
  r.load_factor = butterfly_load_factor(net, r.messages);
  const ButterflyAlgorithm algorithm = spec.algorithm == RouteAlgorithm::kGreedy
                                           ? ButterflyAlgorithm::kGreedy
                                           : ButterflyAlgorithm::kRandomPrime;
  r.result = route_butterfly(net, r.messages, algorithm, spec.policy, spec.seed, spec.max_cycles);
  r.algorithm = spec.algorithm;
  r.policy = spec.policy;
  r.seed = spec.seed;
  r.processors = net.processors();
  r.host_kind = spec.pyramid ? "fat-pyramid" : "butterfly-fat-tree";
  r.host_levels = net.levels();
  r.pattern = spec.messages_file ? *spec.messages_file : spec.pattern.name;
  return r;
}

// The message set: Theorem 9's adversary, a file or a pattern.
MessageSet route_messages(const RouteSpec& spec, const FatTree& tree,
                          std::optional<AdversarySet>& adversary) {
  if (spec.algorithm == RouteAlgorithm::kAdversary) {
    if (spec.messages_file)
      throw InputError(6103,
                       "--algorithm adversary builds its own message set; leave out --messages");
    adversary = adversary_set(tree, spec.lambda);
    return adversary->messages;
  }
  if (spec.algorithm == RouteAlgorithm::kRandomPrime) require_random_prime_capacity(tree);
  PatternParams pattern = spec.pattern;
  pattern.seed = spec.seed;
  const long double per_message =
      spec.algorithm == RouteAlgorithm::kOffline  ? kOfflineBytesPerMessage
      : spec.algorithm == RouteAlgorithm::kRandom ? kBytesPerMessage + kRandomBytesPerMessage
      : spec.algorithm == RouteAlgorithm::kRandomPrime
          ? kBytesPerMessage + kRandomPrimeBytesPerMessage
          : kBytesPerMessage;
  const auto require = [&](std::uint64_t messages) {
    require_route_memory(spec, messages, tree.processors(), per_message, kFatTreeBytesPerProcessor);
  };
  if (spec.messages_file) {
    MessageSet m = read_messages(*spec.messages_file, tree.processors());
    require(m.size());
    return m;
  }
  require(pattern_messages(pattern, tree.processors()));
  return make_pattern(pattern, tree.processors());
}

// What the off-line schedules report beside their cycles.
struct OfflineRun {
  bool one_cycle = true;
  std::optional<WideSchedule> wide;
  std::uint64_t unmerged = 0;  // Theorem 1's one-cycle sets, or Corollary 2's cycles, unmerged
  std::optional<double> lambda_alpha;  // against the capacities partial switches guarantee
};

// Runs the chosen algorithm on the fat-tree; every off-line cycle goes through the simulator
// and must lose nothing.
RouteResult route_on_tree(const RouteSpec& spec, const FatTree& tree, const RouteRun& r,
                          DeliverySimulator& sim, const RandomParams& random, OfflineRun& off) {
  switch (spec.algorithm) {
    case RouteAlgorithm::kOffline: {
      // With partial switches the schedule is built for what they are guaranteed to pass,
      // capacity α × wires (Leiserson §IV); the cycles still run on the real tree's switches.
      std::optional<FatTree> guaranteed;
      if (spec.switch_model == SwitchModel::kPartial) {
        guaranteed = guaranteed_capacities(tree);
        off.lambda_alpha = load_factor(r.messages, *guaranteed);
      }
      const FatTree& planned = guaranteed ? *guaranteed : tree;
      std::vector<std::vector<std::uint32_t>> cycles;
      if (spec.offline == OfflineVariant::kCorollary2) {
        off.wide = offline_schedule_wide(planned, r.messages);
        cycles = off.wide->cycles;
        off.unmerged = off.wide->unmerged;
      } else {
        const auto sets = offline_sets(planned, r.messages);
        off.unmerged = sets.size();
        cycles = merge_one_cycle_sets(planned, r.messages, sets);
      }
      return route_schedule(sim, r.messages.size(), cycles, off.one_cycle);
    }
    case RouteAlgorithm::kGreedy:
    case RouteAlgorithm::kAdversary:
      return route_greedy(sim, r.messages.size(), spec.max_cycles);
    case RouteAlgorithm::kRandomPrime:
      return route_random_prime(sim, r.messages.size(), spec.seed + 1, spec.max_cycles);
    case RouteAlgorithm::kRandom:
      break;
  }
  return route_random(sim, r.messages.size(), tree.processors(), random, spec.max_cycles);
}

// What ran, for the JSON (io/route_json.hpp).
void describe(const RouteSpec& spec, RouteRun& r, const FatTree& tree, SwitchPolicy policy,
              const RandomParams& random, const OfflineRun& off) {
  r.algorithm = spec.algorithm;
  r.policy = policy;
  r.seed = spec.seed;
  r.processors = tree.processors();
  r.host_kind = "fat-tree";
  r.capacity_profile = std::string(to_string(tree.capacity_params().profile));
  r.capacities = tree.capacities();
  r.pattern = r.adversary          ? std::string("adversary")
              : spec.messages_file ? *spec.messages_file
                                   : spec.pattern.name;
  if (spec.algorithm == RouteAlgorithm::kRandom || r.adversary) {
    r.constants = try_guess_constants(random);
    r.constants_name = spec.k1 || spec.k2 ? "custom" : std::string(to_string(spec.constants));
  }
  if (spec.algorithm == RouteAlgorithm::kOffline) {
    OfflineSummary o;
    o.variant = spec.offline;
    o.every_cycle_one_cycle = off.one_cycle;
    if (off.wide) o.lambda_prime = off.wide->lambda_prime;
    o.sets = off.wide ? off.wide->sets : off.unmerged;
    o.cycles_before_merging = off.unmerged;
    o.levels = tree.levels();
    o.lambda_alpha = off.lambda_alpha;
    r.offline = o;
  }
  r.adversary_lambda = spec.lambda;
}

// A binary fat-tree host: GREEDY, RANDOM, RANDOM', the off-line schedules or the adversary, with
// --loads written here (it needs the channel table the run builds).
RouteRun run_fat_tree_route(const RouteSpec& spec) {
  const FatTree tree(spec.host);
  RouteRun r;
  r.messages = route_messages(spec, tree, r.adversary);
  // The per-channel table (32 bytes a processor) only when --loads writes it.
  std::optional<ChannelLoadTable> loads;
  if (spec.loads) loads = channel_loads(r.messages, tree.levels());
  r.load_factor = loads ? load_factor(*loads, tree) : load_factor(r.messages, tree);
  r.congestion = congestion_parameter(tree);
  const SwitchPolicy policy = r.adversary ? SwitchPolicy::kPriority : spec.policy;
  const RandomParams random{spec.k1, spec.k2, *r.congestion, spec.seed + 1, spec.constants};
  DeliverySimulator sim(tree, r.messages, policy, spec.seed);
  const bool partial = spec.switch_model == SwitchModel::kPartial;
  if (partial) sim.use_partial_switches(spec.seed);
  OfflineRun off;
  r.result = route_on_tree(spec, tree, r, sim, random, off);
  r.switch_model = spec.switch_model;
  r.lost_in_switches = sim.lost_in_switches();
  if (r.adversary) {
    DeliverySimulator random_sim(tree, r.messages, SwitchPolicy::kRandom, spec.seed);
    if (partial) random_sim.use_partial_switches(spec.seed);
    r.random_result =
        route_random(random_sim, r.messages.size(), tree.processors(), random, spec.max_cycles);
  }
  describe(spec, r, tree, policy, random, off);
  if (loads) write_file_atomically(*spec.loads, loads_csv(*loads, tree));
  return r;
}

}  // namespace

RouteRun run_route(const RouteSpec& spec) {
  require_distinct_outputs({{"message file", spec.messages_file}},
                           {{"JSON output", spec.json},
                            {"schedule output", spec.schedule},
                            {"loads output", spec.loads},
                            {"message output", spec.messages_out}});
  for (const auto& [path, what] : {std::pair{spec.json, "JSON"},
                                   {spec.schedule, "schedule"},
                                   {spec.loads, "loads"},
                                   {spec.messages_out, "message"}})
    if (path) require_writable(*path, what);
  const Stopwatch routing;
  RouteRun r = spec.butterfly ? run_butterfly_route(spec) : run_fat_tree_route(spec);
  r.seconds_routing = routing.seconds();
  r.timings = spec.timings;
  write_outputs(spec, r);
  return r;
}

// FTV-1011: `{}` is the caller, "ftvlsi route" (CLI) or "ftvlsi.route" (Python).
}  // namespace ftvlsi
