#include "ftvlsi/route/algorithms.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/rng.hpp"

namespace ftvlsi {
namespace {

// The undelivered messages and the bookkeeping shared by the algorithms. Delivered messages are
// struck from the list lazily (compacted once they are a quarter of it), so a cycle that sends a
// small p-subset costs time in proportion to what it sends, not to what is left.
class Router {
 public:
  Router(DeliverySimulator& sim, std::size_t messages, std::uint64_t max_cycles)
      : sim_(sim), max_cycles_(max_cycles), live_(messages) {
    list_.resize(messages);
    std::iota(list_.begin(), list_.end(), 0u);
    result_.cycle_of.assign(messages, 0);
  }
  bool done() const { return live_ == 0; }
  std::size_t remaining() const { return live_; }
  // The undelivered messages, ascending.
  const std::vector<std::uint32_t>& undelivered() {
    compact();
    return list_;
  }
  // The list with struck entries still in place; is_live() tells them apart.
  const std::vector<std::uint32_t>& raw() const { return list_; }
  bool is_live(std::uint32_t id) const { return result_.cycle_of[id] == 0; }

  // One delivery cycle sending `sent` (undelivered messages, ascending); returns how many
  // were delivered.
  std::size_t send(const std::vector<std::uint32_t>& sent) {
    if (++result_.cycles > max_cycles_)
      throw GeometryError(
          fmt::format("routing did not finish within {} delivery cycles; {} "
                      "messages remain",
                      max_cycles_, live_));
    const auto delivered = sim_.cycle(sent);
    for (auto id : delivered) result_.cycle_of[id] = static_cast<std::uint32_t>(result_.cycles);
    live_ -= delivered.size();
    if (4 * (list_.size() - live_) > list_.size()) compact();
    return delivered.size();
  }

  RouteResult finish() {
    result_.delivered = result_.cycle_of.size() - live_;
    result_.steps = sim_.steps();
    result_.elapsed = sim_.elapsed();
    return std::move(result_);
  }

 private:
  void compact() {
    if (list_.size() == live_) return;
    std::erase_if(list_, [&](std::uint32_t id) { return !is_live(id); });
  }

  DeliverySimulator& sim_;
  std::uint64_t max_cycles_;
  std::size_t live_;
  std::vector<std::uint32_t> list_;
  RouteResult result_;
};

// TRY-GUESS (Fig. 3): halve lambda after max(k1 lambda, k2 lg n) cycles of p-subsets. A p-subset
// is drawn by geometric skipping: the gap to the next message sent is Geometric(p), so each
// undelivered message is still sent independently with probability p.
void try_guess(Router& router, double guess, double lgn, double k1, double k2, double r,
               SplitMix64& rng) {
  std::vector<std::uint32_t> sent;
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
        for (std::size_t at = 0;; ++at) {
          // 1 - u is in (0, 1], so the logarithm is finite.
          const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
          const double skip = std::floor(std::log1p(-u) / log_q);
          if (skip >= static_cast<double>(list.size() - at)) break;
          at += static_cast<std::size_t>(skip);
          if (router.is_live(list[at])) sent.push_back(list[at]);
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

RouteResult route_random(DeliverySimulator& sim, std::size_t messages, std::uint64_t n,
                         const RandomParams& p, std::uint64_t max_cycles) {
  Router router(sim, messages, max_cycles);
  SplitMix64 rng(p.seed);
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
