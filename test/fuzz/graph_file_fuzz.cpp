// libFuzzer target: the Scotch and METIS graph readers and their geometry files (io/graph_file),
// then the network built from them (network/graph.hpp; a computed geometry when the input has
// none). The first byte picks the format and whether coordinates follow; a line "@@" separates
// the graph from its coordinates.
#include <sstream>

#include "common.hpp"
#include "ftvlsi/io/graph_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  return ftvlsi::fuzz::run(data + 1, size - 1, [mode](std::string_view text) {
    const auto cut = text.find("\n@@\n");
    std::istringstream graph_in(std::string(text.substr(0, cut)));
    const bool with_coordinates = (mode & 2) != 0 && cut != std::string_view::npos;
    std::istringstream coords_in(with_coordinates ? std::string(text.substr(cut + 4)) : "");
    std::optional<ftvlsi::Coordinates> coords;
    ftvlsi::Graph graph;
    if ((mode & 1) == 0) {
      auto scotch = ftvlsi::read_scotch_graph(graph_in, "fuzz.grf");
      if (with_coordinates)
        coords = ftvlsi::read_scotch_geometry(coords_in, "fuzz.xyz", scotch.label);
      graph = std::move(scotch.graph);
    } else {
      graph = ftvlsi::read_metis_graph(graph_in, "fuzz.graph");
      if (with_coordinates)
        coords = ftvlsi::read_coordinate_lines(coords_in, "fuzz.xy", graph.vertices);
    }
    (void)ftvlsi::network_from_graph(graph, coords, 1);
  });
}
