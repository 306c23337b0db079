#pragma once
// Graph files users already have (docs/graph-files.md): Scotch source graphs (.grf) with their
// geometry (.xyz), METIS graphs (.graph) with a coordinates file ("x y [z]" per vertex), and
// ftvlsi's own network files; Scotch mapping files (.map) both ways. Readers stream (token by
// token, line numbers kept for errors) and throw InputError naming the file, the line and what
// to fix: a vertex out of range, a degree or edge count that does not match, an edge listed by
// one end only, a missing or malformed coordinate.
#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/network/graph.hpp"

namespace ftvlsi {

enum class GraphFormat { kFtvlsi, kScotch, kMetis };
// One row per format: its name (`--graph-format`, the spec's `format`) and the file extensions
// that imply it.
struct GraphFormatRow {
  GraphFormat value;
  std::string_view name;
  std::array<std::string_view, 2> extensions = {};
};
inline constexpr std::array<GraphFormatRow, 3> kGraphFormats{{
    {GraphFormat::kFtvlsi, "ftvlsi"},
    {GraphFormat::kScotch, "scotch", {".grf", ".src"}},
    {GraphFormat::kMetis, "metis", {".graph", ".metis"}},
}};
std::string_view to_string(GraphFormat format);
GraphFormat parse_graph_format(std::string_view text);  // ftvlsi | scotch | metis
// The format of `path`: `given` if set, else the one whose extension it has (.grf/.src: scotch,
// .graph/.metis: metis), else ftvlsi.
GraphFormat graph_format_of(const std::string& path, std::optional<GraphFormat> given);

// A parsed Scotch graph keeps its vertex labels (the base value added when it has none), which
// its geometry file refers to.
struct ScotchGraph {
  Graph graph;
  std::vector<std::int64_t> label;
};

// `labels_known`, when given, is called once the header is read and checked, with the labels when
// they follow from it (a graph without labels: its numbers plus the base), before the vertices
// are read; read_network starts reading the geometry file then, beside them.
ScotchGraph read_scotch_graph(
    std::istream& in, std::string_view source,
    const std::function<void(const std::vector<std::int64_t>&)>& labels_known = {});
Graph read_metis_graph(std::istream& in, std::string_view source);
// Scotch geometry: "dim", "count", then "label x [y [z]]" lines, matched to the graph's labels.
Coordinates read_scotch_geometry(std::istream& in, std::string_view source,
                                 const std::vector<std::int64_t>& label);
// One "x y [z]" line per vertex, in vertex order ('%' and '#' lines are comments).
Coordinates read_coordinate_lines(std::istream& in, std::string_view source,
                                  std::uint32_t vertices);

// The Scotch geometry of a network's positions (labels 0 .. N-1, base 0).
std::string scotch_geometry(const CompetingNetwork& net);

// Scotch mapping: the number of pairs, then "processor leaf" pairs.
std::string scotch_mapping(const std::vector<std::uint64_t>& leaf);
// Reads a mapping file: Scotch's format when `path` ends in ".map", else ftvlsi's "processor
// leaf" lines ('#' comments). Every processor needs exactly one leaf < `leaves`.
std::vector<std::uint64_t> read_mapping_file(const std::string& path, std::uint64_t processors,
                                             std::uint64_t leaves);

struct NetworkFile {
  std::string path;
  std::optional<std::string> coordinates;  // .xyz (Scotch) or "x y [z]" lines (METIS)
  std::optional<GraphFormat> format;       // default: from the extension
};

// Reads a network in any of the formats; a Scotch or METIS graph without coordinates gets a
// computed geometry (network/embedding.hpp, seeded).
CompetingNetwork read_network(const NetworkFile& file, std::uint64_t seed);

}  // namespace ftvlsi
