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
#include "ftvlsi/network/capacity.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

struct DecomposeSpec {
  std::string network = "mesh";
  std::uint64_t processors = 1024;
  std::optional<std::string> network_file;
  std::optional<std::uint64_t> host_processors;  // default: the least power of two >= N
  CapacityParams host_capacity;                  // default linear-size, alpha = area / n
  bool host_alpha_given = false;
  MappingKind mapping = MappingKind::kBalanced;
  // Cut the network's own channel layout (2D) or its placement grid.
  bool cut_layout = true;
  std::optional<std::string> mapping_in;  // "processor leaf" lines (e.g. converted from Scotch)
  std::uint64_t seed = 1;
  std::optional<std::string> json, dot, svg, mapping_out, messages_out, export_scotch, export_metis,
      network_out;
};

struct DecomposeRun {
  CompetingNetwork net;  // positions are the layout's processor corners when it was cut
  std::optional<LayoutMetrics> layout;
  std::optional<Layout> drawing;  // the channel layout that was cut
  CuttingTree tree;
  BalancedTree balanced;
  std::vector<std::uint64_t> leaf;
  ChannelLoads loads;
  nlohmann::ordered_json json;
};

DecomposeRun run_decompose(const DecomposeSpec& spec);

}  // namespace ftvlsi
