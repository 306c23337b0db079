#include "ftvlsi/decomp/refinement.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "ftvlsi/network/competing.hpp"

using namespace ftvlsi;

TEST_SUITE("refinement") {
  TEST_CASE("refinement keeps both sides' sizes exactly and never increases the cut") {
    std::mt19937_64 rng(23);
    const char* kinds[] = {"planar", "mesh", "torus", "hypercube", "butterfly", "tree"};
    const std::uint64_t sizes[] = {400, 256, 196, 256, 192, 128};
    int improved = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const CompetingNetwork net = make_competing(kinds[trial % 6], sizes[trial % 6], rng());
      const Adjacency adj(net.processors(), net.wires);
      // A piece: a random subset; the rest of the network is outside it.
      std::vector<std::uint32_t> all(net.processors());
      std::iota(all.begin(), all.end(), 0u);
      std::shuffle(all.begin(), all.end(), rng);
      const std::size_t size = 2 + rng() % (all.size() - 1);
      std::vector<std::uint32_t> piece(all.begin(), all.begin() + size);
      std::sort(piece.begin(), piece.end());
      std::vector<std::uint8_t> side(net.processors(), kOutside);
      // A geometric-ish or random start, split floor / ceil.
      if (trial % 2) std::shuffle(piece.begin(), piece.end(), rng);
      for (std::size_t i = 0; i < piece.size(); ++i) side[piece[i]] = i < size / 2 ? 0 : 1;
      const std::uint64_t before = split_cut(adj, piece, side);
      RefineScratch scratch(net.processors());
      const std::uint64_t swaps = refine_split(adj, piece, side, scratch, 1 + trial % 4);
      const std::uint64_t after = split_cut(adj, piece, side);
      CAPTURE(trial);
      CHECK(after <= before);
      CHECK(std::count_if(piece.begin(), piece.end(), [&](auto v) { return side[v] == 0; }) ==
            static_cast<std::ptrdiff_t>(size / 2));
      std::size_t outside = 0;
      for (auto s : side) outside += s == kOutside;
      CHECK(outside == net.processors() - size);
      if (after < before) {
        ++improved;
        CHECK(swaps > 0);
      }
    }
    CHECK(improved > 20);  // random starts leave plenty to gain
  }

  TEST_CASE("a mesh split by a zig-zag is straightened by swaps") {
    // A 16 x 16 mesh, left half side 0, except columns 7 and 8 swapped in alternate rows.
    const CompetingNetwork net = make_competing("mesh", 256, 1);
    const Adjacency adj(256, net.wires);
    std::vector<std::uint32_t> piece(256);
    std::iota(piece.begin(), piece.end(), 0u);
    std::vector<std::uint8_t> side(256);
    for (std::uint32_t v = 0; v < 256; ++v) {
      const auto x = net.position[v][0], y = net.position[v][1];
      side[v] = x < 8 ? 0 : 1;
      if ((x == 7 || x == 8) && y % 2 == 0) side[v] = x == 7 ? 1 : 0;
    }
    const std::uint64_t before = split_cut(adj, piece, side);
    RefineScratch scratch(256);
    refine_split(adj, piece, side, scratch, 4);
    CHECK(before > 16);
    CHECK(split_cut(adj, piece, side) == 16);  // the straight cut
  }
}
