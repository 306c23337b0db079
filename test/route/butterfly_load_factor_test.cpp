// λ on the butterfly networks against its definition: every message's channels listed one by one
// (the up and down channel of each level below its turn, then its mesh hops), counted in a map,
// the largest count over its width. The library counts in flat arrays; both must agree exactly.
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <map>
#include <tuple>
#include <vector>

#include "ftvlsi/core/rng.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"

using namespace ftvlsi;

namespace {

using Key = std::tuple<int, int, std::array<std::int64_t, 3>>;  // level, kind, node cell

std::array<std::int64_t, 3> cell_of(const ButterflyFatTree& net, std::uint32_t p) {
  const std::int64_t side = std::int64_t{1} << net.levels();
  return {p % side, p / side, 0};
}
std::array<std::int64_t, 3> cell_of(const ButterflyFatTree3d&, std::uint32_t p) {
  return demorton3(p);
}

template <class Net>
double lambda_by_definition(const Net& net, const MessageSet& messages, int dims, bool diagonals) {
  std::map<Key, std::uint64_t> count;
  const auto shift = [](std::array<std::int64_t, 3> c, int l) {
    for (auto& x : c) x >>= l;
    return c;
  };
  for (const auto& [src, dst] : messages) {
    if (src == dst) continue;
    const ButterflyTurn turn = butterfly_turn(net, src, dst);
    const auto s = cell_of(net, src), d = cell_of(net, dst);
    for (int l = 0; l < turn.level; ++l) {
      ++count[{l, 0, shift(s, l)}];
      ++count[{l, 1, shift(d, l)}];
    }
    if (!turn.mesh) continue;
    const int l = turn.level;
    auto at = shift(s, l);
    const auto to = shift(d, l);
    // The hops: in 2D a diagonal is x then y unless the mesh has diagonal wires; in 3D one hop
    // per axis, x, y, z.
    std::vector<std::array<std::int64_t, 3>> hops;
    if (dims == 2 && diagonals) {
      hops.push_back({to[0] - at[0], to[1] - at[1], 0});
    } else {
      for (int a = 0; a < dims; ++a)
        if (to[a] != at[a]) {
          std::array<std::int64_t, 3> h{0, 0, 0};
          h[a] = to[a] - at[a];
          hops.push_back(h);
        }
    }
    for (const auto& h : hops) {
      const int direction = (h[0] + 1) + 3 * (h[1] + 1) + 9 * (h[2] + 1);
      ++count[{l, 2 + direction, at}];
      for (int a = 0; a < 3; ++a) at[a] += h[a];
    }
  }
  double lambda = 0;
  for (const auto& [key, c] : count) {
    const int l = std::get<0>(key);
    const bool mesh = std::get<1>(key) >= 2;
    std::uint64_t width = net.channel_width(l);
    if (mesh) {
      if constexpr (std::is_same_v<Net, ButterflyFatTree3d>) width = net.switches_per_node(l);
    }
    lambda = std::max(lambda, static_cast<double>(c) / static_cast<double>(width));
  }
  return lambda;
}

MessageSet random_messages(std::uint64_t n, std::uint64_t count, SplitMix64& rng, bool local) {
  MessageSet m;
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto src = static_cast<std::uint32_t>(rng.below(n));
    // Local messages stay near their source (small turns, mesh shortcuts); the rest go anywhere.
    const auto dst = static_cast<std::uint32_t>(
        local ? (src ^ rng.below(std::min<std::uint64_t>(n, 64))) : rng.below(n));
    m.push_back({src, dst});
  }
  return m;
}

}  // namespace

TEST_SUITE("butterfly_load_factor") {
  TEST_CASE("λ on butterfly fat-trees and fat-pyramids equals its definition, seeded sets") {
    SplitMix64 rng(2027);
    for (int t = 0; t < 60; ++t) {
      const std::uint64_t n = std::uint64_t{1} << (2 * (2 + t % 4));  // 16 ... 1024
      const bool pyramid = t % 2 == 0, diagonals = pyramid && t % 3 == 0, local = t % 5 < 3;
      const ButterflyFatTree net(n, pyramid, {}, diagonals);
      const MessageSet m = random_messages(n, 1 + rng.below(4 * n), rng, local);
      CAPTURE(n);
      CAPTURE(pyramid);
      CAPTURE(diagonals);
      CAPTURE(local);
      CHECK(butterfly_load_factor(net, m) == lambda_by_definition(net, m, 2, diagonals));
    }
  }

  TEST_CASE("λ on 3D butterfly fat-trees and fat-pyramids equals its definition, seeded sets") {
    SplitMix64 rng(2028);
    for (int t = 0; t < 40; ++t) {
      const std::uint64_t n = std::uint64_t{1} << (3 * (1 + t % 3));  // 8, 64, 512
      const bool pyramid = t % 2 == 0, local = t % 5 < 3;
      const ButterflyFatTree3d net(n, pyramid);
      const MessageSet m = random_messages(n, 1 + rng.below(4 * n), rng, local);
      CAPTURE(n);
      CAPTURE(pyramid);
      CAPTURE(local);
      CHECK(butterfly_load_factor(net, m) == lambda_by_definition(net, m, 3, false));
    }
  }

  TEST_CASE("λ of no messages, and of messages to themselves, is 0") {
    const ButterflyFatTree net(64, true);
    CHECK(butterfly_load_factor(net, {}) == 0);
    CHECK(butterfly_load_factor(net, {{3, 3}, {5, 5}}) == 0);
  }
}
