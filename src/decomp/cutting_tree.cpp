#include "ftvlsi/decomp/cutting_tree.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/radix_sort.hpp"
#include "ftvlsi/decomp/subtree_cuts.hpp"

namespace ftvlsi {
namespace {

int ceil_log2(std::uint64_t x) {
  return x <= 1 ? 0 : floor_log2(x - 1) + 1;
}

// Which axis each level cuts: 2D the longer remaining side (x on a tie), 3D x, y, z in turn,
// skipping axes already cut down to one cell.
std::vector<int> cut_axes(int dims, std::array<int, 3> remaining) {
  std::vector<int> axes;
  int next = 0;
  while (true) {
    int axis = -1;
    if (dims == 2) {
      if (remaining[0] == 0 && remaining[1] == 0) break;
      axis = remaining[0] >= remaining[1] ? 0 : 1;
    } else {
      if (remaining[0] + remaining[1] + remaining[2] == 0) break;
      while (remaining[next] == 0) next = (next + 1) % 3;
      axis = next;
      next = (next + 1) % 3;
    }
    axes.push_back(axis);
    --remaining[axis];
  }
  return axes;
}

void fit(CuttingTree& t) {
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t k = 0; k < t.bandwidth_by_level.size(); ++k) {
    if (t.bandwidth_by_level[k] == 0) continue;
    const double y = std::log(static_cast<double>(t.bandwidth_by_level[k]));
    n += 1, sx += k, sy += y, sxx += double(k) * k, sxy += k * y;
  }
  if (n < 2) return;
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  t.fit_w = std::exp((sy - slope * sx) / n);
  t.fit_alpha = std::exp(-slope);
}

// The per-level bandwidths and piece counts from subtree_cuts, and their fit.
void set_level_cuts(CuttingTree& t, LevelCuts&& cuts) {
  t.bandwidth_by_level = std::move(cuts.max_by_level);
  t.pieces_by_level = std::move(cuts.pieces_by_level);
  fit(t);
}

}  // namespace

CuttingTree build_cutting_tree(const CompetingNetwork& net, bool with_cuts) {
  CuttingTree t;
  const int dims = net.dimensions;
  std::array<std::int64_t, 3> hi{};
  t.origin = hi = net.position.front();
  for (const auto& p : net.position)
    for (int d = 0; d < 3; ++d) {
      t.origin[d] = std::min(t.origin[d], p[d]);
      hi[d] = std::max(hi[d], p[d]);
    }
  for (int d = 0; d < 3; ++d)
    t.exponent[d] = ceil_log2(static_cast<std::uint64_t>(hi[d] - t.origin[d]) + 1);
  t.axis_of_level = cut_axes(dims, t.exponent);
  t.depth = static_cast<int>(t.axis_of_level.size());
  if (t.depth > 62)
    throw InputError(6351, "the network's region needs more than 62 cuts; use smaller coordinates");
  // A processor's leaf interleaves its coordinate bits in the order of the cuts (two lanes take
  // half of the processors each).
  const std::size_t n = net.processors();
  const bool big = n >= (std::size_t{1} << 16);
  t.leaf.resize(n);
  run_lanes(big ? 2 : 1, [&](int lane) {
    const std::size_t from = big && lane == 1 ? n / 2 : 0, to = big && lane == 0 ? n / 2 : n;
    for (std::size_t p = from; p < to; ++p) {
      std::array<int, 3> remaining = t.exponent;
      std::uint64_t leaf = 0;
      for (int axis : t.axis_of_level) {
        const auto offset = static_cast<std::uint64_t>(net.position[p][axis] - t.origin[axis]);
        leaf = leaf << 1 | ((offset >> (--remaining[axis])) & 1);
      }
      t.leaf[p] = leaf;
    }
  });
  // The leaves' order and the subtrees' cuts, side by side (both only read the leaves).
  LevelCuts cuts;
  const bool beside = big && with_cuts;
  run_lanes(beside ? 2 : 1, [&](int lane) {
    if (with_cuts && (lane == 1 || !beside)) cuts = subtree_cuts(t.leaf, t.depth, net.wires);
    if (lane == 1) return;
    t.order.resize(net.processors());
    std::iota(t.order.begin(), t.order.end(), 0u);
    radix_sort(t.order, t.depth, [&](std::uint32_t p) { return t.leaf[p]; });
    t.sorted_leaf.resize(t.order.size());
    for (std::size_t i = 0; i < t.order.size(); ++i) t.sorted_leaf[i] = t.leaf[t.order[i]];
  });
  if (with_cuts) set_level_cuts(t, std::move(cuts));
  std::array<int, 3> remaining = t.exponent;
  for (int k = 0; k <= t.depth; ++k) {
    const double w = std::ldexp(1.0, remaining[0]), h = std::ldexp(1.0, remaining[1]),
                 d = std::ldexp(1.0, remaining[2]);
    t.surface_by_level.push_back(
        static_cast<std::uint64_t>(dims == 2 ? 2 * (w + h) : 2 * (w * h + h * d + w * d)));
    if (k < t.depth) --remaining[t.axis_of_level[k]];
  }
  return t;
}

void add_level_cuts(CuttingTree& t, const CompetingNetwork& net) {
  set_level_cuts(t, subtree_cuts(t.leaf, t.depth, net.wires));
}

std::uint64_t count_leaves(const CuttingTree& tree, std::uint64_t begin, std::uint64_t end) {
  const auto lo = std::lower_bound(tree.sorted_leaf.begin(), tree.sorted_leaf.end(), begin);
  const auto hi = std::lower_bound(lo, tree.sorted_leaf.end(), end);
  return static_cast<std::uint64_t>(hi - lo);
}

}  // namespace ftvlsi
