#include "ftvlsi/decomp/subtree_cuts.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

// The non-empty leaves in order with the number of wire ends at each (same-leaf wires excluded).
void leaf_ends(const std::vector<std::uint64_t>& leaf,
               const std::vector<std::pair<std::uint32_t, std::uint32_t>>& wires,
               std::vector<std::uint64_t>& prefix, std::vector<std::uint64_t>& cut) {
  std::vector<std::uint64_t> degree(leaf.size(), 0);
  for (const auto& [a, b] : wires) {
    if (leaf[a] == leaf[b]) continue;
    ++degree[a];
    ++degree[b];
  }
  std::vector<std::uint32_t> order(leaf.size());
  std::iota(order.begin(), order.end(), 0u);
  if (!std::is_sorted(order.begin(), order.end(),
                      [&](auto x, auto y) { return leaf[x] < leaf[y]; }))
    std::sort(order.begin(), order.end(),
              polled([&](auto x, auto y) { return leaf[x] < leaf[y]; }));
  for (auto p : order) {
    if (!prefix.empty() && prefix.back() == leaf[p]) {
      cut.back() += degree[p];
    } else {
      prefix.push_back(leaf[p]);
      cut.push_back(degree[p]);
    }
  }
}

}  // namespace

LevelCuts subtree_cuts(const std::vector<std::uint64_t>& leaf, int depth,
                       const std::vector<std::pair<std::uint32_t, std::uint32_t>>& wires) {
  // Wires by the level of the lowest subtree holding both ends, as that subtree's number.
  std::vector<std::vector<std::uint64_t>> joined(depth + 1);
  for (const auto& [a, b] : wires) {
    const std::uint64_t x = leaf[a] ^ leaf[b];
    if (x == 0) continue;
    const int level = depth - (64 - __builtin_clzll(x));
    FTVLSI_ASSERT(level >= 0);
    joined[level].push_back(level == 0 ? 0 : leaf[a] >> (depth - level));
  }
  std::vector<std::uint64_t> prefix, cut;
  leaf_ends(leaf, wires, prefix, cut);
  LevelCuts out;
  out.max_by_level.assign(depth + 1, 0);
  out.pieces_by_level.assign(depth + 1, 0);
  for (int level = depth;; --level) {
    poll_cancel();
    out.max_by_level[level] = cut.empty() ? 0 : *std::max_element(cut.begin(), cut.end());
    out.pieces_by_level[level] = prefix.size();
    if (level == 0) break;
    std::size_t n = 0;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      const std::uint64_t parent = prefix[i] >> 1;
      if (n > 0 && prefix[n - 1] == parent) {
        cut[n - 1] += cut[i];
      } else {
        prefix[n] = parent;
        cut[n++] = cut[i];
      }
    }
    prefix.resize(n);
    cut.resize(n);
    auto& inside = joined[level - 1];
    std::sort(inside.begin(), inside.end(), polled(std::less<>()));
    std::size_t w = 0;
    for (std::size_t i = 0; i < n; ++i) {
      while (w < inside.size() && inside[w] < prefix[i]) ++w;
      for (; w < inside.size() && inside[w] == prefix[i]; ++w) cut[i] -= 2;
    }
  }
  return out;
}

}  // namespace ftvlsi
