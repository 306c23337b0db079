// The random planar network: a Delaunay triangulation of seeded random points (CGAL), kept in
// its own translation unit because CGAL is heavy to compile.
#include <CGAL/Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <algorithm>
#include <random>
#include <set>

#include "ftvlsi/core/math.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

CompetingNetwork make_planar(std::uint64_t n, std::uint64_t seed) {
  using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
  using Vb = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, Kernel>;
  using Tds = CGAL::Triangulation_data_structure_2<Vb>;
  using Delaunay = CGAL::Delaunay_triangulation_2<Kernel, Tds>;

  CompetingNetwork net;
  net.kind = "planar";
  // Distinct integer points on a grid with about four cells per point.
  const std::uint64_t side = std::max<std::uint64_t>(2, 2 * ceil_sqrt(n));
  std::mt19937_64 rng(seed);
  std::set<std::pair<std::int64_t, std::int64_t>> used;
  std::vector<std::pair<Kernel::Point_2, std::uint32_t>> points;
  while (net.position.size() < n) {
    const auto x = static_cast<std::int64_t>(rng() % side),
               y = static_cast<std::int64_t>(rng() % side);
    if (!used.insert({x, y}).second) continue;
    points.push_back({Kernel::Point_2(x, y), static_cast<std::uint32_t>(net.position.size())});
    net.position.push_back({x, y, 0});
  }
  Delaunay dt;
  dt.insert(points.begin(), points.end());
  for (auto e = dt.finite_edges_begin(); e != dt.finite_edges_end(); ++e) {
    const auto a = e->first->vertex((e->second + 1) % 3)->info();
    const auto b = e->first->vertex((e->second + 2) % 3)->info();
    net.wires.push_back({std::min(a, b), std::max(a, b)});
  }
  std::sort(net.wires.begin(), net.wires.end());
  return net;
}

}  // namespace ftvlsi
