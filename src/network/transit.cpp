#include "ftvlsi/network/transit.hpp"

#include <algorithm>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"

namespace ftvlsi {
namespace {

// Sources and sinks of one pool. A source is an output slot (>= 0) or a processor's injection
// -(k + 1); a sink is an input slot (>= 0) or a delivery_link(p).
using Slots = std::vector<std::int64_t>;

std::int64_t slot(std::uint64_t router, int port) {
  return static_cast<std::int64_t>(router) * kRn1Ports + port;
}

// Ports in an order that alternates the crossbars of the dual configuration.
constexpr int kPortOrder[kRn1Ports] = {0, 4, 1, 5, 2, 6, 3, 7};

// The unit-tree layers, as offsets in a block of 26m routers.
struct Layers {
  std::uint64_t up, d3, d2, d1;
  explicit Layers(std::uint64_t first, int m)
      : up(first), d3(first + 8 * m), d2(first + 12 * m), d1(first + 18 * m) {}
};

}  // namespace

std::uint64_t TransitNetwork::add_routers(std::uint64_t count, RouterRole role, int level,
                                          std::uint32_t group, std::uint32_t stack) {
  const std::uint64_t first = role_.size();
  role_.insert(role_.end(), count, role);
  level_.insert(level_.end(), count, static_cast<std::int16_t>(level));
  group_.insert(group_.end(), count, group);
  stack_.insert(stack_.end(), count, stack);
  link_.insert(link_.end(), count * kRn1Ports, kNoLink);
  return first;
}

void TransitNetwork::match(Slots& sources, Slots& sinks) {
  FTVLSI_ASSERT(sources.size() == sinks.size());
  if (shape_.params.wiring == RedundantWiring::kRandom) {
    SplitMix64 rng(rng_state_);
    rng_state_ = rng();
    for (std::size_t i = sinks.size(); i > 1; --i) std::swap(sinks[i - 1], sinks[rng.below(i)]);
  }
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (sources[i] >= 0)
      link_[sources[i]] = sinks[i];
    else
      inject_[-sources[i] - 1] = sinks[i];
  }
}

TransitNetwork::TransitNetwork(const TransitParams& params) : shape_(transit_shape(params)) {
  cluster_size_ = cluster_processors(shape_.params.leaf);
  for (int t = cluster_size_ / 3; t > 1; t /= 4) ++cluster_stages_;
  if (cluster_size_) ++cluster_stages_;
  rng_state_ = shape_.params.seed ^ 0x7472616e736974ull;  // "transit"
  inject_.assign(2 * shape_.processors, kNoLink);
  role_.reserve(shape_.routers);
  pending_up_.resize(shape_.leaf_units);
  pending_down_.resize(shape_.leaf_units);
  if (cluster_size_) {
    build_clusters();
  } else {
    for (std::uint64_t p = 0; p < shape_.processors; ++p) {
      const auto pi = static_cast<std::int64_t>(p);
      pending_up_[p] = {-(2 * pi) - 1, -(2 * pi + 1) - 1};
      pending_down_[p] = {delivery_link(p), delivery_link(p)};
    }
  }
  for (int s = 0; s < shape_.unit_tree_stages; ++s) build_stage(s);
  pending_up_.clear();
  pending_down_.clear();
  FTVLSI_ASSERT(role_.size() == shape_.routers);
}

// A bidelta leaf cluster (Transit Note #32 §Bidelta Leaf Clusters): the first stage's inputs
// 0..5 come from the processors and 6, 7 from the tree; its directions 0..2 go to the cluster's
// thirds, 3 up; each later stage splits its group four ways, the last one into processors.
void TransitNetwork::build_clusters() {
  const std::uint64_t c = cluster_size_, first_count = c / 3, inner_count = c / 4;
  const int inner_stages = cluster_stages_ - 1;
  for (std::uint64_t x = 0; x < shape_.leaf_clusters; ++x) {
    const auto stack = static_cast<std::uint32_t>(stack_stage_.size());
    stack_stage_.push_back(0);
    const std::uint64_t c1 = add_routers(first_count, RouterRole::kClusterFirst, 1,
                                         static_cast<std::uint32_t>(x), stack);
    std::vector<std::uint64_t> stage_first{c1};
    for (int k = 0; k < inner_stages; ++k)
      stage_first.push_back(add_routers(inner_count, RouterRole::kClusterInner, k + 2,
                                        static_cast<std::uint32_t>(x), stack));
    Slots src, snk;
    for (std::uint64_t q = 0; q < 2 * c; ++q)
      src.push_back(-static_cast<std::int64_t>(2 * x * c + q) - 1);
    for (int port = 0; port < 6; ++port)
      for (std::uint64_t r = 0; r < first_count; ++r) snk.push_back(slot(c1 + r, port));
    match(src, snk);
    auto& down = pending_down_[x];
    auto& up = pending_up_[x];
    for (int port : {6, 7})
      for (std::uint64_t r = 0; r < first_count; ++r) down.push_back(slot(c1 + r, port));
    for (std::uint64_t r = 0; r < first_count; ++r)
      for (int o : rn1_direction_outputs(rn1(), 3)) up.push_back(slot(c1 + r, o));
    // Stage i (index i into stage_first) has groups of `per` routers; direction d of group g
    // feeds group 4g + d of the next stage (the first stage: its 3 thirds).
    std::uint64_t groups = 1, per = first_count;
    for (int i = 0; i <= inner_stages; ++i) {
      const int fan = i == 0 ? 3 : 4;
      const std::uint64_t next_per = i < inner_stages ? inner_count / (groups * fan) : 0;
      for (std::uint64_t g = 0; g < groups; ++g)
        for (int d = 0; d < fan; ++d) {
          Slots s2, k2;
          for (std::uint64_t r = 0; r < per; ++r)
            for (int o : rn1_direction_outputs(rn1(), d))
              s2.push_back(slot(stage_first[i] + g * per + r, o));
          const std::uint64_t ng = g * fan + d;
          if (i < inner_stages) {
            for (int port : kPortOrder)
              for (std::uint64_t r = 0; r < next_per; ++r)
                k2.push_back(slot(stage_first[i + 1] + ng * next_per + r, port));
          } else {
            k2.assign(s2.size(), delivery_link(x * c + ng));
          }
          match(s2, k2);
        }
      groups *= fan;
      per = next_per;
    }
  }
}

// One unit tree's own links (Transit Note #32 §Unit Tree): lateral crossovers from the up
// layer into D1 (its group of 4), D2 (its group of 16) and the odd inputs of D3; D3 -> D2 -> D1.
void TransitNetwork::wire_unit_tree(std::uint64_t first, int m) {
  const Layers L(first, m);
  const std::uint64_t per4 = m / 2, per16 = 3 * m / 2;  // up/D1 per group of 4; D2 per 16
  auto outs = [&](std::uint64_t r0, std::uint64_t count, int dir, Slots& into) {
    for (std::uint64_t r = r0; r < r0 + count; ++r)
      for (int o : rn1_direction_outputs(rn1(), dir)) into.push_back(slot(r, o));
  };
  auto ins = [&](std::uint64_t r0, std::uint64_t count, std::initializer_list<int> ports) {
    Slots s;
    for (int port : ports)
      for (std::uint64_t r = r0; r < r0 + count; ++r) s.push_back(slot(r, port));
    return s;
  };
  for (std::uint64_t g4 = 0; g4 < 16; ++g4) {  // D1 of a group of 4: D2 outputs and lateral +1
    Slots src;
    outs(L.d2 + (g4 / 4) * per16, per16, static_cast<int>(g4 % 4), src);
    outs(L.up + g4 * per4, per4, 0, src);
    Slots snk = ins(L.d1 + g4 * per4, per4, {0, 4, 1, 5, 2, 6, 3, 7});
    match(src, snk);
  }
  for (std::uint64_t g16 = 0; g16 < 4; ++g16) {  // D2 of a group of 16: D3 and lateral +2
    Slots src;
    outs(L.d3, 4 * m, static_cast<int>(g16), src);
    outs(L.up + g16 * 4 * per4, 4 * per4, 1, src);
    Slots snk = ins(L.d2 + g16 * per16, per16, {0, 4, 1, 5, 2, 6, 3, 7});
    match(src, snk);
  }
  Slots src;  // D3's odd inputs: lateral +3
  outs(L.up, 8 * m, 2, src);
  Slots snk = ins(L.d3, 4 * m, {1, 5, 3, 7});
  match(src, snk);
}

// A stage of logical nodes, each of u unit trees joining 64 children: a child's up outputs
// enter inputs 2j, 2j + 1 (j = child mod 4) of the up routers of its group of 4 in every unit
// tree; D1's outputs of direction d feed the child's down pool. The node's own up outputs and
// down pool (D3's even inputs) wait for the parent.
void TransitNetwork::build_stage(int s) {
  const std::size_t idx = s + (cluster_size_ ? 1 : 0);
  const int m = shape_.unit_tree_size_by_stage[idx];
  const std::uint64_t u = shape_.unit_trees_per_node[idx];
  const std::uint64_t nodes = pending_up_.size() / 64, per4 = m / 2;
  std::vector<Slots> up(nodes), down(nodes);
  for (std::uint64_t n = 0; n < nodes; ++n) {
    std::vector<std::uint64_t> first(u);
    for (std::uint64_t t = 0; t < u; ++t) {
      const auto stack = static_cast<std::uint32_t>(stack_stage_.size());
      stack_stage_.push_back(static_cast<int>(idx));
      first[t] = add_routers(8 * m, RouterRole::kUp, s, static_cast<std::uint32_t>(n), stack);
      for (int lv = 3; lv >= 1; --lv)
        add_routers(lv == 3   ? 4 * m
                    : lv == 2 ? 6 * m
                              : 8 * m,
                    RouterRole::kDown, 3 * s + lv, static_cast<std::uint32_t>(n), stack);
      wire_unit_tree(first[t], m);
    }
    for (std::uint64_t c = 0; c < 64; ++c) {
      const std::uint64_t g4 = c / 4, x = n * 64 + c;
      const int j = static_cast<int>(c % 4);
      Slots snk, src;
      for (int port : {2 * j, 2 * j + 1})
        for (std::uint64_t r = 0; r < per4; ++r)
          for (std::uint64_t t = 0; t < u; ++t) snk.push_back(slot(first[t] + r + g4 * per4, port));
      match(pending_up_[x], snk);
      for (std::uint64_t r = 0; r < per4; ++r)
        for (std::uint64_t t = 0; t < u; ++t)
          for (int o : rn1_direction_outputs(rn1(), j))
            src.push_back(slot(Layers(first[t], m).d1 + g4 * per4 + r, o));
      match(src, pending_down_[x]);
    }
    for (std::uint64_t r = 0; r < 8ull * m; ++r)
      for (std::uint64_t t = 0; t < u; ++t)
        for (int o : rn1_direction_outputs(rn1(), 3)) up[n].push_back(slot(first[t] + r, o));
    for (int port : {0, 4, 2, 6})
      for (std::uint64_t r = 0; r < 4ull * m; ++r)
        for (std::uint64_t t = 0; t < u; ++t)
          down[n].push_back(slot(Layers(first[t], m).d3 + r, port));
  }
  pending_up_ = std::move(up);
  pending_down_ = std::move(down);
}

std::uint64_t TransitNetwork::leaf_unit(std::uint64_t p) const {
  return cluster_size_ ? p / static_cast<std::uint64_t>(cluster_size_) : p;
}

int TransitNetwork::lca_level(std::uint64_t a, std::uint64_t b) const {
  int l = 0;
  while (a != b) a >>= 2, b >>= 2, ++l;
  return l;
}

int TransitNetwork::direction(std::uint64_t r, std::uint64_t src, std::uint64_t dst) const {
  switch (role_[r]) {
    case RouterRole::kUp: {
      const int l = lca_level(leaf_unit(src), leaf_unit(dst)), top = 3 * level_[r] + 3;
      return l <= top ? l - (top - 2) : 3;
    }
    case RouterRole::kDown:
      return static_cast<int>((leaf_unit(dst) >> (2 * (level_[r] - 1))) & 3);
    case RouterRole::kClusterFirst: {
      const std::uint64_t c = cluster_size_;
      if (dst / c != group_[r]) return 3;
      return static_cast<int>((dst % c) / (c / 3));
    }
    case RouterRole::kClusterInner: {
      const std::uint64_t q = (dst % cluster_size_) % (cluster_size_ / 3);
      return static_cast<int>((q >> (2 * (cluster_stages_ - level_[r]))) & 3);
    }
  }
  return 3;
}

TransitNetwork::StageCount TransitNetwork::stages_of_class(int c) const {
  StageCount n;
  if (cluster_size_) n.cluster = c == 0 ? cluster_stages_ : 1 + cluster_stages_;
  if (c == 0) return n;
  const int s = (c - 1) / 3;  // the stage whose unit trees hold the common ancestor
  n.up = s + 1;
  n.naive_up = c;
  n.down = c;
  return n;
}

}  // namespace ftvlsi
