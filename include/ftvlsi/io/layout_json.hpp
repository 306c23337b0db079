#pragma once
// The JSON document of one layout run. Per-level arrays are indexed by binary level
// k = 0 (root channel) .. L (leaf channels), like network.capacities.
#include <nlohmann/json.hpp>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/spec.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

nlohmann::ordered_json network_json(const FatTree& tree);
nlohmann::ordered_json network_json(const CompetingNetwork& net);
nlohmann::ordered_json network_json(const ButterflyFatTree& net);
nlohmann::ordered_json network_json(const ButterflyFatTree3d& net);
nlohmann::ordered_json metrics_json(const LayoutMetrics<2>& m);
nlohmann::ordered_json drc_json(const DrcReport& report);

// `drc` entries are the checks that ran (none, one or both modes).
// `network` is the network section (network_json of a fat-tree or a competing network).
nlohmann::ordered_json layout_json(const LayoutSpec& spec, nlohmann::ordered_json network,
                                   const LayoutMetrics<2>& metrics,
                                   const std::vector<DrcReport>& drc);

// A 3D layout: `layout.volume`, `layout.depth`, `layout.planes`, per-level wire lengths, the
// processor volume fraction, and `reference_volume` (Theorem 4's bound) with the ratio to it.
nlohmann::ordered_json layout_json3(const LayoutSpec& spec, nlohmann::ordered_json network,
                                    const LayoutMetrics<3>& metrics,
                                    const std::vector<DrcReport>& drc, double reference_volume);

}  // namespace ftvlsi
