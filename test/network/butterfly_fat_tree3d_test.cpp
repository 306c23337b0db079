#include "ftvlsi/network/butterfly_fat_tree3d.hpp"

#include <doctest/doctest.h>

#include <array>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/rng.hpp"

using namespace ftvlsi;

TEST_SUITE("butterfly3d") {
  TEST_CASE("the 3D butterfly fat-tree: 8 children, 4 parents, channels of p^(2/3) wires") {
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      const ButterflyFatTree3d net(n);
      const ButterflyFatTree3dGraph g = net.graph();
      std::vector<std::uint64_t> per_level(net.levels() + 1, 0);
      for (int l : g.level) ++per_level[l];
      CHECK(per_level[0] == n);
      for (int l = 1; l <= net.levels(); ++l) {
        CHECK(per_level[l] == (n >> (3 * l)) * (std::uint64_t{1} << (2 * (l - 1))));
        // p = 8^l processors below a level-l node, p^(2/3) = 4^l wires above it.
        CHECK(net.channel_width(l) == std::uint64_t{1} << (2 * l));
        CHECK(net.switches_per_node(l) * 4 == net.channel_width(l));
      }
      CHECK(net.wires() == g.wires.size());
      std::vector<int> up(g.level.size(), 0), down(g.level.size(), 0);
      for (const auto& [child, parent] : g.wires) ++up[child], ++down[parent];
      for (std::size_t v = 0; v < g.level.size(); ++v) {
        const int l = g.level[v];
        if (l > 0) CHECK(down[v] == 8);
        if (l == 0 && net.levels() > 0) CHECK(up[v] == 1);
        if (l > 0 && l < net.levels()) CHECK(up[v] == 4);
        // Every switch sits inside its node's subcube.
        for (int a = 0; a < 3; ++a)
          CHECK((g.cell[v][a] >> l) < (std::int64_t{1} << (net.levels() - l)));
      }
    }
    CHECK_THROWS_AS(ButterflyFatTree3d(64 * 4), InputError);
  }

  TEST_CASE("the 3D fat-pyramid: one wire per switch pair of face-adjacent nodes at each level") {
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      const ButterflyFatTree3d tree(n), net(n, true);
      const ButterflyFatTree3dGraph g = net.graph(), t = tree.graph();
      CHECK(net.pyramid());
      CHECK(g.wires.size() == net.wires());
      CHECK(net.tree_wires() == tree.wires());
      REQUIRE(g.wire_is_mesh.size() == g.wires.size());
      std::uint64_t mesh = 0;
      std::vector<std::uint64_t> per_level(net.levels() + 1, 0);
      std::vector<int> degree(g.level.size(), 0);
      for (std::size_t w = 0; w < g.wires.size(); ++w) {
        if (!g.wire_is_mesh[w]) continue;
        ++mesh;
        const auto [a, b] = g.wires[w];
        const int l = g.wire_level[w];
        ++per_level[l], ++degree[a], ++degree[b];
        REQUIRE(g.level[a] == l);
        REQUIRE(g.level[b] == l);
        // Same-numbered switches: equal offsets inside their nodes' subcubes; the nodes share a
        // face (one axis differs by one node).
        int axes = 0;
        for (int x = 0; x < 3; ++x) {
          const std::int64_t mask = (std::int64_t{1} << l) - 1;
          CHECK((g.cell[a][x] & mask) == (g.cell[b][x] & mask));
          const std::int64_t d = (g.cell[b][x] >> l) - (g.cell[a][x] >> l);
          CHECK((d == 0 || d == 1));
          axes += d != 0;
        }
        CHECK(axes == 1);
      }
      CHECK(mesh == net.mesh_wires());
      for (int l = 1; l <= net.levels(); ++l) CHECK(per_level[l] == net.mesh_wires_at(l));
      CHECK(per_level[net.levels()] == 0);
      // An interior level-l switch meets 6 mesh wires.
      for (std::size_t v = n; v < g.level.size(); ++v) {
        const int l = g.level[v];
        if (l >= net.levels()) continue;
        const std::int64_t side = std::int64_t{1} << (net.levels() - l);
        int expected = 0;
        for (int x = 0; x < 3; ++x) {
          const std::int64_t c = g.cell[v][x] >> l;
          expected += (c > 0) + (c + 1 < side);
        }
        CHECK(degree[v] == expected);
      }
      // The tree part is the 3D butterfly fat-tree's, wire for wire.
      std::vector<std::pair<std::uint32_t, std::uint32_t>> tree_part;
      for (std::size_t w = 0; w < g.wires.size(); ++w)
        if (!g.wire_is_mesh[w]) tree_part.push_back(g.wires[w]);
      CHECK(tree_part == t.wires);
    }
  }

  TEST_CASE("Morton order round trip") {
    for (std::uint64_t m : {0ull, 1ull, 7ull, 8ull, 511ull, 123456ull, 2097151ull})
      CHECK(morton3(demorton3(m)) == m);
  }

  TEST_CASE("Morton order: bit i of axis a is bit 3i + a, checked bit by bit on seeded values") {
    // The definition, one bit at a time (the library uses masks and shifts).
    const auto slow_demorton = [](std::uint64_t m) {
      std::array<std::int64_t, 3> p{0, 0, 0};
      for (int i = 0; 3 * i < 64; ++i)
        for (int a = 0; a < 3 && 3 * i + a < 64; ++a)
          p[a] |= static_cast<std::int64_t>((m >> (3 * i + a)) & 1) << i;
      return p;
    };
    const auto slow_morton = [](const std::array<std::int64_t, 3>& p) {
      std::uint64_t m = 0;
      for (int i = 0; i < 21; ++i)
        for (int a = 0; a < 3; ++a)
          m |= ((static_cast<std::uint64_t>(p[a]) >> i) & 1) << (3 * i + a);
      return m;
    };
    SplitMix64 rng(11);
    for (int t = 0; t < 20000; ++t) {
      // Small values (the networks' own) and full 64-bit words alike.
      const std::uint64_t m = t % 2 ? rng() : rng() >> (rng() % 64);
      CAPTURE(m);
      CHECK(demorton3(m) == slow_demorton(m));
      const std::array<std::int64_t, 3> p{static_cast<std::int64_t>(rng() >> 43),
                                          static_cast<std::int64_t>(rng() >> 43),
                                          static_cast<std::int64_t>(rng() >> 43)};
      CHECK(morton3(p) == slow_morton(p));
      CHECK(demorton3(morton3(p)) == p);
    }
    CHECK(demorton3(~0ull) ==
          std::array<std::int64_t, 3>{(1 << 22) - 1, (1 << 21) - 1, (1 << 21) - 1});
  }
}
