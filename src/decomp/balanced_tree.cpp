#include "ftvlsi/decomp/balanced_tree.hpp"

#include <algorithm>
#include <tuple>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/decomp/pearl_string.hpp"
#include "ftvlsi/decomp/subtree_cuts.hpp"

namespace ftvlsi {
namespace {

struct Piece {
  StringSet strings;
  std::uint64_t index = 0;  // position among the 2^level pieces of its level
  std::uint64_t blacks = 0;
  // The sorted-order range [lo, hi) of each string's processors, to keep searches local.
  std::array<std::uint32_t, 2> lo{}, hi{};
};

// The T' leaf (at depth r) of a processor left alone in piece `index` at `level`: every further
// split gives the lone black to the second half.
std::uint64_t lone_leaf(std::uint64_t index, int level, int depth) {
  return ((index + 1) << (depth - level)) - 1;
}

struct Builder {
  const CuttingTree& tree;
  BalancedTree out;
  std::vector<std::uint64_t> leaf_r;  // T' leaf of every processor
  std::vector<Piece> active;          // pieces with two or more processors

  // Processors of the cutting tree's leaves in [iv.begin, iv.end), searched within a range.
  std::pair<std::uint32_t, std::uint32_t> range(const LeafInterval& iv, std::uint32_t lo,
                                                std::uint32_t hi) const {
    const auto first = tree.sorted_leaf.begin();
    const auto a = std::lower_bound(first + lo, first + hi, iv.begin);
    const auto b = std::lower_bound(a, first + hi, iv.end);
    return {static_cast<std::uint32_t>(a - first), static_cast<std::uint32_t>(b - first)};
  }

  // Which string of `p` holds an interval.
  int string_of(const Piece& p, const LeafInterval& iv) const {
    return p.strings.count > 1 && iv.begin >= p.strings.strings[1].begin &&
                   iv.end <= p.strings.strings[1].end
               ? 1
               : 0;
  }

  Piece child(const Piece& parent, const StringSet& s, std::uint64_t index) const {
    Piece c;
    c.strings = s;
    c.index = index;
    for (int i = 0; i < s.count; ++i) {
      const int from = string_of(parent, s.strings[i]);
      std::tie(c.lo[i], c.hi[i]) = range(s.strings[i], parent.lo[from], parent.hi[from]);
      c.blacks += c.hi[i] - c.lo[i];
    }
    return c;
  }

  void settle(const Piece& p, int level) {
    for (int i = 0; i < p.strings.count; ++i)
      for (std::uint32_t k = p.lo[i]; k < p.hi[i]; ++k)
        leaf_r[tree.order[k]] = lone_leaf(p.index, level, tree.depth);
  }

  void split_level(int level) {
    std::vector<Piece> next;
    for (const Piece& p : active) {
      poll_cancel();
      const PearlSplit s = pearl_split(p.strings, [&](const LeafInterval& iv) {
        const int from = string_of(p, iv);
        const auto [a, b] = range(iv, p.lo[from], p.hi[from]);
        return std::uint64_t{b - a};
      });
      const Piece a = child(p, s.first, 2 * p.index);
      const Piece b = child(p, s.second, 2 * p.index + 1);
      FTVLSI_ASSERT(a.strings.length() == b.strings.length() && a.blacks + b.blacks == p.blacks);
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

bool BalancedTree::bounds(const std::vector<std::uint64_t>& bandwidth) const {
  for (std::size_t i = 0; i < bandwidth.size(); ++i)
    if (bandwidth[i] > bound_by_level[std::min(i, bound_by_level.size() - 1)]) return false;
  return true;
}

std::vector<std::uint64_t> theorem8_bound(const CuttingTree& tree) {
  // Theorem 8: a level-i piece is at most two strings, each a forest of complete subtrees of T
  // of levels >= i with at most two of each height.
  std::vector<std::uint64_t> bound(static_cast<std::size_t>(tree.depth) + 1, 0);
  std::uint64_t suffix = 0;
  for (int k = tree.depth; k >= 0; --k) {
    suffix += tree.bandwidth_by_level[static_cast<std::size_t>(k)];
    bound[static_cast<std::size_t>(k)] = 4 * suffix;
  }
  return bound;
}

BalancedTree build_balanced_tree(const CompetingNetwork& net, const CuttingTree& tree,
                                 int map_level) {
  Builder b{tree, {}, std::vector<std::uint64_t>(net.processors(), 0), {}};
  Piece root;
  root.strings.add({0, std::uint64_t{1} << tree.depth});
  root.blacks = net.processors();
  root.hi[0] = static_cast<std::uint32_t>(net.processors());
  b.out.max_strings = 1;
  if (root.blacks >= 2)
    b.active.push_back(root);
  else
    b.settle(root, 0);
  for (int level = 0; level < tree.depth && !b.active.empty(); ++level) b.split_level(level);
  FTVLSI_ASSERT(b.active.empty());
  b.out.bandwidth_by_level = subtree_cuts(b.leaf_r, tree.depth, net.wires).max_by_level;
  b.out.bound_by_level = theorem8_bound(tree);
  // Fat-tree leaves: the T' pieces at level `map_level` (a lone processor keeps descending
  // into second halves when the host is deeper than T').
  b.out.leaf_at_map_level.resize(net.processors());
  for (std::size_t p = 0; p < net.processors(); ++p) {
    const std::uint64_t l = b.leaf_r[p];
    b.out.leaf_at_map_level[p] = tree.depth >= map_level
                                     ? l >> (tree.depth - map_level)
                                     : ((l + 1) << (map_level - tree.depth)) - 1;
  }
  return std::move(b.out);
}

}  // namespace ftvlsi
