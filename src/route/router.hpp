#pragma once
// Private to the route module: the delivery bookkeeping every on-line algorithm shares, and
// RANDOM''s passes, for the binary fat-tree's DeliverySimulator and the butterfly networks' one.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/route/algorithms.hpp"

namespace ftvlsi::detail {

// The undelivered messages and the bookkeeping shared by the algorithms, over any simulator with
// cycle(sent) -> delivered, steps() and elapsed(). Delivered messages are
// struck from the list lazily (compacted once they are a quarter of it), so a cycle that sends a
// small p-subset costs time in proportion to what it sends, not to what is left.
template <class Simulator>
class Router {
 public:
  Router(Simulator& sim, std::size_t messages, std::uint64_t max_cycles)
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
  void prefetch_live(std::uint32_t id) const { __builtin_prefetch(&result_.cycle_of[id]); }

  // One delivery cycle sending `sent` (undelivered messages, ascending); returns how many
  // were delivered.
  std::size_t send(const std::vector<std::uint32_t>& sent) {
    poll_cancel();
    if (++result_.cycles > max_cycles_)
      throw GeometryError(6161, fmt::format("routing did not finish within {} delivery cycles; {} "
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

  Simulator& sim_;
  std::uint64_t max_cycles_;
  std::size_t live_;
  std::vector<std::uint32_t> list_;
  RouteResult result_;
};

// RANDOM' (Fig. 7): for z = 1, 2, 4, ..., `repeats` times over, every undelivered message picks
// one of the next z cycles at random and is sent in that one only. The count ends with the last
// delivery, not with a pass's trailing empty cycles.
template <class Simulator>
void random_prime_passes(Router<Simulator>& router, SplitMix64& rng, std::uint64_t repeats) {
  // A pass's picks, bucketed by cycle (a counting sort; within a cycle ascending, as sent).
  std::vector<std::uint32_t> slot, order;
  std::vector<std::size_t> start;
  std::vector<std::uint32_t> sent;
  for (std::uint64_t z = 1; !router.done(); z *= 2)
    for (std::uint64_t rep = 0; rep < repeats && !router.done(); ++rep) {
      const auto& live = router.undelivered();
      slot.resize(live.size());
      start.assign(z + 1, 0);
      for (std::size_t i = 0; i < live.size(); ++i) {
        slot[i] = static_cast<std::uint32_t>(rng.below(z));
        ++start[slot[i] + 1];
      }
      std::partial_sum(start.begin(), start.end(), start.begin());
      order.resize(live.size());
      for (std::size_t i = 0; i < live.size(); ++i) order[start[slot[i]]++] = live[i];
      // start[i] is now the end of cycle i's picks.
      for (std::uint64_t i = 0, from = 0; i < z && !router.done(); from = start[i++]) {
        sent.assign(order.begin() + static_cast<std::ptrdiff_t>(from),
                    order.begin() + static_cast<std::ptrdiff_t>(start[i]));
        router.send(sent);
      }
    }
}

}  // namespace ftvlsi::detail
