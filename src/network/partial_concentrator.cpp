#include "ftvlsi/network/partial_concentrator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"

namespace ftvlsi {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
constexpr u32 kNone = std::numeric_limits<u32>::max();
// The widest switch drawn: its graphs are held in 32-bit indices with room for 6 edges an input.
constexpr u64 kMaxSwitchWires = u64{1} << 22;

void require_switch_size(u64 inputs, u64 outputs) {
  if (outputs == 0 || inputs == 0 || inputs > kMaxSwitchWires || outputs > kMaxSwitchWires)
    throw InputError(3751, fmt::format("a concentrator switch needs 1 to {} inputs and outputs; "
                                       "{} inputs onto {} outputs is outside it, choose a "
                                       "smaller fat-tree or capacity",
                                       kMaxSwitchWires, inputs, outputs));
}

// Dinic's max-flow on unit capacities, written for this verifier (a few hundred lines of a graph
// library would buy nothing here): one vertex-split network per switch, reused for every subset.
class UnitFlow {
 public:
  int add_node() { return nodes_++; }
  int add_edge(int from, int to, int cap) {
    const int id = static_cast<int>(to_.size());
    from_.push_back(from), to_.push_back(to), base_.push_back(cap);
    from_.push_back(to), to_.push_back(from), base_.push_back(0);
    return id;
  }
  void set_base(int edge, int cap) { base_[edge] = cap; }
  void finish() {  // edges grouped by their tail, in insertion order
    start_.assign(nodes_ + 1, 0);
    for (int f : from_) ++start_[f + 1];
    std::partial_sum(start_.begin(), start_.end(), start_.begin());
    order_.resize(from_.size());
    std::vector<int> fill(start_.begin(), start_.end() - 1);
    for (int e = 0; e < static_cast<int>(from_.size()); ++e) order_[fill[from_[e]]++] = e;
  }
  u64 run(int source, int sink) {
    cap_ = base_;
    u64 flow = 0;
    while (levels(source, sink)) {
      next_.assign(start_.begin(), start_.end() - 1);
      while (const int f = augment(source, sink)) flow += f;
    }
    return flow;
  }
  // Whether the edge carries flow after run().
  bool used(int edge) const { return cap_[edge] < base_[edge]; }
  int head(int edge) const { return to_[edge]; }
  std::span<const int> out_edges(int node) const {
    return {order_.data() + start_[node], order_.data() + start_[node + 1]};
  }

 private:
  bool levels(int source, int sink) {
    level_.assign(nodes_, -1);
    std::vector<int> queue{source};
    level_[source] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (int p = start_[queue[i]]; p < start_[queue[i] + 1]; ++p) {
        const int e = order_[p];
        if (cap_[e] > 0 && level_[to_[e]] < 0) {
          level_[to_[e]] = level_[queue[i]] + 1;
          queue.push_back(to_[e]);
        }
      }
    return level_[sink] >= 0;
  }
  // One augmenting path of the level graph, iteratively (the cascades are shallow but wide).
  int augment(int source, int sink) {
    std::vector<int> path;  // edges
    int v = source;
    while (v != sink) {
      int& p = next_[v];
      for (; p < start_[v + 1]; ++p) {
        const int e = order_[p];
        if (cap_[e] > 0 && level_[to_[e]] == level_[v] + 1) break;
      }
      if (p == start_[v + 1]) {  // dead end: retreat
        if (path.empty()) return 0;
        level_[v] = -1;
        v = from_[path.back()];
        path.pop_back();
        ++next_[v];
        continue;
      }
      path.push_back(order_[p]);
      v = to_[order_[p]];
    }
    for (int e : path) --cap_[e], ++cap_[e ^ 1];
    return 1;
  }

  int nodes_ = 0;
  std::vector<int> from_, to_, base_, cap_, start_, order_, level_, next_;
};

// The vertex-split flow network of a switch: every vertex of every layer an in-node and an
// out-node joined by capacity 1, every graph edge capacity 1, the source to each input (capacity
// set per subset), each output to the sink.
struct SwitchFlow {
  UnitFlow net;
  int source = 0, sink = 0;
  std::vector<int> input_edge;  // source -> input, by input
  std::vector<int> layer_start;
  std::vector<int> out_of_layer;  // the out-node of every vertex, layers concatenated

  explicit SwitchFlow(const ConcentratorSwitch& sw) {
    source = net.add_node();
    sink = net.add_node();
    std::vector<u32> widths{sw.inputs};
    for (const auto& l : sw.levels) widths.push_back(l.outputs);
    if (sw.levels.empty()) widths.push_back(sw.outputs);
    int total = 0;
    for (u32 w : widths) layer_start.push_back(total), total += static_cast<int>(w);
    layer_start.push_back(total);
    std::vector<int> in(total);
    out_of_layer.resize(total);
    for (int v = 0; v < total; ++v) {  // vertex v: nodes 2v + 2 (in) and 2v + 3 (out)
      in[v] = net.add_node();
      out_of_layer[v] = net.add_node();
      net.add_edge(in[v], out_of_layer[v], 1);
    }
    for (u32 i = 0; i < sw.inputs; ++i) input_edge.push_back(net.add_edge(source, in[i], 0));
    if (sw.levels.empty()) {  // straight wires: input i to output i
      for (u32 i = 0; i < sw.inputs; ++i)
        net.add_edge(out_of_layer[i], in[layer_start[1] + static_cast<int>(i)], 1);
    }
    for (std::size_t l = 0; l < sw.levels.size(); ++l)
      for (u32 i = 0; i < sw.levels[l].inputs; ++i)
        for (u32 o : sw.levels[l].neighbours(i))
          net.add_edge(out_of_layer[layer_start[l] + i], in[layer_start[l + 1] + o], 1);
    const int last = static_cast<int>(widths.size()) - 1;
    for (int v = layer_start[last]; v < layer_start[last + 1]; ++v)
      net.add_edge(out_of_layer[v], sink, 1);
    net.finish();
  }

  u64 connect(std::span<const u32> inputs) {
    for (int e : input_edge) net.set_base(e, 0);
    for (u32 i : inputs) net.set_base(input_edge.at(i), 1);
    return net.run(source, sink);
  }

  // After connect(): the output each input's path ends on, following the flow layer by layer.
  u32 follow(u32 input) const {
    if (!net.used(input_edge[input])) return kNone;
    int v = out_of_layer[input];
    const int last_layer = static_cast<int>(layer_start.size()) - 2;
    for (int layer = 0; layer < last_layer; ++layer) {
      int next = -1;
      for (int e : net.out_edges(v))
        if ((e & 1) == 0 && net.used(e) && net.head(e) != sink) next = net.head(e);
      FTVLSI_ASSERT(next >= 0);
      const int vertex = (next - 2) / 2;  // nodes 2v + 2 and 2v + 3 are vertex v's
      v = out_of_layer[vertex];
      if (layer + 1 == last_layer) return static_cast<u32>(vertex - layer_start[last_layer]);
    }
    return kNone;
  }
};

// The outputs of a level that point back to each input (the reverse rows).
std::vector<std::vector<u32>> reverse_rows(const ConcentratorLevel& level) {
  std::vector<std::vector<u32>> back(level.outputs);
  for (u32 i = 0; i < level.inputs; ++i)
    for (u32 o : level.neighbours(i)) back[o].push_back(i);
  return back;
}

// Bipartite matching grown one input at a time (Kuhn's augmenting path): on one level the
// max-flow with unit vertex capacities is a maximum matching, and adding one input raises it by
// at most one, so one search per added input keeps it maximum.
class GrowingMatching {
 public:
  explicit GrowingMatching(const ConcentratorLevel& level)
      : level_(level), owner_(level.outputs, kNone), seen_(level.outputs, 0) {}
  bool add(u32 input) {
    ++stamp_;
    return reach(input);
  }

 private:
  bool reach(u32 input) {
    for (u32 o : level_.neighbours(input)) {
      if (seen_[o] == stamp_) continue;
      seen_[o] = stamp_;
      if (owner_[o] == kNone || reach(owner_[o])) {
        owner_[o] = input;
        return true;
      }
    }
    return false;
  }
  const ConcentratorLevel& level_;
  std::vector<u32> owner_;
  std::vector<u64> seen_;
  u64 stamp_ = 0;
};

struct Tally {
  ConcentratorVerdict& out;
  void record(u64 size, u64 routed, std::span<const u32> subset, int level) {
    ++out.subsets;
    if (size == 0) return;
    if (out.worst_size == 0 || routed * out.worst_size < out.worst_routed * size) {
      out.worst_size = size, out.worst_routed = routed;
    }
    if (routed < size && out.counterexample.empty()) {
      out.counterexample.assign(subset.begin(), subset.end());
      out.failed_level = level;
    }
  }
};

ConcentratorSwitch single(const ConcentratorLevel& level) {
  ConcentratorSwitch sw;
  sw.inputs = level.inputs, sw.outputs = level.outputs;
  sw.levels = {level};
  return sw;
}

// Every subset of at most floor(3s/4) inputs of one level (r ≤ 20), by max-flow.
void exhaustive(const ConcentratorLevel& level, int index, Tally& tally) {
  const ConcentratorSwitch sw = single(level);
  SwitchFlow flow(sw);
  const u64 limit = concentrator_guarantee(level.outputs);
  std::vector<u32> subset;
  for (u64 mask = 1; mask < (u64{1} << level.inputs); ++mask) {
    if (static_cast<u64>(std::popcount(mask)) > limit) continue;
    subset.clear();
    for (u32 i = 0; i < level.inputs; ++i)
      if (mask >> i & 1) subset.push_back(i);
    tally.record(subset.size(), flow.connect(subset), subset, index);
  }
}

// Greedy hardest subset: start from a random input, then repeatedly add the input with the
// fewest outputs not yet in N(S) (ties at random), checking after each that S still connects.
void greedy(const ConcentratorLevel& level, int index, SplitMix64& rng, Tally& tally) {
  const u64 limit = concentrator_guarantee(level.outputs);
  const auto back = reverse_rows(level);
  std::vector<int> fresh(level.inputs);  // outputs of each input not yet covered
  for (u32 i = 0; i < level.inputs; ++i) fresh[i] = static_cast<int>(level.neighbours(i).size());
  std::vector<char> taken(level.inputs, 0), covered(level.outputs, 0);
  GrowingMatching matching(level);
  std::vector<u32> subset;
  u32 next = static_cast<u32>(rng.below(level.inputs));
  u64 routed = 0;
  while (subset.size() < limit) {
    poll_cancel();
    taken[next] = 1;
    subset.push_back(next);
    routed += matching.add(next) ? 1 : 0;
    tally.record(subset.size(), routed, subset, index);
    if (routed < subset.size()) return;
    for (u32 o : level.neighbours(next)) {
      if (covered[o]) continue;
      covered[o] = 1;
      for (u32 i : back[o]) --fresh[i];
    }
    int best = std::numeric_limits<int>::max();
    u64 ties = 0;
    for (u32 i = 0; i < level.inputs; ++i) {
      if (taken[i] || fresh[i] > best) continue;
      if (fresh[i] < best) best = fresh[i], ties = 0;
      if (rng.below(++ties) == 0) next = i;  // reservoir choice among the ties
    }
  }
}

std::vector<u32> random_subset(u32 inputs, u64 size, SplitMix64& rng) {
  std::vector<u32> all(inputs);
  std::iota(all.begin(), all.end(), 0u);
  for (u64 i = 0; i < size; ++i) std::swap(all[i], all[i + rng.below(inputs - i)]);
  all.resize(size);
  return all;
}

}  // namespace

u64 concentrator_guarantee(u64 outputs) {
  return 3 * outputs / 4;
}

FatTree guaranteed_capacities(const FatTree& tree) {
  FatTreeParams p;
  p.processors = tree.processors();
  p.capacity.profile = CapacityProfile::kCustom;
  p.capacity.custom = tree.capacities();
  for (u64& c : p.capacity.custom) c = std::max<u64>(1, concentrator_guarantee(c));
  return FatTree(p);
}

int ConcentratorLevel::max_input_degree() const {
  u32 most = 0;
  for (u32 i = 0; i < inputs; ++i) most = std::max(most, offset[i + 1] - offset[i]);
  return static_cast<int>(most);
}

int ConcentratorLevel::max_output_degree() const {
  std::vector<int> degree(outputs, 0);
  for (u32 o : target) ++degree[o];
  return outputs == 0 ? 0 : *std::max_element(degree.begin(), degree.end());
}

u64 ConcentratorSwitch::components() const {
  u64 total = 0;
  for (const auto& l : levels) total += l.edges();
  return total;
}

std::vector<u32> cascade_widths(u32 inputs, u32 outputs) {
  require_switch_size(inputs, outputs);
  std::vector<u32> widths{inputs};
  if (inputs <= outputs) return widths;
  // ⌈2w/3⌉ stops shrinking at w = 2; 2 inputs onto 1 output is still within the degrees (the
  // output's 12 ends merge into 2 edges).
  for (u64 w = inputs; 2 * w > 3 * u64{outputs} && (2 * w + 2) / 3 < w;) {
    w = (2 * w + 2) / 3;
    widths.push_back(static_cast<u32>(w));
  }
  widths.push_back(outputs);
  return widths;
}

ConcentratorLevel draw_concentrator_level(u32 inputs, u32 outputs, u64 seed, int input_degree) {
  require_switch_size(inputs, outputs);
  FTVLSI_ASSERT(2 * u64{inputs} <= 3 * u64{outputs} || inputs <= 2);
  FTVLSI_ASSERT(input_degree >= 1 && input_degree <= kConcentratorInputDegree);
  const u64 ends = static_cast<u64>(input_degree) * inputs;
  std::vector<u32> output_end(ends);  // the output of each output end, spread evenly
  for (u64 e = 0; e < ends; ++e) output_end[e] = static_cast<u32>(e % outputs);
  SplitMix64 rng(seed);
  for (u64 e = ends; e > 1; --e) std::swap(output_end[e - 1], output_end[rng.below(e)]);
  ConcentratorLevel level;
  level.inputs = inputs, level.outputs = outputs;
  level.offset.push_back(0);
  for (u32 i = 0; i < inputs; ++i) {
    auto first = output_end.begin() + static_cast<std::ptrdiff_t>(i) * input_degree;
    std::vector<u32> row(first, first + input_degree);
    std::sort(row.begin(), row.end());
    row.erase(std::unique(row.begin(), row.end()), row.end());
    level.target.insert(level.target.end(), row.begin(), row.end());
    level.offset.push_back(static_cast<u32>(level.target.size()));
  }
  return level;
}

ConcentratorSwitch draw_concentrator(u32 inputs, u32 outputs, u64 seed, int input_degree) {
  const auto widths = cascade_widths(inputs, outputs);
  ConcentratorSwitch sw;
  sw.inputs = inputs, sw.outputs = outputs, sw.seed = seed;
  SplitMix64 seeds(seed);
  for (std::size_t l = 0; l + 1 < widths.size(); ++l)
    sw.levels.push_back(draw_concentrator_level(widths[l], widths[l + 1], seeds(), input_degree));
  return sw;
}

ConcentratorSwitch weak_concentrator(u32 inputs, u32 outputs) {
  require_switch_size(inputs, outputs);
  ConcentratorLevel level;
  level.inputs = inputs, level.outputs = outputs;
  level.offset.push_back(0);
  for (u32 i = 0; i < inputs; ++i) {
    level.target.push_back(i % outputs);
    level.offset.push_back(i + 1);
  }
  return single(level);
}

ConcentratorSwitch crossbar_concentrator(u32 inputs, u32 outputs) {
  require_switch_size(inputs, outputs);
  if (inputs <= outputs) {  // straight wires
    ConcentratorSwitch sw;
    sw.inputs = inputs, sw.outputs = outputs;
    return sw;
  }
  ConcentratorLevel level;
  level.inputs = inputs, level.outputs = outputs;
  level.offset.push_back(0);
  for (u32 i = 0; i < inputs; ++i) {
    for (u32 o = 0; o < outputs; ++o) level.target.push_back(o);
    level.offset.push_back(static_cast<u32>(level.target.size()));
  }
  return single(level);
}

struct ConcentratorRouter::Flow {
  SwitchFlow net;
};

ConcentratorRouter::ConcentratorRouter(const ConcentratorSwitch& sw)
    : flow_(std::make_unique<Flow>(Flow{SwitchFlow(sw)})) {}
ConcentratorRouter::~ConcentratorRouter() = default;
ConcentratorRouter::ConcentratorRouter(ConcentratorRouter&&) noexcept = default;
ConcentratorRouter& ConcentratorRouter::operator=(ConcentratorRouter&&) noexcept = default;

u64 ConcentratorRouter::connect(std::span<const u32> inputs, std::vector<u32>* assigned) {
  const u64 routed = flow_->net.connect(inputs);
  if (assigned) {
    assigned->clear();
    for (u32 i : inputs) assigned->push_back(flow_->net.follow(i));
  }
  return routed;
}

u64 disjoint_paths(const ConcentratorSwitch& sw, std::span<const u32> inputs,
                   std::vector<u32>* assigned) {
  SwitchFlow flow(sw);
  const u64 routed = flow.connect(inputs);
  if (assigned) {
    assigned->clear();
    for (u32 i : inputs) assigned->push_back(flow.follow(i));
  }
  return routed;
}

ConcentratorVerdict verify_concentrator(const ConcentratorSwitch& sw, const VerifyParams& params) {
  ConcentratorVerdict out;
  Tally tally{out};
  SplitMix64 rng(params.seed);
  out.exhaustive = true;
  for (std::size_t l = 0; l < sw.levels.size(); ++l) {
    const auto& level = sw.levels[l];
    if (level.inputs <= std::min<u32>(params.exhaustive_up_to, 20)) {
      exhaustive(level, static_cast<int>(l), tally);
      continue;
    }
    out.exhaustive = false;
    for (int g = 0; g < params.greedy_starts; ++g) greedy(level, static_cast<int>(l), rng, tally);
  }
  // The cascade as a whole (its levels' guarantees compose: each passes floor(3s/4) of the last
  // level's outputs or more): random subsets, half of them of the full guaranteed size.
  const u64 limit = sw.guarantee();
  if (limit == 0) return out;
  SwitchFlow flow(sw);
  for (int t = 0; t < params.random_subsets; ++t) {
    poll_cancel();
    const u64 size = t % 2 == 0 ? limit : 1 + rng.below(limit);
    const auto subset = random_subset(sw.inputs, size, rng);
    tally.record(size, flow.connect(subset), subset, -1);
  }
  return out;
}

ConcentratorSwitch build_concentrator(u32 inputs, u32 outputs, u64 seed,
                                      const BuildParams& params) {
  const int max_tries = params.max_tries;
  for (int t = 0; t < max_tries; ++t) {
    ConcentratorSwitch sw =
        draw_concentrator(inputs, outputs, seed + static_cast<u64>(t), params.input_degree);
    VerifyParams v = params.verify;
    v.seed = params.verify.seed ^ (seed + static_cast<u64>(t));
    if (verify_concentrator(sw, v).holds()) {
      sw.tries = t + 1;
      return sw;
    }
  }
  throw InputError(3752,
                   fmt::format("no partial concentrator of {} inputs onto {} outputs held its "
                               "guarantee in {} drawings from seed {}; the probabilistic "
                               "construction needs larger switches, or try another seed",
                               inputs, outputs, max_tries, seed));
}

std::vector<SwitchShape> node_switches(const FatTree& tree, int level) {
  FTVLSI_ASSERT(level >= 0 && level < tree.levels());
  const u64 parent = tree.capacity(level), child = tree.capacity(level + 1);
  require_switch_size(2 * child, parent);
  require_switch_size(parent + child, child);
  return {{SwitchKind::kUp, static_cast<u32>(2 * child), static_cast<u32>(parent)},
          {SwitchKind::kDownLeft, static_cast<u32>(parent + child), static_cast<u32>(child)},
          {SwitchKind::kDownRight, static_cast<u32>(parent + child), static_cast<u32>(child)}};
}

u64 switch_seed(u64 seed, int level, SwitchKind kind) {
  SplitMix64 mix(seed ^ (u64{static_cast<u32>(level)} << 8 | static_cast<u64>(kind)));
  return mix();
}

}  // namespace ftvlsi
