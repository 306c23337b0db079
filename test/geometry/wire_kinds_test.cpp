#include "ftvlsi/geometry/wire_kinds.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"

using namespace ftvlsi;

TEST_SUITE("wire_kinds") {
  TEST_CASE("mesh edges and tree wires per level add up to the network's and to the metrics") {
    for (std::uint64_t n : {64, 256, 1024}) {
      for (const bool pyramid : {false, true}) {
        CAPTURE(n);
        CAPTURE(pyramid);
        const ButterflyFatTree net(n, pyramid);
        const Layout<2> layout = build_fold_and_squash(net);
        const LayoutMetrics<2> m = measure(layout);
        const WireKindMetrics k = measure_wire_kinds(layout, net.levels() + 1);
        const ButterflyFatTreeGraph g = net.graph();
        std::vector<std::uint64_t> mesh(net.levels() + 1, 0);
        for (std::size_t w = 0; w < g.wires.size(); ++w)
          if (g.wire_is_mesh[w]) ++mesh[g.wire_level[w]];
        CHECK(k.mesh_wires_by_level == mesh);
        for (int l = 0; l <= net.levels(); ++l) {
          const auto mesh_max = k.mesh_wire_length_max_by_level[l];
          const auto tree_max = k.tree_wire_length_max_by_level[l];
          CHECK(std::max(mesh_max, tree_max) == m.wire_length_max_by_level[l]);
          CHECK(k.mesh_wire_length_total_by_level[l] <= m.wire_length_total_by_level[l]);
          if (pyramid && l >= 1 && l < net.levels()) CHECK(mesh_max > 0);
          if (!pyramid) CHECK(mesh_max == 0);
        }
      }
    }
  }
}
