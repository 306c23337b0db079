// DeHon's practical fat-tree benchmark: one load point of the 768K hybrid (786,432
// processors, 1,118,208 RN1s) with 100 trials (target under 10 s), then building, packaging and
// checking each composition. Release build; prints one Markdown table per part.
//   transit_bench [TRIALS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/route/transit_analytic.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/route/transit_routing.hpp"

using namespace ftvlsi;

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int trials = argc > 1 ? std::atoi(argv[1]) : 100;
  std::printf(
      "| composition | processors | RN1s | build s | trials | route s (wall) | route s "
      "(CPU, all threads) | trials/s | route probability | 95%% CI | analytic | analytic "
      "s |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|\n");
  for (const char* name : {"768K"}) {
    TransitParams p;
    p.composition = name;
    auto t0 = std::chrono::steady_clock::now();
    const TransitNetwork net(p);
    const double build = since(t0);
    TransitRouteSpec spec;
    spec.trials = trials;
    t0 = std::chrono::steady_clock::now();
    const std::clock_t cpu0 = std::clock();
    const auto r = simulate_transit(net, spec);
    const double route = since(t0);
    const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    t0 = std::chrono::steady_clock::now();
    const auto a = analytic_route_probability(net.shape(), net.rn1(), spec.locality, spec.load);
    const double model = since(t0);
    std::printf(
        "| %s | %llu | %llu | %.2f | %d | %.2f | %.2f | %.1f | %.4f | [%.4f, %.4f] | %.4f "
        "| %.4f |\n",
        name, static_cast<unsigned long long>(net.processors()),
        static_cast<unsigned long long>(net.routers()), build, trials, route, cpu, trials / route,
        r.probability, r.ci_low, r.ci_high, a.probability, model);
  }
  std::printf(
      "\n| composition | build s | hollow cube s | metrics s | DRC s | cables | DRC "
      "violations |\n|---|---:|---:|---:|---:|---:|---:|\n");
  for (const char* name : {"4K", "12K", "256K", "768K"}) {
    TransitParams p;
    p.composition = name;
    auto t0 = std::chrono::steady_clock::now();
    const TransitNetwork net(p);
    const double build = since(t0);
    t0 = std::chrono::steady_clock::now();
    const HollowCube hc = build_hollow_cube(net, {});
    const double cube = since(t0);
    t0 = std::chrono::steady_clock::now();
    const auto m = measure(hc.layout);
    const double metrics = since(t0);
    t0 = std::chrono::steady_clock::now();
    const auto drc = check_hierarchical(hc.layout);
    const double check = since(t0);
    std::printf("| %s | %.2f | %.2f | %.2f | %.2f | %llu | %llu |\n", name, build, cube, metrics,
                check, static_cast<unsigned long long>(m.wires),
                static_cast<unsigned long long>(drc.violations));
  }
  return 0;
}
