#pragma once
// The JSON document of one layout run. Per-level arrays are indexed by binary level
// k = 0 (root channel) .. L (leaf channels), like network.capacities.
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

nlohmann::ordered_json network_json(const FatTree& tree);
nlohmann::ordered_json network_json(const CompetingNetwork& net);
nlohmann::ordered_json network_json(const ButterflyFatTree& net);
nlohmann::ordered_json network_json(const ButterflyFatTree3d& net);
template <int D>
nlohmann::ordered_json metrics_json(const LayoutMetrics<D>& m);
nlohmann::ordered_json drc_json(const DrcReport& report);

// `drc` entries are the checks that ran (none, one or both modes).
// `network` is the network section (network_json of the network laid out).
// A 3D layout has `layout.depth`, `layout.volume` and `layout.planes` where a 2D one has
// `layout.area` and `layout.layers`; with a `reference` (Theorem 4's volume for the cube),
// `reference_volume` and `volume_over_reference`.
template <int D>
nlohmann::ordered_json layout_json(const LayoutSpec& spec, nlohmann::ordered_json network,
                                   const LayoutMetrics<D>& metrics,
                                   const std::vector<DrcReport>& drc,
                                   std::optional<double> reference = std::nullopt);

}  // namespace ftvlsi
