#pragma once
// One `ftvlsi layout` run: validate the spec, estimate memory, build the layout, measure it,
// check it, and write the requested files (each one atomically).
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

struct PhaseTimes {
  double build = 0, metrics = 0, drc = 0, svg = 0, gds = 0, json = 0;
};

struct LayoutRun {
  std::optional<FatTree> tree;                    // a fat-tree run
  std::optional<CompetingNetwork> network;        // a competing-network run
  std::optional<ButterflyFatTree> butterfly;      // a butterfly fat-tree or fat-pyramid run
  std::optional<ButterflyFatTree3d> butterfly3d;  // the 3D butterfly fat-tree (--style cube)
  Layout<2> layout;
  LayoutMetrics<2> metrics;
  std::optional<Layout<3>> cube;  // a 3D layout (--style cube) instead of `layout`
  std::optional<LayoutMetrics<3>> metrics3;
  std::vector<DrcReport> drc;
  nlohmann::ordered_json json;
  PhaseTimes times;
  bool drc_clean() const;
  std::uint64_t processors() const;
  std::string kind() const;  // network kind, e.g. "fat-tree" or "mesh"
};

// Throws InputError / IoError / GeometryError; writes no file unless it is complete.
LayoutRun run_layout(const LayoutSpec& spec);

// Bytes the run needs, estimated from the network alone (before any allocation).
std::uint64_t estimate_run_bytes(const FatTree& tree, DrcMode drc);

// Legend labels "k = 3, cap 4" per level.
std::vector<std::string> level_labels(const FatTree& tree);

}  // namespace ftvlsi
