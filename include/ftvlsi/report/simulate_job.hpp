#pragma once
// `ftvlsi simulate` (docs/design.md §6.4): a competing network R on its own channel layout,
// a host (a fat-tree laid out as an H-tree, or a fat-pyramid laid out by fold-and-squash), R's
// processors mapped onto the host's leaves, and R's one-step message set (every wire carries one
// message each way) routed on the host cycle by cycle. With a wire-delay model every message's
// round trip is timed from the wires it crosses in the host's layout, so
//     T_host = sum over delivery cycles of the slowest round trip sent in it,
//     T_R    = the slowest round trip over one wire of R's own layout,
//     slowdown = T_host / T_R.
// A sweep repeats this over sizes, hosts and delay models and writes the simulation-overhead
// report: Markdown, CSV and one SVG plot of the slowdown against A per delay model.
#include <optional>
#include <string>

#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/sim/simulation.hpp"

namespace ftvlsi {

// What `ftvlsi simulate` and ftvlsi.simulate are given, as text, before any default or host
// choice: the CLI's flags and Python's keyword arguments fill it alike, and simulate_spec decides
// the rest once for both. `capacity` holds the fat-tree host's capacity flags and --technology.
struct SimulateOptions {
  SpecOverrides capacity;
  std::optional<std::string> competing, processors, network_file, host, mapping, algorithm, policy,
      delay, data_bits, switch_delay, seed, max_cycles, competing_alpha, sizes, delays,
      competing_processors;
  bool sweep = false, mesh_diagonals = false, switch_span = false;
};
SimulateSpec simulate_spec(const SimulateOptions& options, FrontEnd front);

// The checks of simulate's flags that the CLI and the Python module make before they build the
// spec. FTV-1013 when capacity flags are given for a host that is not a fat-tree (a
// fat-pyramid's channels are fixed).
void require_capacity_host(HostKind host);
// FTV-1303 when a delay is given beside a technology, which sets the delays and the clock.
void require_no_delay_beside_technology(bool delay_given);

// Throws InputError on a bad combination (say which are valid), IoError on an unwritable JSON.
SimulateResult run_simulate(const SimulateSpec& spec);

// Runs the sweep; with a report folder writes simulate.md, simulate.csv and one plot per delay
// model; with a JSON path the rows as a JSON array. A shard of N > 1 runs its items only and
// writes its partial result (io/sweep_partial.hpp) into the report folder, which it needs.
SweepResult run_simulate_sweep(const SweepSpec& spec);

// What a sweep writes once its rows are simulated, in the sweep's order: the trends, and the
// report folder's and JSON's files. `ftvlsi merge` calls it with the shards' rows.
SweepResult finish_sweep(const SweepSpec& spec, std::vector<SimulateResult> rows);

}  // namespace ftvlsi
