// Every input a fuzz target ever failed on (test/fuzz/regressions/<target>/) stays a test in the
// normal build: the parser returns, or throws an ftvlsi::Error with a stable ID and a one-line
// message that is not an internal error (docs/error-ids.md).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/decompose_spec.hpp"
#include "ftvlsi/io/graph_file.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/mapping_file.hpp"
#include "ftvlsi/io/report_spec.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/report/report_partial.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

// As test/fuzz/graph_file_fuzz.cpp: the first byte picks Scotch (even) or METIS (odd) and, with
// bit 2, coordinates after a line "@@".
void parse_graph_input(const std::string& input) {
  if (input.empty()) return;
  const auto mode = static_cast<unsigned char>(input[0]);
  const std::string text = input.substr(1);
  const auto cut = text.find("\n@@\n");
  std::istringstream graph_in(text.substr(0, cut));
  const bool with_coordinates = (mode & 2) != 0 && cut != std::string::npos;
  std::istringstream coords_in(with_coordinates ? text.substr(cut + 4) : "");
  std::optional<Coordinates> coords;
  Graph graph;
  if ((mode & 1) == 0) {
    auto scotch = read_scotch_graph(graph_in, "r.grf");
    if (with_coordinates) coords = read_scotch_geometry(coords_in, "r.xyz", scotch.label);
    graph = std::move(scotch.graph);
  } else {
    graph = read_metis_graph(graph_in, "r.graph");
    if (with_coordinates) coords = read_coordinate_lines(coords_in, "r.xy", graph.vertices);
  }
  (void)network_from_graph(graph, coords, 1);
}

const std::map<std::string, std::function<void(const std::string&)>>& parsers() {
  static const std::map<std::string, std::function<void(const std::string&)>> p{
      {"layout_spec", [](const std::string& t) { parse_layout_spec(t, "r.yaml"); }},
      {"report_spec", [](const std::string& t) { parse_report_spec(t, "r.yaml"); }},
      {"decompose_spec", [](const std::string& t) { parse_decompose_spec(t, "r.yaml"); }},
      {"network_file", [](const std::string& t) { parse_network_text(t, "r.net"); }},
      {"message_file", [](const std::string& t) { parse_messages(t, "r.txt", 1024); }},
      {"mapping_file", [](const std::string& t) { parse_mapping(t, "r.map", 64, 64); }},
      {"graph_file", parse_graph_input},
      {"shard_partial",
       [](const std::string& t) {
         try {
           parse_report_partial(t, "r.json");
         } catch (const Error&) {
         }
         parse_sweep_partial(t, "r.json");
       }},
  };
  return p;
}

}  // namespace

TEST_SUITE("fuzz_regressions") {
  TEST_CASE("every input that once failed a fuzz target parses or is one clean error") {
    const fs::path root = fs::path(FTVLSI_SOURCE_DIR) / "test" / "fuzz" / "regressions";
    int cases = 0;
    for (const auto& dir : fs::directory_iterator(root)) {
      const auto parser = parsers().find(dir.path().filename().string());
      REQUIRE(parser != parsers().end());
      for (const auto& file : fs::directory_iterator(dir.path())) {
        CAPTURE(file.path().string());
        std::ifstream in(file.path(), std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        try {
          parser->second(text.str());
        } catch (const Error& e) {
          const std::string what = e.what();
          CHECK(e.id() >= 1000);
          CHECK(e.id() <= 8999);
          CHECK(what.find('\n') == std::string::npos);
          CHECK(!what.empty());
        }
        ++cases;
      }
    }
    CHECK(cases >= 3);
  }
}
