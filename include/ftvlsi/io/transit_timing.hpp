#pragma once
// The technology and timing spec of DeHon's practical fat-tree (`--timing FILE.yaml`), every
// key optional (the defaults are route/transit_latency.hpp's):
//
//   clock_mhz: 100            # RN1 clock
//   cycles_per_stage: 1       # router cycles per routing stage
//   signal_cm_per_ns: 18      # propagation along cables (0.6 c)
//   wires: drawn              # drawn (the Manhattan paths) or straight (optical free space)
//   grid_mm: 2.54             # one grid unit of the geometry
//   stacks:                   # side and thickness of each stack, in mm
//     large_unit_tree: {side_mm: 610, thickness_mm: 51}
//     small_unit_tree: {side_mm: 305, thickness_mm: 51}
//     cluster_12: {...}  cluster_48: {...}  cluster_192: {...}
//
// An unknown key or a value out of range is an InputError naming the file, line and key.
#include <string>
#include <string_view>

#include "ftvlsi/route/transit_latency.hpp"

namespace ftvlsi {

TransitTiming parse_transit_timing(std::string_view yaml, std::string_view source);
TransitTiming load_transit_timing(const std::string& path);  // IoError if unreadable

}  // namespace ftvlsi
