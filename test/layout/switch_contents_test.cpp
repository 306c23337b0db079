#include <doctest/doctest.h>

#include <cmath>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

using namespace ftvlsi;

namespace {

constexpr std::uint64_t kMemory = std::uint64_t{4} << 30;

FatTree tree_of(CapacityProfile profile, std::uint64_t n) {
  FatTreeParams p;
  p.processors = n;
  p.capacity.profile = profile;
  p.capacity.constant = 3;
  return FatTree(p);
}

}  // namespace

TEST_SUITE("switch_contents") {
  TEST_CASE("H-trees with their switches drawn inside are DRC clean, hierarchically and flat") {
    for (CapacityProfile profile :
         {CapacityProfile::kUniversal, CapacityProfile::kAreaUniversal,
          CapacityProfile::kLinearSize, CapacityProfile::kFull, CapacityProfile::kConstant}) {
      for (std::uint64_t n : {1, 2, 4, 16, 64, 256}) {
        CAPTURE(to_string(profile));
        CAPTURE(n);
        const Layout<2> layout = build_h_tree(tree_of(profile, n), SwitchModel::kPartial, 7);
        const DrcReport hier = check_hierarchical(layout);
        if (!hier.samples.empty())
          MESSAGE(hier.samples.front().rule << " " << hier.samples.front().detail);
        CHECK(hier.violations == 0);
        const DrcReport flat = check_flat(layout, kMemory);
        if (!flat.samples.empty())
          MESSAGE(flat.samples.front().rule << " " << flat.samples.front().detail);
        CHECK(flat.violations == 0);
      }
    }
  }

  TEST_CASE("every crosspoint, selector and child wire of a node is drawn as its own wire") {
    const FatTree tree = tree_of(CapacityProfile::kUniversal, 64);
    const std::uint64_t seed = 3;
    const Layout<2> layout = build_h_tree(tree, SwitchModel::kPartial, seed);
    // Cells: the processor, levels L-1 .. 0, the top.
    REQUIRE(layout.cells.size() == static_cast<std::size_t>(tree.levels()) + 2);
    for (int k = 0; k < tree.levels(); ++k) {
      CAPTURE(k);
      const Cell<2>& cell = layout.cells[static_cast<std::size_t>(tree.levels() - k)];
      REQUIRE(cell.name == "FATTREE_K" + std::to_string(k));
      const std::uint64_t c = tree.capacity(k), cc = tree.capacity(k + 1);
      std::uint64_t inner = 0, components = 0;
      for (const SwitchShape& s : node_switches(tree, k)) {
        const auto sw = build_concentrator(s.inputs, s.outputs, switch_seed(seed, k, s.kind));
        inner += sw.levels.empty() ? s.inputs : sw.components();
        components += s.inputs;  // input vertices
        for (int l = 0; l + 1 < sw.depth(); ++l) components += sw.levels[l].outputs;
      }
      // Child wires 2 · 2cc, selectors 2 per input port (2cc + c), the switches' edges.
      CHECK(cell.wire_count() == 4 * cc + 2 * (2 * cc + c) + inner);
      // Nodes: the ports of the three channels and the switches' components.
      CHECK(cell.node_count() == 2 * c + 4 * cc + components);
      CHECK(cell.pins.size() == 2 * c);
    }
  }

  TEST_CASE("the ideal model is the plain H-tree, and the partial one is larger by a constant") {
    for (std::uint64_t n : {16, 64, 256}) {
      const FatTree tree = tree_of(CapacityProfile::kAreaUniversal, n);
      const auto ideal = measure(build_h_tree(tree, SwitchModel::kIdeal, 1));
      CHECK(ideal.area() == measure(build_h_tree(tree)).area());
      const auto partial = measure(build_h_tree(tree, SwitchModel::kPartial, 1));
      CHECK(partial.area() > ideal.area());
      MESSAGE(n << ": partial / ideal area " << double(partial.area()) / double(ideal.area()));
    }
  }

  TEST_CASE("crossbar switches (L-L3's control) are drawn clean, wire for wire, Θ(m²) a node") {
    // The longest line of a node (its ports and components) over its channel wires: about
    // constant with partial
    // concentrators, growing like m with crossbars (r·s crosspoints, each its own wire).
    auto widest_over_m = [](const FatTree& tree, const Layout<2>& layout) {
      double most = 0;
      for (int k = 0; k < tree.levels(); ++k) {
        const Cell<2>& cell = layout.cells[static_cast<std::size_t>(tree.levels() - k)];
        const double m = double(2 * tree.capacity(k) + 4 * tree.capacity(k + 1));
        Coord lo = cell.bbox.hi[0], hi = cell.bbox.lo[0];  // the line of ports and components
        for (std::size_t i = 0; i < cell.node_count(); ++i)
          if (cell.node_kind[i] == NodeKind::kSwitch)
            lo = std::min(lo, cell.node_box[i].lo[0]), hi = std::max(hi, cell.node_box[i].hi[0]);
        most = std::max(most, double(hi - lo) / m);
      }
      return most;
    };
    std::vector<double> partial, crossbar;
    for (std::uint64_t n : {64, 256, 1024}) {
      CAPTURE(n);
      const FatTree tree = tree_of(CapacityProfile::kAreaUniversal, n);
      const Layout<2> layout = build_h_tree_crossbar_switches(tree);
      CHECK(check_hierarchical(layout).violations == 0);
      const int k = 0;  // the root: every crosspoint of its three crossbars is a wire
      const Cell<2>& root = layout.cells[static_cast<std::size_t>(tree.levels() - k)];
      std::uint64_t inner = 0;
      for (const SwitchShape& s : node_switches(tree, k))
        inner += s.inputs <= s.outputs ? s.inputs : std::uint64_t{s.inputs} * s.outputs;
      const std::uint64_t c = tree.capacity(k), cc = tree.capacity(k + 1);
      CHECK(root.wire_count() == 4 * cc + 2 * (2 * cc + c) + inner);
      crossbar.push_back(widest_over_m(tree, layout));
      partial.push_back(widest_over_m(tree, build_h_tree(tree, SwitchModel::kPartial, 1)));
    }
    CHECK(crossbar.back() > 3 * crossbar.front());  // doubles as n grows 4-fold
    CHECK(partial.back() < 1.5 * partial.front());
  }
}
