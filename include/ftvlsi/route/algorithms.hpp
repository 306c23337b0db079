#pragma once
// On-line routing algorithms on the delivery-cycle simulator (Greenberg & Leiserson):
// GREEDY (Fig. 5) sends every undelivered message in every cycle; RANDOM (Figs. 2-3) guesses the
// load factor and, in TRY-GUESS, sends each undelivered message with probability 1/(r lambda)
// for max(k1 lambda, k2 lg n) cycles before halving lambda.
#include <cstdint>
#include <string_view>
#include <vector>

#include "ftvlsi/route/delivery.hpp"

namespace ftvlsi {

struct RouteResult {
  std::uint64_t cycles = 0;
  std::uint64_t delivered = 0;
  std::vector<std::uint32_t> cycle_of;  // per message, the cycle (from 1) it was delivered in
  std::uint64_t steps = 0;              // message-channel steps simulated
  // With timing (DESIGN §6): the summed duration of the cycles, and per message the layout
  // length of the path it was delivered on.
  double elapsed = 0;
  std::vector<std::uint64_t> path_length;
};

struct RandomParams {
  double k1 = 1.0;
  double k2 = 1.0;
  double congestion = 1.0;  // r
  std::uint64_t seed = 1;
};

// Throws GeometryError if the messages are not all delivered within `max_cycles`.
RouteResult route_greedy(DeliverySimulator& sim, std::size_t messages, std::uint64_t max_cycles);
RouteResult route_random(DeliverySimulator& sim, std::size_t messages, std::uint64_t n,
                         const RandomParams& params, std::uint64_t max_cycles);

}  // namespace ftvlsi
