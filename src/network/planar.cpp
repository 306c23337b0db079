// The random planar networks: Delaunay triangulations of seeded random points (CGAL), kept in
// their own translation unit because CGAL is heavy to compile; and the unit-disk graph beside
// them.
#include <CGAL/Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Vb = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, Kernel>;
using Tds = CGAL::Triangulation_data_structure_2<Vb>;
using Delaunay = CGAL::Delaunay_triangulation_2<Kernel, Tds>;

// n distinct seeded random integer points on a side x side grid that `keep` accepts.
template <class Keep>
void random_points(CompetingNetwork& net, std::uint64_t n, std::uint64_t side, std::uint64_t seed,
                   Keep&& keep) {
  std::mt19937_64 rng(seed);
  std::set<std::pair<std::int64_t, std::int64_t>> used;
  while (net.position.size() < n) {
    poll_cancel();
    const auto x = static_cast<std::int64_t>(rng() % side),
               y = static_cast<std::int64_t>(rng() % side);
    if (!keep(x, y) || !used.insert({x, y}).second) continue;
    net.position.push_back({x, y, 0});
  }
}

// The Delaunay triangulation's edges (a < b, sorted) that `keep` accepts.
template <class Keep>
void delaunay_wires(CompetingNetwork& net, Keep&& keep) {
  std::vector<std::pair<Kernel::Point_2, std::uint32_t>> points;
  for (std::uint32_t i = 0; i < net.position.size(); ++i)
    points.push_back({Kernel::Point_2(net.position[i][0], net.position[i][1]), i});
  Delaunay dt;
  dt.insert(points.begin(), points.end());
  // The triangulation itself is one call, which cannot be stopped (about a second per million
  // points); the loops around it can.
  for (auto e = dt.finite_edges_begin(); e != dt.finite_edges_end(); ++e) {
    poll_cancel();
    const auto a = e->first->vertex((e->second + 1) % 3)->info();
    const auto b = e->first->vertex((e->second + 2) % 3)->info();
    if (keep(a, b)) net.wires.push_back({std::min(a, b), std::max(a, b)});
  }
  std::sort(net.wires.begin(), net.wires.end(), polled(std::less<>()));
}

}  // namespace

CompetingNetwork make_planar(std::uint64_t n, std::uint64_t seed) {
  CompetingNetwork net;
  net.kind = "planar";
  // Distinct integer points on a grid with about four cells per point.
  const std::uint64_t side = std::max<std::uint64_t>(2, 2 * ceil_sqrt(n));
  random_points(net, n, side, seed, [](auto, auto) { return true; });
  delaunay_wires(net, [](auto, auto) { return true; });
  return net;
}

CompetingNetwork make_fem(std::uint64_t n, std::uint64_t seed) {
  CompetingNetwork net;
  net.kind = "fem";
  // About four cells per point outside kFemHoles round holes covering about 20 % of the square.
  const auto side = static_cast<std::int64_t>(std::max<std::uint64_t>(8, 2 * ceil_sqrt(n) * 9 / 8));
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
  struct Hole {
    double x, y, r;
  };
  std::vector<Hole> holes;
  const double r = side * std::sqrt(0.2 / (3.14159 * kFemHoles));
  for (int i = 0; i < kFemHoles; ++i)
    holes.push_back({r + (side - 2 * r) * ((rng() % 1000) / 1000.0),
                     r + (side - 2 * r) * ((rng() % 1000) / 1000.0),
                     r * (0.6 + (rng() % 800) / 1000.0)});
  auto in_hole = [&](double x, double y) {
    for (const Hole& h : holes)
      if ((x - h.x) * (x - h.x) + (y - h.y) * (y - h.y) < h.r * h.r) return true;
    return false;
  };
  random_points(net, n, side, seed, [&](auto x, auto y) { return !in_hole(x, y); });
  // Triangles across a hole are not elements: drop the edges over a hole or longer than 4 mean
  // spacings.
  delaunay_wires(net, [&](std::uint32_t a, std::uint32_t b) {
    const auto& p = net.position[a];
    const auto& q = net.position[b];
    const double dx = p[0] - q[0], dy = p[1] - q[1];
    for (double t : {0.25, 0.5, 0.75})
      if (in_hole(p[0] - t * dx, p[1] - t * dy)) return false;
    return dx * dx + dy * dy <= 64;
  });
  return net;
}

CompetingNetwork make_unit_disk(std::uint64_t n, std::uint64_t seed) {
  CompetingNetwork net;
  net.kind = "unit-disk";
  const std::uint64_t side = std::max<std::uint64_t>(2, 2 * ceil_sqrt(n));
  random_points(net, n, side, seed, [](auto, auto) { return true; });
  // Points within distance sqrt(kUnitDiskRadius2): a grid of buckets of that size.
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::uint32_t>> bucket;
  const std::int64_t cell = 3;
  for (std::uint32_t i = 0; i < net.position.size(); ++i)
    bucket[{net.position[i][0] / cell, net.position[i][1] / cell}].push_back(i);
  for (std::uint32_t i = 0; i < net.position.size(); ++i) {
    const auto& p = net.position[i];
    for (std::int64_t bx = p[0] / cell - 1; bx <= p[0] / cell + 1; ++bx)
      for (std::int64_t by = p[1] / cell - 1; by <= p[1] / cell + 1; ++by) {
        const auto it = bucket.find({bx, by});
        if (it == bucket.end()) continue;
        for (std::uint32_t j : it->second) {
          const auto& q = net.position[j];
          const auto d2 = (p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]);
          if (j > i && d2 <= kUnitDiskRadius2) net.wires.push_back({i, j});
        }
      }
  }
  std::sort(net.wires.begin(), net.wires.end());
  return net;
}

}  // namespace ftvlsi
