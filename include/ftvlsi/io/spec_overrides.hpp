#pragma once
// The command line's layout flags, applied over a layout spec (flags win).
#include <optional>
#include <string>

#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/io/layout_spec.hpp"

namespace ftvlsi {

// Values given on the command line; each one set replaces the spec's.
struct SpecOverrides {
  std::optional<std::string> network;
  std::optional<std::string> network_file;
  std::optional<std::string> processors;
  std::optional<std::string> capacity;
  std::optional<std::string> root_capacity;
  std::optional<std::string> alpha;
  std::optional<std::string> constant;
  std::optional<std::string> capacities;  // comma-separated
  std::optional<std::string> parents;     // comma-separated, butterfly networks
  bool mesh_diagonals = false;            // --mesh-diagonals (fat-pyramids)
  std::optional<std::string> style;
  std::optional<std::string> drc;
  std::optional<std::string> switch_model;  // --switch-model ideal | partial
  std::optional<std::string> svg;
  std::optional<std::string> gds;
  std::optional<std::string> json;
  std::optional<std::string> html;
  std::optional<std::string> seed;
  // --technology FILE (read first); then --alpha technology is its processor area in grid units.
  std::optional<std::string> technology;
};

// --alpha as given, except "technology": the processor area of `technology` in grid units, and
// FTV-1302 without a technology.
std::optional<std::string> resolved_alpha(const std::optional<Technology>& technology,
                                          const std::optional<std::string>& alpha);

// Applies every flag set; InputError when a flag does not fit the spec's network. Reads the
// technology file when one is given (IoError if unreadable).
void apply_overrides(LayoutSpec& spec, const SpecOverrides& overrides);

// The options of one layout as a front end gives them: a YAML spec file, the values that
// override it, and --drc (the hierarchical check unless the spec names a mode).
struct LayoutOptions {
  std::optional<std::string> spec_file;
  SpecOverrides overrides;
  bool drc_flag = false;
};

// The layout spec of `options`, built alike for the CLI and Python: the spec file's values, the
// overrides over them. Python returns its results instead of writing files, so its spec has no
// outputs.
LayoutSpec layout_spec(const LayoutOptions& options, FrontEnd front);

}  // namespace ftvlsi
