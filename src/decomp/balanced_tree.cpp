#include "ftvlsi/decomp/balanced_tree.hpp"

#include <algorithm>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/decomp/pearl_string.hpp"

namespace ftvlsi {
namespace {

struct Piece {
  StringSet strings;
  std::uint64_t index = 0;  // position among the 2^i pieces of its level
  std::uint64_t blacks = 0;
};

std::uint64_t blacks_in(const CuttingTree& tree, const StringSet& s) {
  std::uint64_t b = 0;
  for (int i = 0; i < s.count; ++i) b += count_leaves(tree, s.strings[i].begin, s.strings[i].end);
  return b;
}

// Processors of a piece: the sorted-order ranges of its strings.
template <class F>
void for_each_processor(const CuttingTree& tree, const StringSet& s, F&& f) {
  for (int i = 0; i < s.count; ++i) {
    const auto lo =
        std::lower_bound(tree.sorted_leaf.begin(), tree.sorted_leaf.end(), s.strings[i].begin);
    const auto hi = std::lower_bound(lo, tree.sorted_leaf.end(), s.strings[i].end);
    for (auto it = lo; it != hi; ++it) f(tree.order[it - tree.sorted_leaf.begin()]);
  }
}

// The fat-tree leaf of a lone processor left in piece `index` at `level`: every further split
// gives the lone black to the second half.
std::uint64_t lone_leaf(std::uint64_t index, int level, int map_level) {
  if (level >= map_level) return index >> (level - map_level);
  const int down = map_level - level;
  return ((index + 1) << down) - 1;
}

struct Builder {
  const CompetingNetwork& net;
  const CuttingTree& tree;
  int map_level;
  BalancedTree out;
  std::vector<Piece> active;        // pieces with two or more processors
  std::vector<std::uint32_t> lone;  // processors already alone in a piece
  std::vector<std::uint32_t> id;    // dense piece id per processor, this level
  std::vector<std::uint32_t> count;

  std::uint64_t level_bandwidth() {
    std::uint32_t pieces = 0;
    for (const Piece& p : active) {
      for_each_processor(tree, p.strings, [&](std::uint32_t q) { id[q] = pieces; });
      ++pieces;
    }
    for (std::uint32_t q : lone) id[q] = pieces++;
    count.assign(pieces, 0);
    for (const auto& [a, b] : net.wires) {
      if (id[a] == id[b]) continue;
      ++count[id[a]];
      ++count[id[b]];
    }
    return count.empty() ? 0 : *std::max_element(count.begin(), count.end());
  }

  void settle(const Piece& p, int level) {
    if (p.blacks == 0) return;
    for_each_processor(tree, p.strings, [&](std::uint32_t q) {
      lone.push_back(q);
      out.leaf_at_map_level[q] = lone_leaf(p.index, level, map_level);
    });
  }

  void split_level(int level) {
    std::vector<Piece> next;
    for (const Piece& p : active) {
      if (p.strings.length() < 2) {  // cannot halve a single leaf; it holds one processor
        settle(p, level + 1);
        continue;
      }
      const PearlSplit s = pearl_split(
          p.strings, [&](const LeafInterval& iv) { return count_leaves(tree, iv.begin, iv.end); });
      const Piece a{s.first, 2 * p.index, blacks_in(tree, s.first)};
      const Piece b{s.second, 2 * p.index + 1, p.blacks - a.blacks};
      FTVLSI_ASSERT(a.strings.length() == b.strings.length());
      ++out.splits;
      out.max_imbalance = std::max(out.max_imbalance, b.blacks - a.blacks);
      for (const Piece& c : {a, b}) {
        out.max_strings = std::max(out.max_strings, c.strings.count);
        if (c.blacks >= 2)
          next.push_back(c);
        else
          settle(c, level + 1);
      }
    }
    active.swap(next);
  }
};

}  // namespace

bool BalancedTree::within_bound() const {
  for (std::size_t i = 0; i < bandwidth_by_level.size(); ++i)
    if (bandwidth_by_level[i] > bound_by_level[i]) return false;
  return true;
}

BalancedTree build_balanced_tree(const CompetingNetwork& net, const CuttingTree& tree,
                                 int map_level) {
  Builder b{net, tree, map_level, {}, {}, {}, std::vector<std::uint32_t>(net.processors()), {}};
  b.out.leaf_at_map_level.assign(net.processors(), 0);
  Piece root;
  root.strings.add({0, std::uint64_t{1} << tree.depth});
  root.blacks = net.processors();
  b.out.max_strings = 1;
  if (root.blacks >= 2)
    b.active.push_back(root);
  else
    b.settle(root, 0);
  for (int level = 0; level <= tree.depth; ++level) {
    b.out.bandwidth_by_level.push_back(b.level_bandwidth());
    if (level < tree.depth) b.split_level(level);
  }
  FTVLSI_ASSERT(b.active.empty());
  // Theorem 8: a level-i piece is at most two strings, each a forest of complete subtrees of T
  // of levels >= i with at most two of each height.
  std::uint64_t suffix = 0;
  b.out.bound_by_level.assign(tree.depth + 1, 0);
  for (int k = tree.depth; k >= 0; --k) {
    suffix += tree.bandwidth_by_level[k];
    b.out.bound_by_level[k] = 4 * suffix;
  }
  return std::move(b.out);
}

}  // namespace ftvlsi
