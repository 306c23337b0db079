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

namespace ftvlsi {

struct PhaseTimes {
  double build = 0, metrics = 0, drc = 0, svg = 0, gds = 0, json = 0;
};

struct LayoutRun {
  std::optional<FatTree> tree;                    // a fat-tree run
  std::optional<CompetingNetwork> network;        // a competing-network run
  std::optional<ButterflyFatTree> butterfly;      // a butterfly fat-tree or fat-pyramid run
  std::optional<ButterflyFatTree3d> butterfly3d;  // the 3D butterfly fat-tree (--style cube)
  LayoutStyle style = LayoutStyle::kHTree;        // the style resolved from the spec, once
  AnyDrawnLayout drawn;                           // 3D for --style cube
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
