#include "ftvlsi/layout/butterfly3d_layered.hpp"

#include <doctest/doctest.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"

using namespace ftvlsi;

TEST_SUITE("butterfly3d") {
  TEST_CASE("its layered 3D layout draws every wire and is DRC-clean") {
    for (std::uint64_t n : {8, 64, 512, 4096}) {
      const ButterflyFatTree3d net(n);
      const Layout<3> layout = build_butterfly3d(net);
      const LayoutMetrics<3> m = measure(layout);
      CAPTURE(n);
      CHECK(m.wires == net.graph().wires.size());
      CHECK(m.processors == n);
      CHECK(check_hierarchical(layout).violations == 0);
      if (n <= 512) CHECK(check_flat(layout, 1ull << 32).violations == 0);
    }
  }
}
