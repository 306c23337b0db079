#include "ftvlsi/route/algorithms.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/rng.hpp"

namespace ftvlsi {
namespace {

// The undelivered messages and the bookkeeping shared by the algorithms.
class Router {
 public:
  Router(DeliverySimulator& sim, std::size_t messages, std::uint64_t max_cycles)
      : sim_(sim), max_cycles_(max_cycles) {
    undelivered_.resize(messages);
    std::iota(undelivered_.begin(), undelivered_.end(), 0u);
    result_.cycle_of.assign(messages, 0);
  }
  bool done() const { return undelivered_.empty(); }
  const std::vector<std::uint32_t>& undelivered() const { return undelivered_; }

  // One delivery cycle sending `sent` (a subset of the undelivered, ascending).
  void send(const std::vector<std::uint32_t>& sent) {
    if (++result_.cycles > max_cycles_)
      throw GeometryError(
          fmt::format("routing did not finish within {} delivery cycles; {} "
                      "messages remain",
                      max_cycles_, undelivered_.size()));
    const auto delivered = sim_.cycle(sent);
    for (auto id : delivered) result_.cycle_of[id] = static_cast<std::uint32_t>(result_.cycles);
    std::vector<std::uint32_t> rest;
    rest.reserve(undelivered_.size() - delivered.size());
    std::set_difference(undelivered_.begin(), undelivered_.end(), delivered.begin(),
                        delivered.end(), std::back_inserter(rest));
    undelivered_.swap(rest);
  }

  RouteResult finish() {
    result_.delivered = result_.cycle_of.size() - undelivered_.size();
    result_.steps = sim_.steps();
    return std::move(result_);
  }

 private:
  DeliverySimulator& sim_;
  std::uint64_t max_cycles_;
  std::vector<std::uint32_t> undelivered_;
  RouteResult result_;
};

// TRY-GUESS (Fig. 3): halve lambda after max(k1 lambda, k2 lg n) cycles of p-subsets.
void try_guess(Router& router, double guess, double lgn, double k1, double k2, double r,
               std::mt19937_64& rng) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  for (double lambda = guess; lambda > 1 && !router.done(); lambda /= 2) {
    const auto rounds = static_cast<std::uint64_t>(std::ceil(std::max(k1 * lambda, k2 * lgn)));
    const double prob = 1.0 / (r * lambda);
    for (std::uint64_t i = 0; i < rounds && !router.done(); ++i) {
      std::vector<std::uint32_t> sent;
      for (auto id : router.undelivered())
        if (coin(rng) < prob) sent.push_back(id);
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

RouteResult route_random(DeliverySimulator& sim, std::size_t messages, std::uint64_t n,
                         const RandomParams& p, std::uint64_t max_cycles) {
  Router router(sim, messages, max_cycles);
  std::mt19937_64 rng(p.seed);
  const double lgn = lg(n);
  const double lglgn = std::max(1.0, std::log2(lgn));
  router.send(router.undelivered());  // load factor at most one goes at once
  double guess = 2;
  const double k1 = p.k1.value_or(p.congestion), k2 = p.k2.value_or(p.congestion);
  for (; k1 * guess < k2 * lgn && !router.done(); guess *= guess)
    try_guess(router, guess, lgn, k1, k2, p.congestion, rng);
  for (guess = (k2 / k1) * lgn * lglgn; !router.done(); guess *= 2)
    try_guess(router, guess, lgn, k1, k2, p.congestion, rng);
  return router.finish();
}

RouteResult route_random_prime(DeliverySimulator& sim, std::size_t messages, std::uint64_t seed,
                               std::uint64_t max_cycles) {
  Router router(sim, messages, max_cycles);
  SplitMix64 rng(seed);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> pick;  // (cycle of the pass, message)
  std::vector<std::uint32_t> sent;
  for (std::uint64_t z = 1; !router.done(); z *= 2) {
    pick.clear();
    for (auto id : router.undelivered()) pick.push_back({rng.below(z), id});
    std::sort(pick.begin(), pick.end());
    auto it = pick.begin();
    // The count ends with the last delivery, not with the pass's trailing empty cycles.
    for (std::uint64_t i = 0; i < z && !router.done(); ++i) {
      sent.clear();
      for (; it != pick.end() && it->first == i; ++it) sent.push_back(it->second);
      router.send(sent);
    }
  }
  return router.finish();
}

void require_random_prime_capacity(const FatTree& tree) {
  const std::uint64_t need = static_cast<std::uint64_t>(lg(tree.processors()));
  for (int k = 0; k <= tree.levels(); ++k)
    if (tree.capacity(k) < need)
      throw InputError(fmt::format(
          "random-prime needs every channel to have capacity at least lg n = {} (Theorem 11); "
          "level {} has {}; try --capacity constant --constant {}",
          need, k, tree.capacity(k), need));
}

}  // namespace ftvlsi
