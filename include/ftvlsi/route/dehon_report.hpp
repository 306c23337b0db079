#pragma once
// The main report's DeHon section as typed data (docs/dehon.md §7): its parameters and, for each
// of the paper's compositions, its counts, its hollow cube, its locality and latency table, and
// the probability that a connection gets through against load, simulated and computed; and for
// one composition the connectivity and success against the fraction of failed routers, for
// random and for deterministic redundant wiring. report/transit_report.hpp computes it;
// io/transit_report.hpp writes it.
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/layout/hollow_cube.hpp"
#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

struct DehonReportSpec {
  std::vector<std::string> compositions{"4K", "12K", "256K", "768K"};
  std::vector<double> loads{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  int trials = 4;        // per load point
  int trials_large = 2;  // compositions of more than 100,000 processors
  std::string fault_composition = "12K";
  std::vector<double> fault_fractions{0, 0.01, 0.02, 0.05, 0.1, 0.2};
  // Single routers, and pairs of neighbouring routers (one board): the correlated faults where
  // random wiring pays off.
  std::vector<FaultKind> fault_kinds{FaultKind::kRouter, FaultKind::kPaired};
  int fault_trials = 2;
  int connectivity_pairs = 2000;
  std::uint64_t seed = 1;
  TransitTiming timing;
  // The hierarchical DRC of the hollow cube, up to this many processors (768K's takes about
  // 15 s; bench/transit_bench checks it).
  std::uint64_t drc_max_processors = 300000;
};

struct DehonLoadPoint {
  double load = 0;
  double simulated = 0, ci_low = 0, ci_high = 0, analytic = 0, bidelta = 0;
};

struct DehonComposition {
  TransitShape shape;
  std::vector<HollowCubeLevel> cube;
  std::uint64_t volume = 0, cables = 0, drc_violations = 0;
  bool drc_checked = false;
  TransitLatency latency, latency_optical;  // drawn at the spec's speed; straight at c
  std::vector<DehonLoadPoint> loads;
};

struct DehonFaultPoint {
  RedundantWiring wiring = RedundantWiring::kRandom;
  FaultKind kind = FaultKind::kRouter;
  double fraction = 0, connectivity = 1, probability = 0;
  std::uint64_t routers_failed = 0, links_failed = 0;
};

struct DehonReport {
  DehonReportSpec spec;
  std::vector<DehonComposition> compositions;
  std::vector<DehonFaultPoint> faults;
};

}  // namespace ftvlsi
