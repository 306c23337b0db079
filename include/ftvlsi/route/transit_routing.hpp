#pragma once
// The probability that a connection gets through DeHon's practical fat-tree (docs/design.md
// §5.6; Transit Note #32 §Routing Performance), simulated: in each trial every processor offers
// a connection with probability `load` (on one of its 2 network inputs), to a destination drawn
// from a locality distribution, and the batch is circuit-switched through
// the routers (route/circuit_switch.hpp). Faults remove a seeded random fraction of routers,
// of pairs of neighbouring routers, or of links.
#include <cstdint>
#include <string_view>
#include <vector>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/network/transit.hpp"
#include "ftvlsi/route/circuit_switch.hpp"

namespace ftvlsi {

// kUniform: any other processor, equally likely. kMatched: the network's architectural
// locality: a connection leaves a level-l subtree with probability C_l / (2 P_l), the capacity
// of its channel over the 2 P_l network inputs of its P_l processors, so traffic at every level
// is in proportion to the wires built for it; the tail falls by 4^(-1/3) per level on average,
// a geometric distribution by class.
enum class Locality : std::uint8_t { kUniform, kMatched };
std::string_view to_string(Locality locality);

// The probability of each locality class (network/transit_composition.hpp) for a connection.
std::vector<double> class_distribution(const TransitShape& shape, Locality locality);

// Draws destinations: the class from the distribution, then a processor of that class.
class DestinationSampler {
 public:
  DestinationSampler(const TransitNetwork& net, Locality locality);
  std::uint64_t draw(std::uint64_t src, SplitMix64& rng) const;

 private:
  const TransitNetwork& net_;
  Locality locality_;
  std::vector<double> cumulative_;
};

// kRouter: each RN1 fails with the fraction's probability; kPaired: RN1s 2i and 2i + 1 (one
// board, one power supply) fail together; kLink: each wired output fails alone.
enum class FaultKind : std::uint8_t { kRouter, kPaired, kLink };
std::string_view to_string(FaultKind kind);

struct FaultSpec {
  double fraction = 0;
  FaultKind kind = FaultKind::kRouter;
};

struct FaultSet {
  FaultMask mask;
  std::uint64_t routers_failed = 0, links_failed = 0;
};
FaultSet make_faults(const TransitNetwork& net, const FaultSpec& spec, std::uint64_t seed);

struct TransitRouteSpec {
  double load = 1.0;
  Locality locality = Locality::kMatched;
  int trials = 10;
  std::uint64_t seed = 1;
};

struct TransitRouteResult {
  double probability = 0;  // delivered / offered over all trials
  double ci_low = 0, ci_high = 0;  // 95 % interval of the mean over the trials' seeds
  std::vector<double> per_trial;
  std::uint64_t offered = 0, delivered = 0;
  std::vector<double> probability_by_class;  // -1 where nothing was offered
  std::vector<std::uint64_t> offered_by_class;
  double mean_router_stages = 0;  // of the delivered connections
};

TransitRouteResult simulate_transit(const TransitNetwork& net, const TransitRouteSpec& spec,
                                    const FaultSet* faults = nullptr);

// Whether some path (any choice of equivalent outputs, following the routing rule) joins src
// to dst past the failed parts.
bool transit_path_exists(const TransitNetwork& net, const FaultMask& faults, std::uint64_t src,
                         std::uint64_t dst);
// The fraction of `pairs` seeded random pairs that keep a path.
double transit_connectivity(const TransitNetwork& net, const FaultMask& faults, int pairs,
                            std::uint64_t seed);

}  // namespace ftvlsi
