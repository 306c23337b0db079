#pragma once
// One decomposition run's typed result (Leiserson 1985 §V, Greenberg 1990 §2): the competing
// network as cut (its layout when it was cut on one), the cutting-plane and balanced trees, the
// host fat-tree, the mapping and the one-step loads. report/decompose_job.hpp runs it;
// io/decompose_json.hpp writes its JSON.
#include <cstdint>
#include <optional>
#include <vector>

#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/bisection.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/geometry/drawn_layout.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

struct DecomposeRun {
  CompetingNetwork net;  // positions are the layout's processor corners when it was cut
  // The layout that was cut, with its metrics: a 2D network's channel layout, or the metrics of
  // a 3D network drawn on the grid (layout/grid3d.hpp; its layout is not kept, so empty); none
  // when the placement grid was cut.
  std::optional<AnyDrawnLayout> drawn;
  int host_dimensions = 2;  // 3: the volume-universal host of Leiserson's Theorem 10
  CuttingTree tree;
  BalancedTree balanced;
  FatTreeParams host;                          // the host fat-tree the processors were mapped onto
  std::vector<std::uint64_t> host_capacities;  // cap(k), k = 0 .. L
  std::vector<std::uint64_t> leaf;
  ChannelLoads loads;
  // The balanced mapping's bisection (--mapping balanced), and whether its loads broke Theorem
  // 8's bound so that the pearl-string tree's mapping was taken instead.
  std::optional<BisectionMapping> bisection;
  bool bisection_fallback = false;

  // The cut layout if there is one with D dimensions, else null.
  template <int D>
  const DrawnLayout<D>* drawn_as() const {
    return drawn ? ftvlsi::drawn_as<D>(*drawn) : nullptr;
  }
};

}  // namespace ftvlsi
