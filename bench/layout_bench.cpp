// Layout benchmark: for n = 2^16, 2^18, 2^20 with linear-size and area-universal
// capacities, the time of each phase (build, metrics, hierarchical DRC, GDS), the flattened
// wires per second, and the peak memory of the configuration (each runs in its own process).
// Optional flags: --flat (also flatten and run the flat DRC), --dump N FILE (write the flat
// segments of the n-processor linear-size layout for bench/klayout_draw.py).
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/gds_writer.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/layout/h_tree.hpp"

using namespace ftvlsi;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <class F>
double timed(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return seconds_since(t0);
}

// Times writing the GDS to a temporary file, removed afterwards.
template <class Write>
double timed_gds(Write&& write) {
  const std::string gds = "/tmp/ftvlsi_bench_" + std::to_string(getpid()) + ".gds";
  const double seconds = timed([&] { write(gds); });
  std::remove(gds.c_str());
  return seconds;
}

FatTree make_tree(std::uint64_t n, CapacityProfile profile) {
  FatTreeParams params;
  params.processors = n;
  params.capacity.profile = profile;
  return FatTree(params);
}

void run_config(std::uint64_t n, CapacityProfile profile, bool flat) {
  const FatTree tree = make_tree(n, profile);
  Layout<2> layout;
  LayoutMetrics<2> m;
  DrcReport drc;
  const double build = timed([&] { layout = build_h_tree(tree); });
  const double metrics = timed([&] { m = measure(layout); });
  const double drc_time = timed([&] { drc = check_hierarchical(layout); });
  const double gds_time = timed_gds([&](const std::string& path) { write_gds(layout, path); });
  const double total = build + metrics + drc_time + gds_time;
  double flat_time = 0;
  double flatten_time = 0;
  std::uint64_t flat_shapes = 0;
  std::uint64_t flat_violations = 0;
  if (flat) {
    flatten_time = timed([&] {
      const FlatLayout<2> copy = flatten(layout, available_memory_bytes());
      flat_shapes = copy.node_box.size() + copy.wire_points.size() - copy.wire_count();
    });
    flat_time =
        timed([&] { flat_violations = check_flat(layout, available_memory_bytes()).violations; });
  }
  std::printf("| 2^%d | %s | %llu | %.4f | %.4f | %.4f | %.4f | %.4f | %.3g | %.1f | %llu |",
              tree.levels(), std::string(to_string(profile)).c_str(),
              static_cast<unsigned long long>(m.wires), build, metrics, drc_time, gds_time, total,
              m.wires / total, peak_memory_bytes() / 1048576.0,
              static_cast<unsigned long long>(drc.violations));
  if (flat)
    std::printf(
        " flatten %.3f s (%.3g shapes/s); flat DRC %.3f s (%.3g wires/s), %llu violations |",
        flatten_time, flat_shapes / flatten_time, flat_time, m.wires / flat_time,
        static_cast<unsigned long long>(flat_violations));
  std::printf("\n");
  std::fflush(stdout);
}

void dump_segments(std::uint64_t n, const char* path) {
  const Layout<2> layout = build_h_tree(make_tree(n, CapacityProfile::kLinearSize));
  const FlatLayout<2> flat = flatten(layout, available_memory_bytes());
  FILE* out = std::fopen(path, "w");
  if (!out) return;
  for (const Box<2>& b : flat.node_box)
    std::fprintf(out, "N %lld %lld %lld %lld\n", (long long)b.lo[0], (long long)b.lo[1],
                 (long long)b.hi[0], (long long)b.hi[1]);
  for (std::size_t w = 0; w < flat.wire_count(); ++w) {
    const auto pts = flat.wire(w);
    for (std::size_t i = 0; i + 1 < pts.size(); ++i)
      std::fprintf(out, "S %lld %lld %lld %lld\n", (long long)pts[i].x(), (long long)pts[i].y(),
                   (long long)pts[i + 1].x(), (long long)pts[i + 1].y());
  }
  std::fclose(out);
  std::printf("wrote %zu nodes and the segments of %zu wires to %s\n", flat.node_box.size(),
              flat.wire_count(), path);
}

// The cube style: build, metrics, hierarchical 3D DRC and GDS of a fat-tree on the 3D
// grid, and its volume against Theorem 4.
void run_cube(std::uint64_t n, CapacityProfile profile) {
  const FatTree tree = make_tree(n, profile);
  Layout<3> layout;
  LayoutMetrics<3> m;
  DrcReport drc;
  const double build = timed([&] { layout = build_cube(tree); });
  const double metrics = timed([&] { m = measure(layout); });
  const double drc_time = timed([&] { drc = check_hierarchical(layout); });
  const double gds_time = timed_gds([&](const std::string& path) { write_gds(layout, path); });
  std::printf(
      "| 2^%d | %s cube | %llu | %.4f | %.4f | %.4f | %.4f | %.4f | volume %llu = %.1f x Thm 4 | "
      "%.1f | %llu |\n",
      floor_log2(n), std::string(to_string(profile)).c_str(),
      static_cast<unsigned long long>(m.wires), build, metrics, drc_time, gds_time,
      build + metrics + drc_time + gds_time, static_cast<unsigned long long>(m.volume()),
      static_cast<double>(m.volume()) / theorem4_volume(tree), peak_memory_bytes() / 1048576.0,
      static_cast<unsigned long long>(drc.violations));
  std::fflush(stdout);
}

// Fold-and-squash: build, metrics, hierarchical (lattice) DRC and GDS of a fat-pyramid
// or butterfly fat-tree on 4^k processors; with --flat also the flat DRC (k <= 8).
void run_fold_and_squash(std::uint64_t n, bool pyramid, bool diagonals, bool flat) {
  const ButterflyFatTree net(n, pyramid, {}, diagonals);
  Layout<2> layout;
  LayoutMetrics<2> m;
  DrcReport drc;
  const double build = timed([&] { layout = build_fold_and_squash(net); });
  const double metrics = timed([&] { m = measure(layout); });
  const double drc_time = timed([&] { drc = check_hierarchical(layout); });
  const double gds_time = timed_gds([&](const std::string& path) { write_gds(layout, path); });
  const double total = build + metrics + drc_time + gds_time;
  std::printf(
      "| 4^%d | %s fold-and-squash | %llu | %.4f | %.4f | %.4f | %.4f | %.4f | %.3g | %.1f | %llu "
      "|",
      net.levels(),
      pyramid ? (diagonals ? "fat-pyramid (diagonals)" : "fat-pyramid") : "butterfly fat-tree",
      static_cast<unsigned long long>(m.wires), build, metrics, drc_time, gds_time, total,
      m.wires / total, peak_memory_bytes() / 1048576.0,
      static_cast<unsigned long long>(drc.violations));
  if (flat) {
    std::uint64_t flat_violations = 0;
    const double seconds =
        timed([&] { flat_violations = check_flat(layout, available_memory_bytes()).violations; });
    std::printf(" flat DRC %.3f s, %llu violations |", seconds,
                static_cast<unsigned long long>(flat_violations));
  }
  std::printf("\n");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  bool flat = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--flat") == 0) flat = true;
    if (std::strcmp(argv[i], "--dump") == 0 && i + 2 < argc) {
      dump_segments(std::stoull(argv[i + 1]), argv[i + 2]);
      return 0;
    }
  }
  std::printf(
      "| n | capacities | wires | build s | metrics s | DRC s | GDS s | total s | "
      "wires/s | peak MiB | DRC violations |%s\n|---|---|---:|---:|---:|---:|---:|---:|"
      "---:|---:|---:|%s\n",
      flat ? " flat DRC |" : "", flat ? "---|" : "");
  std::fflush(stdout);
  for (int levels : {16, 18, 20}) {
    for (auto profile : {CapacityProfile::kLinearSize, CapacityProfile::kAreaUniversal}) {
      // Each configuration in its own process, so that the peak memory is its own.
      const pid_t pid = fork();
      if (pid == 0) {
        run_config(std::uint64_t{1} << levels, profile, flat && levels <= 18);
        _exit(0);
      }
      int status = 0;
      waitpid(pid, &status, 0);
    }
  }
  struct Lattice {
    int k;
    bool pyramid, diagonals;
  };
  for (const Lattice& c :
       {Lattice{8, true, false}, Lattice{9, true, false}, Lattice{10, true, false},
        Lattice{10, true, true}, Lattice{10, false, false}}) {
    const pid_t pid = fork();
    if (pid == 0) {
      run_fold_and_squash(std::uint64_t{1} << (2 * c.k), c.pyramid, c.diagonals, flat && c.k <= 8);
      _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
  }
  for (int levels : {15, 18}) {
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kQuadrupleEvery3}) {
      const pid_t pid = fork();
      if (pid == 0) {
        run_cube(std::uint64_t{1} << levels, profile);
        _exit(0);
      }
      int status = 0;
      waitpid(pid, &status, 0);
    }
  }
  return 0;
}
