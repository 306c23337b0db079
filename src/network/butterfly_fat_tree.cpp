#include "ftvlsi/network/butterfly_fat_tree.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {
namespace {

// Numbering of the switches: level l's switches follow all lower levels', node by node in
// row-major order, switch by switch within a node.
struct Numbering {
  std::uint64_t n;
  int m;
  std::vector<std::uint64_t> first;                                        // first id of level l
  std::uint64_t side(int l) const { return std::uint64_t{1} << (m - l); }  // nodes per row
  std::vector<std::uint64_t> per_node;                                     // s_l
  std::vector<int> parents;                                                // p_l
  std::uint32_t id(int l, std::uint64_t nx, std::uint64_t ny, std::uint64_t i) const {
    if (l == 0) return static_cast<std::uint32_t>(ny * side(0) + nx);
    return static_cast<std::uint32_t>(first[l] + (ny * side(l) + nx) * per_node[l] + i);
  }
};

// The cell of switch i (of 2^e) of node (nx, ny) at level l: the centre of its sub-block.
std::array<std::int64_t, 2> switch_cell(int l, int e, std::uint64_t nx, std::uint64_t ny,
                                        std::uint64_t i) {
  const int a = e / 2, b = e - a;  // 2^a rows, 2^b columns of sub-blocks
  const std::uint64_t col = i & ((std::uint64_t{1} << b) - 1), row = i >> b;
  const std::uint64_t w = std::uint64_t{1} << (l - b), h = std::uint64_t{1} << (l - a);
  return {static_cast<std::int64_t>((nx << l) + col * w + w / 2),
          static_cast<std::int64_t>((ny << l) + row * h + h / 2)};
}

void add_mesh_level(ButterflyFatTreeGraph& g, const Numbering& num, int l, int directions) {
  const std::int64_t side = static_cast<std::int64_t>(num.side(l));
  // Each adjacent pair once: right and up neighbours, then (with diagonals) up-right, up-left.
  const std::array<std::array<int, 2>, 4> steps{{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}};
  for (std::int64_t y = 0; y < side; ++y)
    for (std::int64_t x = 0; x < side; ++x)
      for (int d = 0; d < directions; ++d) {
        const auto [dx, dy] = steps[d];
        const std::int64_t u = x + dx, v = y + dy;
        if (u < 0 || v < 0 || u >= side || v >= side) continue;
        for (std::uint64_t i = 0; i < num.per_node[l]; ++i)
          for (int k = 0; k < num.parents[l]; ++k)
            g.add_wire(num.id(l, x, y, i), num.id(l, u, v, i), l, true);
      }
}

}  // namespace

ButterflyFatTree::ButterflyFatTree(std::uint64_t processors, bool pyramid, std::vector<int> parents,
                                   bool mesh_diagonals)
    : n_(processors), pyramid_(pyramid), diagonals_(mesh_diagonals) {
  require_power_size(processors, 4, pyramid ? "fat-pyramid" : "butterfly-fat-tree");
  if (processors > (std::uint64_t{1} << 24))
    throw InputError(3301, "a butterfly fat-tree or fat-pyramid may have at most 4^12 processors");
  m_ = floor_log2(processors) / 2;
  const std::size_t inner = m_ > 0 ? static_cast<std::size_t>(m_ - 1) : 0;
  if (parents.size() == 1) parents.assign(inner, parents.front());
  if (parents.empty()) parents.assign(inner, 2);
  if (parents.size() != inner)
    throw InputError(
        3302,
        fmt::format(
            "give {} parents per switch, one for each level 1 .. {} (or a single value for all), "
            "not {}",
            inner, m_ - 1, parents.size()));
  for (int p : parents)
    if (p != 1 && p != 2 && p != 4)
      throw InputError(3303, fmt::format("a switch has 1, 2 or 4 parents, not {}", p));
  parents_.assign(static_cast<std::size_t>(m_) + 1, 2);
  for (std::size_t l = 1; l <= inner; ++l) parents_[l] = parents[l - 1];
  switches_.assign(static_cast<std::size_t>(m_) + 1, 1);
  for (int l = 2; l <= m_; ++l)
    switches_[l] = switches_[l - 1] * static_cast<std::uint64_t>(parents_[l - 1]);
}

std::uint64_t ButterflyFatTree::wire_count() const {
  std::uint64_t total = 0;
  for (int l = 1; l <= m_; ++l) {
    total += 4 * switches_at(l);
    const std::uint64_t side = std::uint64_t{1} << (m_ - l);  // nodes per side
    if (pyramid_ && side > 1) {
      const std::uint64_t pairs =
          2 * side * (side - 1) + (mesh_diagonals() ? 2 * (side - 1) * (side - 1) : 0);
      total += pairs * switches_per_node(l) * static_cast<std::uint64_t>(parents_[l]);
    }
  }
  return total;
}

ButterflyFatTreeGraph ButterflyFatTree::graph() const {
  Numbering num{n_, m_, std::vector<std::uint64_t>(m_ + 2, n_), switches_, parents_};
  for (int l = 1; l <= m_; ++l) num.first[l + 1] = num.first[l] + switches_at(l);
  ButterflyFatTreeGraph g;
  const std::uint64_t side0 = num.side(0);
  for (std::uint64_t p = 0; p < n_; ++p) {
    g.level.push_back(0);
    g.cell.push_back({static_cast<std::int64_t>(p % side0), static_cast<std::int64_t>(p / side0)});
  }
  for (int l = 1; l <= m_; ++l) {
    const std::uint64_t side = num.side(l);
    for (std::uint64_t ny = 0; ny < side; ++ny)
      for (std::uint64_t nx = 0; nx < side; ++nx)
        for (std::uint64_t i = 0; i < switches_per_node(l); ++i) {
          g.level.push_back(l);
          g.cell.push_back(switch_cell(l, floor_log2(switches_per_node(l)), nx, ny, i));
          const std::uint32_t self = num.id(l, nx, ny, i);
          for (std::uint64_t c = 0; c < 4; ++c) {
            const std::uint64_t cx = 2 * nx + (c & 1), cy = 2 * ny + (c >> 1);
            const std::uint64_t child = l == 1 ? 0 : i % switches_per_node(l - 1);
            g.add_wire(num.id(l - 1, cx, cy, child), self, l, false);
          }
        }
    if (pyramid_) add_mesh_level(g, num, l, mesh_directions());
  }
  return g;
}

}  // namespace ftvlsi
