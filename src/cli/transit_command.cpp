#include "transit_command.hpp"

#include <fmt/format.h>

#include <iostream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/transit_json.hpp"
#include "ftvlsi/report/transit_job.hpp"
#include "ftvlsi/report/transit_spec.hpp"
#include "interaction.hpp"
#include "network_flags.hpp"

namespace ftvlsi::cli {
namespace {

// The flags as given, for the spec builders of report/transit_spec.hpp.
TransitOptions options_of(const TransitArgs& a, const TransitCommon& c) {
  TransitOptions o;
  o.composition = a.composition, o.leaf = a.leaf, o.stages = a.stages, o.rn1 = a.rn1;
  o.wiring = a.wiring, o.load = a.load, o.locality = a.locality, o.trials = a.trials;
  o.faults = a.faults, o.fault_kind = a.fault_kind, o.timing = a.timing;
  o.seed = c.seed, o.json = c.json, o.gds = c.gds, o.html = c.html, o.svg = c.svg;
  o.style = c.style, o.drc = c.drc, o.drc_flag = c.drc_flag;
  return o;
}

}  // namespace

bool is_transit(const std::optional<std::string>& network) {
  return ftvlsi::is_transit(network);
}

void add_transit_options(CLI::App* cmd, TransitArgs& a, bool route) {
  add_transit_shape_options(cmd, {a.composition, a.leaf, a.stages, a.rn1, a.wiring});
  if (route) {
    add_value(cmd, "--load", a.load, "P",
              "transit: probability that a processor offers a connection", "1");
    add_value(cmd, "--locality", a.locality, "KIND", "transit: destinations uniform or matched",
              "matched");
    add_value(cmd, "--trials", a.trials, "N", "transit: trials, each with its own seed", "10");
    add_value(cmd, "--faults", a.faults, "FRACTION",
              "transit: fraction of routers or links that fail", "0");
    add_value(cmd, "--fault-kind", a.fault_kind, "KIND", "transit: router, paired or link",
              "router");
  } else {
    add_value(cmd, "--timing", a.timing, "FILE", "transit: technology and timing spec (YAML)");
  }
}

int run_transit_route_command(const TransitArgs& a, const TransitCommon& c) {
  const TransitRouteJobSpec s = transit_route_spec(options_of(a, c));
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
  const TransitLayoutJobSpec s = transit_layout_spec(options_of(a, c));
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
  return drc_exit_code(run.drc);
}

}  // namespace ftvlsi::cli
