// The ftvlsi executable: argument parsing and dispatch only. Every algorithm lives in
// ftvlsi_core; this file turns exceptions into one-line messages and exit codes.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

#include "export_command.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/graph_file.hpp"
#include "ftvlsi/io/interrupt.hpp"
#include "ftvlsi/io/layout_json.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/report_spec.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/io/standard_output.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/check_partial.hpp"
#include "ftvlsi/report/check_spec.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/report/layout_job.hpp"
#include "ftvlsi/report/merge.hpp"
#include "ftvlsi/report/report.hpp"
#include "ftvlsi/report/route_job.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "interaction.hpp"
#include "network_flags.hpp"
#include "transit_command.hpp"

namespace {

using ftvlsi::ExitCode;

// --quiet / --verbose of the subcommand that runs (src/cli/interaction.hpp).
ftvlsi::cli::Verbosity g_verbosity = ftvlsi::cli::Verbosity::kNormal;

constexpr const char* kDefaultReportDir = "ftvlsi-report";

struct LayoutArgs {
  std::string spec;
  ftvlsi::SpecOverrides overrides;
  bool drc_flag = false;
  ftvlsi::cli::TransitArgs transit;  // --network transit (DeHon's practical fat-tree)
};

// "a (default), b or c": a choice's names from its name table, the default marked.
template <class Row, std::size_t N>
std::string choices(const std::array<Row, N>& table, ftvlsi::ValueOf<Row> by_default) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += i + 1 == N ? " or " : ", ";
    out += table[i].name;
    if (table[i].value == by_default) out += " (default)";
  }
  return out;
}

using ftvlsi::cli::add_value;

void add_layout_options(CLI::App* cmd, LayoutArgs& args) {
  auto& o = args.overrides;
  cmd->add_option("spec", args.spec, "YAML layout spec (flags override it)")->type_name("FILE");
  add_value(cmd, "--network", o.network, "KIND",
            "network: " + ftvlsi::layout_network_kinds() +
                " (with --network-file) or transit "
                "(DeHon)",
            "fat-tree");
  ftvlsi::cli::add_network_file_option(cmd, o.network_file, "--network");
  ftvlsi::cli::add_capacity_options(cmd, o);
  cmd->get_option("--processors")->default_str("1024");
  ftvlsi::cli::add_transit_options(cmd, args.transit, false);
  add_value(cmd, "--style", o.style, "STYLE",
            fmt::format("layout style, the network's own first (the default): {}; transit: {}",
                        ftvlsi::layout_styles_by_network(),
                        ftvlsi::to_string(ftvlsi::LayoutStyle::kHollowCube)));
  add_value(cmd, "--svg", o.svg, "FILE", "write an SVG picture to FILE");
  add_value(cmd, "--gds", o.gds, "FILE", "write GDSII to FILE");
  add_value(cmd, "--json", o.json, "FILE",
            "write the metrics as JSON to FILE (- for stdout; the default when no other output "
            "is given)");
  add_value(cmd, "--html", o.html, "FILE", "3D layouts: write an interactive view (HTML) to FILE");
  cmd->add_flag("--drc", args.drc_flag, "run the hierarchical design-rule check");
  add_value(cmd, "--drc-mode", o.drc, "MODE",
            "DRC mode: " + ftvlsi::names_of(ftvlsi::kDrcModeNames, " or "));
  add_value(cmd, "--seed", o.seed, "SEED", "random seed (written into every output)", "1");
  add_value(
      cmd, "--switch-model", o.switch_model, "MODEL",
      "fat-tree switches in the H-tree and the cube: ideal (opaque boxes) or partial (Pippenger's "
      "partial concentrators drawn inside, seeded by --seed)",
      "ideal");
  add_value(cmd, "--technology", o.technology, "FILE",
            "technology file (technology/*.yaml): its processor area is drawn unless --alpha "
            "is given, the GDS is in its units, and mm², mm and ns stand beside the grid figures");
  cmd->footer(ftvlsi::cli::subcommand_footer(
      "ftvlsi layout -n 64 --capacity universal --svg fat-tree.svg --drc\n"
      "  ftvlsi layout --network fat-pyramid -n 256 --json -"));
}

// With a technology, the drawn size in its units for the summary line: " (16.4 x 16.3 mm,
// 267.7 mm²)" in 2D, the volume in mm³ in 3D (the JSON has every figure).
std::string physical_size(const ftvlsi::LayoutSpec& spec, const ftvlsi::LayoutRun& run) {
  if (!spec.technology) return "";
  const ftvlsi::Technology& t = *spec.technology;
  if (const auto* d = run.drawn_as<2>()) {
    const double w = static_cast<double>(d->metrics.width),
                 h = static_cast<double>(d->metrics.height);
    return fmt::format(" ({:.4g} x {:.4g} mm, {:.4g} mm²)", t.mm(w), t.mm(h), t.mm2(w * h));
  }
  if (const auto* d = run.drawn_as<3>()) {
    const double w = static_cast<double>(d->metrics.width),
                 h = static_cast<double>(d->metrics.height),
                 z = static_cast<double>(d->metrics.depth);
    return fmt::format(" ({:.4g} x {:.4g} x {:.4g} mm)", t.mm(w), t.mm(h), t.mm(z));
  }
  return "";
}

int run_layout_command(const LayoutArgs& args) {
  if (ftvlsi::cli::is_transit(args.overrides.network)) {
    const auto& o = args.overrides;
    return ftvlsi::cli::run_transit_layout_command(
        args.transit, {o.seed, o.json, o.gds, o.html, o.svg, o.style, o.drc, args.drc_flag});
  }
  const ftvlsi::LayoutSpec spec =
      ftvlsi::layout_spec({args.spec.empty() ? std::nullopt : std::optional<std::string>(args.spec),
                           args.overrides, args.drc_flag},
                          ftvlsi::FrontEnd::kCli);
  // Progress once a layout has taken a few seconds (every phase with --verbose).
  const ftvlsi::cli::Progress progress("layout", g_verbosity, 3.0);
  const auto within = [&progress](std::string_view what, std::uint64_t done, std::uint64_t total) {
    progress.within(what, done, total);
  };
  const auto run = ftvlsi::run_layout(spec, std::cref(progress), within);
  progress.finish();
  for (const auto& w : run.warnings) std::cerr << fmt::format("ftvlsi: warning: {}\n", w);
  const bool to_stdout = spec.output.json && *spec.output.json == "-";
  if (!spec.output.json && !spec.output.svg && !spec.output.gds && !spec.output.html) {
    std::cout << ftvlsi::layout_json(spec, run);
  } else if (!to_stdout) {
    std::cerr << fmt::format(
        "ftvlsi: {} processors, {} grid{}, {} wires{}\n", run.processors(), run.grid_size(),
        physical_size(spec, run), run.wires(),
        run.drc.empty() ? "" : (run.drc_clean() ? ", DRC clean" : ", DRC FAILED"));
  }
  return ftvlsi::cli::drc_exit_code(run.drc);
}

// Flags of `ftvlsi decompose`; each one given replaces the spec's value.
using DecomposeArgs = ftvlsi::DecomposeOptions;

void add_decompose_options(CLI::App* cmd, DecomposeArgs& a) {
  cmd->add_option("spec", a.spec, "YAML decompose spec (flags override it)")->type_name("FILE");
  add_value(cmd, "--network", a.network, "KIND",
            "competing network: " + ftvlsi::competing_kind_list(" or "), "mesh");
  add_value(cmd, "--processors,-n", a.processors, "N", "processors of the network", "1024");
  ftvlsi::cli::add_network_file_option(cmd, a.network_file, "--network");
  add_value(cmd, "--host-processors", a.host_processors, "N",
            "fat-tree leaves (default: the least power of two >= processors)");
  add_value(cmd, "--host-capacity", a.host_capacity, "PROFILE", "fat-tree capacity profile",
            "linear-size");
  add_value(cmd, "--host-alpha", a.host_alpha, "ALPHA",
            "fat-tree processor area (default: layout area / fat-tree leaves)");
  add_value(cmd, "--mapping", a.mapping, "MAPPING",
            choices(ftvlsi::kMappingKindNames, ftvlsi::MappingKind::kBalancedTop));
  add_value(cmd, "--mapping-in", a.mapping_in, "FILE",
            "read the mapping ('processor leaf' lines) instead of computing one");
  add_value(cmd, "--cut-on", a.cut_on, "WHAT",
            "cut the network's channel layout (layout) or its placement grid (grid)", "layout");
  add_value(cmd, "--json", a.json, "FILE", "write the results as JSON (- for stdout)", "-");
  add_value(cmd, "--dot", a.dot, "FILE", "write the top of the cutting-plane tree as DOT");
  add_value(cmd, "--svg", a.svg, "FILE", "draw the network's layout with the cuts over it");
  add_value(cmd, "--mapping-out", a.mapping_out, "FILE", "write the processor -> leaf mapping");
  add_value(cmd, "--messages-out", a.messages_out, "FILE", "write the one-step message set");
  add_value(cmd, "--export-scotch", a.export_scotch, "FILE", "write the network as a Scotch graph");
  add_value(cmd, "--export-metis", a.export_metis, "FILE", "write the network as a METIS graph");
  add_value(cmd, "--network-out", a.network_out, "FILE",
            "write the network in ftvlsi's file format");
  add_value(cmd, "--seed", a.seed, "SEED", "random seed", "1");
  add_value(cmd, "--coordinates", a.coordinates, "FILE",
            "the graph's geometry: Scotch .xyz or METIS 'x y [z]' lines (else computed)");
  add_value(cmd, "--graph-format", a.graph_format, "FORMAT",
            ftvlsi::names_of(ftvlsi::kGraphFormats, " or ") +
                " (default: from --network-file's extension)");
  add_value(cmd, "--export-xyz", a.export_xyz, "FILE", "write the positions as a Scotch geometry");
  cmd->footer(ftvlsi::cli::subcommand_footer(
      "ftvlsi decompose --network mesh -n 256 --svg cuts.svg\n"
      "  ftvlsi decompose --network torus -n 64 --mapping-out mapping.txt --json decompose.json"));
}

int run_decompose_command(const DecomposeArgs& a) {
  ftvlsi::DecomposeSpec s = ftvlsi::decompose_spec(a, ftvlsi::FrontEnd::kCli);
  if (!s.json) s.json = "-";
  const auto run = ftvlsi::run_decompose(s);  // writes the JSON, to stdout for "-"
  if (*s.json != "-") {
    std::cerr << fmt::format(
        "ftvlsi: {} with {} processors: depth {}, load factor {:.3f}, Theorem 8 bound {}\n",
        run.net.kind, run.net.processors(), run.tree.depth, run.loads.load_factor,
        run.balanced.within_bound() ? "holds" : "VIOLATED");
  }
  return run.balanced.within_bound() ? 0 : static_cast<int>(ExitCode::kCheckFailed);
}

struct RouteArgs {
  ftvlsi::RouteOptions options;      // the host's layout flags and the route's own, as given
  ftvlsi::cli::TransitArgs transit;  // --network transit (DeHon's practical fat-tree)
};

void add_route_options(CLI::App* cmd, RouteArgs& a) {
  auto& o = a.options.host;
  auto& r = a.options;
  add_value(cmd, "--network", o.network, "KIND",
            "host network: fat-tree, butterfly-fat-tree, fat-pyramid or transit", "fat-tree");
  ftvlsi::cli::add_transit_options(cmd, a.transit, true);
  ftvlsi::cli::add_capacity_options(cmd, o);
  cmd->get_option("--processors")->default_str("1024");
  add_value(cmd, "--json", o.json, "FILE", "write the results as JSON (- for stdout)", "-");
  add_value(cmd, "--seed", o.seed, "SEED", "random seed", "1");
  add_value(cmd, "--switch-model", o.switch_model, "MODEL",
            "fat-tree switches: ideal or partial (Pippenger's partial concentrators; a message "
            "with no free path through them is lost)",
            "ideal");
  add_value(cmd, "--messages", r.messages, "FILE", "message file: 'src dst' lines");
  std::string patterns;
  for (const auto p : ftvlsi::pattern_names())
    patterns += fmt::format("{}{}", patterns.empty() ? "" : ", ", p);
  add_value(cmd, "--pattern", r.pattern, "PATTERN", "message pattern: " + patterns);
  add_value(cmd, "--count", r.count, "N", "messages of uniform / hot-spot (default: n)");
  add_value(cmd, "--block", r.block, "N", "subtree size of the local pattern", "16");
  add_value(cmd, "--algorithm", r.algorithm, "ALGORITHM",
            choices(ftvlsi::kRouteAlgorithmNames, ftvlsi::RouteAlgorithm::kGreedy));
  add_value(cmd, "--offline", r.offline, "VARIANT",
            "offline variant: " +
                choices(ftvlsi::kOfflineVariantNames, ftvlsi::OfflineVariant::kTheorem1));
  add_value(cmd, "--lambda", r.lambda, "LAMBDA",
            "adversary: load factor of Theorem 9's set (24), on a four-way host unless "
            "--capacity says otherwise");
  add_value(cmd, "--switch", r.policy, "POLICY",
            "switch policy: " + choices(ftvlsi::kSwitchPolicyNames, ftvlsi::SwitchPolicy::kRandom));
  add_value(cmd, "--constants", r.constants, "KIND",
            "RANDOM's k1, k2: practical (k1 = k2 = r) or proof (Lemma 7: k1 = 4 e^4 r^2 ln r, "
            "k2 = 36 r)",
            "practical");
  add_value(cmd, "--k1", r.k1, "K1", "RANDOM's constant k1 (overrides --constants)");
  add_value(cmd, "--k2", r.k2, "K2", "RANDOM's constant k2 (overrides --constants)");
  add_value(cmd, "--max-cycles", r.max_cycles, "N", "give up after this many cycles", "10^7");
  add_value(cmd, "--schedule", r.schedule, "FILE", "write 'cycle src dst' per delivered message");
  add_value(cmd, "--loads", r.loads, "FILE", "write every directed channel's load as CSV");
  add_value(cmd, "--messages-out", r.messages_out, "FILE", "write the message set");
  cmd->add_flag("--timings", r.timings,
                "add seconds_routing (wall-clock seconds) to the JSON; without it the JSON is the "
                "same for the same input and seed");
  cmd->footer(ftvlsi::cli::subcommand_footer(
      "ftvlsi route -n 256 --pattern uniform --algorithm random\n"
      "  ftvlsi route --network transit --composition 4K --load 0.5 --json route.json"));
}

int run_route_command(const RouteArgs& a) {
  if (ftvlsi::cli::is_transit(a.options.host.network))
    return ftvlsi::cli::run_transit_route_command(
        a.transit, {a.options.host.seed, a.options.host.json, {}, {}, {}, {}, {}, false});
  const ftvlsi::RouteSpec s = ftvlsi::route_spec(a.options, ftvlsi::FrontEnd::kCli);
  const auto run = ftvlsi::run_route(s);
  if (*s.json != "-")
    std::cerr << fmt::format("ftvlsi: {} messages, load factor {:.3f}, {} delivery cycles\n",
                             run.messages.size(), run.load_factor, run.result.cycles);
  return 0;
}

struct SimulateArgs : ftvlsi::SimulateOptions {
  std::optional<std::string> json, report, shard;  // where a run or a sweep writes
};

void add_simulate_options(CLI::App* cmd, SimulateArgs& a) {
  add_value(cmd, "--competing", a.competing, "KIND",
            "competing network: " + ftvlsi::competing_kind_list(" or "), "mesh");
  add_value(cmd, "--processors,-n", a.processors, "N", "competing network's processors", "256");
  ftvlsi::cli::add_network_file_option(cmd, a.network_file, "--competing");
  add_value(cmd, "--host", a.host, "HOST",
            "fat-tree (H-tree layout; 3D: the volume-universal cube) or fat-pyramid "
            "(fold-and-squash; 3D: the 3D lattice)",
            "fat-tree");
  // The fat-tree host's profile: linear-size with Greenberg's alpha = lg^2 n unless given.
  ftvlsi::cli::add_profile_options(cmd, a.capacity);
  add_value(cmd, "--competing-alpha", a.competing_alpha, "ALPHA",
            "processor area of the competing network's layout (3D: processor volume); "
            "default: padded from the host's (lg^2 n unless --alpha is given) until both "
            "total areas (volumes) are equal within [0.8, 1.25]");
  add_value(cmd, "--competing-processors", a.competing_processors, "N",
            "fat-tree host: the competing network's processors when they differ from the "
            "host's; -n then sizes the host, and the mapping puts several on a leaf when more "
            "(Greenberg 1990 §3, §5)",
            "as -n");
  cmd->add_flag("--mesh-diagonals", a.mesh_diagonals,
                "fat-pyramid host: diagonal mesh wires too (Greenberg's mesh is 4-neighbour)");
  cmd->add_flag("--switch-span", a.switch_span,
                "charge crossing a host switch as wire: half its box's span at each wire end");
  add_value(cmd, "--switch-model", a.capacity.switch_model, "MODEL",
            "2D fat-tree host's switches: ideal or partial (Pippenger's partial concentrators "
            "drawn in the H-tree, seeded by --seed; a message with no free path through them is "
            "lost and sent again; JSON lost_in_switches)",
            "ideal");
  add_value(cmd, "--mapping", a.mapping, "MAPPING", "fat-tree host: balanced or geometric",
            "balanced");
  add_value(cmd, "--algorithm", a.algorithm, "ALGORITHM",
            "greedy, random, offline (fat-tree host) or random-prime (fat-pyramid)", "greedy");
  add_value(cmd, "--switch", a.policy, "POLICY",
            "switch policy: " + choices(ftvlsi::kSwitchPolicyNames, ftvlsi::SwitchPolicy::kRandom));
  add_value(cmd, "--delay", a.delay, "MODEL",
            "wire delay: " + ftvlsi::delay_model_forms(" or ", false), "linear");
  add_value(cmd, "--data-bits", a.data_bits, "N", "data bits per message", "32");
  add_value(cmd, "--switch-delay", a.switch_delay, "T", "time to pass a switch", "1");
  add_value(cmd, "--seed", a.seed, "SEED", "random seed", "1");
  add_value(cmd, "--max-cycles", a.max_cycles, "N", "give up after this many cycles", "10^6");
  add_value(cmd, "--json", a.json, "FILE", "write the results as JSON (- for stdout)", "-");
  cmd->add_flag("--sweep", a.sweep, "sweep sizes, both hosts and the delay models");
  add_value(cmd, "--sizes", a.sizes, "LIST", "sweep sizes, comma-separated", "64,...,65536");
  add_value(cmd, "--delays", a.delays, "LIST", "sweep delay models, ';'-separated",
            "unit;log;sqrt;linear");
  add_value(cmd, "--report", a.report, "DIR",
            "sweep: write simulate.md, simulate.csv and plots here");
  add_value(cmd, "--technology", a.capacity.technology, "FILE",
            "technology file: its wire delay, switch delay and clock; times in ns");
  add_value(cmd, "--shard", a.shard, "K/N",
            "sweep: run the K-th of N slices and write a partial result into --report (combine "
            "with ftvlsi merge)");
  cmd->footer(ftvlsi::cli::subcommand_footer(
      "ftvlsi simulate --competing mesh -n 256 --delay linear\n"
      "  ftvlsi simulate --sweep --sizes 16,64 --delays unit --report sweep"));
}

// A folder as a message names it: one trailing slash ("out/", whether given as "out" or "out/").
std::string folder_text(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path + "/";
}

int run_sweep_command(const SimulateArgs& a, const ftvlsi::SimulateSpec& s) {
  if (a.host || a.processors)
    throw ftvlsi::InputError(
        1015, "a --sweep runs both hosts over --sizes; leave out --host and --processors");
  ftvlsi::SweepSpec sweep;
  sweep.base = s;
  if (a.sizes) sweep.sizes = ftvlsi::parse_positive_list(*a.sizes, "--sizes entry");
  if (a.delays) {
    sweep.delays.clear();
    for (auto t : ftvlsi::split_list(*a.delays, ';'))
      sweep.delays.push_back(ftvlsi::parse_delay_model(t));
  }
  sweep.report_dir = a.report;
  sweep.json = a.json;
  const ftvlsi::cli::Progress progress("simulate", g_verbosity, 0.0);
  sweep.progress = std::cref(progress);
  if (a.shard) {
    sweep.shard = ftvlsi::parse_shard(*a.shard);
    if (!sweep.shard.whole() && a.json)
      throw ftvlsi::InputError(
          1304, "a sweep shard writes a partial result; give --json to ftvlsi merge");
  }
  const auto r = ftvlsi::run_simulate_sweep(sweep);
  progress.finish();
  if (!sweep.shard.whole()) {
    std::cerr << fmt::format("ftvlsi: sweep shard {} ({} rows) written to {}{}\n",
                             sweep.shard.text(), r.rows.size(), folder_text(*a.report),
                             r.files.front());
    return 0;
  }
  if (!a.json && !a.report) std::cout << ftvlsi::sweep_document(r, sweep.base.competing, false);
  if (a.report)
    std::cerr << fmt::format("ftvlsi: simulation-overhead report ({} rows) written to {}\n",
                             r.rows.size(), folder_text(*a.report));
  return 0;
}

int run_simulate_command(const SimulateArgs& a) {
  ftvlsi::SimulateSpec s = ftvlsi::simulate_spec(a, ftvlsi::FrontEnd::kCli);
  if (a.sweep) return run_sweep_command(a, s);
  if (a.report || a.sizes || a.delays || a.shard)
    throw ftvlsi::InputError(1016, "--report, --sizes, --delays and --shard belong to a --sweep");
  s.json = a.json.value_or("-");
  const auto r = ftvlsi::run_simulate(s);
  if (*s.json != "-")
    std::cerr << fmt::format(
        "ftvlsi: slowdown {:.3f} ({} cycles, T_host {:.0f}, T_R {:.0f}{})\n", r.slowdown,
        r.delivery_cycles, r.time_host, r.time_competing,
        r.switch_model == ftvlsi::SwitchModel::kPartial
            ? fmt::format(", {} lost in the partial switches", r.lost_in_switches)
            : std::string());
  return 0;
}

struct CheckArgs {
  std::vector<std::string> ids;
  bool quick = false, full = false, list = false, controls = false;
  std::optional<std::string> out, json, seed, technology, shard, jobs;
};

void add_check_options(CLI::App* cmd, CheckArgs& a) {
  cmd->add_option("ids", a.ids, "check IDs to run (default: all; see --list)")->type_name("ID");
  cmd->add_flag("--quick", a.quick, "small sweeps, at most 2 minutes in all (the default)");
  cmd->add_flag("--full", a.full, "larger sweeps, up to 30 minutes");
  cmd->add_flag("--list", a.list, "print the check IDs with their claims and sources");
  cmd->add_flag("--controls", a.controls,
                "also run each check's negative control (a worse construction that must fail); "
                "exit 0 when every control fails, 1 when one does not");
  add_value(cmd, "--out", a.out, "DIR", "write check.md, check.json and one plot per check here");
  add_value(cmd, "--json", a.json, "FILE", "write check.json to FILE (- for stdout)");
  add_value(cmd, "--seed", a.seed, "SEED", "random seed", "1");
  add_value(cmd, "--technology", a.technology, "FILE",
            "technology file: judge C1 and C2 on its wire-delay model");
  add_value(cmd, "--shard", a.shard, "K/N",
            "run the K-th of N slices of the checks and write a partial result into --out "
            "(combine with ftvlsi merge)");
  add_value(cmd, "--jobs", a.jobs, "N",
            "measurements run side by side (default: one per hardware thread, fewer where "
            "--full's memory does not hold them)");
  cmd->footer(
      ftvlsi::cli::subcommand_footer("ftvlsi check --list\n"
                                     "  ftvlsi check --quick --out check-report"));
}

// check --shard K/N: the shard's checks into a partial result in --out.
int run_check_shard(const CheckArgs& a, const ftvlsi::CheckOptions& o) {
  if (!a.out || a.json)
    throw ftvlsi::InputError(
        1305, "a check shard writes its partial result into --out DIR (and no --json); give --out");
  const std::string name = ftvlsi::write_check_partial(o, *a.out);
  std::cerr << fmt::format("ftvlsi check: shard {} written to {}{}\n", o.shard.text(),
                           folder_text(*a.out), name);
  return 0;
}

// check --controls: every control must fail; exit 1 naming those that do not.
int report_controls(const std::vector<ftvlsi::CheckResult>& results) {
  std::size_t failed = 0;
  for (const auto& r : results) {
    if (r.control.run && r.control.verdict == ftvlsi::Verdict::kFail) {
      ++failed;
      continue;
    }
    std::cerr << fmt::format(
        "ftvlsi check: the control of {} {}\n", r.id,
        r.control.run ? fmt::format("did not fail ({})", ftvlsi::to_string(r.control.verdict))
                      : std::string("is not built yet"));
  }
  std::cerr << fmt::format("ftvlsi check: {} of {} controls fail, as they must\n", failed,
                           results.size());
  return ftvlsi::controls_all_fail(results) ? 0 : static_cast<int>(ExitCode::kCheckFailed);
}

int run_check_command(const CheckArgs& a) {
  if (a.list) {
    for (const auto& c : ftvlsi::list_checks())
      std::cout << fmt::format("{:<11} {} [{}]\n", c.id, c.claim, c.source);
    return 0;
  }
  ftvlsi::CheckOptions o = ftvlsi::check_options(
      {a.ids, a.quick, a.full, a.controls, a.seed, a.technology, a.shard, a.jobs, std::nullopt},
      ftvlsi::FrontEnd::kCli);
  if (a.shard) return run_check_shard(a, o);
  ftvlsi::require_distinct_outputs(
      {{"technology file", o.technology ? o.technology->file : std::string()}},
      {{"JSON output", a.json}});
  if (a.json && *a.json != "-") ftvlsi::require_writable(*a.json, "JSON");
  // Progress on stderr only when it is a terminal (or --verbose); the summary line always. On a
  // terminal a status line shows the size each check is at, its percentage and the time left.
  const ftvlsi::cli::Progress progress("check", g_verbosity, 0.0);
  if (progress.shown()) {
    const std::size_t total = ftvlsi::chosen_checks(o).size();
    o.progress = [&progress, total, count = std::size_t{0}](
                     const std::string& id, const ftvlsi::CheckResult* done) mutable {
      const double t = progress.elapsed();
      if (!done)
        // The status line names the check it follows (run_checks' `within`): checks run side
        // by side, so the last one started is not always the one shown.
        progress.line(fmt::format("ftvlsi check: {} [{}/{}] {:.1f} s ...", id, count, total, t),
                      fmt::format("[{}/{}]", count, total));
      else
        progress.line(fmt::format("ftvlsi check: {} {} ({:.1f} s) [{}/{}]", id,
                                  ftvlsi::to_string(done->verdict), done->seconds, ++count, total));
    };
    o.within = [&progress](std::string_view what, std::uint64_t done, std::uint64_t total) {
      progress.within(what, done, total);
    };
  }
  const auto results = ftvlsi::run_checks(o);
  progress.finish();
  if (a.out) ftvlsi::write_check_report(results, o, *a.out);
  if (a.json) {
    if (*a.json == "-")
      std::cout << ftvlsi::check_json(results, o);
    else
      ftvlsi::write_file_atomically(*a.json, ftvlsi::check_json(results, o));
  }
  if (!a.out && !a.json)
    std::cout << ftvlsi::check_markdown(results, false) << ftvlsi::check_technology_markdown(o);
  const auto sum = ftvlsi::summarise(results);
  std::cerr << fmt::format("ftvlsi check: {} pass, {} fail, {} inconclusive, {} not measured{}\n",
                           sum.pass, sum.fail, sum.inconclusive, sum.not_measured,
                           a.out ? " (report in " + folder_text(*a.out) + "check.md)" : "");
  if (a.controls) return report_controls(results);
  return sum.fail > 0 ? static_cast<int>(ExitCode::kCheckFailed) : 0;
}

// `bare`: ftvlsi ran without arguments, so it says what it is about to write, and where.
int run_report_command(const std::string& spec_path, const std::string& out_dir,
                       const std::optional<std::string>& shard_text, bool bare = false) {
  const ftvlsi::Shard shard = shard_text ? ftvlsi::parse_shard(*shard_text) : ftvlsi::Shard{};
  const ftvlsi::ReportSpec spec =
      spec_path.empty()
          ? ftvlsi::parse_report_spec(ftvlsi::default_report_spec(), "<default report spec>")
          : ftvlsi::load_report_spec(spec_path);
  if (bare && g_verbosity != ftvlsi::cli::Verbosity::kQuiet)
    std::cerr << fmt::format(
        "ftvlsi: no subcommand, so the main job (ftvlsi report): {} layouts of the default report "
        "(GDS, SVG and JSON each){}{}, summary.md and index.html, written into {} ({})\n"
        "ftvlsi: run 'ftvlsi --help' for the subcommands (layout, route, simulate, check, ...)\n",
        spec.layouts.size(), spec.simulate ? ", a slowdown sweep" : "",
        spec.check_full ? ", the checks" : "", folder_text(out_dir),
        std::filesystem::absolute(out_dir).lexically_normal().string());
  const auto result = ftvlsi::run_report(spec, out_dir, shard);
  // The summary goes to stdout, where QuietGuard does not reach: --quiet is checked here.
  const bool quiet = g_verbosity == ftvlsi::cli::Verbosity::kQuiet;
  if (!shard.whole()) {
    if (!quiet)
      std::cout << fmt::format("ftvlsi: report shard {} ({} layouts) written to {}\n", shard.text(),
                               result.layouts, result.summary_path);
    return result.all_clean ? 0 : static_cast<int>(ExitCode::kCheckFailed);
  }
  if (!quiet)
    std::cout << fmt::format("ftvlsi: report with {} layouts written to {} (summary: {}){}\n",
                             result.layouts, folder_text(out_dir), result.summary_path,
                             result.all_clean ? "" : "; some DRC checks FAILED");
  return result.all_clean ? 0 : static_cast<int>(ExitCode::kCheckFailed);
}

// The top level's footer: the exit codes, then the error IDs.
std::string help_footer() {
  return std::string(ftvlsi::cli::kExitCodesHelp) +
         "\nErrors print one line 'ftvlsi: error FTV-nnnn: ...'; the ID is stable "
         "(docs/error-ids.md). Families: FTV-1xxx command line and flag values, 2xxx YAML specs, "
         "3xxx network parameters, 4xxx network, message and mapping files, 5xxx layouts and "
         "output formats, 6xxx the jobs (route, simulate, decompose, check, merge), 7xxx files "
         "and signals, 8xxx memory, 9xxx internal errors.";
}

// The stable ID of an unknown flag or an extra argument.
int unknown_argument_error_id() {
  // FTV-1001: an unknown flag or an extra argument: "unknown option --procesors; did you mean
  // --processors?" (the nearest flag of the subcommand, else where its flags are listed),
  // "unknown subcommand layuot; did you mean layout?", else CLI11's message, then "; run
  // 'ftvlsi --help' for usage".
  return 1001;
}

// The stable ID of a command-line parse error, by CLI11's error kind. The message is CLI11's,
// followed by "; run 'ftvlsi --help' for usage" (parse_or_exit).
int usage_error_id(const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) return unknown_argument_error_id();
  // FTV-1002: a required argument is missing (CLI11's message, as for FTV-1001).
  if (dynamic_cast<const CLI::RequiredError*>(&e)) return 1002;
  // FTV-1003: a flag needs a value, or got too many (CLI11's message, as for FTV-1001).
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) return 1003;
  // FTV-1004: a flag value CLI11 cannot convert or validate (CLI11's message, as for FTV-1001).
  if (dynamic_cast<const CLI::ConversionError*>(&e) ||
      dynamic_cast<const CLI::ValidationError*>(&e))
    return 1004;
  // FTV-1009: any other command-line parse error (CLI11's message, as for FTV-1001).
  return 1009;
}

// ftvlsi merge DIR... --out DIR: the shards' partial results into the single run's files.
int run_merge_command(const ftvlsi::MergeSpec& spec) {
  const auto r = ftvlsi::run_merge(spec);
  std::cerr << fmt::format(
      "ftvlsi merge: {} sweep shards ({} rows), {} check shards ({} checks), {} report shards "
      "({} layouts) merged into {}/\n",
      r.sweep_shards, r.rows, r.check_shards, r.checks, r.report_shards, r.layouts, spec.out);
  return r.checks_failed ? static_cast<int>(ExitCode::kCheckFailed) : 0;
}

// ftvlsi report [SPEC] [--out DIR] [--shard K/N].
struct ReportArgs {
  std::string spec, dir = kDefaultReportDir;
  std::optional<std::string> shard;
};

CLI::App* add_report_command(CLI::App& app, ReportArgs& a) {
  auto* report = app.add_subcommand("report", "the main job: lay out the report's networks");
  report->add_option("spec", a.spec, "YAML report spec (default: the compiled-in one)")
      ->type_name("FILE");
  report->add_option("--out,-o", a.dir, "folder for the report's files")
      ->type_name("DIR")
      ->capture_default_str();
  add_value(report, "--shard", a.shard, "K/N",
            "run the K-th of N slices into --out as a partial result (combine with ftvlsi "
            "merge)");
  report->footer(
      ftvlsi::cli::subcommand_footer("ftvlsi report --out ftvlsi-report\n"
                                     "  ftvlsi report --shard 1/2 --out shard-1"));
  return report;
}

// ftvlsi merge DIR... --out DIR [--json FILE].
CLI::App* add_merge_command(CLI::App& app, ftvlsi::MergeSpec& spec) {
  auto* merge = app.add_subcommand(
      "merge", "combine the partial results of --shard K/N runs into a single run's files");
  merge->add_option("dirs", spec.dirs, "folders the shards wrote")->type_name("DIR")->required();
  merge->add_option("--out,-o", spec.out, "folder for the merged files")
      ->type_name("DIR")
      ->required();
  merge
      ->add_option_function<std::string>(
          "--json", [&spec](const std::string& v) { spec.json = v; },
          "also write the merged sweep's rows as JSON to FILE")
      ->type_name("FILE");
  merge->footer(ftvlsi::cli::subcommand_footer("ftvlsi merge shard-1 shard-2 --out ftvlsi-report"));
  return merge;
}

// ftvlsi completion bash.
CLI::App* add_completion_command(CLI::App& app, std::string& shell) {
  auto* completion = app.add_subcommand(
      "completion", "print a shell completion script: source <(ftvlsi completion bash)");
  completion->add_option("shell", shell, "the shell (bash)")
      ->type_name("SHELL")
      ->required()
      ->check(CLI::IsMember({"bash"}));
  completion->footer(ftvlsi::cli::subcommand_footer(
      "ftvlsi completion bash > ftvlsi.bash\n  source <(ftvlsi completion bash)"));
  return completion;
}

// Parses the command line; on a usage error (or --help, --version) the exit code to return.
std::optional<int> parse_or_exit(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    // A mistyped flag comes first, even when CLI11 stopped at what it left missing ("merge a
    // --ot b": --out is required) or unconverted: the typo is the cause to name.
    if (const auto message = ftvlsi::cli::unknown_argument_message(app)) {
      std::cerr << fmt::format("ftvlsi: error {}: {}\n",
                               ftvlsi::error_id_text(unknown_argument_error_id()), *message);
      return static_cast<int>(ExitCode::kBadInput);
    }
    std::cerr << fmt::format("ftvlsi: error {}: {}; run 'ftvlsi --help' for usage\n",
                             ftvlsi::error_id_text(usage_error_id(e)), ftvlsi::one_line(e.what()));
    return static_cast<int>(ExitCode::kBadInput);
  }
  return std::nullopt;
}

int dispatch(int argc, char** argv) {
  CLI::App app{
      "ftvlsi: fat-trees and the VLSI theory of universal networks.\n"
      "Without a subcommand, runs the main job (ftvlsi report)."};
  app.set_version_flag("--version", std::string(ftvlsi::version()));
  app.require_subcommand(0, 1);

  LayoutArgs layout_args;
  auto* layout = app.add_subcommand("layout", "lay out a network, measure, check and write it");
  add_layout_options(layout, layout_args);

  DecomposeArgs decompose_args;
  auto* decompose = app.add_subcommand(
      "decompose",
      "cutting-plane and balanced decomposition trees, mapping onto a fat-tree, loads");
  add_decompose_options(decompose, decompose_args);

  RouteArgs route_args;
  auto* route = app.add_subcommand("route", "route a message set on a fat-tree, cycle by cycle");
  add_route_options(route, route_args);

  SimulateArgs simulate_args;
  auto* simulate = app.add_subcommand(
      "simulate", "time a competing network's step on a fat-tree or fat-pyramid: the slowdown");
  add_simulate_options(simulate, simulate_args);

  CheckArgs check_args;
  auto* check = app.add_subcommand(
      "check", "check the papers' bounds with numbers: one verdict per claim (exit 1 on a fail)");
  add_check_options(check, check_args);

  ftvlsi::ExportOptions export_options;
  auto* export_cmd = ftvlsi::cli::add_export_command(app, export_options);

  ReportArgs report_args;
  add_report_command(app, report_args);  // the default subcommand: run last

  app.footer(help_footer());

  std::string shell;
  auto* completion = add_completion_command(app, shell);

  ftvlsi::MergeSpec merge_spec;
  auto* merge = add_merge_command(app, merge_spec);

  ftvlsi::cli::add_verbosity_flags(app, g_verbosity);

  if (const std::optional<int> code = parse_or_exit(app, argc, argv)) return *code;
  ftvlsi::check_memory_limit_setting();  // a malformed FTVLSI_MEMORY_LIMIT before any work
  if (completion->parsed()) {
    std::cout << ftvlsi::cli::bash_completion(app);
    return 0;
  }
  const ftvlsi::cli::QuietGuard quiet(g_verbosity);
  if (layout->parsed()) return run_layout_command(layout_args);
  if (decompose->parsed()) return run_decompose_command(decompose_args);
  if (route->parsed()) return run_route_command(route_args);
  if (simulate->parsed()) return run_simulate_command(simulate_args);
  if (check->parsed()) return run_check_command(check_args);
  if (merge->parsed()) return run_merge_command(merge_spec);
  if (export_cmd->parsed()) return ftvlsi::cli::run_export_command(export_options);
  return run_report_command(report_args.spec, report_args.dir, report_args.shard, argc == 1);
}

}  // namespace

namespace {

int report_error(int id, std::string_view message, ExitCode code) {
  std::cerr << fmt::format("ftvlsi: error {}: {}\n", ftvlsi::error_id_text(id),
                           ftvlsi::one_line(std::string(message)));
  return static_cast<int>(code);
}

// FTVLSI_INJECT_FAULT=assert|bad_alloc|exception makes the run fail the way a bug or an exhausted
// machine would, so the tests can check the exit codes 4 and 2 of those paths (docs/error-ids.md).
void inject_fault() {
  const char* fault = std::getenv("FTVLSI_INJECT_FAULT");
  if (fault == nullptr) return;
  const std::string_view f(fault);
  if (f == "assert") FTVLSI_ASSERT(f != "assert");
  if (f == "bad_alloc") throw std::bad_alloc();
  if (f == "exception") throw std::logic_error("injected fault");
}

}  // namespace

// Every exception ends here as one line and an exit code: the user's input 2, the file system 3,
// a bug 4 (an exception no part of ftvlsi meant to throw is a bug too).
int main(int argc, char** argv) {
  ftvlsi::install_interrupt_cleanup();
  try {
    inject_fault();
    const int code = dispatch(argc, argv);
    // Standard output is an output too: a document lost on a full disk exits 3. A run that
    // failed has printed its error already and keeps its code.
    if (code == static_cast<int>(ExitCode::kOk) || code == static_cast<int>(ExitCode::kCheckFailed))
      ftvlsi::flush_standard_output();
    return code;
  } catch (const ftvlsi::Error& e) {
    return report_error(e.id(), e.what(), e.exit_code());
  } catch (const std::bad_alloc&) {
    const ftvlsi::Error e = ftvlsi::out_of_memory_error("the run");
    return report_error(e.id(), e.what(), e.exit_code());
  } catch (const std::filesystem::filesystem_error& e) {
    return report_error(7000, fmt::format("file system error: {}", e.what()), ExitCode::kIo);
  } catch (const std::exception& e) {
    return report_error(9002,
                        fmt::format("internal error: unexpected exception ({}); this is a bug in "
                                    "ftvlsi, please report it with the command line",
                                    e.what()),
                        ExitCode::kInternal);
  }
}
