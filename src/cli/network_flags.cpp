#include "network_flags.hpp"

#include <fmt/format.h>

#include "ftvlsi/network/capacity.hpp"

namespace ftvlsi::cli {

CLI::Option* add_value(CLI::App* cmd, const std::string& name, std::optional<std::string>& target,
                       const std::string& value, const std::string& help,
                       const std::string& by_default) {
  CLI::Option* option = cmd->add_option_function<std::string>(
      name, [&target](const std::string& v) { target = v; }, help);
  option->type_name(value);
  // Shown only: the option has no callback forced, so an absent flag leaves `target` unset.
  if (!by_default.empty()) option->default_str(by_default);
  return option;
}

void add_profile_options(CLI::App* cmd, SpecOverrides& o) {
  std::string profiles;
  for (const auto p : all_capacity_profiles())
    profiles += fmt::format("{}{}", profiles.empty() ? "" : ", ", to_string(p));
  add_value(cmd, "--capacity", o.capacity, "PROFILE", "capacity profile: " + profiles,
            std::string(to_string(CapacityParams{}.profile)));
  add_value(cmd, "--root-capacity", o.root_capacity, "W",
            "root capacity w (universal profiles; default: the least the profile allows)");
  add_value(cmd, "--alpha", o.alpha, "ALPHA",
            "processor area alpha in grid units (integer), or 'technology' (its processor area "
            "over the grid unit squared)");
  add_value(cmd, "--constant", o.constant, "C", "capacity of every channel (constant profile)",
            std::to_string(CapacityParams{}.constant));
  add_value(cmd, "--capacities", o.capacities, "LIST", "custom profile: cap(0),cap(1),...,cap(L)");
}

void add_capacity_options(CLI::App* cmd, SpecOverrides& o) {
  add_value(cmd, "--processors,-n", o.processors, "N", "number of processors");
  add_profile_options(cmd, o);
  add_value(cmd, "--parents", o.parents, "LIST",
            "butterfly networks: parents per switch at levels 1..m-1 (1, 2 or 4; one value: all "
            "levels; default: 2 everywhere)");
  cmd->add_flag("--mesh-diagonals", o.mesh_diagonals,
                "fat-pyramid: join diagonal neighbours by mesh wires too (Greenberg's mesh is "
                "4-neighbour; a diagonal shortcut then takes two mesh edges)");
}

void add_network_file_option(CLI::App* cmd, std::optional<std::string>& target,
                             const std::string& kind_flag) {
  add_value(cmd, "--network-file", target, "FILE",
            fmt::format("network file (with {} file)", kind_flag));
}

void add_transit_shape_options(CLI::App* cmd, const TransitShapeFlags& f) {
  add_value(cmd, "--composition", f.composition, "NAME",
            "transit: 4K, 256K, 12K, 768K or custom (DeHon's compositions)");
  add_value(cmd, "--leaf", f.leaf, "LEAF",
            "transit custom: small, cluster-12, cluster-48 or cluster-192");
  add_value(cmd, "--stages", f.stages, "N", "transit custom: unit-tree stages above the leaves");
  add_value(cmd, "--rn1", f.rn1, "CONFIG", "transit: RN1 configuration dilation-2 or dual-4x4",
            "dilation-2");
  add_value(cmd, "--wiring", f.wiring, "WIRING",
            "transit: redundant paths wired random or deterministic", "random");
}

}  // namespace ftvlsi::cli
