#pragma once
// The wires of a network as compressed adjacency lists: the neighbours of v are
// next[start[v] .. start[v + 1]).
#include <cstdint>
#include <utility>
#include <vector>

namespace ftvlsi {

struct Adjacency {
  std::vector<std::uint32_t> start, next;
  Adjacency(std::uint64_t vertices,
            const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges)
      : Adjacency(vertices, edges, [](std::uint32_t v) { return v; }) {}
  // The same with every vertex v renamed number(v) (a permutation).
  template <class Number>
  Adjacency(std::uint64_t vertices,
            const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges, Number number)
      : start(vertices + 1, 0), next(2 * edges.size()) {
    for (auto [a, b] : edges) ++start[number(a) + 1], ++start[number(b) + 1];
    for (std::uint64_t v = 0; v < vertices; ++v) start[v + 1] += start[v];
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (auto [a, b] : edges) {
      const std::uint32_t x = number(a), y = number(b);
      next[fill[x]++] = y, next[fill[y]++] = x;
    }
  }
  std::uint64_t vertices() const { return start.size() - 1; }
  // No vertex is its own neighbour and none is listed twice: no self-loop, no parallel edges.
  bool simple() const {
    std::vector<std::uint32_t> seen(vertices(), UINT32_MAX);  // seen[u] == v: u listed for v
    for (std::uint32_t v = 0; v < vertices(); ++v)
      for (std::uint32_t e = start[v]; e < start[v + 1]; ++e) {
        const std::uint32_t u = next[e];
        if (u == v || seen[u] == v) return false;
        seen[u] = v;
      }
    return true;
  }
};

}  // namespace ftvlsi
