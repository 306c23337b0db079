// The route's spec from its options, for the CLI and the Python module alike
// (report/route_job.hpp): kept apart from the job so that the command-line fuzz target links the
// real validation.
#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/report/route_job.hpp"

namespace ftvlsi {

void set_route_host(RouteSpec& spec, const LayoutSpec& host, std::string_view caller) {
  if (const auto* b = std::get_if<ButterflyParams>(&host.network)) {
    spec.butterfly = b->processors;
    spec.pyramid = b->pyramid();
    spec.parents = b->parents;
    spec.mesh_diagonals = b->mesh_diagonals;
  } else if (const auto* f = std::get_if<FatTreeParams>(&host.network)) {
    spec.host = *f;
  } else {
    throw InputError(
        1011, fmt::format("{} takes a fat-tree, butterfly-fat-tree or fat-pyramid host", caller));
  }
}

// FTV-1012: the `{}` are "--messages FILE" and "--pattern NAME" (CLI), or "messages (a file)" and
// "pattern" (Python).
void require_messages_or_pattern(bool messages_given, bool pattern_given, std::string_view messages,
                                 std::string_view pattern) {
  if (messages_given && pattern_given)
    throw InputError(1012, fmt::format("give either {} or {}, not both", messages, pattern));
}

RouteSpec route_spec(const RouteOptions& o, FrontEnd front) {
  const auto name = [front](std::string_view option) { return spelled(option, front); };
  SpecOverrides overrides = o.host;
  const RouteAlgorithm algorithm =
      o.algorithm ? parse_route_algorithm(*o.algorithm) : RouteAlgorithm::kGreedy;
  // Theorem 9's set is built for the standard fat-tree with 4-way switches (route/adversary.hpp).
  if (algorithm == RouteAlgorithm::kAdversary && !overrides.capacity &&
      overrides.network.value_or("fat-tree") == "fat-tree")
    overrides.capacity = "four-way";
  LayoutSpec host;
  apply_overrides(host, overrides);
  RouteSpec s;
  set_route_host(s, host, front == FrontEnd::kCli ? "ftvlsi route" : "ftvlsi.route");
  s.seed = host.seed;
  s.switch_model = host.switch_model;
  if (s.switch_model == SwitchModel::kPartial && s.butterfly)
    throw InputError(1041, fmt::format("{} routes through partial switches on a binary fat-tree "
                                       "only; a butterfly network's switches are its own, leave "
                                       "the switch model ideal",
                                       front == FrontEnd::kCli ? "ftvlsi route" : "ftvlsi.route"));
  if (front == FrontEnd::kCli) s.json = host.output.json.value_or("-");
  require_messages_or_pattern(o.messages.has_value(), o.pattern.has_value(),
                              front == FrontEnd::kCli ? "--messages FILE" : "messages (a file)",
                              front == FrontEnd::kCli ? "--pattern NAME" : "pattern");
  s.messages_file = o.messages;
  if (o.pattern) s.pattern.name = *o.pattern;
  if (o.count) s.pattern.count = parse_positive(*o.count, name("count"));
  if (o.block) s.pattern.block = parse_positive(*o.block, name("block"));
  s.algorithm = algorithm;
  if (o.policy) s.policy = parse_switch_policy(*o.policy);
  if (o.constants) s.constants = parse_random_constants(*o.constants);
  if (o.k1) s.k1 = parse_positive_number(*o.k1, name("k1"));
  if (o.k2) s.k2 = parse_positive_number(*o.k2, name("k2"));
  if (o.max_cycles) s.max_cycles = parse_positive(*o.max_cycles, name("max_cycles"));
  if (o.offline) s.offline = parse_offline_variant(*o.offline);
  if (o.lambda) s.lambda = parse_positive(*o.lambda, name("lambda"));
  s.schedule = o.schedule;
  s.loads = o.loads;
  s.messages_out = o.messages_out;
  s.timings = o.timings;
  return s;
}

}  // namespace ftvlsi
