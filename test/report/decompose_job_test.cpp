// One decompose run: the network cut where the spec says, a host large enough, every mapping kind
// onto the host's leaves with the loads of that mapping, and the outputs it names.
#include "ftvlsi/report/decompose_job.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/io/decompose_json.hpp"
#include "ftvlsi/io/mapping_file.hpp"
#include "ftvlsi/layout/grid3d.hpp"
#include "ftvlsi/network/competing.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;
namespace fs = std::filesystem;

namespace {

DecomposeSpec spec_of(const char* network, std::uint64_t n) {
  DecomposeSpec s;
  s.network = network;
  s.processors = n;
  return s;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_SUITE("decompose_job") {
  TEST_CASE("a 3D network maps onto Theorem 10's volume-universal host, cut on its 3D layout") {
    for (std::uint64_t n : {512, 4096}) {
      CAPTURE(n);
      DecomposeSpec d;
      d.network = "mesh3d";
      d.processors = n;
      const DecomposeRun r = run_decompose(d);
      const auto j = nlohmann::json::parse(decompose_json(d, r));
      CHECK(r.host_dimensions == 3);
      REQUIRE(r.drawn_as<3>() != nullptr);
      CHECK(j["cut_on"] == "layout");
      CHECK(j["mapping"]["host_capacity_profile"] == "universal");
      CHECK(j["mapping"]["host_dimensions"] == 3);
      // Root capacity v^(2/3) / lg(n / v^(2/3)) within [n^(2/3), n]; lambda stays O(1) (the old
      // 2D linear-size host gave 48 at n = 512).
      const auto caps = j["mapping"]["host_capacities"];
      CHECK(caps[0].get<double>() >= std::cbrt(double(n)) * std::cbrt(double(n)) - 1);
      CHECK(r.loads.load_factor <= 8.0);
      CHECK(r.balanced.within_bound());
    }
    DecomposeSpec chosen;  // the user's choice wins
    chosen.network = "mesh3d";
    chosen.processors = 512;
    chosen.host_capacity_given = true;
    const DecomposeRun r = run_decompose(chosen);
    const auto j = nlohmann::json::parse(decompose_json(chosen, r));
    CHECK(r.host_dimensions == 2);
    CHECK(j["mapping"]["host_capacity_profile"] == "linear-size");
  }

  TEST_CASE("every mapping kind puts each processor on a host leaf and loads what it maps") {
    for (const MappingKind kind :
         {MappingKind::kBalanced, MappingKind::kBalancedPlain, MappingKind::kGeometric,
          MappingKind::kBalancedRefined, MappingKind::kBalancedTop}) {
      for (const char* network : {"mesh", "planar"}) {
        CAPTURE(to_string(kind));
        CAPTURE(network);
        DecomposeSpec s = spec_of(network, 100);
        s.mapping = kind;
        const DecomposeRun r = run_decompose(s);
        const FatTree host(r.host);
        CHECK(host.processors() == 128);  // the least power of two holding 100
        REQUIRE(r.leaf.size() == r.net.processors());
        std::set<std::uint64_t> used;
        for (const auto leaf : r.leaf) {
          CHECK(leaf < host.processors());
          used.insert(leaf);
        }
        if (kind != MappingKind::kGeometric) CHECK(used.size() == r.leaf.size());  // one-to-one
        if (kind == MappingKind::kGeometric)
          CHECK(r.leaf == geometric_mapping(r.tree, host.levels()));
        if (kind == MappingKind::kBalancedPlain) CHECK(r.leaf == r.balanced.leaf_at_map_level);
        CHECK(r.bisection.has_value() ==
              (kind == MappingKind::kBalanced || kind == MappingKind::kBalancedRefined ||
               kind == MappingKind::kBalancedTop));
        const ChannelLoads loads = one_step_loads(r.net, r.leaf, host);
        CHECK(r.loads.max_load_by_level == loads.max_load_by_level);
        CHECK(r.host_capacities == host.capacities());
        // Whatever the bisection gave, the mapping kept meets Theorem 8's bound.
        if (bisects(kind)) CHECK(r.balanced.bounds(r.loads.max_load_by_level));
      }
    }
  }

  TEST_CASE("cut on its layout a 2D network is drawn, cut on its placement it keeps its grid") {
    DecomposeSpec s = spec_of("torus", 64);
    const DecomposeRun on_layout = run_decompose(s);
    REQUIRE(on_layout.drawn_as<2>() != nullptr);
    CHECK(on_layout.drawn_as<3>() == nullptr);
    const auto& cell = on_layout.drawn_as<2>()->layout.cells[on_layout.drawn_as<2>()->layout.top];
    for (std::size_t p = 0; p < on_layout.net.processors(); ++p) {
      CHECK(on_layout.net.position[p][0] == cell.node_box[p].lo[0]);
      CHECK(on_layout.net.position[p][1] == cell.node_box[p].lo[1]);
    }
    s.cut_layout = false;
    const DecomposeRun on_grid = run_decompose(s);
    CHECK_FALSE(on_grid.drawn.has_value());
    CHECK(on_grid.net.position == make_competing("torus", 64, s.seed).position);
    CHECK(on_grid.net.wires == on_layout.net.wires);
  }

  TEST_CASE("a 3D network the grid draws is cut on its cube corners, any other on its placement") {
    // 4 x 4 x 4 grid places (large enough for the corners' two lanes from 2^16 processors on
    // would need a big file; the one lane and the two run the same code on each side of it).
    for (const bool long_wire : {false, true}) {
      CAPTURE(long_wire);
      const fs::path file =
          fs::temp_directory_path() / ("ftvlsi-decompose-3d-" + std::to_string(getpid()) + ".net");
      const CompetingNetwork grid = make_competing("mesh3d", 64, 1);
      {
        std::ofstream out(file);
        out << "processors 64 dimensions 3\n";
        for (std::size_t p = 0; p < 64; ++p)
          out << p << ' ' << grid.position[p][0] << ' ' << grid.position[p][1] << ' '
              << grid.position[p][2] << '\n';
        for (const auto& [a, b] : grid.wires) out << "wire " << a << ' ' << b << '\n';
        if (long_wire) out << "wire 0 63\n";
      }
      DecomposeSpec s;
      s.network = "file";
      s.network_file = file.string();
      const DecomposeRun r = run_decompose(s);
      fs::remove(file);
      CHECK((r.drawn_as<3>() != nullptr) == !long_wire);
      for (std::size_t p = 0; p < 64; ++p)
        for (int a = 0; a < 3; ++a)
          CHECK(r.net.position[p][a] ==
                grid.position[p][a] * (long_wire ? 1 : grid3d_pitch(kGrid3dSide)));
      const CuttingTree expected = build_cutting_tree(r.net);
      CHECK(r.tree.leaf == expected.leaf);
      CHECK(r.tree.order == expected.order);
      CHECK(r.tree.bandwidth_by_level == expected.bandwidth_by_level);
    }
  }

  TEST_CASE("a given mapping is kept as given") {
    DecomposeSpec s = spec_of("mesh", 16);
    std::vector<std::uint64_t> leaf(16);
    for (std::uint64_t p = 0; p < 16; ++p) leaf[p] = (p * 5) % 16;
    s.leaf = leaf;
    const DecomposeRun r = run_decompose(s);
    CHECK(r.leaf == leaf);
    CHECK(r.loads.max_load_by_level ==
          one_step_loads(r.net, leaf, FatTree(r.host)).max_load_by_level);
  }

  TEST_CASE("the mapping output reads back as the run's mapping") {
    const fs::path dir =
        fs::temp_directory_path() / ("ftvlsi_decompose_job_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    DecomposeSpec s = spec_of("planar", 50);
    s.mapping_out = (dir / "m.txt").string();
    const DecomposeRun r = run_decompose(s);
    CHECK(parse_mapping(read_text(dir / "m.txt"), "m.txt", 50, FatTree(r.host).processors()) ==
          r.leaf);
    fs::remove_all(dir);
  }

  TEST_CASE("a host too small, an SVG without a layout and stray file options are refused") {
    DecomposeSpec small = spec_of("mesh", 64);
    small.host_processors = 32;
    CHECK(error_id([&] { run_decompose(small); }) == 6302);
    DecomposeSpec svg = spec_of("mesh", 64);
    svg.cut_layout = false;
    svg.svg = "never-written.svg";
    CHECK(error_id([&] { run_decompose(svg); }) == 6304);
    CHECK_FALSE(fs::exists("never-written.svg"));
    DecomposeSpec coordinates = spec_of("mesh", 64);
    coordinates.coordinates = "g.xyz";
    CHECK(error_id([&] { run_decompose(coordinates); }) == 6306);
    DecomposeSpec file = spec_of("file", 64);
    CHECK(error_id([&] { run_decompose(file); }) == 6301);
  }
}
