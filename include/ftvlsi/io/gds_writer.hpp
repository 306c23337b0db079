#pragma once
// GDSII stream writer for layouts of either dimension: one structure per cell (per cell and
// placement along z in 3D), SREFs for instances, written structure by structure through a
// buffered temporary file that is renamed into place when complete.
//
// Layer map (layer/datatype): 1/0 processors, 1/1 switches, 1/2 interface pads (3D: the nodes'
// footprints in the plane). 2D: 10/0 wiring layer 0 (horizontal), 11/0 wiring layer 1
// (vertical), 20/0 vias at the bends. 3D: wiring plane z on layer 100 + z (PATHs for the runs
// along x and y), each unit step along z a via on layer 20 with datatype = the lower plane.
// 30/0 is the label: one TEXT in the top structure naming what the layout is.
// One grid unit is `db_per_grid` database units; without a technology the database unit is
// 0.1 µm, so a grid unit reads as 1 µm in KLayout; with one (gds_options) the database unit and
// the grid unit are the technology's. Wires are PATHs of width `wire_width_db` (flush ends), vias
// squares of side `via_side_db` centred on their grid point.
//
// Beside every FILE.gds write_gds writes FILE.lyp, KLayout's layer properties: a name for every
// layer above (io/layer_properties.hpp).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/core/progress.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/io/layer_properties.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

struct GdsOptions {
  std::string library = "FTVLSI";
  int db_per_grid = 10;
  int wire_width_db = 2;
  int via_side_db = 4;
  double db_unit_meters = 1e-7;
  // The top structure's TEXT on kGdsLabelLayer (none when empty): printable ASCII, at most 512
  // characters.
  std::string label;
  // What the layer properties call the two wiring layers (a technology's routing layers), and
  // the technology's name; empty without one.
  std::array<std::string, 2> wiring_layers;
  std::string technology;
  // Hears ("GDS", wires written, wires in all cells) every few thousand wires; no effect on the
  // bytes written.
  ProgressFn progress;
};

// The options for a layout drawn in `technology`'s units (its database unit, grid unit, wire
// width and via), or the defaults without one.
GdsOptions gds_options(const std::optional<Technology>& technology);

inline constexpr int kGdsNodeLayer = 1;
inline constexpr int kGdsWireLayer0 = 10;
inline constexpr int kGdsWireLayer1 = 11;
inline constexpr int kGdsViaLayer = 20;
inline constexpr int kGdsLabelLayer = 30;

inline constexpr int kGdsPlaneLayer0 = 100;
// The GDS layer of wiring plane z; throws GeometryError when it has none (z beyond 32667).
int gds_plane_layer(Coord z);

// Every layer write_gds draws `layout` on, named (the layer properties' table).
template <int D>
std::vector<GdsLayer> gds_layers(const Layout<D>& layout, const GdsOptions& options = {});

// Throws GeometryError when a coordinate does not fit GDSII's 32-bit integers or a plane has no
// layer, IoError when a file cannot be written. Writes nothing at `path` unless it succeeds; the
// layer properties go to layer_properties_path(path) after the GDS, atomically too.
template <int D>
void write_gds(const Layout<D>& layout, const std::string& path, const GdsOptions& options = {});

}  // namespace ftvlsi
