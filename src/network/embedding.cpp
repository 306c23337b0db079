#include "ftvlsi/network/embedding.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "ftvlsi/network/adjacency.hpp"

namespace ftvlsi {
namespace {

// BFS hop distances from `source` over the vertices of `members` (all in one component).
void bfs(const Adjacency& adj, std::uint32_t source, std::vector<std::int32_t>& dist,
         std::vector<std::uint32_t>& queue) {
  queue.clear();
  queue.push_back(source);
  dist[source] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const std::uint32_t v = queue[i];
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e)
      if (dist[adj.next[e]] < 0) dist[adj.next[e]] = dist[v] + 1, queue.push_back(adj.next[e]);
  }
}

// The top `count` eigenvectors of the symmetric k x k matrix `b` (power iteration, deflated).
std::vector<std::vector<double>> top_eigenvectors(std::vector<std::vector<double>> b, int count) {
  const std::size_t k = b.size();
  std::vector<std::vector<double>> out;
  for (int c = 0; c < count; ++c) {
    std::vector<double> v(k), w(k);
    for (std::size_t i = 0; i < k; ++i) v[i] = 1.0 + 0.1 * static_cast<double>(i % 7) + c;
    double lambda = 0;
    for (int it = 0; it < 200; ++it) {
      for (std::size_t i = 0; i < k; ++i) {
        w[i] = 0;
        for (std::size_t j = 0; j < k; ++j) w[i] += b[i][j] * v[j];
      }
      double norm = 0;
      for (double x : w) norm += x * x;
      norm = std::sqrt(norm);
      if (norm == 0) break;
      for (std::size_t i = 0; i < k; ++i) v[i] = w[i] / norm;
      lambda = norm;
    }
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < k; ++j) b[i][j] -= lambda * v[i] * v[j];
    out.push_back(v);
  }
  return out;
}

// Pivot MDS of one connected component (`members`); writes x, y. `dist` is scratch, size N.
void embed_component(const Adjacency& adj, const std::vector<std::uint32_t>& members,
                     std::mt19937_64& rng, std::vector<std::int32_t>& dist, Coordinates& out) {
  const std::size_t c = members.size();
  const std::size_t k = std::min<std::size_t>(c, kEmbeddingPivots);
  std::vector<std::int32_t> nearest(c, INT32_MAX);
  std::vector<std::uint32_t> queue;
  std::vector<std::vector<double>> d2(k, std::vector<double>(c));  // squared distances
  std::uint32_t pivot = members[rng() % c];
  for (std::size_t j = 0; j < k; ++j) {
    for (auto v : members) dist[v] = -1;
    bfs(adj, pivot, dist, queue);
    std::size_t far = 0;
    for (std::size_t i = 0; i < c; ++i) {
      const std::int32_t d = dist[members[i]];
      d2[j][i] = static_cast<double>(d) * d;
      nearest[i] = std::min(nearest[i], d);
      if (nearest[i] > nearest[far]) far = i;
    }
    pivot = members[far];
  }
  // Double centring: C[i][j] = -(d2 - row mean - column mean + grand mean) / 2.
  std::vector<double> row(c, 0), col(k, 0);
  double grand = 0;
  for (std::size_t j = 0; j < k; ++j)
    for (std::size_t i = 0; i < c; ++i) row[i] += d2[j][i] / k, col[j] += d2[j][i] / c;
  for (double x : col) grand += x / k;
  for (std::size_t j = 0; j < k; ++j)
    for (std::size_t i = 0; i < c; ++i) d2[j][i] = -(d2[j][i] - row[i] - col[j] + grand) / 2;
  std::vector<std::vector<double>> b(k, std::vector<double>(k, 0));
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t e = a; e < k; ++e) {
      double s = 0;
      for (std::size_t i = 0; i < c; ++i) s += d2[a][i] * d2[e][i];
      b[a][e] = b[e][a] = s;
    }
  const auto vecs = top_eigenvectors(std::move(b), 2);
  for (std::size_t i = 0; i < c; ++i)
    for (int axis = 0; axis < 2; ++axis) {
      double s = 0;
      for (std::size_t j = 0; j < k; ++j) s += d2[j][i] * vecs[axis][j];
      out.point[members[i]][axis] = s;
    }
}

}  // namespace

Coordinates pivot_mds_embedding(const Graph& g, std::uint64_t seed) {
  Coordinates out;
  out.dimensions = 2;
  out.point.assign(g.vertices, {0, 0, 0});
  const Adjacency adj(g.vertices, g.edges);
  std::mt19937_64 rng(seed);
  std::vector<std::int32_t> seen(g.vertices, -1), dist(g.vertices, -1);
  std::vector<std::uint32_t> members;
  double offset = 0;
  for (std::uint32_t v = 0; v < g.vertices; ++v) {
    if (seen[v] >= 0) continue;
    bfs(adj, v, seen, members);
    embed_component(adj, members, rng, dist, out);
    // Side by side along x, one unit apart.
    double lo = INFINITY, hi = -INFINITY;
    for (auto u : members) lo = std::min(lo, out.point[u][0]), hi = std::max(hi, out.point[u][0]);
    for (auto u : members) out.point[u][0] += offset - lo;
    offset += hi - lo + 1;
  }
  return out;
}

}  // namespace ftvlsi
