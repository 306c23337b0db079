#pragma once
// The JSON document of one layout run (`ftvlsi layout --json`), built from its typed result.
// Per-level arrays are indexed by binary level k = 0 (root channel) .. L (leaf channels), like
// network.capacities; butterfly networks by switch level l = 0 (processors) .. m.
// A 3D layout has `layout.depth`, `layout.volume` and `layout.planes` where a 2D one has
// `layout.area` and `layout.layers`; with a reference size, `reference_volume` and
// `volume_over_reference`. `drc` lists the checks that ran (none, one or both modes).
#include <string>
#include <vector>

#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/layout/layout_run.hpp"

namespace ftvlsi {

// The document, indented by two spaces and ending in a newline.
std::string layout_json(const LayoutSpec& spec, const LayoutRun& run);

// With a technology: throws InputError (FTV-3604) naming the technology file when a figure the
// document would give in mm, mm², mm³ or ns is not finite. run_layout calls it once the layout is
// measured, before any file is written.
void require_finite_physical(const LayoutSpec& spec, const LayoutRun& run);

// With a technology, once the layout is measured: one sentence for each way the drawn layout is
// smaller than the technology's parts (docs/technology.md) — processors drawn at the layout's own
// size because its style takes no alpha, or a fat-tree's switches drawn smaller than the
// technology's crossbars (`layout.switch_crossbar_exceeds_drawn`). Empty without a technology.
std::vector<std::string> physical_warnings(const LayoutSpec& spec, const LayoutRun& run);

}  // namespace ftvlsi
