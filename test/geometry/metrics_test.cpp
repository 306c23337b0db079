#include "ftvlsi/geometry/metrics.hpp"

#include <doctest/doctest.h>

#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::tree_of;

namespace {

Layout<2> build(const FatTree& tree, Point<2>) {
  return build_h_tree(tree);
}
Layout<3> build(const FatTree& tree, Point<3>) {
  return build_cube(tree);
}

}  // namespace

TEST_SUITE("metrics") {
  TEST_CASE_TEMPLATE("the hierarchical sums equal a recount of the flattened layout", P, Point<2>,
                     Point<3>) {
    constexpr int D = sizeof(P) / sizeof(Coord);
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kLinearSize}) {
      for (int L = 0; L <= 8; ++L) {
        const FatTree tree = tree_of(std::uint64_t{1} << L, profile);
        const Layout<D> layout = build(tree, P{});
        const LayoutMetrics<D> m = measure(layout);
        const FlatLayout<D> flat = flatten(layout, std::uint64_t{1} << 30);
        CAPTURE(L);
        std::uint64_t segments = 0, vias = 0, length = 0, longest = 0;
        for (std::size_t w = 0; w < flat.wire_count(); ++w) {
          segments += flat.wire(w).size() - 1;
          vias += wire_vias<D>(flat.wire(w));
          length += wire_length<D>(flat.wire(w));
          longest = std::max(longest, wire_length<D>(flat.wire(w)));
        }
        std::uint64_t processors = 0, processor_size = 0, switch_size = 0;
        Box<D> bbox = Box<D>::none();
        for (std::size_t n = 0; n < flat.node_box.size(); ++n) {
          bbox = bbox.united(flat.node_box[n]);
          std::uint64_t size = 1;
          for (int a = 0; a < D; ++a) size *= flat.node_box[n].extent(a);
          if (flat.node_kind[n] == NodeKind::kSwitch) switch_size += size;
          if (flat.node_kind[n] != NodeKind::kProcessor) continue;
          ++processors;
          processor_size += size;
        }
        for (const Point<D>& p : flat.wire_points) bbox = bbox.united(Box<D>::at(p));
        CHECK(m.nodes == flat.node_box.size());
        CHECK(m.processors == processors);
        CHECK(m.processor_size == processor_size);
        CHECK(m.switch_size == switch_size);
        CHECK((L == 0) == (m.switch_size == 0));  // one processor alone has no switch
        CHECK(m.wires == flat.wire_count());
        CHECK(m.segments == segments);
        CHECK(m.vias == vias);
        CHECK(m.wire_length_total == length);
        CHECK(m.wire_length_max == longest);
        CHECK(m.bbox == bbox);
        std::uint64_t size = 1;
        for (int a = 0; a < D; ++a) size *= static_cast<std::uint64_t>(bbox.extent(a));
        CHECK(m.size == size);
      }
    }
  }
}
