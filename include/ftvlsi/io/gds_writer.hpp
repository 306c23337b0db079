#pragma once
// GDSII stream writer: one structure per cell, SREFs for instances, written cell by cell
// through a buffered temporary file that is renamed into place when complete.
//
// Layer map (layer/datatype): 1/0 processors, 1/1 switches, 1/2 interface pads,
// 10/0 wiring layer 0 (horizontal), 11/0 wiring layer 1 (vertical), 20/0 vias.
// One grid unit is `db_per_grid` database units; the database unit is 0.1 µm by default, so a
// grid unit reads as 1 µm in KLayout. Wires are PATHs of width `wire_width_db` (flush ends),
// vias squares of side `via_side_db` centred on each bend.
#include <string>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct GdsOptions {
  std::string library = "FTVLSI";
  int db_per_grid = 10;
  int wire_width_db = 2;
  int via_side_db = 4;
  double db_unit_meters = 1e-7;
};

inline constexpr int kGdsNodeLayer = 1;
inline constexpr int kGdsWireLayer0 = 10;
inline constexpr int kGdsWireLayer1 = 11;
inline constexpr int kGdsViaLayer = 20;

// Throws GeometryError when a coordinate does not fit GDSII's 32-bit integers, IoError when
// the file cannot be written. Writes nothing at `path` unless it succeeds.
void write_gds(const Layout<2>& layout, const std::string& path, const GdsOptions& options = {});

// A 3D layout: wiring plane z is layer 100 + z (PATHs for the steps along x and y), each step
// along z a via square on layer 20 with datatype = the lower plane, nodes their x-y footprint on
// layer 1 (datatype 0 processors, 1 switches, 2 interfaces). One structure per cell and
// placement along z; placements in the plane are SREFs. Throws GeometryError when a plane has no
// layer (z beyond 32667) or a coordinate does not fit.
inline constexpr int kGdsPlaneLayer0 = 100;
int gds_plane_layer(Coord z);
void write_gds3(const Layout<3>& layout, const std::string& path, const GdsOptions& options = {});

}  // namespace ftvlsi
