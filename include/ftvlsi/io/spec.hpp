#pragma once
// Layout specs: YAML files (and the flags that override them) parsed once into validated,
// typed parameters. The YAML mirrors the flags:
//
//   network:  {kind: fat-tree, processors: 1024, capacity: linear-size, root_capacity: 32,
//              alpha: 1, constant: 2, capacities: [..]}
//             {kind: fat-pyramid, processors: 4096, parents: [2, 4, 2, 2, 1]}
//   layout:   {style: h-tree, drc: true | hierarchical | flat | both}
//   output:   {svg: FILE, gds: FILE, json: FILE or -, html: FILE (3D view)}
//   seed:     1
//
// An unknown key or a value of the wrong type is an InputError naming the file, line and key.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ftvlsi/network/fat_tree.hpp"

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
  std::vector<int> parents;  // per level 1 .. m-1 (one value: all); empty: 2 everywhere
  bool mesh_diagonals = false;  // fat-pyramid: diagonal mesh wires too (not Greenberg's mesh)
  bool pyramid() const { return kind == "fat-pyramid"; }
};

// One alternative per network family; later families add alternatives.
using NetworkParams = std::variant<FatTreeParams, CompetingParams, ButterflyParams>;
std::string_view network_kind_name(const NetworkParams& params);

enum class LayoutStyle { kHTree, kChannel, kFoldAndSquash, kCube };
std::string_view to_string(LayoutStyle style);
LayoutStyle parse_layout_style(std::string_view text);
struct LayoutSpec;
// The style a spec lays out with; InputError when its network cannot take the one asked for.
LayoutStyle resolved_style(const LayoutSpec& spec);

enum class DrcMode { kNone, kHierarchical, kFlat, kBoth };
std::string_view to_string(DrcMode mode);
DrcMode parse_drc_mode(std::string_view text, std::string_view where);

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
  OutputPaths output;
  std::uint64_t seed = 1;
  std::string name;  // report entries: the base name of their files
};

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
  std::optional<std::string> svg;
  std::optional<std::string> gds;
  std::optional<std::string> json;
  std::optional<std::string> html;
  std::optional<std::string> seed;
};

LayoutSpec parse_layout_spec(std::string_view yaml, std::string_view source);
LayoutSpec load_layout_spec(const std::string& path);  // IoError if unreadable
void apply_overrides(LayoutSpec& spec, const SpecOverrides& overrides);

// A report: a title and a list of layout specs (each with a `name`).
// The report's small simulation-overhead sweep (`ftvlsi simulate --sweep`):
//   simulate: {competing: mesh, sizes: [64, 256, 1024], delays: [unit, linear]}
struct ReportSimulate {
  std::string competing = "mesh";
  std::vector<std::uint64_t> sizes{64, 256, 1024, 4096};
  std::vector<std::string> delays{"unit", "linear"};
};

struct ReportSpec {
  std::string title = "ftvlsi report";
  std::vector<LayoutSpec> layouts;
  std::optional<ReportSimulate> simulate;
  // `check: quick | full | none`: the papers' bounds checked (ftvlsi check); none when absent.
  std::optional<bool> check_full;
};
ReportSpec parse_report_spec(std::string_view yaml, std::string_view source);
ReportSpec load_report_spec(const std::string& path);

// A positive (or non-negative) integer from text; InputError naming `what` otherwise.
std::uint64_t parse_positive(std::string_view text, std::string_view what);
std::uint64_t parse_unsigned(std::string_view text, std::string_view what);
// "a<sep>b<sep>c" as its pieces (empty pieces kept, so that they can be reported).
std::vector<std::string_view> split_list(std::string_view text, char sep);
// A comma-separated list of positive integers ("--capacities 4,2,1"); `what` names an entry.
std::vector<std::uint64_t> parse_positive_list(std::string_view text, std::string_view what);

}  // namespace ftvlsi
