#pragma once
// One `ftvlsi layout` run: validate the spec, estimate memory, build the layout, measure it,
// check it, and write the requested files (each one atomically). The result is typed
// (layout/layout_run.hpp); io/layout_json.hpp writes its JSON document.
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/core/progress.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/layout/layout_run.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

// Throws InputError / IoError / GeometryError; writes no file unless it is complete. `progress`
// hears each phase start (build, metrics, DRC, files) and the end; `within`, the work done inside
// the long phases that count it (the H-tree's levels, the GDS writer's wires).
LayoutRun run_layout(const LayoutSpec& spec, const ProgressFn& progress = {},
                     const ProgressFn& within = {});

// Writes the files `out` names (SVG, GDS, HTML for 3D, JSON) for a finished run, each one
// atomically and the same bytes as run_layout writes (the Python module's writers).
void write_layout_outputs(const LayoutSpec& spec, LayoutRun& run, const OutputPaths& out);

// Bytes the run needs, estimated from the network alone (before any allocation).
std::uint64_t estimate_run_bytes(const FatTree& tree, DrcMode drc);

// Legend labels "k = 3, cap 4" per level.
std::vector<std::string> level_labels(const FatTree& tree);

}  // namespace ftvlsi
