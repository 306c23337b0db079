#include "ftvlsi/route/transit_analytic.hpp"

#include <array>
#include <cmath>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

double rn1_granted(Rn1Config config, double rate) {
  const int k = rn1_crossbar_inputs(config), delta = rn1_dilation(config);
  // E[min(X, delta)] = delta - sum_{x < delta} (delta - x) P(X = x).
  double e = delta, px = std::pow(1 - rate, k);
  for (int x = 0; x < delta; ++x) {
    e -= (delta - x) * px;
    px *= rate / (1 - rate) * (k - x) / (x + 1);
    if (rate >= 1) px = 0;
  }
  return e;
}

double rn1_pass(Rn1Config config, double rate) {
  if (rate <= 0) return 1.0;
  return rn1_granted(config, rate) / (rn1_crossbar_inputs(config) * rate);
}

namespace {

// One step of a class's path: a router type and how the class chooses its direction there.
enum class Ask : std::uint8_t { kAny, kThird, kUp, kLateral1, kLateral2, kLateral3 };
struct Step {
  int type;
  Ask ask;
};

struct Model {
  std::vector<double> inputs;                  // per router type: its inputs, all routers
  std::vector<std::vector<Step>> path;         // per class
  std::vector<double> offered;                 // per class
};

std::array<double, 4> weights(Ask a) {
  switch (a) {
    case Ask::kAny: return {0.25, 0.25, 0.25, 0.25};
    case Ask::kThird: return {1.0 / 3, 1.0 / 3, 1.0 / 3, 0};
    case Ask::kUp: return {0, 0, 0, 1};
    case Ask::kLateral1: return {1, 0, 0, 0};
    case Ask::kLateral2: return {0, 1, 0, 0};
    case Ask::kLateral3: return {0, 0, 1, 0};
  }
  return {0, 0, 0, 1};
}

// Types: the cluster stages (hybrids), then per unit-tree stage Up, D3, D2, D1.
Model build_model(const TransitShape& s, Locality locality, double load) {
  Model m;
  const bool hybrid = s.leaf_clusters > 0;
  const int c = hybrid ? static_cast<int>(s.processors / s.leaf_clusters) : 0;
  int cstages = 0;
  if (hybrid) {
    m.inputs.push_back(8.0 * s.leaf_clusters * (c / 3));
    for (int t = c / 3; t > 1; t /= 4, ++cstages) m.inputs.push_back(8.0 * s.leaf_clusters * (c / 4));
  }
  const int first_ut = static_cast<int>(m.inputs.size());
  const std::size_t off = hybrid ? 1 : 0;
  for (int st = 0; st < s.unit_tree_stages; ++st) {
    const double uts = static_cast<double>(s.unit_trees_by_stage[st + off]);
    const double mm = s.unit_tree_size_by_stage[st + off];
    for (double f : {8.0, 4.0, 6.0, 8.0}) m.inputs.push_back(8.0 * uts * f * mm);
  }
  const auto up = [&](int st) { return first_ut + 4 * st; };
  const auto down = [&](int st, int lv) { return first_ut + 4 * st + (4 - lv); };  // D3 -> +1
  const auto p = class_distribution(s, locality);
  for (int cl = 0; cl < s.classes(); ++cl) {
    std::vector<Step> path;
    if (hybrid) path.push_back({0, cl == 0 ? Ask::kThird : Ask::kUp});
    if (cl > 0) {
      const int top = (cl - 1) / 3, j = cl - 3 * top;
      for (int st = 0; st < top; ++st) path.push_back({up(st), Ask::kUp});
      path.push_back({up(top), j == 1 ? Ask::kLateral1 : j == 2 ? Ask::kLateral2 : Ask::kLateral3});
      for (int lv = j; lv >= 1; --lv) path.push_back({down(top, lv), Ask::kAny});
      for (int st = top - 1; st >= 0; --st)
        for (int lv = 3; lv >= 1; --lv) path.push_back({down(st, lv), Ask::kAny});
      if (hybrid) path.push_back({0, Ask::kThird});
    }
    for (int k = 1; k <= cstages; ++k) path.push_back({k, Ask::kAny});
    m.path.push_back(std::move(path));
    m.offered.push_back(static_cast<double>(s.processors) * load * p[cl]);
  }
  return m;
}

}  // namespace

TransitAnalytic analytic_route_probability(const TransitShape& shape, Rn1Config config,
                                           Locality locality, double load) {
  if (!(load >= 0 && load <= 1)) throw InputError("--load must be a probability in [0, 1]");
  const Model m = build_model(shape, locality, load);
  const std::size_t types = m.inputs.size();
  std::vector<std::array<double, 4>> pass(types, {1, 1, 1, 1}), flow(types);
  TransitAnalytic r;
  std::vector<double> delivered(m.path.size());
  for (r.iterations = 1; r.iterations <= 1000; ++r.iterations) {
    for (auto& f : flow) f = {0, 0, 0, 0};
    for (std::size_t cl = 0; cl < m.path.size(); ++cl) {
      double f = m.offered[cl];
      for (const Step& st : m.path[cl]) {
        const auto w = weights(st.ask);
        double through = 0;
        for (int d = 0; d < 4; ++d) flow[st.type][d] += f * w[d], through += w[d] * pass[st.type][d];
        f *= through;
      }
      delivered[cl] = f;
    }
    double change = 0;
    for (std::size_t t = 0; t < types; ++t)
      for (int d = 0; d < 4; ++d) {
        const double next = rn1_pass(config, flow[t][d] / m.inputs[t]);
        change = std::max(change, std::fabs(next - pass[t][d]));
        pass[t][d] = next;
      }
    if (change < 1e-13) break;
  }
  double offered = 0, got = 0;
  for (std::size_t cl = 0; cl < m.path.size(); ++cl) {
    offered += m.offered[cl];
    got += delivered[cl];
    r.by_class.push_back(m.offered[cl] > 0 ? delivered[cl] / m.offered[cl] : -1.0);
  }
  r.probability = offered > 0 ? got / offered : 1.0;
  return r;
}

double bidelta_route_probability(int stages, Rn1Config config, double load) {
  if (load <= 0) return 1.0;
  double p = load;
  for (int k = 0; k < stages; ++k) p = rn1_granted(config, p / 4) / rn1_dilation(config);
  return p / load;
}

}  // namespace ftvlsi
