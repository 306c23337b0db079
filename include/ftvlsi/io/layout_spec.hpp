#pragma once
// Layout specs: YAML files (and the flags that override them) parsed once into validated,
// typed parameters. The YAML mirrors the flags:
//
//   network:  {kind: fat-tree, processors: 1024, capacity: linear-size, root_capacity: 32,
//              alpha: 1, constant: 2, capacities: [..]}
//             {kind: fat-pyramid, processors: 4096, parents: [2, 4, 2, 2, 1]}
//   layout:   {style: h-tree, drc: true | hierarchical | flat | both, switch_model: ideal |
//   partial} output:   {svg: FILE, gds: FILE, json: FILE or -, html: FILE (3D view)} seed:     1
//
// An unknown key or a value of the wrong type is an InputError naming the file, line and key.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/geometry/layout_style.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

// A competing network (mesh, torus, mesh3d, planar, or file) to lay out in the plane.
struct CompetingParams {
  std::string kind = "mesh";
  std::uint64_t processors = 1024;
  std::optional<std::string> file;  // kind "file"
};

// A butterfly fat-tree or a fat-pyramid (n = 4^m), laid out fold-and-squash.
struct ButterflyParams {
  std::string kind = "butterfly-fat-tree";  // or "fat-pyramid"
  std::uint64_t processors = 1024;
  std::vector<int> parents;     // per level 1 .. m-1 (one value: all); empty: 2 everywhere
  bool mesh_diagonals = false;  // fat-pyramid: diagonal mesh wires too (not Greenberg's mesh)
  // Processor area in grid units (fold-and-squash: squares of side ceil(sqrt alpha)); unset: 1.
  std::optional<std::uint64_t> alpha;
  bool pyramid() const { return kind == "fat-pyramid"; }
};

// One alternative per network family; later families add alternatives.
using NetworkParams = std::variant<FatTreeParams, CompetingParams, ButterflyParams>;
std::string_view network_kind_name(const NetworkParams& params);
// Every kind a layout spec names: the fat-tree families, then the competing kinds' registry
// (network/competing.hpp), "fat-tree, ..., file" with `last` before the final one.
std::string layout_network_kinds(std::string_view last = ", ");

// The styles a network takes, its own first: the one it is laid out in when the spec names none.
// Fat-trees take the H-tree and the 3D cube and slab; butterfly fat-trees and fat-pyramids
// fold-and-squash, the H-tree placement and the 3D lattice (cube), the butterfly fat-tree also
// the layered 3D router; a competing network the channel router in 2D, the 3D grid (cube) in
// 3D, and either when it is read from a file.
std::span<const LayoutStyle> styles_of(const NetworkParams& network);
// A style some network takes; InputError listing them otherwise.
LayoutStyle parse_layout_style(std::string_view text);
struct LayoutSpec;
// The style a spec lays out with; InputError when its network cannot take the one asked for.
LayoutStyle resolved_style(const LayoutSpec& spec);
// "fat-tree: h-tree, cube (3D) or slab (3D); ...": the styles each network takes, for the help.
std::string layout_styles_by_network();

enum class DrcMode { kNone, kHierarchical, kFlat, kBoth };
// The `--drc-mode` and `drc:` values; "true" and "false" are the YAML's booleans.
inline constexpr NameTable<DrcMode, 6> kDrcModeNames{{
    {DrcMode::kNone, "none"},
    {DrcMode::kHierarchical, "hierarchical"},
    {DrcMode::kFlat, "flat"},
    {DrcMode::kBoth, "both"},
    {DrcMode::kHierarchical, "true"},
    {DrcMode::kNone, "false"},
}};
constexpr std::string_view to_string(DrcMode mode) {
  return name_of(kDrcModeNames, mode);
}
DrcMode parse_drc_mode(std::string_view text, std::string_view where);
// `--switch-model` and `switch_model:`: InputError listing the models otherwise.
SwitchModel parse_switch_model(std::string_view text, std::string_view where);

struct OutputPaths {
  std::optional<std::string> svg;
  std::optional<std::string> gds;
  std::optional<std::string> json;
  std::optional<std::string> html;  // 3D layouts: the interactive view
};

struct LayoutSpec {
  NetworkParams network = FatTreeParams{};
  std::optional<LayoutStyle> style;  // unset: the network's own (h-tree or channel)
  DrcMode drc = DrcMode::kNone;
  // Fat-trees in the H-tree: switches as opaque boxes (ideal concentrators) or drawn with their
  // partial concentrators inside (docs/design.md §2.7).
  SwitchModel switch_model = SwitchModel::kIdeal;
  OutputPaths output;
  std::uint64_t seed = 1;
  std::string name;  // report entries: the base name of their files
  // The YAML file load_layout_spec read: an input that no output may overwrite.
  std::optional<std::string> spec_file;
  // --technology FILE: physical figures (mm², mm, ns) beside the grid ones (docs/technology.md).
  std::optional<Technology> technology;
  // An alpha given by --alpha or the spec's `alpha` key; without one a technology's processor
  // area is drawn where the layout takes an alpha (apply_overrides).
  bool alpha_given = false;
  ProcessorAreaSource processor_area_source = ProcessorAreaSource::kAlpha;
};

// True when the spec's layout draws processors of the network's alpha: a fat-tree's H-tree and a
// butterfly network's fold-and-squash; the other styles draw them at their own size.
bool layout_takes_alpha(const LayoutSpec& spec);

LayoutSpec parse_layout_spec(std::string_view yaml, std::string_view source);
LayoutSpec load_layout_spec(const std::string& path);  // IoError if unreadable

}  // namespace ftvlsi
