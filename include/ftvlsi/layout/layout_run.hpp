#pragma once
// The typed result of one `ftvlsi layout` run: the network laid out, its drawn layout (2D or
// 3D), the metrics and DRC reports measured from it, and the time of each phase.
// report/layout_job.hpp computes it; io/layout_json.hpp writes its JSON document.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ftvlsi/geometry/drawn_layout.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/layout_style.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/geometry/wire_kinds.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

namespace ftvlsi {

struct PhaseTimes {
  double build = 0, metrics = 0, drc = 0, svg = 0, gds = 0, json = 0;
};

// The network a layout run laid out: a fat-tree, a competing network, a butterfly fat-tree or
// fat-pyramid, or their 3D form (--style cube); empty before the run builds it.
using LaidOutNetwork =
    std::variant<std::monostate, FatTree, CompetingNetwork, ButterflyFatTree, ButterflyFatTree3d>;

struct LayoutRun {
  LaidOutNetwork laid_out;                         // exactly one network once the run is built
  LayoutStyle style = LayoutStyle::kHTree;         // the style resolved from the spec, once
  SwitchModel switch_model = SwitchModel::kIdeal;  // fat-trees: how the switches are drawn
  AnyDrawnLayout drawn;                            // 3D for --style cube
  std::vector<DrcReport> drc;
  std::optional<WireKindMetrics> wire_kinds;  // butterfly networks in 2D: tree and mesh wires
  // 3D layouts: the volume the layout is compared with (Theorem 4 for a fat-tree, n lg^(3/2) n
  // for the 3D butterfly fat-tree, n for a 3D mesh).
  std::optional<double> reference_size;
  PhaseTimes times;
  // What the pictures call it: the SVG's title and its legend text per wire level.
  std::string title;
  std::vector<std::string> level_labels;
  // What the figures do not show, one sentence each (docs/technology.md): processors or switches
  // drawn smaller than the technology's. The CLI prints them; the JSON lists them.
  std::vector<std::string> warnings;

  // The laid-out network if it is of that kind, else null.
  const FatTree* tree() const { return std::get_if<FatTree>(&laid_out); }
  const CompetingNetwork* network() const { return std::get_if<CompetingNetwork>(&laid_out); }
  const ButterflyFatTree* butterfly() const { return std::get_if<ButterflyFatTree>(&laid_out); }
  const ButterflyFatTree3d* butterfly3d() const {
    return std::get_if<ButterflyFatTree3d>(&laid_out);
  }

  int dimensions() const { return drawn.index() == 0 ? 2 : 3; }
  // The drawn layout if it has D dimensions, else null.
  template <int D>
  const DrawnLayout<D>* drawn_as() const {
    return ftvlsi::drawn_as<D>(drawn);
  }
  std::uint64_t wires() const;    // drawn wires, either dimension
  std::string grid_size() const;  // "w x h" or "w x h x d"
  bool drc_clean() const;
  std::uint64_t processors() const;
  std::string kind() const;  // network kind, e.g. "fat-tree" or "mesh"
};

}  // namespace ftvlsi
