#include "ftvlsi/report/transit_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/gds_writer.hpp"
#include "ftvlsi/io/transit_json.hpp"
#include "ftvlsi/io/view3d_html.hpp"

namespace ftvlsi {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The hollow cube holds every RN1's box and wires (and a flat DRC a flattened copy of them): about
// 200 bytes a router, 300 more for a DRC (measured: 768K peaks at 167 MiB, this gives 214 MiB;
// with the hierarchical DRC at 302 MiB and with the flat one at 417 MiB, this gives 534 MiB).
constexpr long double kHollowCubeBytesPerRouter = 200, kDrcBytesPerRouter = 300;

void require_hollow_cube_memory(const TransitShape& shape, DrcMode drc) {
  const bool drc_run = drc != DrcMode::kNone;
  const long double need =
      (1 << 20) + static_cast<long double>(shape.routers) *
                      (kHollowCubeBytesPerRouter + (drc_run ? kDrcBytesPerRouter : 0));
  require_memory(8016, need, fmt::format("the hollow cube of {}", shape.params.composition),
                 drc_run ? "choose a smaller composition, or leave out the DRC"
                         : "choose a smaller composition");
}

// The circuit-switched simulation holds the network and the fault masks, about 70 bytes a router,
// and every trial routed at once (four a worker thread, route/transit_routing.cpp) about 32 more
// (measured on 768K at full load with two threads: one trial peaks at 104 MiB, this gives
// 110 MiB; ten at 334 MiB, this gives 349 MiB).
constexpr long double kRouteBytesPerRouter = 70, kTrialBytesPerRouter = 32;

long double transit_route_bytes(const TransitShape& shape, const TransitRouteSpec& route) {
  const unsigned threads = route.threads ? route.threads : std::thread::hardware_concurrency();
  const long double at_once = std::min<long double>(route.trials, 4.0L * std::max(1u, threads));
  return (1 << 20) + static_cast<long double>(shape.routers) *
                         (kRouteBytesPerRouter + at_once * kTrialBytesPerRouter);
}

}  // namespace

int bidelta_stages(std::uint64_t processors) {
  int stages = 0;
  for (std::uint64_t reach = 1; reach < processors; reach *= 4) ++stages;
  return stages;
}

TransitRouteRun run_transit_route(const TransitRouteJobSpec& spec) {
  if (!(spec.route.load >= 0 && spec.route.load <= 1))
    throw InputError(6501, "--load must be a probability in [0, 1]");
  if (!(spec.faults.fraction >= 0 && spec.faults.fraction <= 1))
    throw InputError(6502, "--faults must be a fraction in [0, 1]");
  if (spec.route.trials < 1 || spec.route.trials > 100000)
    throw InputError(6503, "--trials must be 1 .. 100000");
  if (spec.json && *spec.json != "-") require_writable(*spec.json, "JSON");
  TransitRouteRun run;
  const TransitShape shape = transit_shape(spec.network);
  require_memory(8027, transit_route_bytes(shape, spec.route),
                 fmt::format("routing on {}", shape.params.composition),
                 "choose a smaller composition");
  auto t0 = std::chrono::steady_clock::now();
  const TransitNetwork net(spec.network);
  run.shape = net.shape();
  run.route = spec.route;
  run.faults = spec.faults;
  const FaultSet faults = make_faults(net, spec.faults, spec.route.seed);
  run.routers_failed = faults.routers_failed;
  run.links_failed = faults.links_failed;
  run.seconds_build = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  run.simulated = simulate_transit(net, spec.route, &faults);
  run.seconds_route = seconds_since(t0);
  if (spec.faults.fraction > 0)
    run.connectivity =
        transit_connectivity(net, faults.mask, spec.connectivity_pairs, spec.route.seed);
  run.analytic =
      analytic_route_probability(run.shape, net.rn1(), spec.route.locality, spec.route.load);
  run.bidelta_stages = bidelta_stages(run.shape.processors);
  run.bidelta_analytic = bidelta_route_probability(run.bidelta_stages, net.rn1(), spec.route.load);
  return run;
}

TransitLayoutRun run_transit_layout(const TransitLayoutJobSpec& spec) {
  const auto& out = spec.output;
  require_distinct_outputs(
      {{"timing file", spec.timing_file}},
      {{"JSON output", out.json},
       {"GDS output", out.gds},
       {"GDS layer properties", out.gds ? layer_properties_path(*out.gds) : std::nullopt},
       {"HTML output", out.html}});
  if (out.json && *out.json != "-") require_writable(*out.json, "JSON");
  if (out.gds) require_writable(*out.gds, "GDS");
  if (out.html) require_writable(*out.html, "HTML");
  if (out.svg)
    throw InputError(
        5501,
        "a hollow cube spans hundreds of wiring planes, too many for per-plane SVG files; write "
        "the 3D view (--html) or GDS (--gds) instead of --svg");
  TransitLayoutRun run;
  run.timing = spec.timing;
  auto t0 = std::chrono::steady_clock::now();
  const TransitNetwork net(spec.network);
  run.shape = net.shape();
  run.seconds_build = seconds_since(t0);
  require_hollow_cube_memory(run.shape, spec.drc);
  t0 = std::chrono::steady_clock::now();
  run.cube = build_hollow_cube(net, spec.timing.packaging);
  run.metrics = measure(run.cube.layout);
  run.latency = transit_latency(net, run.cube, spec.timing);
  run.seconds_layout = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  if (spec.drc == DrcMode::kHierarchical || spec.drc == DrcMode::kBoth)
    run.drc.push_back(check_hierarchical(run.cube.layout, memory_beside(run.cube.layout)));
  if (spec.drc == DrcMode::kFlat || spec.drc == DrcMode::kBoth)
    run.drc.push_back(check_flat(run.cube.layout, memory_beside(run.cube.layout)));
  run.seconds_drc = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const std::string title = fmt::format("DeHon's fat-tree {}, {} processors, hollow cube",
                                        run.shape.params.composition, run.shape.processors);
  if (out.gds) {
    GdsOptions gds;
    gds.label = fmt::format("transit {} n={} style=hollow-cube", run.shape.params.composition,
                            run.shape.processors);
    write_gds(run.cube.layout, *out.gds, gds);
  }
  if (out.html) write_view3d_html(run.cube.layout, *out.html, View3dOptions{title});
  if (out.json && *out.json != "-") write_file_atomically(*out.json, transit_layout_json(run));
  run.seconds_write = seconds_since(t0);
  return run;
}

}  // namespace ftvlsi
