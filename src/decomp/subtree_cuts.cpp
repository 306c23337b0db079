#include "ftvlsi/decomp/subtree_cuts.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/radix_sort.hpp"

namespace ftvlsi {
namespace {

// The non-empty leaves in order with the number of wire ends at each (same-leaf wires excluded).
// When `dense` (the tree's 2^depth leaves few enough to count in an array) a counting pass.
void leaf_ends(const std::vector<std::uint64_t>& leaf, int depth,
               const std::vector<std::pair<std::uint32_t, std::uint32_t>>& wires,
               std::vector<std::uint64_t>& prefix, std::vector<std::uint64_t>& cut, bool dense) {
  if (dense && 2 * wires.size() < (std::uint64_t{1} << 31)) {
    const std::uint64_t leaves = std::uint64_t{1} << depth;
    // Per leaf: bit 31 says a processor sits there, the rest counts its wire ends.
    constexpr std::uint32_t kHere = std::uint32_t{1} << 31;
    std::vector<std::uint32_t> ends(leaves, 0);
    for (const std::uint64_t l : leaf) ends[l] |= kHere;
    for (const auto& [a, b] : wires)
      if (leaf[a] != leaf[b]) ++ends[leaf[a]], ++ends[leaf[b]];
    for (std::uint64_t l = 0; l < leaves; ++l)
      if (ends[l] & kHere) prefix.push_back(l), cut.push_back(ends[l] & ~kHere);
    return;
  }
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
    radix_sort(order, depth, [&](std::uint32_t p) { return leaf[p]; });
  for (auto p : order) {
    if (!prefix.empty() && prefix.back() == leaf[p]) {
      cut.back() += degree[p];
    } else {
      prefix.push_back(leaf[p]);
      cut.push_back(degree[p]);
    }
  }
}

// Each wire of `inside` joins two leaves of one subtree at this level: it takes two ends off that
// subtree's cut. `prefix` is sorted; every number of `inside` is one of it. With `counts` (zeros,
// indexable by every subtree number) a counting pass, else a sort and a merge.
void subtree_inside(std::vector<std::uint64_t>& inside, int level,
                    const std::vector<std::uint64_t>& prefix, std::vector<std::uint64_t>& cut,
                    std::vector<std::uint32_t>& counts) {
  if (!counts.empty()) {
    for (const std::uint64_t v : inside) ++counts[v];
    std::uint64_t taken = 0;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      cut[i] -= 2 * std::uint64_t{counts[prefix[i]]};
      taken += counts[prefix[i]];
      counts[prefix[i]] = 0;
    }
    FTVLSI_ASSERT(taken == inside.size());  // every count taken back: the array is zero again
    return;
  }
  radix_sort(inside, level, [](std::uint64_t v) { return v; });  // subtree numbers < 2^level
  std::size_t w = 0;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    while (w < inside.size() && inside[w] < prefix[i]) ++w;
    for (; w < inside.size() && inside[w] == prefix[i]; ++w) cut[i] -= 2;
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
  // Subtree numbers stay below 2^depth: count them in an array when it is not much larger than
  // the input (a host with far more leaves than processors sorts instead).
  const bool dense = depth < 40 && (std::uint64_t{1} << depth) <= 4 * (leaf.size() + wires.size());
  std::vector<std::uint64_t> prefix, cut;
  leaf_ends(leaf, depth, wires, prefix, cut, dense);
  std::vector<std::uint32_t> counts;
  if (dense) counts.assign(std::uint64_t{1} << depth, 0);
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
    subtree_inside(joined[level - 1], level - 1, prefix, cut, counts);
  }
  return out;
}

}  // namespace ftvlsi
