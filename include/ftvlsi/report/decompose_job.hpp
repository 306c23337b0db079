#pragma once
// One `ftvlsi decompose` run: build or read the competing network, its cutting-plane tree, the
// balanced tree, the mapping onto a host fat-tree and the one-step loads; write the outputs.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ftvlsi/decomp/balanced_tree.hpp"
#include "ftvlsi/decomp/cutting_tree.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/decompose_spec.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

struct DecomposeRun {
  CompetingNetwork net;  // positions are the layout's processor corners when it was cut
  std::optional<LayoutMetrics> layout;
  std::optional<Layout> drawing;  // the channel layout that was cut
  CuttingTree tree;
  BalancedTree balanced;
  FatTreeParams host;              // the host fat-tree the processors were mapped onto
  std::vector<std::uint64_t> leaf;
  ChannelLoads loads;
  nlohmann::ordered_json json;
};

DecomposeRun run_decompose(const DecomposeSpec& spec);

}  // namespace ftvlsi
