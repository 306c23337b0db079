#include "ftvlsi/io/graph_file.hpp"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/graph_export.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

std::string scratch(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_graph_file_test";
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// The InputError message of reading a Scotch graph (and geometry) from text.
std::string scotch_error(const std::string& grf, const std::string& xyz = "") {
  try {
    std::istringstream g(grf);
    const ScotchGraph s = read_scotch_graph(g, "g.grf");
    if (!xyz.empty()) {
      std::istringstream c(xyz);
      read_scotch_geometry(c, "g.xyz", s.label);
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string metis_error(const std::string& graph, const std::string& xy = "") {
  try {
    std::istringstream g(graph);
    const Graph m = read_metis_graph(g, "g.graph");
    if (!xy.empty()) {
      std::istringstream c(xy);
      read_coordinate_lines(c, "g.xy", m.vertices);
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("graph_file") {
  TEST_CASE("a Scotch graph and its geometry read back as the network written") {
    for (const char* kind : {"mesh", "planar", "torus", "butterfly"}) {
      CAPTURE(kind);
      CompetingNetwork net = make_competing(kind, kind == std::string("butterfly") ? 80 : 256, 7);
      net.wires = graph_of(net).edges;
      const std::string grf = scotch_graph(net), xyz = scotch_geometry(net);
      const CompetingNetwork back =
          read_network({scratch("a.grf", grf), scratch("a.xyz", xyz), std::nullopt}, 1);
      CHECK_FALSE(back.geometry_computed);
      CHECK(back.wires == net.wires);
      CHECK(back.position == net.position);
      CHECK(scotch_graph(back) == grf);  // written back: the same files
      CHECK(scotch_geometry(back) == xyz);
    }
  }

  TEST_CASE("a METIS graph with coordinates reads back as the network written") {
    CompetingNetwork net = make_competing("planar", 300, 3);
    net.wires.erase(std::remove_if(net.wires.begin(), net.wires.end(),
                                   [](auto w) { return w.first == 7 || w.second == 7; }),
                    net.wires.end());  // processor 7 isolated: a blank line
    net.wires = graph_of(net).edges;
    std::string xy = "% x y\n";
    for (const auto& p : net.position)
      xy += std::to_string(p[0]) + " " + std::to_string(p[1]) + "\n";
    const CompetingNetwork back =
        read_network({scratch("b.graph", metis_graph(net)), scratch("b.xy", xy), std::nullopt}, 1);
    CHECK(back.wires == net.wires);
    CHECK(back.position == net.position);
    // The format can be named when the extension does not say it.
    const CompetingNetwork named = read_network(
        {scratch("b.txt", metis_graph(net)), scratch("b2.xy", xy), GraphFormat::kMetis}, 1);
    CHECK(named.wires == net.wires);
  }

  TEST_CASE("labels, weights and base 1 of Scotch graphs, weights of METIS graphs") {
    // A triangle with labels 10, 20, 30, vertex and edge weights, base 1.
    std::istringstream g("0\n3 6\n1 111\n10 5 2 1 20 1 30\n20 5 2 1 10 1 30\n30 5 2 1 10 1 20\n");
    const ScotchGraph s = read_scotch_graph(g, "t.grf");
    CHECK(s.graph.edges ==
          std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {0, 2}, {1, 2}});
    std::istringstream c("2\n3\n30 0 5\n10 0 0\n20 4 0\n");
    const Coordinates xy = read_scotch_geometry(c, "t.xyz", s.label);
    CHECK(xy.point[2][1] == 5);
    CHECK(xy.point[1][0] == 4);
    // A vertex without neighbours is a blank line in METIS, an isolated vertex.
    std::istringstream lone("3 1\n2\n1\n\n");
    const Graph l = read_metis_graph(lone, "lone.graph");
    CHECK(l.vertices == 3);
    CHECK(l.edges == std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}});
    std::istringstream m("% a path\n3 2 011 1\n7 2 4\n7 1 4 3 4\n7 2 4\n");
    CHECK(read_metis_graph(m, "p.graph").edges ==
          std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {1, 2}});
  }

  TEST_CASE("bad graph files are refused with a sentence naming the line and the problem") {
    // A vertex out of range.
    CHECK(scotch_error("0\n2 2\n0 000\n1 5\n1 0\n") ==
          "g.grf:4: vertex 0 lists neighbour 5, out of range (vertices are 0 .. 1); fix the file");
    CHECK(
        metis_error("2 1\n3\n1\n") ==
        "g.graph:2: vertex 1 lists neighbour 3, out of range (vertices are 1 .. 2); fix the file");
    // A degree that does not match its list.
    CHECK(scotch_error("0\n3 4\n0 000\n1 1 2\n2 0 2\n1 0\n") ==
          "g.grf:4: vertex 0 has more neighbours on its line than its degree 1; fix the file");
    CHECK(scotch_error("0\n2 4\n0 000\n1 1\n1 0\n") ==
          "g.grf: the header says 4 arcs but the vertices list 2; a degree does not match its "
          "neighbour list");
    CHECK(metis_error("3 3\n2\n1 3\n2\n") ==
          "g.graph: the header says 3 edges but the vertex lines list 4 neighbours (2 per edge); "
          "a degree does not match");
    // An edge listed at one end only.
    CHECK(scotch_error("0\n3 3\n0 000\n1 1\n2 0 2\n0\n") ==
          "g.grf: vertex 1 lists 2 as a neighbour but 2 does not list 1; every edge must be "
          "listed at both ends");
    // ... at its higher end only: the first such arc in vertex order is named.
    CHECK(scotch_error("0\n4 4\n0 000\n1 1\n1 0\n1 0\n1 1\n") ==
          "g.grf: vertex 2 lists 0 as a neighbour but 0 does not list 2; every edge must be "
          "listed at both ends");
    CHECK(metis_error("4 2\n2\n1\n2\n3\n") ==
          "g.graph: vertex 3 lists 2 as a neighbour but 2 does not list 3; every edge must be "
          "listed at both ends");
    // A missing coordinate.
    CHECK(metis_error("3 2\n2\n1 3\n2\n", "0 0\n1 0\n") ==
          "g.xy: vertex 3 has no coordinates (2 points for 3 vertices); give one 'x y [z]' line "
          "per vertex");
    CHECK(metis_error("2 1\n2\n1\n", "0 0\n1\n") ==
          "g.xy:2: the point needs 2 coordinates; fix the file");
    CHECK(scotch_error("0\n2 2\n0 000\n1 1\n1 0\n", "2\n2\n0 1 1\n") ==
          "g.xyz:3: the file ends where a vertex label was expected; fix the file");
    CHECK(scotch_error("0\n2 2\n0 000\n1 1\n1 0\n", "2\n3\n0 1 1\n") ==
          "g.xyz:2: the geometry has 3 points but the graph has 2 vertices; give one point per "
          "vertex; fix the file");
    CHECK(scotch_error("0\n2 2\n0 000\n1 x\n1 0\n") ==
          "g.grf:4: a neighbour must be a number, not 'x'; fix the file");
    CHECK(scotch_error("1\n2 2\n0 000\n") ==
          "g.grf:1: this is not a Scotch source graph: the first number (the version) must be 0; "
          "fix the file");
  }

  TEST_CASE("a geometry read beside its graph: the graph's error first, then the geometry's") {
    // Without labels the geometry file is read on a second thread while the graph's vertices are;
    // the errors are those of reading one after the other.
    const auto error = [](const std::string& name, const std::string& grf,
                          const std::string& xyz) -> std::string {
      try {
        read_network({scratch(name + ".grf", grf), scratch(name + ".xyz", xyz), std::nullopt}, 1);
      } catch (const InputError& e) {
        return e.what();
      }
      return "";
    };
    const std::string good = "0\n2 2\n0 000\n1 1\n1 0\n", bad = "0\n2 2\n0 000\n1 x\n1 0\n";
    const std::string fine = "2\n2\n0 0 0\n1 1 0\n", broken = "2\n2\n0 0 0\n7 1 0\n";
    const std::string dir = (fs::temp_directory_path() / "ftvlsi_graph_file_test").string();
    CHECK(error("e1", bad, broken) ==
          dir + "/e1.grf:4: a neighbour must be a number, not 'x'; fix the file");
    CHECK(error("e2", good, broken) ==
          dir + "/e2.xyz:4: the point of 7 names no vertex; fix the file");
    CHECK(error("e3", good, fine).empty());
    // A geometry file that cannot be opened is named only after a good graph.
    try {
      read_network({scratch("e4.grf", bad), dir + "/none.xyz", std::nullopt}, 1);
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("e4.grf:4:") != std::string::npos);
    }
    CHECK_THROWS_AS(read_network({scratch("e5.grf", good), dir + "/none.xyz", std::nullopt}, 1),
                    IoError);
  }

  TEST_CASE("the format comes from the extension unless named") {
    CHECK(graph_format_of("a.grf", std::nullopt) == GraphFormat::kScotch);
    CHECK(graph_format_of("a.graph", std::nullopt) == GraphFormat::kMetis);
    CHECK(graph_format_of("a.txt", std::nullopt) == GraphFormat::kFtvlsi);
    CHECK(graph_format_of("a.txt", GraphFormat::kScotch) == GraphFormat::kScotch);
    CHECK(parse_graph_format("metis") == GraphFormat::kMetis);
    CHECK_THROWS_AS(parse_graph_format("chaco"), InputError);
  }

  TEST_CASE("Scotch mapping files are written and read back") {
    const std::vector<std::uint64_t> leaf{3, 0, 2, 1};
    CHECK(scotch_mapping(leaf) == "4\n0\t3\n1\t0\n2\t2\n3\t1\n");
    CHECK(read_mapping_file(scratch("m.map", scotch_mapping(leaf)), 4, 4) == leaf);
    CHECK(read_mapping_file(scratch("m.txt", mapping_text(leaf)), 4, 4) == leaf);
    CHECK_THROWS_AS(read_mapping_file(scratch("bad.map", "2\n0 1\n"), 2, 4), InputError);
    CHECK_THROWS_AS(read_mapping_file(scratch("bad2.map", "2\n0 1\n1 9\n"), 2, 4), InputError);
  }

  TEST_CASE("a header that declares more than its file can hold is refused before allocating") {
    CHECK(scotch_error("0\n67108864 134217728\n0 000\n0\n0\n0\n0\n")
              .find("g.grf:3: the header declares 67108864 vertices and 134217728 arcs, more "
                    "than a file of 35 bytes can hold") == 0);
    CHECK(scotch_error("0\n4 1000\n0 000\n1 1\n2 0 2\n2 1 3\n1 2\n").find("1000 arcs") !=
          std::string::npos);
    CHECK(metis_error("67108864 67108864\n\n\n").find("at least 1 byte a vertex") !=
          std::string::npos);
    CHECK(metis_error("4 3\n2\n1 3\n2 4\n3\n").empty());
  }

  TEST_CASE("lines past the read buffer, line ends, and numbers as from_chars reads them") {
    // A star whose centre's line (about 1.9 MB) is longer than the reader's 64 KiB buffer, with
    // CR LF line ends and no newline after the last line.
    const std::uint32_t leaves = 300000;
    std::string grf = "0\r\n" + std::to_string(leaves + 1) + " " + std::to_string(2 * leaves) +
                      "\r\n0 000\r\n" + std::to_string(leaves);
    for (std::uint32_t v = 1; v <= leaves; ++v) grf += " " + std::to_string(v);
    for (std::uint32_t v = 1; v <= leaves; ++v) grf += "\r\n1 0";
    std::istringstream star(grf);
    const ScotchGraph s = read_scotch_graph(star, "star.grf");
    REQUIRE(s.graph.edges.size() == leaves);
    CHECK(s.graph.edges.front() == std::pair<std::uint32_t, std::uint32_t>{0, 1});
    CHECK(s.graph.edges.back() == std::pair<std::uint32_t, std::uint32_t>{0, leaves});
    // Neighbours: leading zeros past 18 digits are still the number; a sign is not a number,
    // a negative one out of range; a vertex may not list itself (labels or not).
    std::istringstream zeros("0\n2 2\n0 000\n1 0000000000000000000001\n1 00\n");
    CHECK(read_scotch_graph(zeros, "z.grf").graph.edges ==
          std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}});
    CHECK(scotch_error("0\n2 2\n0 000\n1 +1\n1 0\n") ==
          "g.grf:4: a neighbour must be a number, not '+1'; fix the file");
    CHECK(scotch_error("0\n2 2\n0 000\n1 -1\n1 0\n") ==
          "g.grf:4: vertex 0 lists neighbour -1, out of range (vertices are 0 .. 1); fix the file");
    CHECK(scotch_error("0\n2 2\n0 000\n1 99999999999999999999\n1 0\n") ==
          "g.grf:4: a neighbour must be a number, not '99999999999999999999'; fix the file");
    CHECK(scotch_error("0\n2 3\n1 000\n2 2 1\n1 1\n") ==
          "g.grf: vertex 1 lists itself as a neighbour; remove the loop");
    CHECK(scotch_error("0\n2 3\n0 100\n7 2 7 8\n8 1 7\n") ==
          "g.grf: vertex 7 lists itself as a neighbour; remove the loop");
    // Coordinates: plain integers (leading zeros, 15 and 16 digits) and any other decimal read
    // as the same doubles.
    std::istringstream pair("0\n2 2\n0 000\n1 1\n1 0\n");
    const ScotchGraph two = read_scotch_graph(pair, "p.grf");
    std::istringstream c("2\n2\n0\t007 123456789012345\n1 -3.5 1234567890123456\n");
    const Coordinates xy = read_scotch_geometry(c, "p.xyz", two.label);
    CHECK(xy.point[0][0] == 7);
    CHECK(xy.point[0][1] == 123456789012345.0);
    CHECK(xy.point[1][0] == -3.5);
    CHECK(xy.point[1][1] == 1234567890123456.0);
    CHECK(scotch_error("0\n2 2\n0 000\n1 1\n1 0\n", "2\n2\n0 1 1\n5 1 1\n") ==
          "g.xyz:4: the point of 5 names no vertex; fix the file");
    CHECK(scotch_error("0\n2 2\n0 000\n1 1\n1 0\n", "2\n2\n0 1 1\n0 1 1\n") ==
          "g.xyz:4: vertex 0 has two points; fix the file");
  }

  TEST_CASE("a header whose arrays would not fit in the memory limit is refused") {
    ::setenv("FTVLSI_MEMORY_LIMIT", "100", 1);
    const std::string e = metis_error("4 3\n2\n1 3\n2 4\n3\n");
    ::unsetenv("FTVLSI_MEMORY_LIMIT");
    CHECK(e.find("reading a graph of 4 vertices and 6 arcs needs an estimated") == 0);
  }
}
