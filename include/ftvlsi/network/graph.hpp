#pragma once
// A network read from a graph file (Scotch, METIS): vertices, undirected edges and, when the file
// came with one, a geometry. network_from_graph places it on an integer grid as a
// CompetingNetwork; without a geometry it first computes one (network/embedding.hpp).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

struct Graph {
  std::uint32_t vertices = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;  // a < b, sorted, no repeats
};

// One point per vertex; z = 0 unless dimensions == 3.
struct Coordinates {
  int dimensions = 2;
  std::vector<std::array<double, 3>> point;
};

// Integer positions for `coords`: kept as they are when every coordinate is an integer and no
// two points coincide; otherwise each axis is replaced by the point's rank along it, binned into
// about 2 N^(1/D) columns (quantiles, so every axis keeps its order), and a point whose cell is
// taken goes to the nearest free cell (rings around it, in a fixed order).
std::vector<std::array<std::int64_t, 3>> grid_positions(const Coordinates& coords);

// The competing network of `g` with the given geometry, or a computed one (pivot MDS, seeded)
// when `coords` is empty; `geometry_computed` says which.
CompetingNetwork network_from_graph(Graph g, std::optional<Coordinates> coords, std::uint64_t seed);

// The graph of a network (its wires, deduplicated), for writing it back.
Graph graph_of(const CompetingNetwork& net);

}  // namespace ftvlsi
