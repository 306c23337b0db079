#include "ftvlsi/network/butterfly_graph.hpp"

#include <doctest/doctest.h>

#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"

using namespace ftvlsi;

namespace {

// The properties both dimensions' graphs share: one level and cell per node, one level and kind
// per wire; a tree wire joins a child one level below its parent, whose level it carries; a
// mesh wire joins two switches of its own level, in different cells.
template <int D>
void check_graph(const ButterflyGraph<D>& g, std::uint64_t processors) {
  REQUIRE(g.cell.size() == g.level.size());
  REQUIRE(g.wire_level.size() == g.wires.size());
  REQUIRE(g.wire_is_mesh.size() == g.wires.size());
  for (std::uint64_t p = 0; p < processors; ++p) CHECK(g.level[p] == 0);
  for (std::size_t w = 0; w < g.wires.size(); ++w) {
    const auto [a, b] = g.wires[w];
    REQUIRE(a < g.level.size());
    REQUIRE(b < g.level.size());
    if (g.wire_is_mesh[w]) {
      CHECK(g.level[a] == g.wire_level[w]);
      CHECK(g.level[b] == g.wire_level[w]);
      CHECK(g.cell[a] != g.cell[b]);
    } else {
      CHECK(g.level[b] == g.wire_level[w]);
      CHECK(g.level[a] == g.level[b] - 1);
    }
  }
}

}  // namespace

TEST_SUITE("butterfly_graph") {
  TEST_CASE("2D and 3D butterfly graphs: a tree wire goes one level up, a mesh wire stays") {
    for (bool pyramid : {false, true}) {
      CAPTURE(pyramid);
      for (std::uint64_t n : {4, 64, 1024}) {
        const ButterflyFatTree net(n, pyramid);
        const ButterflyFatTreeGraph g = net.graph();
        check_graph(g, n);
        CHECK(g.wires.size() == net.wire_count());
      }
      for (std::uint64_t n : {8, 512}) {
        const ButterflyFatTree3d net(n, pyramid);
        const ButterflyFatTree3dGraph g = net.graph();
        check_graph(g, n);
        CHECK(g.wires.size() == net.wires());
      }
    }
  }
}
