#pragma once
// Seeded random competing networks for property tests: n processors at distinct random grid
// positions within a box of the given side, and random wires between distinct processors.
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ftvlsi/network/competing.hpp"

namespace ftvlsi::test {

inline CompetingNetwork random_network(std::mt19937_64& rng, std::uint64_t n, int dimensions,
                                       std::int64_t side, std::uint64_t wires) {
  CompetingNetwork net;
  net.kind = "random";
  net.dimensions = dimensions;
  std::set<std::array<std::int64_t, 3>> used;
  const std::int64_t offset = static_cast<std::int64_t>(rng() % 7) - 3;  // origins other than 0
  while (net.position.size() < n) {
    std::array<std::int64_t, 3> p{};
    for (int d = 0; d < dimensions; ++d)
      p[d] = offset + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(side));
    if (used.insert(p).second) net.position.push_back(p);
  }
  for (std::uint64_t w = 0; w < wires && n > 1; ++w) {
    const auto a = static_cast<std::uint32_t>(rng() % n);
    auto b = static_cast<std::uint32_t>(rng() % (n - 1));
    if (b >= a) ++b;
    net.wires.emplace_back(a, b);
  }
  return net;
}

// `net` made a multigraph: every `repeat`-th wire doubled, and a self-wire at every `loop`-th
// processor (an ftvlsi network file may hold both).
inline CompetingNetwork with_parallel_wires_and_loops(CompetingNetwork net, std::size_t repeat,
                                                      std::uint32_t loop) {
  const std::size_t wires = net.wires.size();
  for (std::size_t w = 0; w < wires; w += repeat) net.wires.push_back(net.wires[w]);
  for (std::uint32_t v = 0; v < net.processors(); v += loop) net.wires.push_back({v, v});
  return net;
}

// The largest number of wires with exactly one end among the processors p whose piece(p) is
// the same, over all pieces: the bandwidth of a partition, counted wire by wire.
template <class Piece>
std::uint64_t max_piece_bandwidth(const CompetingNetwork& net, Piece&& piece) {
  std::vector<std::uint64_t> ids;
  for (std::uint64_t p = 0; p < net.processors(); ++p) ids.push_back(piece(p));
  std::unordered_map<std::uint64_t, std::uint64_t> leaving;  // per piece met by a wire across
  std::uint64_t most = 0;
  for (const auto& [a, b] : net.wires)
    if (ids[a] != ids[b]) most = std::max({most, ++leaving[ids[a]], ++leaving[ids[b]]});
  return most;
}

}  // namespace ftvlsi::test
