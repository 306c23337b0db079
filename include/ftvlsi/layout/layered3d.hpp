#pragma once
// A 3D layout for any network of bounded degree, with its nodes on one device layer and its wires
// in pairs of wiring planes above them. Node v is a box on a footprint slot; its pins are the
// interior points with both coordinates even on its top face, one per wire end. Wire w, assigned
// to plane pair k (planes X_k and X_k + 1), rises from its source pin to X_k, steps onto the odd
// row just above, runs along x to the odd column just right of its destination pin, steps up to
// X_k + 1, runs along y to the destination's row, steps onto the pin's column and drops to it:
//   riser, jog, x-run (plane X_k, odd row), via, y-run (plane X_k + 1, odd column), jog, riser.
// Risers stand on (even, even) columns, x-runs on odd rows, y-runs on odd columns and the vias on
// (odd, odd) columns, so wires of different pairs never meet; within a pair, x-runs sharing a row
// (and y-runs sharing a column) must not overlap, which a first-fit interval packing ensures.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct Layered3dInput {
  std::vector<std::array<Coord, 2>> slot;  // distinct footprint slots, one per node
  std::vector<NodeKind> kind;
  std::vector<std::int32_t> level;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires;
  std::vector<std::int32_t> wire_level;
  int wire_levels = 1;
  std::string name = "layered";
};

Layout<3> build_layered3d(const Layered3dInput& in);

}  // namespace ftvlsi
