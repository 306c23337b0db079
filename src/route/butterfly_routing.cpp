#include "ftvlsi/route/butterfly_routing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <span>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"
#include "router.hpp"

namespace ftvlsi {
namespace {

constexpr std::uint32_t kNone = UINT32_MAX;

struct Coord2 {
  std::int64_t x, y;
};

Coord2 processor_cell(const ButterflyFatTree& net, std::uint32_t p) {
  const std::uint64_t side = std::uint64_t{1} << net.levels();
  return {static_cast<std::int64_t>(p % side), static_cast<std::int64_t>(p / side)};
}

// Compressed adjacency: for every node, its (neighbour, directed wire code) entries.
struct Csr {
  std::vector<std::uint32_t> start;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> entry;
  std::span<const std::pair<std::uint32_t, std::uint32_t>> of(std::uint32_t v) const {
    return {entry.data() + start[v], entry.data() + start[v + 1]};
  }
};

template <class Each>
Csr build_csr(std::size_t nodes, Each&& each) {
  Csr c;
  c.start.assign(nodes + 1, 0);
  each([&](std::uint32_t v, std::uint32_t, std::uint32_t) { ++c.start[v + 1]; });
  std::partial_sum(c.start.begin(), c.start.end(), c.start.begin());
  c.entry.resize(c.start.back());
  std::vector<std::uint32_t> fill(c.start.begin(), c.start.end() - 1);
  each([&](std::uint32_t v, std::uint32_t other, std::uint32_t code) {
    c.entry[fill[v]++] = {other, code};
  });
  return c;
}

// The directed wire code of wire w: 2w going up (or from the first end of a mesh wire), 2w + 1
// going down (or from the second end).
class Router {
 public:
  explicit Router(const ButterflyFatTree& net) : net_(net), g_(net.graph()) {
    const std::size_t nodes = g_.level.size();
    const auto& g = g_;
    up_ = build_csr(nodes, [&](auto&& add) {
      for (std::uint32_t w = 0; w < g.wires.size(); ++w)
        if (!g.wire_is_mesh[w]) add(g.wires[w].first, g.wires[w].second, 2 * w);
    });
    down_ = build_csr(nodes, [&](auto&& add) {
      for (std::uint32_t w = 0; w < g.wires.size(); ++w)
        if (!g.wire_is_mesh[w]) add(g.wires[w].second, g.wires[w].first, 2 * w + 1);
    });
    mesh_ = build_csr(nodes, [&](auto&& add) {
      for (std::uint32_t w = 0; w < g.wires.size(); ++w)
        if (g.wire_is_mesh[w]) {
          add(g.wires[w].first, g.wires[w].second, 2 * w);
          add(g.wires[w].second, g.wires[w].first, 2 * w + 1);
        }
    });
  }

  const ButterflyFatTreeGraph& graph() const { return g_; }
  int phases() const { return 2 * net_.levels() + 2; }

  // One attempt's directed wires, at their phases: up wire of level l at l - 1, the mesh wires at
  // m and m + 1 (a diagonal neighbour on the 4-neighbour mesh takes the horizontal edge, then the
  // vertical one: Greenberg 1990 §4's two mesh edges), down wire of level l at 2m + 2 - l; kNone
  // where the path has no wire.
  void path(const Message& msg, SplitMix64& rng, std::uint32_t* out) const {
    const int m = net_.levels();
    std::fill(out, out + phases(), kNone);
    if (msg.first == msg.second) return;
    const ButterflyTurn turn = butterfly_turn(net_, msg.first, msg.second);
    std::uint32_t v = msg.first;
    for (int l = 0; l < turn.level; ++l) {
      const auto parents = up_.of(v);
      const auto& pick = parents[parents.size() == 1 ? 0 : rng.below(parents.size())];
      out[l] = pick.second;
      v = pick.first;
    }
    if (turn.mesh) {
      const Coord2 at = node_region(v), to = node_region_of(msg.second, turn.level);
      const std::int64_t dx = to.x - at.x, dy = to.y - at.y;
      if (dx != 0 && dy != 0 && !net_.mesh_diagonals()) {
        v = mesh_step(v, {to.x, at.y}, rng, out[m]);
        v = mesh_step(v, to, rng, out[m + 1]);
      } else {
        v = mesh_step(v, to, rng, out[m]);
      }
    }
    for (int l = turn.level; l >= 1; --l) {
      const auto children = down_.of(v);
      const auto it = std::find_if(children.begin(), children.end(),
                                   [&](const auto& c) { return covers(c.first, msg.second); });
      FTVLSI_ASSERT(it != children.end());
      out[2 * m + 2 - l] = it->second;
      v = it->first;
    }
    FTVLSI_ASSERT(v == msg.second);
  }

 private:
  // Node v's region at its level, and the region of processor p's level-l ancestor.
  Coord2 node_region(std::uint32_t v) const {
    const int l = g_.level[v];
    return {g_.cell[v][0] >> l, g_.cell[v][1] >> l};
  }
  Coord2 node_region_of(std::uint32_t p, int l) const {
    return {g_.cell[p][0] >> l, g_.cell[p][1] >> l};
  }
  // One mesh edge from v to the same-numbered switch of the adjacent node `to`: one of its p_l
  // parallel wires at random.
  std::uint32_t mesh_step(std::uint32_t v, Coord2 to, SplitMix64& rng, std::uint32_t& wire) const {
    std::uint32_t options[4], target[4], count = 0;
    for (const auto& [other, code] : mesh_.of(v)) {
      const Coord2 r = node_region(other);
      if (r.x == to.x && r.y == to.y && count < 4) target[count] = other, options[count++] = code;
    }
    FTVLSI_ASSERT(count >= 1);
    const auto k = static_cast<std::uint32_t>(count == 1 ? 0 : rng.below(count));
    wire = options[k];
    return target[k];
  }

  // Whether node v's region (at its level) contains processor d's cell.
  bool covers(std::uint32_t v, std::uint32_t d) const {
    const int l = g_.level[v];
    return (g_.cell[v][0] >> l) == (g_.cell[d][0] >> l) &&
           (g_.cell[v][1] >> l) == (g_.cell[d][1] >> l);
  }

  const ButterflyFatTree& net_;
  ButterflyFatTreeGraph g_;
  Csr up_, down_, mesh_;
};

}  // namespace

ButterflyTurn butterfly_turn(const ButterflyFatTree& net, std::uint32_t src, std::uint32_t dst) {
  const Coord2 s = processor_cell(net, src), d = processor_cell(net, dst);
  for (int l = 0;; ++l) {
    const std::int64_t dx = (d.x >> l) - (s.x >> l), dy = (d.y >> l) - (s.y >> l);
    if (dx == 0 && dy == 0) return {l, false};
    if (l >= 1 && net.pyramid() && std::max(std::abs(dx), std::abs(dy)) == 1) return {l, true};
  }
}

double butterfly_load_factor(const ButterflyFatTree& net, const MessageSet& messages) {
  // One key per (channel, message): level, kind (0 up, 1 down, 2 + direction for mesh), node.
  auto key = [](int l, std::uint64_t kind, std::int64_t x, std::int64_t y) {
    return (std::uint64_t(l) << 58) | (kind << 50) | (std::uint64_t(x) << 25) | std::uint64_t(y);
  };
  std::vector<std::uint64_t> keys;
  for (const auto& [src, dst] : messages) {
    if (src == dst) continue;
    const ButterflyTurn turn = butterfly_turn(net, src, dst);
    const Coord2 s = processor_cell(net, src), d = processor_cell(net, dst);
    for (int l = 0; l < turn.level; ++l) {
      keys.push_back(key(l, 0, s.x >> l, s.y >> l));
      keys.push_back(key(l, 1, d.x >> l, d.y >> l));
    }
    if (turn.mesh) {
      // The directed mesh channel from a node towards a neighbour; a diagonal on the 4-neighbour
      // mesh is a horizontal channel, then a vertical one from the node beside.
      const int l = turn.level;
      const std::int64_t x = s.x >> l, y = s.y >> l, dx = (d.x >> l) - x, dy = (d.y >> l) - y;
      auto mesh = [&](std::int64_t ax, std::int64_t ay, std::int64_t ex, std::int64_t ey) {
        keys.push_back(key(l, 2 + static_cast<std::uint64_t>((ex + 1) * 3 + ey + 1), ax, ay));
      };
      if (dx != 0 && dy != 0 && !net.mesh_diagonals()) {
        mesh(x, y, dx, 0);
        mesh(x + dx, y, 0, dy);
      } else {
        mesh(x, y, dx, dy);
      }
    }
  }
  std::sort(keys.begin(), keys.end());
  double lambda = 0;
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    const int l = static_cast<int>(keys[i] >> 58);
    lambda =
        std::max(lambda, static_cast<double>(j - i) / static_cast<double>(net.channel_width(l)));
    i = j;
  }
  return lambda;
}

namespace {

// One delivery cycle at a time: fresh random parents for every message sent, contention
// resolved phase by phase (docs/design.md §5.5), optional timing.
class ButterflySimulator {
 public:
  ButterflySimulator(const ButterflyFatTree& net, const MessageSet& messages, SwitchPolicy policy,
                     std::uint64_t seed, const ButterflyTiming* timing)
      : router_(net),
        messages_(messages),
        policy_(policy),
        rng_(seed),
        timing_(timing),
        phases_(router_.phases()),
        count_(2 * router_.graph().wires.size(), 0),
        winner_(2 * router_.graph().wires.size(), 0) {
    if (timing_) {
      FTVLSI_ASSERT(timing_->wire_length.size() == router_.graph().wires.size());
      for (auto len : timing_->wire_length)
        wire_delay_.push_back(timing_->timing.delay(static_cast<double>(len)));
      path_length_.assign(messages.size(), 0);
    }
  }

  // Sends `sent` (ascending ids); returns the delivered ones, ascending.
  std::vector<std::uint32_t> cycle(const std::vector<std::uint32_t>& sent) {
    const std::size_t k = sent.size();
    paths_.resize(k * phases_);
    for (std::size_t i = 0; i < k; ++i)
      router_.path(messages_[sent[i]], rng_, &paths_[i * phases_]);
    // Phase by phase, every alive contender of a directed wire counts and one wins: a uniform
    // choice by reservoir sampling, or the first (the lowest message number).
    alive_.assign(k, 1);
    lost_at_.assign(k, phases_);
    for (int p = 0; p < phases_; ++p) {
      for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t c = paths_[i * phases_ + p];
        if (!alive_[i] || c == kNone) continue;
        ++steps_;
        const std::uint32_t seen = ++count_[c];
        if (seen == 1 || (policy_ == SwitchPolicy::kRandom && rng_.below(seen) == 0))
          winner_[c] = static_cast<std::uint32_t>(i);
      }
      for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t c = paths_[i * phases_ + p];
        if (!alive_[i] || c == kNone) continue;
        count_[c] = 0;
        if (winner_[c] != i) alive_[i] = 0, lost_at_[i] = p;
      }
    }
    if (timing_) elapsed_ += slowest_round_trip(sent);
    std::vector<std::uint32_t> delivered;
    for (std::size_t i = 0; i < k; ++i) {
      if (!alive_[i]) continue;
      delivered.push_back(sent[i]);
      if (timing_)
        for (int p = 0; p < phases_; ++p)
          if (const auto c = paths_[i * phases_ + p]; c != kNone)
            path_length_[sent[i]] += timing_->wire_length[c / 2];
    }
    return delivered;
  }

  std::uint64_t steps() const { return steps_; }
  double elapsed() const { return elapsed_; }

  // The cycle's length (docs/design.md, "Time from the real wires"): a delivered message's round
  // trip over its path; a lost one's head up to the switch that dropped it and a one-bit negative
  // acknowledgment back over the same wires.
  double slowest_round_trip(const std::vector<std::uint32_t>& sent) const {
    double slowest = 0;
    for (std::size_t i = 0; i < sent.size(); ++i) {
      double delay = 0;
      std::size_t wires = 0;
      for (int p = 0; p < lost_at_[i]; ++p)
        if (const auto c = paths_[i * phases_ + p]; c != kNone)
          delay += wire_delay_[c / 2], ++wires;
      if (alive_[i] && wires > 0)
        slowest = std::max(slowest, timing_->timing.round_trip(delay, wires - 1));
      else if (!alive_[i])
        slowest = std::max(slowest, 2 * timing_->timing.head(delay, wires) + 1);
    }
    return slowest;
  }
  std::vector<std::uint64_t> take_path_lengths() { return std::move(path_length_); }

 private:
  const Router router_;
  const MessageSet& messages_;
  SwitchPolicy policy_;
  SplitMix64 rng_;
  const ButterflyTiming* timing_;
  int phases_;
  std::vector<double> wire_delay_;
  std::vector<std::uint32_t> paths_, count_, winner_;
  std::vector<std::uint8_t> alive_;
  std::vector<int> lost_at_;  // the phase a message lost its wire in (phases_: delivered)
  std::vector<std::uint64_t> path_length_;
  std::uint64_t steps_ = 0;
  double elapsed_ = 0;
};

}  // namespace

std::string_view to_string(ButterflyAlgorithm a) {
  return a == ButterflyAlgorithm::kGreedy ? "greedy" : "random-prime";
}

RouteResult route_butterfly(const ButterflyFatTree& net, const MessageSet& messages,
                            ButterflyAlgorithm algorithm, SwitchPolicy policy, std::uint64_t seed,
                            std::uint64_t max_cycles, const ButterflyTiming* timing) {
  ButterflySimulator sim(net, messages, policy, seed, timing);
  detail::Router<ButterflySimulator> router(sim, messages.size(), max_cycles);
  if (algorithm == ButterflyAlgorithm::kGreedy) {
    while (!router.done()) router.send(router.undelivered());
  } else {
    // GL §6: RANDOM' with lines 3-6 repeated (k + 1) lg n times for |M| <= n^k.
    const double n = static_cast<double>(net.processors());
    const double k =
        std::max(1.0, std::ceil(std::log(std::max<double>(2, messages.size())) / std::log(n)));
    SplitMix64 rng(seed ^ 0x5bd1e995u);
    detail::random_prime_passes(router, rng, static_cast<std::uint64_t>((k + 1) * std::log2(n)));
  }
  RouteResult r = router.finish();
  r.path_length = sim.take_path_lengths();
  return r;
}

RouteResult route_butterfly_greedy(const ButterflyFatTree& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles, const ButterflyTiming* timing) {
  return route_butterfly(net, messages, ButterflyAlgorithm::kGreedy, policy, seed, max_cycles,
                         timing);
}

}  // namespace ftvlsi
