#include "ftvlsi/network/graph.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_set>
#include <utility>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/network/embedding.hpp"

namespace ftvlsi {
namespace {

// The points as integers, when every coordinate is one (within ±10^12) and no two points meet.
std::optional<std::vector<std::array<std::int64_t, 3>>> integral_and_distinct(
    const Coordinates& c) {
  std::vector<std::array<std::int64_t, 3>> out(c.point.size());
  for (std::size_t v = 0; v < c.point.size(); ++v)
    for (int d = 0; d < 3; ++d) {
      const double x = c.point[v][d];
      if (!std::isfinite(x) || x != std::round(x) || std::abs(x) > 1e12) return std::nullopt;
      out[v][d] = static_cast<std::int64_t>(x);
    }
  if (first_shared_position(out)) return std::nullopt;
  return out;
}

// Each axis as quantile bins 0 .. side - 1 (rank along the axis, ties by vertex number).
std::vector<std::array<std::int64_t, 3>> quantile_cells(const Coordinates& c, std::int64_t side) {
  const std::size_t n = c.point.size();
  std::vector<std::array<std::int64_t, 3>> cell(n, {0, 0, 0});
  std::vector<std::uint32_t> order(n);
  for (int d = 0; d < c.dimensions; ++d) {
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](auto a, auto b) { return c.point[a][d] < c.point[b][d]; });
    for (std::size_t r = 0; r < n; ++r)
      cell[order[r]][d] = static_cast<std::int64_t>(r * static_cast<std::uint64_t>(side) / n);
  }
  return cell;
}

std::uint64_t cell_key(const std::array<std::int64_t, 3>& p) {
  return (static_cast<std::uint64_t>(p[0] + (1 << 20)) << 42) ^
         (static_cast<std::uint64_t>(p[1] + (1 << 20)) << 21) ^
         static_cast<std::uint64_t>(p[2] + (1 << 20));
}

// The first free cell on the rings (Chebyshev distance 1, 2, ...) around `p`.
std::array<std::int64_t, 3> nearest_free(const std::array<std::int64_t, 3>& p, int dimensions,
                                         const std::unordered_set<std::uint64_t>& used) {
  const std::int64_t zr = dimensions == 3 ? 1 : 0;
  for (std::int64_t r = 1;; ++r) {
    for (std::int64_t dz = -r * zr; dz <= r * zr; ++dz)
      for (std::int64_t dy = -r; dy <= r; ++dy)
        for (std::int64_t dx = -r; dx <= r; ++dx) {
          if (std::max({std::abs(dx), std::abs(dy), std::abs(dz)}) != r) continue;
          const std::array<std::int64_t, 3> q{p[0] + dx, p[1] + dy, p[2] + dz};
          if (q[0] >= 0 && q[1] >= 0 && q[2] >= 0 && !used.count(cell_key(q))) return q;
        }
  }
}

}  // namespace

std::vector<std::array<std::int64_t, 3>> grid_positions(const Coordinates& coords) {
  const std::size_t n = coords.point.size();
  if (auto integral = integral_and_distinct(coords)) return std::move(*integral);
  std::vector<std::array<std::int64_t, 3>> out(n);
  const double root = coords.dimensions == 3 ? std::cbrt(static_cast<double>(n))
                                             : std::sqrt(static_cast<double>(n));
  const auto side = std::max<std::int64_t>(2, static_cast<std::int64_t>(std::ceil(2 * root)));
  const auto cell = quantile_cells(coords, side);
  std::unordered_set<std::uint64_t> used;
  used.reserve(2 * n);
  for (std::size_t v = 0; v < n; ++v) {
    out[v] =
        used.count(cell_key(cell[v])) ? nearest_free(cell[v], coords.dimensions, used) : cell[v];
    used.insert(cell_key(out[v]));
  }
  return out;
}

CompetingNetwork network_from_graph(Graph g, std::optional<Coordinates> coords,
                                    std::uint64_t seed) {
  CompetingNetwork net;
  net.kind = "file";
  net.geometry_computed = !coords;
  const Coordinates c = coords ? std::move(*coords) : pivot_mds_embedding(g, seed);
  FTVLSI_ASSERT(c.point.size() == g.vertices);
  net.dimensions = c.dimensions;
  net.position = grid_positions(c);
  net.wires = std::move(g.edges);
  return net;
}

Graph graph_of(const CompetingNetwork& net) {
  Graph g;
  g.vertices = static_cast<std::uint32_t>(net.processors());
  for (auto [a, b] : net.wires)
    if (a != b) g.edges.push_back({std::min(a, b), std::max(a, b)});
  std::sort(g.edges.begin(), g.edges.end());
  g.edges.erase(std::unique(g.edges.begin(), g.edges.end()), g.edges.end());
  return g;
}

}  // namespace ftvlsi
