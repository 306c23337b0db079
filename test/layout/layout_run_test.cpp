// A layout run's summary figures come from what it holds: the network it laid out (kind and
// processors), its drawn layout in either dimension (wires, grid size) and its DRC reports.
#include "ftvlsi/layout/layout_run.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/network/competing.hpp"
#include "support/random_layout.hpp"
#include "support/trees.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_layout;

TEST_SUITE("layout_run") {
  TEST_CASE("the network it laid out names the kind and the processors") {
    LayoutRun tree;
    tree.laid_out = ftvlsi::test::tree_of(64, CapacityProfile::kFull);
    CHECK(tree.kind() == "fat-tree");
    CHECK(tree.tree() != nullptr);
    CHECK(tree.network() == nullptr);
    CHECK(tree.processors() == 64);
    LayoutRun mesh;
    mesh.laid_out = make_competing("torus", 49, 1);
    CHECK(mesh.kind() == "torus");
    CHECK(mesh.processors() == 49);
    CHECK(mesh.network() != nullptr);
    CHECK(mesh.tree() == nullptr);
    for (const bool pyramid : {false, true}) {
      LayoutRun b;
      b.laid_out = ButterflyFatTree(256, pyramid);
      CHECK(b.kind() == (pyramid ? "fat-pyramid" : "butterfly-fat-tree"));
      CHECK(b.processors() == 256);
      LayoutRun b3;
      b3.laid_out = ButterflyFatTree3d(512, pyramid);
      CHECK(b3.kind() == (pyramid ? "fat-pyramid-3d" : "butterfly-fat-tree-3d"));
      CHECK(b3.processors() == 512);
      CHECK((b.butterfly() != nullptr && b.butterfly3d() == nullptr));
      CHECK((b3.butterfly3d() != nullptr && b3.butterfly() == nullptr));
    }
  }

  TEST_CASE("an empty run holds no network: no kind, no processors") {
    const LayoutRun empty;
    CHECK(empty.kind().empty());
    CHECK(empty.processors() == 0);
    CHECK((empty.tree() == nullptr && empty.network() == nullptr && empty.butterfly() == nullptr &&
           empty.butterfly3d() == nullptr));
  }

  TEST_CASE("wires, grid size and dimensions are the drawn layout's, in 2D and 3D") {
    std::mt19937_64 rng(0x1a7);
    for (int trial = 0; trial < 20; ++trial) {
      LayoutRun run;
      run.drawn = drawn_and_measured(random_layout<2>(rng, 3));
      const auto& m2 = run.drawn_as<2>()->metrics;
      CHECK(run.dimensions() == 2);
      CHECK(run.drawn_as<3>() == nullptr);
      CHECK(run.wires() == m2.wires);
      CHECK(run.grid_size() == std::to_string(m2.width) + " x " + std::to_string(m2.height));
      run.drawn = drawn_and_measured(random_layout<3>(rng, 3));
      const auto& m3 = run.drawn_as<3>()->metrics;
      CHECK(run.dimensions() == 3);
      CHECK(run.drawn_as<2>() == nullptr);
      CHECK(run.wires() == m3.wires);
      CHECK(run.grid_size() == std::to_string(m3.width) + " x " + std::to_string(m3.height) +
                                   " x " + std::to_string(m3.depth));
    }
  }

  TEST_CASE("the run is DRC clean when every check that ran found nothing") {
    LayoutRun run;
    CHECK(run.drc_clean());  // no check ran
    DrcReport clean;
    clean.mode = "hierarchical";
    run.drc.push_back(clean);
    CHECK(run.drc_clean());
    DrcReport dirty;
    dirty.mode = "flat";
    dirty.violations = 1;
    run.drc.push_back(dirty);
    CHECK_FALSE(run.drc_clean());
  }
}
