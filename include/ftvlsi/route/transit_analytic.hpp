#pragma once
// The probability that a connection gets through, computed (docs/design.md §5.6): a
// stage-by-stage model of unbuffered dilated crossbars in the style of Patel (1981) and
// Kruskal & Snir (1983), as Knight & Sobalvarro's routing statistics apply it to Transit
// networks, extended to the fat-tree's up and down routing and its locality classes.
//
// Every router layer of the network is one type (the up layer, D3, D2 or D1 of a stage, a
// cluster stage); by symmetry all routers of a type see the same traffic. A crossbar of k inputs
// (8, or 4 in the dual configuration) whose inputs each ask for direction d with probability
// r_d grants E[min(X, delta)] of them, X ~ Binomial(k, r_d), delta the dilation; a request
// passes with probability E[min(X, delta)] / (k r_d). A class's connections follow their path
// of types (the lateral shortcut at the stage of their common ancestor), thinned at each; the
// rates at each type are the sum of what reaches it, so the model is solved by iterating to its
// fixed point (a cluster's first stage is crossed up and again down).
#include <vector>

#include "ftvlsi/network/rn1.hpp"
#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

// E[min(X, delta)] for X ~ Binomial(k, rate): outputs of one direction in use.
double rn1_granted(Rn1Config config, double rate);
// The probability that a request for a direction passes an RN1 whose inputs each ask for that
// direction with probability `rate`.
double rn1_pass(Rn1Config config, double rate);

struct TransitAnalytic {
  double probability = 0;
  std::vector<double> by_class;  // -1 where a class is never offered
  int iterations = 0;
};

TransitAnalytic analytic_route_probability(const TransitShape& shape, Rn1Config config,
                                           Locality locality, double load);

// A flat bidelta network of the same RN1s: `stages` stages of radix 4, each input loaded
// with probability `load`; Patel's recurrence load' = E[min(X, delta)] / delta.
double bidelta_route_probability(int stages, Rn1Config config, double load);

}  // namespace ftvlsi
