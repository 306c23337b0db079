#pragma once
// DeHon's locality and latency tables (docs/dehon.md §4; Transit Note #32 §Latency,
// §Locality), measured: for each locality class (the level of the lowest common ancestor of
// sender and receiver) the router stages a connection passes, with and without the up-path
// shortcuts, the cables of the hollow cube it crosses (out and back, their lengths measured on
// the placed geometry), its latency in ns, and the processors of that class. A flat bidelta
// network of the same RN1s and the same timing is the comparison.
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/network/transit.hpp"

namespace ftvlsi {

// The technology: an RN1 clock, router cycles per stage, the speed of signals along cables, and
// the packaging (stack sizes, grid). Cables are timed along their drawn (Manhattan) paths, or
// along the straight line between their ends (`straight`: the optical free-space links across
// the hollow centre that the paper suggests).
struct TransitTiming {
  double clock_mhz = 100;
  double cycles_per_stage = 1;
  double signal_cm_per_ns = 18;  // 0.6 c: matched-impedance lines on boards and cables
  bool straight = false;
  HollowCubeSpec packaging;
  double cycle_ns() const { return 1000.0 / clock_mhz; }
};

// Cable lengths of one hollow-cube level, in grid units, over every placed cable.
struct CableLengths {
  std::uint64_t cables = 0;
  double drawn_max = 0, drawn_mean = 0;        // along the path
  double straight_max = 0, straight_mean = 0;  // between the ends
};
std::vector<CableLengths> cable_lengths(const Layout<3>& layout);

struct LatencyRow {
  int locality_class = 0;
  std::uint64_t processors = 0;
  int router_stages = 0, router_stages_without_shortcuts = 0;
  int up_stages = 0, down_stages = 0, cluster_stages = 0;
  int cable_levels = 0;  // hollow-cube levels crossed, each out and back
  double wire_mm_max = 0, wire_mm_mean = 0;
  double latency_ns = 0, latency_ns_mean = 0;  // longest cables / average cables
};

struct TransitLatency {
  std::vector<LatencyRow> rows;
  std::vector<CableLengths> cables;  // per hollow-cube level
  int bidelta_stages = 0;
  double bidelta_latency_ns = 0, bidelta_latency_ns_mean = 0;
};

TransitLatency transit_latency(const TransitNetwork& net, const HollowCube& cube,
                               const TransitTiming& timing);

}  // namespace ftvlsi
