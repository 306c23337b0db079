#pragma once
// `ftvlsi route`: builds the host and the message set, routes them cycle by cycle and writes the
// JSON (io/route_json.hpp), the schedule and the per-channel load CSV.
#include <optional>
#include <string>
#include <string_view>

#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/route/route_run.hpp"

namespace ftvlsi {

RouteRun run_route(const RouteSpec& spec);

// What `ftvlsi route` and ftvlsi.route are given, as text, before any default or host choice. The
// CLI's flags and Python's keyword arguments fill it alike; route_spec decides everything else,
// once for both (the host, the adversary's four-way default, every number's parsing).
struct RouteOptions {
  SpecOverrides host;
  std::optional<std::string> messages, pattern, count, block, algorithm, policy, constants, k1, k2,
      schedule, loads, messages_out, max_cycles, offline, lambda;
  bool timings = false;
};
RouteSpec route_spec(const RouteOptions& options, FrontEnd front);

// The host of a route from the network of `host` (the layout flags applied, as `ftvlsi route`
// and ftvlsi.route read them): a fat-tree, or a butterfly fat-tree or fat-pyramid with its
// parents and mesh. FTV-1011 for another network; `caller` ("ftvlsi route") starts the message.
void set_route_host(RouteSpec& spec, const LayoutSpec& host, std::string_view caller);

// FTV-1012 when a route is given both a message file and a pattern; `messages` and `pattern`
// name the two as the caller spells them ("--messages FILE", "--pattern NAME").
void require_messages_or_pattern(bool messages_given, bool pattern_given, std::string_view messages,
                                 std::string_view pattern);

}  // namespace ftvlsi
