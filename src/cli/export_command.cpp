#include "export_command.hpp"

#include <fmt/format.h>

#include <iostream>

#include "interaction.hpp"
#include "network_flags.hpp"

namespace ftvlsi::cli {

CLI::App* add_export_command(CLI::App& app, ExportOptions& o) {
  auto* cmd = app.add_subcommand(
      "export", "write a network with its measured link latencies for BookSim2, networkx, DOT");
  auto& n = o.network;
  add_value(cmd, "--format", o.format, "FORMAT",
            "booksim (anynet file and FILE.config), graphml (networkx) or dot");
  add_value(cmd, "--out", o.out, "FILE", "the file to write");
  add_value(cmd, "--json", o.json, "FILE",
            "write the summary as JSON to FILE (default: standard output)");
  add_value(cmd, "--network", n.network, "KIND",
            "fat-tree (graphml, dot), butterfly-fat-tree, fat-pyramid, a competing mesh, torus, "
            "tree, hypercube, butterfly, planar, mesh3d, file, or transit (graphml, dot)");
  add_network_file_option(cmd, n.network_file, "--network");
  add_capacity_options(cmd, n);
  add_value(cmd, "--style", n.style, "STYLE",
            "the layout measured: the network's own, or cube (3D butterfly lattice, fat-tree "
            "cube)");
  add_value(cmd, "--seed", n.seed, "SEED", "random seed (planar networks)", "1");
  add_value(cmd, "--technology", n.technology, "FILE",
            "technology file: a link's cycles are its wire's delay in ns times the clock");
  add_value(cmd, "--delay", o.delay, "MODEL",
            "without a technology: wire delay unit, linear, sqrt, log, poly:c,q,k, ...", "linear");
  add_value(cmd, "--cycle-length", o.cycle_length, "L",
            "without a technology: a cycle is the delay of a wire of L grid units", "1");
  // DeHon's practical fat-trees (docs/dehon.md), as `ftvlsi layout --network transit` takes them.
  add_transit_shape_options(cmd, {o.composition, o.leaf, o.stages, o.rn1, o.wiring});
  add_value(cmd, "--timing", o.timing, "FILE",
            "transit: timing spec (YAML); a link's cycles are its cable's delay times the clock");
  cmd->footer(subcommand_footer(
      "ftvlsi export --network fat-tree -n 64 --format graphml --out fat-tree.graphml\n"
      "  ftvlsi export --network mesh -n 64 --format booksim --out mesh.anynet"));
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
