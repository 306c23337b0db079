#pragma once
// A geometry for a graph that came without one: pivot multidimensional scaling (Brandes and
// Pich, "Eigensolver methods for progressive multidimensional scaling of large data", 2007), a
// spectral layout. k pivots are picked farthest-first (the first one seeded); BFS distances from
// them give an N x k matrix C of double-centred squared distances, and the coordinates are C
// times the top two eigenvectors of the k x k matrix C^T C (power iteration). Each connected
// component is embedded on its own; components are placed side by side along x.
// O(k (N + M)) time, O(k N) memory.
#include <cstdint>

#include "ftvlsi/network/graph.hpp"

namespace ftvlsi {

inline constexpr int kEmbeddingPivots = 32;

Coordinates pivot_mds_embedding(const Graph& g, std::uint64_t seed);

}  // namespace ftvlsi
