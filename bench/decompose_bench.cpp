// Decomposition benchmark (issue 4): for a side x side mesh (default 1024) and a planar network
// of the same size, the time of each phase: network, cutting-plane tree (with per-level
// bandwidths), balanced tree (pearl strings, per-level bandwidths), mapping and one-step loads.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ftvlsi/core/system.hpp"
#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"

using namespace ftvlsi;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
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
  const ChannelLoads loads = one_step_loads(net, bal.leaf_at_map_level, host);
  const double map = since(t);
  std::printf("| %s | %llu | %zu | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f | %s |\n", kind,
              static_cast<unsigned long long>(net.processors()), net.wires.size(), build, cut,
              balance, map, cut + balance + map, loads.load_factor,
              bal.within_bound() ? "holds" : "VIOLATED");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t side = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  std::printf(
      "| network | processors | wires | network s | cutting tree s | balanced tree s | "
      "mapping + loads s | decompose total s | lambda | Theorem 8 |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  run("mesh", side * side);
  run("torus", side * side);
  run("planar", side * side / 4);
  std::printf("peak memory %.0f MiB\n", peak_memory_bytes() / 1048576.0);
  return 0;
}
