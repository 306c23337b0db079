#include "ftvlsi/route/algorithms.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/rng.hpp"
#include "router.hpp"

namespace ftvlsi {
namespace {

using Router = detail::Router<DeliverySimulator>;

// TRY-GUESS (Fig. 3): halve lambda after max(k1 lambda, k2 lg n) cycles of p-subsets. A p-subset
// is drawn by geometric skipping: the gap to the next message sent is Geometric(p), so each
// undelivered message is still sent independently with probability p.
void try_guess(Router& router, double guess, double lgn, double k1, double k2, double r,
               SplitMix64& rng) {
  std::vector<std::uint32_t> sent;
  std::vector<std::uint32_t> picked;  // places in the raw list, ascending
  for (double lambda = guess; lambda > 1 && !router.done(); lambda /= 2) {
    const auto rounds = static_cast<std::uint64_t>(std::ceil(std::max(k1 * lambda, k2 * lgn)));
    const double prob = 1.0 / (r * lambda);
    const double log_q = std::log1p(-std::min(prob, 0.999999));
    for (std::uint64_t i = 0; i < rounds && !router.done(); ++i) {
      sent.clear();
      const auto& list = router.raw();
      if (prob >= 1) {
        for (auto id : list)
          if (router.is_live(id)) sent.push_back(id);
      } else {
        picked.clear();
        for (std::size_t at = 0;; ++at) {
          // 1 - u is in (0, 1], so the logarithm is finite.
          const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
          const double skip = std::floor(std::log1p(-u) / log_q);
          if (skip >= static_cast<double>(list.size() - at)) break;
          at += static_cast<std::size_t>(skip);
          picked.push_back(static_cast<std::uint32_t>(at));
        }
        // The places are far apart in a large list: each look-up is two dependent cache misses
        // (the list, then the message's flag), so both are fetched ahead of their use.
        constexpr std::size_t kAhead = 16;
        for (std::size_t i = 0; i < picked.size(); ++i) {
          if (i + 2 * kAhead < picked.size()) __builtin_prefetch(&list[picked[i + 2 * kAhead]]);
          if (i + kAhead < picked.size()) router.prefetch_live(list[picked[i + kAhead]]);
          const std::uint32_t id = list[picked[i]];
          if (router.is_live(id)) sent.push_back(id);
        }
      }
      router.send(sent);
    }
  }
  if (!router.done()) router.send(router.undelivered());
}

}  // namespace

RouteResult route_greedy(DeliverySimulator& sim, std::size_t messages, std::uint64_t max_cycles) {
  Router router(sim, messages, max_cycles);
  while (!router.done()) router.send(router.undelivered());
  return router.finish();
}

TryGuessConstants try_guess_constants(const RandomParams& p) {
  TryGuessConstants c;
  if (p.constants == RandomConstants::kProof) {
    // docs/random-constants.md: Lemma 7 picks q = 1/(e^4 r ln r), k1 = 4r/q and k2 = 36 r.
    c.r = std::max(p.congestion, kProofMinCongestion);
    c.k1 = 4 * std::exp(4.0) * c.r * c.r * std::log(c.r);
    c.k2 = 36 * c.r;
  } else {
    c.r = p.congestion;
    c.k1 = c.k2 = c.r;
  }
  c.k1 = p.k1.value_or(c.k1);
  c.k2 = p.k2.value_or(c.k2);
  return c;
}

RouteResult route_random(DeliverySimulator& sim, std::size_t messages, std::uint64_t n,
                         const RandomParams& p, std::uint64_t max_cycles) {
  Router router(sim, messages, max_cycles);
  SplitMix64 rng(p.seed);
  const double lgn = lg(n);
  const double lglgn = std::max(1.0, std::log2(lgn));
  router.send(router.undelivered());  // load factor at most one goes at once
  const auto [k1, k2, r] = try_guess_constants(p);
  // With the proof's constants 2 k1 >= k2 lg n for every n up to 2^200, so the squaring phase is
  // empty and the doubling phase starts below 1, where TRY-GUESS only sends U once (Fig. 3,
  // line 9), as Fig. 2 prescribes.
  double guess = 2;
  for (; k1 * guess < k2 * lgn && !router.done(); guess *= guess)
    try_guess(router, guess, lgn, k1, k2, r, rng);
  for (guess = (k2 / k1) * lgn * lglgn; !router.done(); guess *= 2)
    try_guess(router, guess, lgn, k1, k2, r, rng);
  return router.finish();
}

RouteResult route_schedule(DeliverySimulator& sim, std::size_t messages,
                           const std::vector<std::vector<std::uint32_t>>& cycles, bool& lossless) {
  Router router(sim, messages, UINT64_MAX);
  lossless = true;
  for (const auto& c : cycles) lossless = router.send(c) == c.size() && lossless;
  return router.finish();
}

RouteResult route_random_prime(DeliverySimulator& sim, std::size_t messages, std::uint64_t seed,
                               std::uint64_t max_cycles) {
  Router router(sim, messages, max_cycles);
  SplitMix64 rng(seed);
  detail::random_prime_passes(router, rng, 1);
  return router.finish();
}

void require_random_prime_capacity(const FatTree& tree) {
  const std::uint64_t need = static_cast<std::uint64_t>(lg(tree.processors()));
  for (int k = 0; k <= tree.levels(); ++k)
    if (tree.capacity(k) < need)
      throw InputError(
          6131,
          fmt::format(
              "random-prime needs every channel to have capacity at least lg n = {} (Theorem 11); "
              "level {} has {}; try --capacity constant --constant {}",
              need, k, tree.capacity(k), need));
}

}  // namespace ftvlsi
