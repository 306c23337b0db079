#pragma once
// Technology files (technology/*.yaml, docs/technology.md), parsed once into a Technology:
//
//   technology:
//     name: sky130
//     description: ...
//     sources: [...]
//     grid_unit_um: 0.46                 # one Thompson-grid track
//     layers: [{name: met1, pitch_um: 0.34}, {name: met2, pitch_um: 0.46}]
//     via_um: 0.15
//     database_unit_um: 0.001            # optional: GDS database unit (default 1 nm)
//     wire_width_um: 0.14                # optional: a drawn wire's width (default via_um)
//     switch: {crosspoint_um2: 12.5}     # or {fixed_um2: ...}
//     processor_mm2: 0.25
//     wire: {r_ohm_per_mm: 893, c_ff_per_mm: 200, driver_ohm: 3500, driver_ff: 2.3,
//            repeaters: true}            # or {ns_per_mm: 0.0071} (transmission line)
//     clock_mhz: 100
//     switch_delay_ns: 10                # optional; default one clock period
//
// An unknown key, a missing one or a value out of range is an InputError naming the file, line
// and key; the grid unit must hold the first two layers' pitches, a via and a wire, and be a whole
// number of database units.
#include <string>
#include <string_view>

#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

Technology parse_technology(std::string_view yaml, std::string_view source);
Technology load_technology(const std::string& path);  // IoError if unreadable
// The technology as a document parse_technology reads back to the same figures (JSON, which is
// YAML): partial results carry it to `ftvlsi merge`.
std::string technology_document(const Technology& t);

}  // namespace ftvlsi
