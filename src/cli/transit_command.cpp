#include "transit_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <limits>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/transit_json.hpp"
#include "ftvlsi/io/transit_options.hpp"
#include "ftvlsi/io/transit_timing.hpp"
#include "ftvlsi/report/transit_job.hpp"

namespace ftvlsi::cli {
namespace {

// --stages and --trials are ints: a larger count is "too large", never wrapped around.
constexpr std::uint64_t kIntMax = std::numeric_limits<int>::max();

void add(CLI::App* cmd, const std::string& name, std::optional<std::string>& target,
         const std::string& help) {
  cmd->add_option_function<std::string>(
      name, [&target](const std::string& v) { target = v; }, help);
}

TransitParams network_params(const TransitArgs& a, const TransitCommon& c) {
  return parse_transit_params({a.composition, a.leaf, a.stages, a.rn1, a.wiring, c.seed});
}

}  // namespace

bool is_transit(const std::optional<std::string>& network) {
  return network && *network == "transit";
}

void add_transit_options(CLI::App* cmd, TransitArgs& a, bool route) {
  add(cmd, "--composition", a.composition,
      "transit: 4K, 256K, 12K, 768K or custom (DeHon's compositions)");
  add(cmd, "--leaf", a.leaf, "transit custom: small, cluster-12, cluster-48 or cluster-192");
  add(cmd, "--stages", a.stages, "transit custom: unit-tree stages above the leaves");
  add(cmd, "--rn1", a.rn1, "transit: RN1 configuration dilation-2 (default) or dual-4x4");
  add(cmd, "--wiring", a.wiring,
      "transit: redundant paths wired random (default) or deterministic");
  if (route) {
    add(cmd, "--load", a.load, "transit: probability that a processor offers a connection (1)");
    add(cmd, "--locality", a.locality, "transit: destinations uniform or matched (default)");
    add(cmd, "--trials", a.trials, "transit: trials, each with its own seed (10)");
    add(cmd, "--faults", a.faults, "transit: fraction of routers or links that fail (0)");
    add(cmd, "--fault-kind", a.fault_kind, "transit: router (default), paired or link");
  } else {
    add(cmd, "--timing", a.timing, "transit: technology and timing spec (YAML)");
  }
}

int run_transit_route_command(const TransitArgs& a, const TransitCommon& c) {
  TransitRouteJobSpec s;
  s.network = network_params(a, c);
  s.route.seed = s.network.seed;
  if (a.load) s.route.load = parse_probability(*a.load, "--load");
  if (a.locality) s.route.locality = parse_locality(*a.locality);
  if (a.trials) s.route.trials = static_cast<int>(parse_positive(*a.trials, "--trials", kIntMax));
  if (a.faults) s.faults.fraction = parse_probability(*a.faults, "--faults");
  if (a.fault_kind) s.faults.kind = parse_fault_kind(*a.fault_kind);
  s.json = c.json.value_or("-");
  const auto run = run_transit_route(s);
  const std::string doc = transit_route_json(run);
  if (*s.json == "-") {
    std::cout << doc;
  } else {
    write_file_atomically(*s.json, doc);
    std::cerr << fmt::format(
        "ftvlsi: transit {} ({} processors), load {}: route probability {:.4f} [{:.4f}, {:.4f}], "
        "analytic {:.4f}; {} trials in {:.2f} s\n",
        run.shape.params.composition, run.shape.processors, run.route.load,
        run.simulated.probability, run.simulated.ci_low, run.simulated.ci_high,
        run.analytic.probability, run.route.trials, run.seconds_route);
  }
  return 0;
}

int run_transit_layout_command(const TransitArgs& a, const TransitCommon& c) {
  if (a.load || a.locality || a.trials || a.faults || a.fault_kind)
    throw InputError(1031, "--load, --locality, --trials and --faults belong to ftvlsi route");
  if (c.style && *c.style != to_string(LayoutStyle::kHollowCube))
    throw InputError(
        1032,
        fmt::format(
            "a transit network is packaged as hollow cubes; use --style hollow-cube, not '{}'",
            *c.style));
  TransitLayoutJobSpec s;
  s.network = network_params(a, c);
  if (a.timing) s.timing = load_transit_timing(*a.timing);
  s.timing_file = a.timing;
  if (c.drc_flag) s.drc = DrcMode::kHierarchical;
  if (c.drc) s.drc = parse_drc_mode(*c.drc, "--drc-mode");
  s.output.json = c.json;
  s.output.gds = c.gds;
  s.output.html = c.html;
  s.output.svg = c.svg;
  if (!c.json && !c.gds && !c.html && !c.svg) s.output.json = "-";
  const auto run = run_transit_layout(s);
  if (s.output.json && *s.output.json == "-") {
    std::cout << transit_layout_json(run);
  } else {
    const auto& m = run.metrics;
    std::cerr << fmt::format(
        "ftvlsi: transit {} ({} processors, {} RN1s), hollow cube {} x {} x {}, {} cables, "
        "worst latency {:.0f} ns{}\n",
        run.shape.params.composition, run.shape.processors, run.shape.routers, m.width, m.height,
        m.depth, m.wires, run.latency.rows.back().latency_ns,
        run.drc.empty() ? "" : (run.drc_clean() ? ", DRC clean" : ", DRC FAILED"));
  }
  if (!run.drc_clean()) {
    for (const auto& r : run.drc)
      for (const auto& v : r.samples)
        std::cerr << fmt::format("ftvlsi: DRC {}: {} in cell {}\n", v.rule, v.detail, v.cell);
    return static_cast<int>(ExitCode::kCheckFailed);
  }
  return 0;
}

}  // namespace ftvlsi::cli
