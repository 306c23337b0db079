// The decomposition's JSON document says what the run holds: the network as cut, the layout it
// was cut on (only when there is one), both trees, the host and the mapping, and the loads.
#include "ftvlsi/io/decompose_json.hpp"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "ftvlsi/report/decompose_job.hpp"

using namespace ftvlsi;
using nlohmann::json;

TEST_SUITE("decompose_json") {
  TEST_CASE("each section holds the run's own figures") {
    struct Case {
      const char* network;
      std::uint64_t n;
      MappingKind mapping;
      bool cut_layout;
    };
    for (const Case c : {Case{"mesh", 64, MappingKind::kBalanced, true},
                         Case{"planar", 100, MappingKind::kGeometric, false},
                         Case{"tree", 32, MappingKind::kBalancedPlain, true},
                         Case{"mesh3d", 64, MappingKind::kBalancedRefined, true},
                         Case{"planar", 300, MappingKind::kBalancedTop, false},
                         Case{"mesh3d", 27, MappingKind::kGeometric, false}}) {
      CAPTURE(c.network);
      CAPTURE(c.n);
      DecomposeSpec s;
      s.network = c.network;
      s.processors = c.n;
      s.mapping = c.mapping;
      s.cut_layout = c.cut_layout;
      s.seed = 5;
      const DecomposeRun r = run_decompose(s);
      const std::string text = decompose_json(s, r);
      CHECK(text.back() == '\n');
      const json j = json::parse(text);
      CHECK(j["seed"] == 5);
      CHECK(j["network"]["kind"] == r.net.kind);
      CHECK(j["network"]["processors"] == r.net.processors());
      CHECK(j["network"]["wires"] == r.net.wires.size());
      CHECK(j["network"]["dimensions"] == r.net.dimensions);
      CHECK(j["network"]["geometry"] == "given");
      // The layout section exactly when a layout was cut, in its dimension.
      CHECK(j.contains("layout") == r.drawn.has_value());
      CHECK(j["cut_on"] == (r.drawn ? "layout" : "placement"));
      if (const auto* d2 = r.drawn_as<2>()) {
        CHECK(j["layout"]["area"] == d2->metrics.area());
        CHECK(j["layout"]["wire_length_max"] == d2->metrics.wire_length_max);
      }
      if (const auto* d3 = r.drawn_as<3>()) {
        CHECK(j["layout"]["volume"] == d3->metrics.volume());
        CHECK(j["layout"]["depth"] == d3->metrics.depth);
      }
      CHECK(j["tree"]["depth"] == r.tree.depth);
      CHECK(j["tree"]["bandwidth_by_level"] == r.tree.bandwidth_by_level);
      CHECK(j["tree"]["pieces_by_level"] == r.tree.pieces_by_level);
      CHECK(j["balanced"]["bound_by_level"] == r.balanced.bound_by_level);
      CHECK(j["balanced"]["within_bound"] == r.balanced.within_bound());
      CHECK(j["balanced"]["max_imbalance"] == r.balanced.max_imbalance);
      const json& m = j["mapping"];
      CHECK(m["kind"] == std::string(to_string(c.mapping)));
      CHECK(m["host_processors"] == r.host.processors);
      CHECK(m["host_capacities"] == r.host_capacities);
      CHECK(m["host_levels"].get<std::size_t>() + 1 == r.host_capacities.size());
      CHECK(m["host_dimensions"] == r.host_dimensions);
      CHECK(m.contains("bisection") == r.bisection.has_value());
      CHECK(m.contains("within_bound") == (c.mapping != MappingKind::kGeometric));
      if (m.contains("within_bound"))
        CHECK(m["within_bound"] == r.balanced.bounds(r.loads.max_load_by_level));
      CHECK(j["messages"] == 2 * r.net.wires.size());
      CHECK(j["load_by_level"] == r.loads.max_load_by_level);
      CHECK(j["load_factor"].get<double>() == r.loads.load_factor);
      CHECK(decompose_json(s, r) == text);
    }
  }
}
