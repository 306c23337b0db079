#pragma once
// Seeded random competing networks for property tests: n processors at distinct random grid
// positions within a box of the given side, and random wires between distinct processors.
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <set>
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

// The largest number of wires with exactly one end among the processors p whose piece(p) is
// the same, over all pieces: the bandwidth of a partition, counted wire by wire.
template <class Piece>
std::uint64_t max_piece_bandwidth(const CompetingNetwork& net, Piece&& piece) {
  std::vector<std::uint64_t> ids;
  for (std::uint64_t p = 0; p < net.processors(); ++p) ids.push_back(piece(p));
  std::set<std::uint64_t> pieces(ids.begin(), ids.end());
  std::uint64_t most = 0;
  for (const std::uint64_t id : pieces) {
    std::uint64_t leaving = 0;
    for (const auto& [a, b] : net.wires) leaving += (ids[a] == id) != (ids[b] == id);
    most = std::max(most, leaving);
  }
  return most;
}

}  // namespace ftvlsi::test
