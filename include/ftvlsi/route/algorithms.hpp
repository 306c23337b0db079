#pragma once
// On-line routing algorithms on the delivery-cycle simulator (Greenberg & Leiserson):
// GREEDY (Fig. 5) sends every undelivered message in every cycle; RANDOM (Figs. 2-3) guesses the
// load factor and, in TRY-GUESS, sends each undelivered message with probability 1/(r lambda)
// for max(k1 lambda, k2 lg n) cycles before halving lambda.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/route/delivery.hpp"

namespace ftvlsi {

struct RouteResult {
  std::uint64_t cycles = 0;
  std::uint64_t delivered = 0;
  std::vector<std::uint32_t> cycle_of;  // per message, the cycle (from 1) it was delivered in
  std::uint64_t steps = 0;              // message-channel steps simulated
  // Timed (docs/design.md §6.2): the summed duration of the cycles, and per message the layout
  // length of the path it was delivered on.
  double elapsed = 0;
  std::vector<std::uint64_t> path_length;
  double elapsed_bound = 0;  // a worst-case bound beside it, where the simulator keeps one
};

// Which k1, k2 TRY-GUESS runs with (docs/random-constants.md).
enum class RandomConstants {
  // k1 = k2 = r: TRY-GUESS then sends every message once in expectation per halving step (k1
  // lambda rounds at probability 1 / (r lambda)). With k1 = k2 = 1 a message is sent 1/r times
  // per step, the guesses overshoot to about r lambda, and RANDOM takes 20-80 lambda cycles
  // instead of 2-3 lambda (measured on area-universal trees, n = 1024).
  kPractical,
  // The proof's constants (Greenberg & Leiserson 1986, Lemma 7 and Theorem 8): q = 1/(e^4 r ln r),
  // k1 = 4r/q = 4 e^4 r^2 ln r and k2 = 36 r, with r raised to kProofMinCongestion if it is
  // smaller (the lemma's inequality needs it; every bound holds for any r' >= r).
  kProof,
};
// The least r for which Lemma 7's choice q = 1/(e^4 r ln r) satisfies its inequality
// C(z, (1-q)z) (1 - 1/8r)^((1-q)z) <= 2^(-z/12r); any fat-tree with a channel of capacity 1 on a
// leaf-to-leaf path already has r >= 4e > 10.8.
inline constexpr double kProofMinCongestion = 8.31;

// The `--constants` values.
inline constexpr NameTable<RandomConstants, 2> kRandomConstantsNames{{
    {RandomConstants::kProof, "proof"},
    {RandomConstants::kPractical, "practical"},
}};

constexpr std::string_view to_string(RandomConstants constants) {
  return name_of(kRandomConstantsNames, constants);
}

struct RandomParams {
  std::optional<double> k1;  // overrides the constant set's k1
  std::optional<double> k2;  // ... and its k2
  double congestion = 1.0;   // r
  std::uint64_t seed = 1;
  RandomConstants constants = RandomConstants::kPractical;
};

// The values TRY-GUESS runs with: k1, k2 and the r of its probability 1/(r lambda).
struct TryGuessConstants {
  double k1 = 1, k2 = 1, r = 1;
};
TryGuessConstants try_guess_constants(const RandomParams& params);

// Throws GeometryError if the messages are not all delivered within `max_cycles`.
RouteResult route_greedy(DeliverySimulator& sim, std::size_t messages, std::uint64_t max_cycles);
RouteResult route_random(DeliverySimulator& sim, std::size_t messages, std::uint64_t n,
                         const RandomParams& params, std::uint64_t max_cycles);

// A precomputed schedule (an off-line one): one delivery cycle per set, in order. `lossless`
// tells whether every set went through whole.
RouteResult route_schedule(DeliverySimulator& sim, std::size_t messages,
                           const std::vector<std::vector<std::uint32_t>>& cycles, bool& lossless);

// RANDOM' (Fig. 7, Theorem 11) for fat-trees whose channels all have capacity Omega(lg n): with
// z = 1, 2, 4, ..., every undelivered message picks one of the next z cycles at random and is
// sent in that one only; O(lambda) cycles with high probability.
RouteResult route_random_prime(DeliverySimulator& sim, std::size_t messages, std::uint64_t seed,
                               std::uint64_t max_cycles);
// Throws InputError naming the thinnest channel unless every capacity is at least lg n.
void require_random_prime_capacity(const FatTree& tree);

}  // namespace ftvlsi
