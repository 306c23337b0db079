#pragma once
// The flags several subcommands share, each written once with its help, the name of its value
// and its default: a string flag whose presence is recorded (add_value), a network's size and
// capacity flags (layout, route, simulate's host, export) and DeHon's composition flags (layout
// and route with --network transit, export).
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "ftvlsi/io/spec_overrides.hpp"

namespace ftvlsi::cli {

// A flag taking one value, recorded in `target` when given. `value` names the value in the help
// ("N", "FILE", "PROFILE", ...; never CLI11's "TEXT"); `by_default`, when not empty, is shown as
// the value used without the flag (the job applies it: the flag itself stays unset).
CLI::Option* add_value(CLI::App* cmd, const std::string& name, std::optional<std::string>& target,
                       const std::string& value, const std::string& help,
                       const std::string& by_default = "");

// --capacity, --root-capacity, --alpha, --constant, --capacities: a fat-tree's capacity profile.
void add_profile_options(CLI::App* cmd, SpecOverrides& overrides);

// -n/--processors, the profile flags, --parents and --mesh-diagonals: a network's size and
// capacities.
void add_capacity_options(CLI::App* cmd, SpecOverrides& overrides);

// --network-file FILE, read when `kind_flag` (--network, --competing) says "file".
void add_network_file_option(CLI::App* cmd, std::optional<std::string>& target,
                             const std::string& kind_flag);

// DeHon's practical fat-tree (docs/dehon.md): --composition, --leaf, --stages, --rn1, --wiring.
struct TransitShapeFlags {
  std::optional<std::string>&composition, &leaf, &stages, &rn1, &wiring;
};
void add_transit_shape_options(CLI::App* cmd, const TransitShapeFlags& flags);

}  // namespace ftvlsi::cli
