// Lays out linear-size and area-universal fat-trees of growing size and prints how their
// measured side length and area grow: linear-size stays Theta(A), area-universal Theta(n lg^2 n).
#include <cmath>
#include <cstdio>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/h_tree.hpp"

int main() {
  using namespace ftvlsi;
  std::printf("%-16s %8s %10s %14s %10s %s\n", "profile", "n", "side", "area", "area/norm", "drc");
  for (auto profile : {CapacityProfile::kLinearSize, CapacityProfile::kAreaUniversal}) {
    for (std::uint64_t n = 16; n <= (1u << 14); n *= 4) {
      FatTreeParams params;
      params.processors = n;
      params.capacity.profile = profile;
      const FatTree tree(params);
      const Layout<2> layout = build_h_tree(tree);
      const LayoutMetrics<2> m = measure(layout);
      const DrcReport drc = check_hierarchical(layout);
      const double lgn = std::log2(static_cast<double>(n));
      const double norm = profile == CapacityProfile::kLinearSize ? n : n * lgn * lgn;
      std::printf("%-16s %8llu %10llu %14llu %10.3f %s\n", std::string(to_string(profile)).c_str(),
                  static_cast<unsigned long long>(n), static_cast<unsigned long long>(m.width),
                  static_cast<unsigned long long>(m.area()), m.area() / norm,
                  drc.clean() ? "clean" : "VIOLATIONS");
      if (!drc.clean()) return 1;
    }
  }
  return 0;
}
