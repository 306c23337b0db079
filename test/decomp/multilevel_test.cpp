#include "ftvlsi/decomp/multilevel.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "ftvlsi/network/competing.hpp"
#include "support/networks.hpp"

using namespace ftvlsi;

TEST_SUITE("multilevel") {
  TEST_CASE("multilevel refinement keeps both sides' sizes exactly and never increases the cut") {
    std::mt19937_64 rng(31);
    const char* kinds[] = {"fem", "planar", "unit-disk", "mesh", "torus", "hypercube"};
    const std::uint64_t sizes[] = {1500, 1200, 1000, 1024, 900, 512};
    int improved = 0;
    MultilevelScratch ml;  // reused across trials, as a lane reuses it across splits
    for (int trial = 0; trial < 24; ++trial) {
      const CompetingNetwork net = make_competing(kinds[trial % 6], sizes[trial % 6], rng());
      const Adjacency adj(net.processors(), net.wires);
      std::vector<std::uint32_t> piece(net.processors());
      std::iota(piece.begin(), piece.end(), 0u);
      std::shuffle(piece.begin(), piece.end(), rng);
      piece.resize(piece.size() - rng() % (piece.size() / 4));  // the rest is outside
      std::vector<std::uint8_t> side(net.processors(), kOutside);
      // A median cut along x, or a random split.
      if (trial % 3 != 0)
        std::sort(piece.begin(), piece.end(),
                  [&](auto a, auto b) { return net.position[a] < net.position[b]; });
      const std::size_t h = piece.size() / 2;
      for (std::size_t i = 0; i < piece.size(); ++i) side[piece[i]] = i < h ? 0 : 1;
      const std::uint64_t before = split_cut(adj, piece, side);
      const std::vector<std::uint8_t> start = side;
      // Counted here, counted by the caller and by the pair swaps (the same split; the generated
      // networks are simple), and with FM on the processors.
      std::vector<std::uint8_t> counted_here;
      for (int variant = 0; variant < 3; ++variant) {
        side = start;
        MultilevelOptions options;
        if (variant == 1)
          options.start_cut = static_cast<std::int64_t>(before), options.simple = true;
        if (variant == 2) options.finest_fm = true;
        RefineScratch scratch(net.processors());
        const std::int64_t gain = refine_split_multilevel(adj, piece, side, scratch, ml, options);
        const std::uint64_t after = split_cut(adj, piece, side);
        CAPTURE(trial);
        CAPTURE(variant);
        CHECK(after <= before);
        CHECK(static_cast<std::int64_t>(before - after) == gain);
        CHECK(std::count_if(piece.begin(), piece.end(), [&](auto v) { return side[v] == 0; }) ==
              static_cast<std::ptrdiff_t>(h));
        CHECK(static_cast<std::size_t>(std::count(side.begin(), side.end(), kOutside)) ==
              net.processors() - piece.size());
        if (variant == 0) counted_here = side, improved += after < before;
        if (variant == 1) CHECK(side == counted_here);
      }
    }
    CHECK(improved >= 16);
  }

  TEST_CASE("with self-loops and parallel wires the multilevel split's gain is the cut's fall") {
    // The pair swaps book a pair's parallel wires once: their own count of the cut is not used.
    std::mt19937_64 rng(37);
    for (int trial = 0; trial < 6; ++trial) {
      const std::uint64_t n = 600 + rng() % 600;
      const CompetingNetwork net = test::with_parallel_wires_and_loops(
          make_competing(trial % 2 ? "fem" : "planar", n, rng()), 3, 7);
      const Adjacency adj(net.processors(), net.wires);
      std::vector<std::uint32_t> piece(net.processors());
      std::iota(piece.begin(), piece.end(), 0u);
      std::shuffle(piece.begin(), piece.end(), rng);  // a random split: much to gain
      std::vector<std::uint8_t> side(net.processors(), kOutside);
      const std::size_t h = piece.size() / 2;
      for (std::size_t i = 0; i < piece.size(); ++i) side[piece[i]] = i < h ? 0 : 1;
      const std::uint64_t before = split_cut(adj, piece, side);
      MultilevelScratch ml;
      RefineScratch scratch(net.processors());
      MultilevelOptions options;
      options.finest_fm = trial % 3 == 0;
      const std::int64_t gain = refine_split_multilevel(adj, piece, side, scratch, ml, options);
      const std::uint64_t after = split_cut(adj, piece, side);
      CAPTURE(trial);
      CHECK(after < before);
      CHECK(static_cast<std::int64_t>(before - after) == gain);
      CHECK(std::count_if(piece.begin(), piece.end(), [&](auto v) { return side[v] == 0; }) ==
            static_cast<std::ptrdiff_t>(h));
    }
  }
}
