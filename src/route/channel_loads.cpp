#include "ftvlsi/route/channel_loads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

ChannelLoadTable channel_loads(const MessageSet& messages, int levels) {
  ChannelLoadTable t;
  for (int k = 0; k <= levels; ++k) {
    t.up.emplace_back(std::size_t{1} << k, 0);
    t.down.emplace_back(std::size_t{1} << k, 0);
  }
  for (const auto& [s, d] : messages) {
    if (s == d) continue;  // delivered free
    const int lca = common_level(levels, s, d);
    for (int k = lca + 1; k <= levels; ++k) {
      ++t.up[k][s >> (levels - k)];
      ++t.down[k][d >> (levels - k)];
    }
  }
  return t;
}

double load_factor(const ChannelLoadTable& loads, const FatTree& tree) {
  double lambda = 0;
  for (int k = 0; k <= tree.levels(); ++k) {
    const double cap = static_cast<double>(tree.capacity(k));
    for (auto l : loads.up[k]) lambda = std::max(lambda, l / cap);
    for (auto l : loads.down[k]) lambda = std::max(lambda, l / cap);
  }
  return lambda;
}

double load_factor(const MessageSet& messages, const FatTree& tree) {
  const int levels = tree.levels();
  const std::size_t n = std::size_t{1} << levels;
  FTVLSI_ASSERT(messages.size() < (std::uint64_t{1} << 32));
  // turning[2^k + j]: the messages whose path turns at node j of level k (k < L).
  std::vector<std::uint32_t> turning(n, 0), load(n, 0);
  for (const auto& [s, d] : messages)
    if (s != d) {
      const int lca = common_level(levels, s, d);
      ++turning[(std::size_t{1} << lca) + (s >> (levels - lca))];
    }
  double lambda = 0;
  for (const bool up : {true, false}) {
    // Level L: a leaf's channel carries its messages; level k < L: the children's, less those
    // that turn at the node.
    std::fill(load.begin(), load.end(), 0u);
    for (const auto& [s, d] : messages)
      if (s != d) ++load[up ? s : d];
    for (int k = levels; k >= 1; --k) {
      const std::size_t nodes = std::size_t{1} << k;
      if (k < levels)
        for (std::size_t j = 0; j < nodes; ++j)
          load[j] = load[2 * j] + load[2 * j + 1] - turning[nodes + j];
      const double cap = static_cast<double>(tree.capacity(k));
      const std::uint32_t most = *std::max_element(load.begin(), load.begin() + nodes);
      lambda = std::max(lambda, most / cap);
    }
  }
  return lambda;
}

std::string loads_csv(const ChannelLoadTable& loads, const FatTree& tree) {
  std::string out = "direction,level,index,load,capacity,load_factor\n";
  for (const auto& [name, table] : {std::pair{"up", &loads.up}, {"down", &loads.down}}) {
    for (int k = 0; k <= tree.levels(); ++k) {
      for (std::size_t j = 0; j < (*table)[k].size(); ++j) {
        const auto load = (*table)[k][j];
        out += fmt::format("{},{},{},{},{},{:.6g}\n", name, k, j, load, tree.capacity(k),
                           static_cast<double>(load) / tree.capacity(k));
      }
    }
  }
  return out;
}

double congestion_parameter(const FatTree& tree) {
  const int levels = tree.levels();
  auto worst_path = [&](double r) {
    double through_root = 0, out_of_root = 0;
    for (int k = 0; k <= levels; ++k) {
      const double term = std::pow(M_E / r, static_cast<double>(tree.capacity(k)));
      out_of_root += term;
      if (k >= 1) through_root += 2 * term;
    }
    return std::max(through_root, out_of_root);
  };
  double lo = 0, hi = 2 * M_E;
  while (worst_path(hi) > 0.5) hi *= 2;
  while (hi - lo > 1e-12 * hi) {
    const double mid = 0.5 * (lo + hi);
    (worst_path(mid) > 0.5 ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace ftvlsi
