#pragma once
// The flags of DeHon's practical fat-tree (`--network transit`) on `ftvlsi layout` and
// `ftvlsi route`, and the commands that run its jobs. Kept beside main.cpp so the other
// subcommands' parsing is untouched.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace ftvlsi::cli {

struct TransitArgs {
  std::optional<std::string> composition, leaf, stages, rn1, wiring, load, locality, trials,
      faults, fault_kind, timing, loads;
};

// Whether a --network value names DeHon's network.
bool is_transit(const std::optional<std::string>& network);

void add_transit_options(CLI::App* cmd, TransitArgs& args, bool route);

// The flags the layout and route commands share with the other networks.
struct TransitCommon {
  std::optional<std::string> seed, json, gds, html, svg, style, drc;
  bool drc_flag = false;
};

int run_transit_route_command(const TransitArgs& args, const TransitCommon& common);

}  // namespace ftvlsi::cli
