#include "ftvlsi/layout/channel_layout.hpp"

#include <doctest/doctest.h>

#include <set>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/geometry/metrics.hpp"

using namespace ftvlsi;

TEST_SUITE("channel_layout") {
  TEST_CASE("competing networks are laid out DRC clean with every wire joining its two ends") {
    const std::vector<std::pair<const char*, std::vector<std::uint64_t>>> cases = {
        {"mesh", {1, 4, 9, 25, 64, 256}}, {"torus", {4, 9, 25, 64, 256}},
        {"planar", {3, 25, 100, 300}},    {"tree", {1, 2, 8, 64, 256}},
        {"hypercube", {2, 8, 64, 256}},   {"butterfly", {4, 12, 32, 80, 192}}};
    for (const auto& [kind, sizes] : cases) {
      for (std::uint64_t n : sizes) {
        CAPTURE(std::string(kind));
        CAPTURE(n);
        const CompetingNetwork net = make_competing(kind, n, n);
        const Layout<2> layout = build_channel_layout(net);
        CHECK(check_hierarchical(layout).violations == 0);
        CHECK(check_flat(layout, std::uint64_t{1} << 30).violations == 0);
        const FlatLayout<2> flat = flatten(layout, std::uint64_t{1} << 30);
        REQUIRE(flat.wire_count() == net.wires.size());
        std::multiset<std::pair<std::uint32_t, std::uint32_t>> want, got;
        for (auto [a, b] : net.wires) want.insert(std::minmax(a, b));
        for (std::size_t w = 0; w < flat.wire_count(); ++w) {
          // The processor whose box holds each end, found from the geometry.
          std::int64_t ends[2] = {-1, -1};
          for (int e = 0; e < 2; ++e) {
            const Point<2> p = e == 0 ? flat.wire(w).front() : flat.wire(w).back();
            for (std::size_t q = 0; q < flat.node_box.size(); ++q)
              if (flat.node_box[q].on_boundary(p)) ends[e] = static_cast<std::int64_t>(q);
          }
          REQUIRE(ends[0] >= 0);
          REQUIRE(ends[1] >= 0);
          got.insert(std::minmax(static_cast<std::uint32_t>(ends[0]),
                                 static_cast<std::uint32_t>(ends[1])));
        }
        CHECK(got == want);
      }
    }
  }

  TEST_CASE("a mesh's channel layout has area Theta(N) and wires of constant length") {
    double first = 0;
    for (std::uint64_t side : {8, 16, 32, 64}) {
      const LayoutMetrics<2> m =
          measure(build_channel_layout(make_competing("mesh", side * side, 1)));
      const double per_processor = static_cast<double>(m.area()) / (side * side);
      if (first == 0) first = per_processor;
      CHECK(per_processor <= first * 1.3);
      CHECK(m.wire_length_max <= 24);  // the same few tracks per channel at every size
    }
  }

  TEST_CASE("a 3D network is refused with a sentence") {
    CHECK_THROWS_AS(build_channel_layout(make_competing("mesh3d", 27, 1)), InputError);
  }
}
