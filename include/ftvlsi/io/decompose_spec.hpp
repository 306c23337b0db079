#pragma once
// The parameters of `ftvlsi decompose`, from a YAML spec and the flags that override it:
//
//   network:   {kind: mesh, processors: 1024, file: net.txt, coordinates: G.xyz,
//               format: ftvlsi | scotch | metis}
//   host:      {processors: 1024, capacity: linear-size, alpha: 4}
//   decompose: {mapping: balanced | geometric, cut_on: layout | placement, mapping_in: FILE}
//   output:    {json: FILE or -, dot: FILE, svg: FILE, mapping: FILE, messages: FILE,
//               scotch: FILE, metis: FILE, network: FILE, xyz: FILE}
//   seed:      1
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/io/graph_file.hpp"
#include "ftvlsi/network/capacity.hpp"

namespace ftvlsi {

struct DecomposeSpec {
  std::string network = "mesh";
  std::uint64_t processors = 1024;
  std::optional<std::string> network_file;
  std::optional<std::string> coordinates;        // a Scotch .xyz or METIS "x y [z]" file
  std::optional<GraphFormat> graph_format;       // default: from the file's extension
  std::optional<std::uint64_t> host_processors;  // default: the least power of two >= N
  // A host with fewer leaves than the network has processors is allowed: the balanced mapping
  // then puts ⌊N / leaves⌋ or ⌈N / leaves⌉ processors on each leaf (simulate's
  // --competing-processors; Greenberg 1990 §3 and §5).
  bool shared_leaves = false;
  // Default: linear-size with alpha = area / n for a 2D network; for a 3D network Leiserson's
  // volume-universal host (Theorem 10): universal capacities with root capacity
  // v^(2/3) / lg(n / v^(2/3)) for the network's volume v, laid out as a cube.
  CapacityParams host_capacity;
  bool host_capacity_given = false;
  bool host_alpha_given = false;
  // The least processor area of the network's own channel layout (equal processor areas,
  // Greenberg 1990 §3); 1: processors as small as their pins allow.
  std::uint64_t competing_alpha = 1;
  // The default: `balanced-top`, whose tree loads are at or below Scotch's on every family
  // (docs/decompose.md); simulate keeps `balanced` (SimulationSpec).
  MappingKind mapping = MappingKind::kBalancedTop;
  // Cut the network's own channel layout (2D) or its placement grid.
  bool cut_layout = true;
  std::optional<std::string> mapping_in;  // "processor leaf" lines (e.g. converted from Scotch)
  std::optional<std::vector<std::uint64_t>> leaf;  // a given mapping (simulate's spec.leaf)
  std::uint64_t seed = 1;
  // With a balanced mapping: build the pearl-string tree (DecomposeRun::balanced) even when the
  // bisection's mapping keeps Theorem 8's bound. Off (simulate, which reads only the mapping), the
  // tree is built only if the bisection breaks the bound, and `balanced` is otherwise empty but
  // for its bound_by_level. Not read from a spec file; no output is written with it off.
  bool pearl_tree = true;
  std::optional<std::string> json, dot, svg, mapping_out, messages_out, export_scotch, export_metis,
      network_out;
  std::optional<std::string> export_xyz;  // the positions as a Scotch geometry file
  // The YAML file load_decompose_spec read: an input that no output may overwrite.
  std::optional<std::string> spec_file;
};

DecomposeSpec parse_decompose_spec(std::string_view yaml, std::string_view source);
DecomposeSpec load_decompose_spec(const std::string& path);  // IoError if unreadable

// What `ftvlsi decompose` and ftvlsi.decompose are given, as text: a spec file and the options
// over it. The CLI's flags and Python's keyword arguments fill it alike; decompose_spec reads the
// spec file and applies every option, once for both.
struct DecomposeOptions {
  std::optional<std::string> spec;
  std::optional<std::string> network, processors, network_file, host_processors, host_capacity,
      host_alpha, mapping, mapping_in, cut_on, seed, coordinates, graph_format;
  // Outputs (the CLI's; Python writes none).
  std::optional<std::string> json, dot, svg, mapping_out, messages_out, export_scotch, export_metis,
      network_out, export_xyz;
};
DecomposeSpec decompose_spec(const DecomposeOptions& options, FrontEnd front);

}  // namespace ftvlsi
