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
      : start(vertices + 1, 0), next(2 * edges.size()) {
    for (auto [a, b] : edges) ++start[a + 1], ++start[b + 1];
    for (std::uint64_t v = 0; v < vertices; ++v) start[v + 1] += start[v];
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (auto [a, b] : edges) next[fill[a]++] = b, next[fill[b]++] = a;
  }
  std::uint64_t vertices() const { return start.size() - 1; }
};

}  // namespace ftvlsi
