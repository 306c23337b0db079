#pragma once
// One `ftvlsi decompose` run: build or read the competing network, its cutting-plane tree, the
// balanced tree, the mapping onto a host fat-tree and the one-step loads; write the outputs.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/decompose_spec.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

struct DecomposeRun {
  CompetingNetwork net;  // positions are the layout's processor corners when it was cut
  std::optional<LayoutMetrics<2>> layout;
  std::optional<Layout<2>> drawing;  // the channel layout that was cut
  // A 3D network drawn on the grid (layout/cube.hpp, build_grid3d) and cut there.
  std::optional<LayoutMetrics<3>> layout3;
  std::optional<Layout<3>> drawing3;
  int host_dimensions = 2;  // 3: the volume-universal host of Leiserson's Theorem 10
  CuttingTree tree;
  BalancedTree balanced;
  FatTreeParams host;              // the host fat-tree the processors were mapped onto
  std::vector<std::uint64_t> leaf;
  ChannelLoads loads;
  nlohmann::ordered_json json;
};

DecomposeRun run_decompose(const DecomposeSpec& spec);

}  // namespace ftvlsi
