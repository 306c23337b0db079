#pragma once
// Circuit switching through RN1 routers (docs/dehon.md §5; Transit Note #32 §RN1): a batch of
// simultaneous connections advances one router per step; at each router a connection asks for
// the direction the network's rule names, takes a free output of that direction at random among
// the equivalent ones, and is dropped whole if none is free (the sender learns it and retries).
// Connections that reach a router in the same step contend in a random order: within blocks of
// kBlock connections (listed by source, so a block's contenders are mostly local) the order is
// shuffled every step, and the blocks are visited from a random one on. A connection that
// reaches a router in an earlier step holds its output first, as in a pipelined network.
//
// A batch may hold several independent trials (each request names its trial, each trial has its
// own router state): listed source by source, they visit the same routers at about the same
// time, so each router's links are fetched from memory once for the whole batch.
//
// Net is any router graph with rn1(), routers(), link(out_slot), injection(p, i) and
// direction(router, src, dst) (network/transit.hpp); tests also run a single RN1 through it.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/network/rn1.hpp"
#include "ftvlsi/network/transit.hpp"

namespace ftvlsi {

struct CircuitRequest {
  std::uint32_t src = 0, dst = 0;
  std::uint8_t input = 0;  // which of the source's two network inputs
  std::uint8_t trial = 0;  // which of the batch's independent trials it belongs to
};

// Failed parts: routers that drop whatever reaches them, and outputs that cannot be taken.
struct FaultMask {
  std::vector<std::uint8_t> dead_router;     // per router (empty: none)
  std::vector<std::uint8_t> blocked_output;  // per router, a bit per output (empty: none)
};

template <class Net>
class CircuitSwitch {
 public:
  static constexpr std::size_t kBlock = 256;
  static constexpr std::size_t kAhead = 12;  // connections whose routers are fetched ahead

  CircuitSwitch(const Net& net, const FaultMask* faults = nullptr, int trials = 1)
      : net_(net), routers_(net.routers()) {
    base_.assign(routers_, 0);
    if (faults && !faults->blocked_output.empty()) base_ = faults->blocked_output;
    if (faults && !faults->dead_router.empty()) dead_ = faults->dead_router;
    // Router-major: a router's state for every trial of the batch shares one cache line.
    std::vector<std::uint8_t> one = std::move(base_);
    trials_ = static_cast<std::uint64_t>(trials);
    base_.resize(one.size() * trials_);
    for (std::size_t r = 0; r < one.size(); ++r)
      for (std::uint64_t t = 0; t < trials_; ++t) base_[r * trials_ + t] = one[r];
  }

  // Routes one batch; ok[i] = 1 if request i reached its destination. Returns the router
  // stages the delivered connections passed, summed.
  std::uint64_t route(std::span<const CircuitRequest> req, SplitMix64& rng,
                      std::vector<std::uint8_t>& ok) {
    busy_ = base_;
    ok.assign(req.size(), 0);
    state_.resize(req.size());
    alive_.clear();
    for (std::uint32_t i = 0; i < req.size(); ++i) {
      FTVLSI_ASSERT(req[i].trial < trials_);
      state_[i] = {static_cast<std::int32_t>(net_.injection(req[i].src, req[i].input)), req[i].src,
                   req[i].dst, req[i].trial};
      if (state_[i].cur >= 0) alive_.push_back(i);
    }
    std::uint64_t stages = 0;
    for (std::uint64_t step = 1; !alive_.empty(); ++step) {
      next_.clear();
      const std::size_t blocks = (alive_.size() + kBlock - 1) / kBlock;
      const std::size_t first = rng.below(blocks);
      for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t lo = ((first + b) % blocks) * kBlock;
        const std::size_t hi = std::min(alive_.size(), lo + kBlock);
        // The block's states are near each other in memory: fetch them in address order
        // before the shuffled visit, which the hardware prefetcher cannot follow.
        for (std::size_t k = lo; k < hi; ++k) __builtin_prefetch(&state_[alive_[k]]);
        for (std::size_t k = hi; k > lo + 1; --k)
          std::swap(alive_[k - 1], alive_[lo + rng.below(k - lo)]);
        for (std::size_t k = lo; k < hi; ++k) {
          if constexpr (requires { net_.prefetch(0); })
            if (k + kAhead < hi) net_.prefetch(state_[alive_[k + kAhead]].cur / kRn1Ports);
          if (advance(alive_[k], rng, ok)) stages += step;
        }
      }
      alive_.swap(next_);
    }
    return stages;
  }

 private:
  // One step of connection i; true when it was delivered in this step.
  bool advance(std::uint32_t i, SplitMix64& rng, std::vector<std::uint8_t>& ok) {
    State& q = state_[i];
    const std::int64_t in = q.cur;
    const auto r = static_cast<std::uint64_t>(in) / kRn1Ports;
    if (!dead_.empty() && dead_[r]) return false;
    const int d = net_.direction(r, q.src, q.dst);
    const Rn1Choice ch = rn1_choices(net_.rn1(), static_cast<int>(in % kRn1Ports), d);
    std::uint8_t& busy = busy_[r * trials_ + q.trial];
    int free[2], nfree = 0;
    for (int k = 0; k < ch.count; ++k)
      if (!(busy >> ch.outputs[k] & 1)) free[nfree++] = ch.outputs[k];
    if (nfree == 0) return false;  // blocked: the whole connection is dropped
    const int o = nfree == 1 ? free[0] : free[rng.below(2)];
    busy |= static_cast<std::uint8_t>(1u << o);
    const std::int64_t next = net_.link(r * kRn1Ports + o);
    if (next == kNoLink) return false;
    if (next < 0) {
      FTVLSI_ASSERT(delivered_processor(next) == q.dst);
      ok[i] = 1;
      return true;
    }
    q.cur = static_cast<std::int32_t>(next);
    next_.push_back(i);
    return false;
  }

  const Net& net_;
  std::uint64_t routers_, trials_ = 1;
  std::vector<std::uint8_t> base_, busy_, dead_;
  struct State {       // 16 bytes: four to a cache line
    std::int32_t cur;  // the input slot it is at (network/transit.hpp: slots fit 32 bits)
    std::uint32_t src, dst, trial;
  };
  std::vector<State> state_;
  std::vector<std::uint32_t> alive_, next_;
};

}  // namespace ftvlsi
