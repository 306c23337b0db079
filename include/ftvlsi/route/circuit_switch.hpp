#pragma once
// Circuit switching through RN1 routers (docs/design.md §5.6; Transit Note #32 §RN1): a batch of
// simultaneous connections advances one router per step; at each router a connection asks for
// the direction the network's rule names, takes a free output of that direction at random among
// the equivalent ones, and is dropped whole if none is free (the sender learns it and retries).
// Connections that reach a router in the same step contend in a random order: within blocks of
// kBlock connections (listed by source, so a block's contenders are mostly local) the order is
// shuffled every step, and the blocks are visited from a random one on. A connection that
// reaches a router in an earlier step holds its output first, as in a pipelined network.
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
};

// Failed parts: routers that drop whatever reaches them, and outputs that cannot be taken.
struct FaultMask {
  std::vector<std::uint8_t> dead_router;     // per router (empty: none)
  std::vector<std::uint8_t> blocked_output;  // per router, a bit per output (empty: none)
};

template <class Net>
class CircuitSwitch {
 public:
  static constexpr std::size_t kBlock = 1024;

  CircuitSwitch(const Net& net, const FaultMask* faults = nullptr) : net_(net) {
    base_.assign(net.routers(), 0);
    if (faults && !faults->blocked_output.empty()) base_ = faults->blocked_output;
    if (faults && !faults->dead_router.empty()) dead_ = faults->dead_router;
  }

  // Routes one batch; ok[i] = 1 if request i reached its destination. Returns the router
  // stages the delivered connections passed, summed.
  std::uint64_t route(std::span<const CircuitRequest> req, SplitMix64& rng,
                      std::vector<std::uint8_t>& ok) {
    busy_ = base_;
    ok.assign(req.size(), 0);
    cur_.resize(req.size());
    alive_.clear();
    for (std::uint32_t i = 0; i < req.size(); ++i) {
      cur_[i] = net_.injection(req[i].src, req[i].input);
      if (cur_[i] >= 0) alive_.push_back(i);
    }
    std::uint64_t stages = 0;
    for (std::uint64_t step = 1; !alive_.empty(); ++step) {
      next_.clear();
      const std::size_t blocks = (alive_.size() + kBlock - 1) / kBlock;
      const std::size_t first = rng.below(blocks);
      for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t lo = ((first + b) % blocks) * kBlock;
        const std::size_t hi = std::min(alive_.size(), lo + kBlock);
        for (std::size_t k = hi; k > lo + 1; --k)
          std::swap(alive_[k - 1], alive_[lo + rng.below(k - lo)]);
        for (std::size_t k = lo; k < hi; ++k)
          if (advance(req[alive_[k]], alive_[k], rng, ok)) stages += step;
      }
      alive_.swap(next_);
    }
    return stages;
  }

 private:
  // One step of connection i; true when it was delivered in this step.
  bool advance(const CircuitRequest& q, std::uint32_t i, SplitMix64& rng,
               std::vector<std::uint8_t>& ok) {
    const std::int64_t in = cur_[i];
    const auto r = static_cast<std::uint64_t>(in) / kRn1Ports;
    if (!dead_.empty() && dead_[r]) return false;
    const int d = net_.direction(r, q.src, q.dst);
    const Rn1Choice ch = rn1_choices(net_.rn1(), static_cast<int>(in % kRn1Ports), d);
    int free[2], nfree = 0;
    for (int k = 0; k < ch.count; ++k)
      if (!(busy_[r] >> ch.outputs[k] & 1)) free[nfree++] = ch.outputs[k];
    if (nfree == 0) return false;  // blocked: the whole connection is dropped
    const int o = nfree == 1 ? free[0] : free[rng.below(2)];
    busy_[r] |= static_cast<std::uint8_t>(1u << o);
    const std::int64_t next = net_.link(r * kRn1Ports + o);
    if (next == kNoLink) return false;
    if (next < 0) {
      FTVLSI_ASSERT(delivered_processor(next) == q.dst);
      ok[i] = 1;
      return true;
    }
    cur_[i] = next;
    next_.push_back(i);
    return false;
  }

  const Net& net_;
  std::vector<std::uint8_t> base_, busy_, dead_;
  std::vector<std::int64_t> cur_;
  std::vector<std::uint32_t> alive_, next_;
};

}  // namespace ftvlsi
