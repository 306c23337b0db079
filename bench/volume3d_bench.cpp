// 3D volume benchmark: the 3D butterfly fat-tree as a 3D lattice (`cube`) against the
// layered router, the 3D fat-pyramid on the same lattice, and the fat-tree's cube (Theorem 4)
// against its slab construction, with their volumes against the papers' bounds. Every configuration
// runs in its own process, so that its peak memory is its own; a row gives the phase times (build,
// metrics, hierarchical DRC, and GDS with --gds), the peak memory and the volume ratio. Usage:
// volume3d_bench [--gds] [--max-k K] [--max-tree L]
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/gds_writer.hpp"
#include "ftvlsi/layout/butterfly3d_lattice.hpp"
#include "ftvlsi/layout/butterfly3d_layered.hpp"
#include "ftvlsi/layout/cube.hpp"

using namespace ftvlsi;

namespace {

template <class F>
double timed(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct Phases {
  double build = 0, metrics = 0, drc = 0, gds = 0;
  std::uint64_t violations = 0;
};

// Metrics, hierarchical DRC and (when asked) GDS of a built 3D layout.
Phases finish(const Layout<3>& layout, LayoutMetrics<3>& m, bool gds) {
  Phases p;
  p.metrics = timed([&] { m = measure(layout); });
  p.drc = timed([&] { p.violations = check_hierarchical(layout).violations; });
  if (gds) {
    const std::string path = "/tmp/ftvlsi_volume3d_" + std::to_string(getpid()) + ".gds";
    p.gds = timed([&] { write_gds(layout, path); });
    std::remove(path.c_str());
  }
  return p;
}

void print_row(const char* what, const char* size, const LayoutMetrics<3>& m, const Phases& p,
               double bound) {
  std::printf(
      "| %s | %s | %llu x %llu x %llu | %.3g | %.1f | %.3f | %.3f | %.3f | %.3f | %.0f | %llu |\n",
      what, size, static_cast<unsigned long long>(m.width),
      static_cast<unsigned long long>(m.height), static_cast<unsigned long long>(m.depth),
      static_cast<double>(m.volume()), static_cast<double>(m.volume()) / bound, p.build, p.metrics,
      p.drc, p.gds, peak_memory_bytes() / 1048576.0, static_cast<unsigned long long>(p.violations));
  std::fflush(stdout);
}

void run_butterfly(int k, bool lattice, bool gds, bool pyramid = false) {
  const ButterflyFatTree3d net(std::uint64_t{1} << (3 * k), pyramid);
  Layout<3> layout;
  const double build =
      timed([&] { layout = lattice ? build_butterfly3d_lattice(net) : build_butterfly3d(net); });
  LayoutMetrics<3> m;
  Phases p = finish(layout, m, gds);
  p.build = build;
  const double n = static_cast<double>(net.processors());
  const std::string size = "8^" + std::to_string(k);
  print_row(pyramid   ? "fat-pyramid 3D lattice (cube)"
            : lattice ? "BFT 3D lattice (cube)"
                      : "BFT 3D layered",
            size.c_str(), m, p, n * std::pow(std::log2(n), 1.5));
}

// The fat-tree's cube with universal capacities of root w = n^e (e = 2/3 or 5/6).
void run_tree(int levels, int sixths, bool slab, bool gds) {
  FatTreeParams params;
  params.processors = std::uint64_t{1} << levels;
  params.capacity.profile = CapacityProfile::kUniversal;
  params.capacity.root_capacity = std::uint64_t{1} << ((levels * sixths + 5) / 6);
  const FatTree tree(params);
  Layout<3> layout;
  const double build = timed([&] { layout = slab ? build_slab_cube(tree) : build_cube(tree); });
  LayoutMetrics<3> m;
  Phases p = finish(layout, m, gds);
  p.build = build;
  const std::string what = std::string("fat-tree ") + (slab ? "slab" : "cube") + ", w = n^" +
                           (sixths == 4 ? "2/3" : "5/6");
  const std::string size = "2^" + std::to_string(levels);
  print_row(what.c_str(), size.c_str(), m, p, theorem4_volume(tree));
}

template <class F>
void in_child(F&& f) {
  const pid_t pid = fork();
  if (pid == 0) {
    f();
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
}

}  // namespace

int main(int argc, char** argv) {
  bool gds = false;
  int max_k = 7, max_tree = 24;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--gds") == 0) gds = true;
    if (std::strcmp(argv[i], "--max-k") == 0 && i + 1 < argc) max_k = std::atoi(argv[++i]);
    if (std::strcmp(argv[i], "--max-tree") == 0 && i + 1 < argc) max_tree = std::atoi(argv[++i]);
  }
  std::printf(
      "| layout | n | grid | volume | volume / bound | build s | metrics s | DRC s | GDS s | "
      "peak MiB | violations |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::fflush(stdout);  // before the children inherit the buffer
  for (int k = 2; k <= max_k; ++k) in_child([&] { run_butterfly(k, true, gds); });
  for (int k = 2; k <= max_k; ++k) in_child([&] { run_butterfly(k, true, gds, true); });
  for (int k = 2; k <= std::min(max_k, 4); ++k) in_child([&] { run_butterfly(k, false, gds); });
  for (int sixths : {4, 5})
    for (bool slab : {false, true})
      for (int levels = 9; levels <= max_tree; levels += 3)
        in_child([&] { run_tree(levels, sixths, slab, gds); });
  return 0;
}
