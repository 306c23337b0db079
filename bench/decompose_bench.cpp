// Decomposition benchmark: for a side x side mesh and torus (default 1024) and a
// planar network of a quarter the size, the CPU time of each phase: network, cutting-plane tree
// (with per-level bandwidths), balanced tree (pearl strings, per-level bandwidths, Theorem 8's
// bound), the balanced mapping's bisection (decomp/bisection.hpp) and one mapping's one-step
// loads; the total is what `decompose --mapping balanced` computes after building the network.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "ftvlsi/core/system.hpp"
#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/bisection.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"

using namespace ftvlsi;
// Process CPU time: on a shared machine wall-clock measures the neighbours too.
struct Clock {
  using time_point = std::clock_t;
  static time_point now() { return std::clock(); }
};

namespace {

double since(Clock::time_point t) {
  return static_cast<double>(Clock::now() - t) / CLOCKS_PER_SEC;
}

void run(const char* kind, std::uint64_t n) {
  auto t = Clock::now();
  const CompetingNetwork net = make_competing(kind, n, 1);
  const double build = since(t);
  t = Clock::now();
  const CuttingTree tree = build_cutting_tree(net);
  const double cut = since(t);
  FatTreeParams p;
  p.processors = 1;
  while (p.processors < net.processors()) p.processors *= 2;
  p.capacity.profile = CapacityProfile::kLinearSize;
  const FatTree host(p);
  t = Clock::now();
  const BalancedTree bal = build_balanced_tree(net, tree, host.levels());
  const double balance = since(t);
  t = Clock::now();
  const BisectionMapping bis = balanced_bisection(net, tree, host.levels());
  const double bisect = since(t);
  t = Clock::now();
  const ChannelLoads plain = one_step_loads(net, bal.leaf_at_map_level, host);
  ChannelLoads loads = one_step_loads(net, bis.leaf, host);
  const bool fallback = !bal.bounds(loads.max_load_by_level);  // Theorem 8 checked
  if (fallback) loads = plain;
  const double map = since(t) / 2;  // one mapping's loads
  std::printf("| %s | %llu | %zu | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f | %.1f | %s |\n",
              kind, static_cast<unsigned long long>(net.processors()), net.wires.size(), build, cut,
              balance, bisect, map, cut + balance + bisect + map, plain.load_factor,
              loads.load_factor, bal.within_bound() && !fallback ? "holds" : "fallback");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t side = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  std::printf(
      "| network | processors | wires | network s | cutting tree s | balanced tree s | "
      "bisection s | loads s | decompose total s | lambda balanced-plain | lambda balanced | "
      "Theorem 8 |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  run("mesh", side * side);
  run("torus", side * side);
  run("planar", side * side / 4);
  std::printf("peak memory %.0f MiB\n", peak_memory_bytes() / 1048576.0);
  return 0;
}
