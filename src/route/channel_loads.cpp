#include "ftvlsi/route/channel_loads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace ftvlsi {

ChannelLoadTable channel_loads(const MessageSet& messages, int levels) {
  ChannelLoadTable t;
  for (int k = 0; k <= levels; ++k) {
    t.up.emplace_back(std::size_t{1} << k, 0);
    t.down.emplace_back(std::size_t{1} << k, 0);
  }
  for (const auto& [s, d] : messages) {
    if (s == d) continue;  // delivered free
    const int lca = levels - (32 - __builtin_clz(s ^ d));
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
