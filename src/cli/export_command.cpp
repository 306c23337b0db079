#include "export_command.hpp"

#include <fmt/format.h>

#include <iostream>

namespace ftvlsi::cli {
namespace {

void add_text(CLI::App* cmd, const std::string& name, std::optional<std::string>& target,
              const std::string& help) {
  cmd->add_option_function<std::string>(
      name, [&target](const std::string& v) { target = v; }, help);
}

}  // namespace

CLI::App* add_export_command(CLI::App& app, ExportOptions& o) {
  auto* cmd = app.add_subcommand(
      "export", "write a network with its measured link latencies for BookSim2, networkx, DOT");
  auto& n = o.network;
  add_text(cmd, "--format", o.format,
           "booksim (anynet file and FILE.config), graphml (networkx) or dot");
  add_text(cmd, "--out", o.out, "the file to write");
  add_text(cmd, "--json", o.json, "write the summary as JSON to FILE (default: standard output)");
  add_text(cmd, "--network", n.network,
           "fat-tree (graphml, dot), butterfly-fat-tree, fat-pyramid, a competing mesh, "
           "torus, tree, hypercube, butterfly, planar, mesh3d, file, or transit (graphml, dot)");
  add_text(cmd, "--network-file", n.network_file, "network file (with --network file)");
  add_text(cmd, "--processors,-n", n.processors, "number of processors");
  add_text(cmd, "--capacity", n.capacity, "fat-tree: capacity profile (as ftvlsi layout)");
  add_text(cmd, "--root-capacity", n.root_capacity, "fat-tree: root capacity (universal profiles)");
  add_text(cmd, "--constant", n.constant, "fat-tree: capacity of every channel");
  add_text(cmd, "--capacities", n.capacities, "fat-tree: cap(0),cap(1),...,cap(L)");
  add_text(cmd, "--alpha", n.alpha, "processor area in grid units, or 'technology'");
  add_text(cmd, "--parents", n.parents, "butterfly networks: parents per switch at levels 1..m-1");
  cmd->add_flag("--mesh-diagonals", n.mesh_diagonals, "fat-pyramid: diagonal mesh wires too");
  add_text(cmd, "--style", n.style,
           "the layout measured: the network's own, or cube (3D butterfly lattice, fat-tree cube)");
  add_text(cmd, "--seed", n.seed, "random seed (planar networks)");
  add_text(cmd, "--technology", n.technology,
           "technology file: a link's cycles are its wire's delay in ns times the clock");
  add_text(cmd, "--delay", o.delay,
           "without a technology: wire delay unit, linear (default), sqrt, log, poly:c,q,k, ...");
  add_text(cmd, "--cycle-length", o.cycle_length,
           "without a technology: a cycle is the delay of a wire of L grid units (1)");
  // DeHon's practical fat-trees (docs/dehon.md), as `ftvlsi layout --network transit` takes them.
  add_text(cmd, "--composition", o.composition, "transit: 4K, 256K, 12K, 768K or custom");
  add_text(cmd, "--leaf", o.leaf, "transit custom: small, cluster-12, cluster-48 or cluster-192");
  add_text(cmd, "--stages", o.stages, "transit custom: unit-tree stages above the leaves");
  add_text(cmd, "--rn1", o.rn1, "transit: RN1 configuration dilation-2 (default) or dual-4x4");
  add_text(cmd, "--wiring", o.wiring,
           "transit: redundant paths wired random (default) or "
           "deterministic");
  add_text(cmd, "--timing", o.timing,
           "transit: timing spec (YAML); a link's cycles are its cable's delay times the clock");
  return cmd;
}

int run_export_command(const ExportOptions& options) {
  ExportSpec spec = export_spec(options);
  if (!spec.json && spec.out != "-") spec.json = "-";
  const ExportRun run = run_export(spec);
  if (spec.json && *spec.json != "-")
    std::cerr << fmt::format(
        "ftvlsi: {} routers, {} processors, {} links, mean zero-load latency "
        "{} cycles, written to {}\n",
        run.graph.routers(), run.graph.processors(), run.graph.links(),
        run.mean_zero_load_latency ? fmt::format("{:.3f}", *run.mean_zero_load_latency)
                                   : std::string("(not connected)"),
        run.out);
  return 0;
}

}  // namespace ftvlsi::cli
