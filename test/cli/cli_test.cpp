// The ftvlsi executable, run as a user would: exit codes, one-line errors, no partial files.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace fs = std::filesystem;

namespace {

using ftvlsi::test::CliResult;

CliResult run(const std::string& args) {
  return ftvlsi::test::run_cli_merged(args);
}

fs::path scratch(const std::string& name) {
  return ftvlsi::test::scratch_dir(name, "ftvlsi_cli_test");
}

std::size_t line_count(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Checks a bad-input run: the expected exit code, one line "ftvlsi: error FTV-nnnn: ..." with
// the expected stable ID (docs/error-ids.md), and the detail the message must give.
void expect_error(const std::string& args, int code, const std::string& id,
                  const std::string& detail = "") {
  CAPTURE(args);
  const CliResult r = run(args);
  CAPTURE(r.out);
  CHECK(r.code == code);
  CHECK(line_count(r.out) == 1);
  CHECK(r.out.rfind("ftvlsi: error " + id + ": ", 0) == 0);
  CHECK(r.out.find(detail) != std::string::npos);
}

}  // namespace

TEST_SUITE("cli") {
  TEST_CASE("help and version exit with 0") {
    CHECK(run("--help").code == 0);
    CHECK(run("layout --help").code == 0);
    CHECK(run("report --help").code == 0);
    const CliResult v = run("--version");
    CHECK(v.code == 0);
    CHECK(v.out.find('.') != std::string::npos);
  }

  TEST_CASE("bad sizes and values are one-line errors with exit code 2") {
    expect_error("layout --processors 1000", 2, "FTV-3203", "512 and 1024");
    expect_error("layout --processors -4", 2, "FTV-1103", "positive integer");
    expect_error("layout --processors 0", 2, "FTV-1104", "at least 1");
    expect_error("layout --processors lots", 2, "FTV-1103", "positive integer");
    expect_error("layout --processors 2199023255552", 2, "FTV-3202", "2^40");
    expect_error("layout --processors 64 --capacity fat", 2, "FTV-3101", "valid profiles");
    expect_error("layout -n 4096 --capacity universal --root-capacity 10", 2, "FTV-3103",
                 "[256, 4096]");
    expect_error("layout -n 64 --capacity modular --root-capacity 10", 2, "FTV-3102",
                 "no root capacity");
    expect_error("layout -n 64 --alpha 0", 2, "FTV-1104", "at least 1");
    expect_error("layout -n 64 --style spiral", 2, "FTV-2203", "h-tree");
    expect_error("layout -n 64 --bogus", 2, "FTV-1001", "--help");
    expect_error("layout --network fat-pyramid -n 1000", 2, "FTV-3203", "256 and 1024");
    expect_error("layout --network butterfly-fat-tree -n 64 --style channel", 2, "FTV-2204",
                 "fold-and-squash");
    expect_error("layout -n 64 --style fold-and-squash", 2, "FTV-2204", "takes h-tree");
    expect_error("layout --network fat-pyramid -n 64 --capacity full", 2, "FTV-1205", "sqrt p");
  }

  TEST_CASE("a layout too large for the machine's memory is refused before allocating") {
    expect_error("layout -n 1099511627776 --capacity full", 2, "FTV-8001", "GiB");
    expect_error("layout -n 1073741824 --capacity full --drc-mode flat", 2, "FTV-8001", "GiB");
  }

  TEST_CASE("spec files: unknown keys, wrong types and malformed YAML name file and line") {
    const fs::path dir = scratch("spec");
    std::ofstream(dir / "unknown.yaml") << "network:\n  processors: 64\n  colour: red\n";
    expect_error((dir / "unknown.yaml").string(), 2, "FTV-1001", "");
    expect_error("layout " + (dir / "unknown.yaml").string(), 2, "FTV-2103", "unknown.yaml:3");
    std::ofstream(dir / "type.yaml") << "network:\n  processors: {a: 1}\n";
    expect_error("layout " + (dir / "type.yaml").string(), 2, "FTV-2104", "type.yaml:2");
    std::ofstream(dir / "broken.yaml") << "network: [\n";
    expect_error("layout " + (dir / "broken.yaml").string(), 2, "FTV-2101", "malformed YAML");
    expect_error("layout " + (dir / "missing.yaml").string(), 3, "FTV-7021", "cannot read");
  }

  TEST_CASE("an unwritable output is an I/O error and leaves no file behind") {
    const fs::path dir = scratch("io");
    const std::string svg = (dir / "a.svg").string();
    expect_error("layout -n 64 --svg " + svg + " --gds " + (dir / "no" / "a.gds").string(), 3,
                 "FTV-7002", "does not exist");
    CHECK_FALSE(fs::exists(svg));
    CHECK(fs::is_empty(dir));
  }

  TEST_CASE("a layout run writes complete files and the same input writes the same bytes") {
    const fs::path dir = scratch("determinism");
    std::string first[3];
    for (int round = 0; round < 2; ++round) {
      const std::string base = (dir / ("r" + std::to_string(round))).string();
      const CliResult r = run("layout -n 256 --capacity area-universal --drc --seed 5 --svg " +
                              base + ".svg --gds " + base + ".gds --json " + base + ".json");
      CAPTURE(r.out);
      REQUIRE(r.code == 0);
      const std::string files[3] = {slurp(base + ".svg"), slurp(base + ".gds"),
                                    slurp(base + ".json")};
      for (int i = 0; i < 3; ++i) {
        CHECK_FALSE(files[i].empty());
        if (round == 0)
          first[i] = files[i];
        else
          CHECK(files[i] == first[i]);
      }
    }
    for (const auto& entry : fs::directory_iterator(dir))
      CHECK(entry.path().string().find(".tmp.") == std::string::npos);
    const std::string json = slurp(dir / "r0.json");
    for (const char* key : {"\"kind\"",
                            "\"processors\"",
                            "\"levels\"",
                            "\"capacity_profile\"",
                            "\"capacities\"",
                            "\"root_capacity\"",
                            "\"components\"",
                            "\"style\"",
                            "\"dimensions\"",
                            "\"width\"",
                            "\"height\"",
                            "\"area\"",
                            "\"layers\"",
                            "\"nodes\"",
                            "\"wires\"",
                            "\"wire_length_total\"",
                            "\"wire_length_max\"",
                            "\"wire_length_max_by_level\"",
                            "\"wire_length_total_by_level\"",
                            "\"drc_violations\"",
                            "\"seed\": 5"})
      CHECK(json.find(key) != std::string::npos);
  }

  TEST_CASE("json to standard output is the whole document and nothing else") {
    const CliResult r = run("layout -n 16 --json -");
    CHECK(r.code == 0);
    CHECK(r.out.front() == '{');
    CHECK(r.out.find("\"wire_length_total\"") != std::string::npos);
  }

  TEST_CASE("--switch-model partial draws the switches inside, DRC clean, and says so in JSON") {
    // The H-tree and the cube: both DRCs clean, and more wires than the ideal switches'.
    for (const std::string style : {"h-tree", "cube"}) {
      CAPTURE(style);
      const std::string layout = "layout -n 16 --capacity universal --style " + style;
      const CliResult r = run(layout + " --switch-model partial --drc-mode both --seed 4 --json -");
      CHECK(r.code == 0);
      const auto j = nlohmann::json::parse(r.out);
      CHECK(j["network"]["switch_model"] == "partial");
      CHECK(j["layout"]["dimensions"] == (style == "cube" ? 3 : 2));
      CHECK(j["layout"]["drc_violations"] == 0);
      const auto ideal = nlohmann::json::parse(run(layout + " --json -").out);
      CHECK(ideal["network"]["switch_model"] == "ideal");
      CHECK(j["layout"]["wires"].get<std::uint64_t>() >
            ideal["layout"]["wires"].get<std::uint64_t>());
    }
    expect_error("layout -n 16 --switch-model real", 2, "FTV-2231", "ideal or partial");
    expect_error("layout -n 64 --switch-model partial --style slab", 2, "FTV-5451", "cube");
    expect_error("layout --network mesh -n 64 --switch-model partial", 2, "FTV-5452", "mesh");
  }

  TEST_CASE("the main job writes its report folder") {
    const fs::path dir = scratch("report");
    const CliResult r = run("report --out " + (dir / "out").string());
    CAPTURE(r.out);
    CHECK(r.code == 0);
    CHECK(fs::exists(dir / "out" / "summary.md"));
    CHECK(fs::exists(dir / "out" / "check.md"));
    CHECK(fs::exists(dir / "out" / "simulate.md"));
    // One subfolder per layout; the top holds the summaries and index.html linking everything.
    CHECK(fs::exists(dir / "out" / "fat-tree-1024-linear-size" / "fat-tree-1024-linear-size.gds"));
    CHECK(fs::exists(dir / "out" / "fat-tree-1024-area-universal" /
                     "fat-tree-1024-area-universal.svg"));
    CHECK_FALSE(fs::exists(dir / "out" / "fat-tree-1024-linear-size.gds"));
    const std::string index = slurp(dir / "out" / "index.html");
    CHECK(index.find("href=\"fat-tree-1024-linear-size/fat-tree-1024-linear-size.gds\"") !=
          std::string::npos);
    CHECK(index.find("href=\"check.md\"") != std::string::npos);
    CHECK(index.find("<img src=\"slowdown-linear.svg\"") != std::string::npos);
    for (const auto& e : fs::directory_iterator(dir / "out"))
      if (e.is_regular_file())  // no per-plane pictures at the top
        CHECK(e.path().filename().string().find("-z0") == std::string::npos);
    CHECK(slurp(dir / "out" / "summary.md").find("| fat-tree-1024-linear-size |") !=
          std::string::npos);
  }
}

TEST_SUITE("cli_decompose") {
  TEST_CASE("decompose writes the trees, the mapping, the messages and the graph exports") {
    const fs::path dir = scratch("decompose");
    const std::string base = (dir / "m").string();
    const CliResult r =
        run("decompose --network mesh -n 256 --json " + base + ".json --dot " + base +
            ".dot --mapping-out " + base + ".txt --messages-out " + base + ".msg --export-scotch " +
            base + ".grf --export-metis " + base + ".metis --network-out " + base + ".net");
    CAPTURE(r.out);
    REQUIRE(r.code == 0);
    const std::string json = slurp(base + ".json");
    for (const char* key :
         {"\"bandwidth_by_level\"", "\"bound_by_level\"", "\"max_imbalance\"", "\"max_strings\"",
          "\"kind\": \"balanced-top\"", "\"load_factor\"", "\"within_bound\": true"})
      CHECK(json.find(key) != std::string::npos);
    // The balanced-top mapping (the default) of 256 processors onto 256 leaves is a permutation.
    std::istringstream map(slurp(base + ".txt"));
    std::string line;
    std::vector<int> hits(256, 0);
    int rows = 0;
    while (std::getline(map, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream f(line);
      int p = -1, leaf = -1;
      f >> p >> leaf;
      REQUIRE(leaf >= 0);
      REQUIRE(leaf < 256);
      ++hits[leaf];
      ++rows;
    }
    CHECK(rows == 256);
    CHECK(std::count(hits.begin(), hits.end(), 1) == 256);
    CHECK(slurp(base + ".grf").rfind("0\n256 960\n0 000\n", 0) == 0);  // 480 wires, 960 arcs
    CHECK(slurp(base + ".metis").rfind("256 480\n", 0) == 0);
    CHECK(slurp(base + ".dot").find("digraph") != std::string::npos);
    const CliResult svg = run("decompose --network torus -n 256 --svg " + base + ".svg");
    CHECK(svg.code == 0);
    for (int k = 0; k < 8; ++k)
      CHECK(slurp(base + ".svg").find("id=\"overlay-k" + std::to_string(k) + "\"") !=
            std::string::npos);
    CHECK(line_count(slurp(base + ".msg")) == 1 + 960);
    // The network file reads back and decomposes the same.
    const CliResult again =
        run("decompose --network file --network-file " + base + ".net --json -");
    CHECK(again.code == 0);
    CHECK(again.out.find("\"load_factor\"") != std::string::npos);
  }

  TEST_CASE("decompose reads Scotch and METIS graphs, computes a missing geometry, writes .map") {
    const fs::path dir = scratch("decompose_graphs");
    const std::string base = (dir / "p").string();
    REQUIRE(run("decompose --network planar -n 500 --cut-on placement --export-scotch " + base +
                ".grf --export-xyz " + base + ".xyz --export-metis " + base + ".graph --json " +
                base + ".json")
                .code == 0);
    const std::string given = slurp(base + ".json");
    // The same graph and geometry read back: the same loads.
    const CliResult scotch =
        run("decompose --network file --network-file " + base + ".grf --coordinates " + base +
            ".xyz --cut-on placement --json - " + "--mapping-out " + base + ".map");
    CAPTURE(scotch.out);
    REQUIRE(scotch.code == 0);
    CHECK(scotch.out.find("\"geometry\": \"given\"") != std::string::npos);
    const auto loads = [](const std::string& j) { return j.substr(j.find("\"load_by_level\"")); };
    CHECK(loads(scotch.out) == loads(given));
    // Scotch's mapping format: the count, then one pair per processor; it reads back.
    CHECK(slurp(base + ".map").rfind("500\n0\t", 0) == 0);
    const CliResult judged =
        run("decompose --network file --network-file " + base + ".grf --coordinates " + base +
            ".xyz --cut-on placement " + "--json - --mapping-in " + base + ".map");
    CHECK(judged.code == 0);
    CHECK(loads(judged.out) == loads(given));
    // METIS without coordinates: a computed embedding, reported as such.
    const CliResult metis =
        run("decompose --network file --network-file " + base + ".graph --json -");
    CHECK(metis.code == 0);
    CHECK(metis.out.find("\"geometry\": \"computed\"") != std::string::npos);
    CHECK(metis.out.find("\"within_bound\": true") != std::string::npos);
    std::ofstream(dir / "bad.grf") << "0\n2 2\n0 000\n1 3\n1 0\n";
    expect_error("decompose --network file --network-file " + (dir / "bad.grf").string(), 2,
                 "FTV-4410", "bad.grf:4: vertex 0 lists neighbour 3, out of range");
    std::ofstream(dir / "two.graph") << "2 1\n2\n1\n";
    std::ofstream(dir / "one.xy") << "0 0\n";
    expect_error("decompose --network file --network-file " + (dir / "two.graph").string() +
                     " --coordinates " + (dir / "one.xy").string(),
                 2, "FTV-4429", "vertex 2 has no coordinates");
    expect_error("decompose --network file --network-file " + (dir / "two.graph").string() +
                     " --coordinates " + (dir / "none.xy").string(),
                 3, "FTV-7021", "cannot read coordinates file");
    expect_error("decompose --network mesh -n 64 --coordinates " + (dir / "one.xy").string(), 2,
                 "FTV-6306", "--network file");
  }

  TEST_CASE("decompose rejects bad input with one line and exit code 2 or 3") {
    const fs::path dir = scratch("decompose_bad");
    expect_error("decompose --network mesh -n 1000", 2, "FTV-3401", "961 and 1024");
    expect_error("decompose --network mesh3d -n 100", 2, "FTV-3401", "64 and 125");
    expect_error("decompose --network file", 2, "FTV-6301", "--network-file");
    expect_error("decompose --network hexagon -n 16", 2, "FTV-3407", "valid kinds");
    expect_error("decompose --network mesh -n 1024 --host-processors 512", 2, "FTV-6302",
                 "1024 or more");
    expect_error("decompose --network mesh -n 64 --mapping random", 2, "FTV-1121",
                 "--mapping must be balanced, balanced-top, balanced-refined, balanced-plain or "
                 "geometric");
    expect_error("decompose --network mesh3d -n 64 --svg " + (dir / "c.svg").string(), 2,
                 "FTV-6304", "two-dimensional");
    CHECK_FALSE(fs::exists(dir / "c.svg"));
    expect_error("decompose --network butterfly -n 100", 2, "FTV-3403", "80 and 192");
    std::ofstream(dir / "bad.net") << "processors 3\n0 0 0\n1 1 0\n2 2 0\nwire 0 7\n";
    expect_error("decompose --network file --network-file " + (dir / "bad.net").string(), 2,
                 "FTV-4106", "bad.net:5");
    std::ofstream(dir / "empty.net") << "# nothing here\n";
    expect_error("decompose --network file --network-file " + (dir / "empty.net").string(), 2,
                 "FTV-4124", "empty");
    expect_error("decompose --network mesh -n 64 --json " + (dir / "no" / "x.json").string() +
                     " --dot " + (dir / "x.dot").string(),
                 3, "FTV-7002", "does not exist");
    CHECK_FALSE(fs::exists(dir / "x.dot"));
  }
}

TEST_SUITE("cli_route") {
  TEST_CASE("route writes JSON with the contract's keys, a schedule and the channel loads") {
    const fs::path dir = scratch("route");
    const std::string base = (dir / "r").string();
    const CliResult r =
        run("route -n 64 --capacity area-universal --pattern transpose --algorithm "
            "random --json " +
            base + ".json --schedule " + base + ".s --loads " + base + ".csv --messages-out " +
            base + ".m");
    CAPTURE(r.out);
    REQUIRE(r.code == 0);
    const std::string json = slurp(base + ".json");
    for (const char* key :
         {"\"processors\": 64", "\"messages\": 64", "\"load_factor\"", "\"congestion_parameter\"",
          "\"delivery_cycles\"", "\"delivered\": 64", "\"algorithm\": \"random\"", "\"seed\": 1"})
      CHECK(json.find(key) != std::string::npos);
    CHECK(line_count(slurp(base + ".s")) == 1 + 64);
    CHECK(slurp(base + ".csv").rfind("direction,level,index,load,capacity,load_factor\n", 0) == 0);
    const CliResult again =
        run("route -n 64 --capacity area-universal --messages " + base + ".m --json -");
    CHECK(again.code == 0);
  }

  TEST_CASE("route --switch-model partial delivers through the real graphs and counts losses") {
    const std::string args =
        "route -n 256 --capacity universal --pattern uniform --count 2048 --seed 2 --json -";
    const CliResult ideal = run(args);
    const CliResult partial = run(args + " --switch-model partial");
    REQUIRE(partial.code == 0);
    const auto i = nlohmann::json::parse(ideal.out), p = nlohmann::json::parse(partial.out);
    CHECK(p["switch_model"] == "partial");
    CHECK(p["delivered"] == 2048);
    CHECK(p["lost_in_switches"].is_number_unsigned());
    CHECK_FALSE(i.contains("lost_in_switches"));
    CHECK(run(args + " --switch-model partial").out == partial.out);  // same seed, same bytes
    expect_error("route --network fat-pyramid -n 64 --pattern uniform --switch-model partial", 2,
                 "FTV-1041", "binary fat-tree");
  }

  TEST_CASE("route --algorithm offline delivers a set with lambda <= 1 in one cycle") {
    // Full capacities: every permutation has lambda <= 1, and its one-cycle sets, one per
    // turning level, share one delivery cycle.
    const CliResult r =
        run("route -n 64 --capacity full --pattern permutation --algorithm offline "
            "--json -");
    CAPTURE(r.out);
    REQUIRE(r.code == 0);
    for (const char* key :
         {"\"delivery_cycles\": 1,", "\"every_cycle_one_cycle\": true", "\"lower_bound\": 1.0",
          "\"cycles_over_lower_bound\": 1.0", "\"bound\": 12.0", "\"sets\": "})
      CHECK(r.out.find(key) != std::string::npos);
  }

  TEST_CASE("route rejects bad messages, patterns and algorithms with one line") {
    const fs::path dir = scratch("route_bad");
    std::ofstream(dir / "m.txt") << "0 1\n1 99\n";
    expect_error("route -n 64 --messages " + (dir / "m.txt").string(), 2, "FTV-4202", "m.txt:2");
    std::ofstream(dir / "e.txt") << "# nothing\n";
    expect_error("route -n 64 --messages " + (dir / "e.txt").string(), 2, "FTV-4203",
                 "no messages");
    expect_error("route -n 64 --pattern spiral", 2, "FTV-6123", "valid patterns");
    expect_error("route -n 128 --algorithm adversary", 2, "FTV-6151", "4-way switches");
    expect_error("route -n 64 --capacity double-every-2 --algorithm adversary", 2, "FTV-6151",
                 "--capacity four-way");
    expect_error("route -n 64 --algorithm adversary --lambda 6", 2, "FTV-6152", "at least 12");
    expect_error("route -n 64 --algorithm random --constants paper", 2, "FTV-1121",
                 "proof or practical");
    expect_error("route -n 64 --algorithm random-prime", 2, "FTV-6131", "at least lg n = 6");
    expect_error("route -n 64 --algorithm offline --offline corollary-2", 2, "FTV-6141",
                 "above lg n = 6");
    expect_error("route -n 64 --algorithm offline --offline corollary-3", 2, "FTV-1121",
                 "theorem-1");
    const fs::path adv = dir / "adversary.txt";
    const CliResult a = run("route -n 256 --algorithm adversary --lambda 24 --messages-out " +
                            adv.string() + " --json -");
    CHECK(a.code == 0);
    CHECK(a.out.find("\"greedy_meets_bound\": true") != std::string::npos);
    CHECK(a.out.find("\"capacity_profile\": \"four-way\"") != std::string::npos);
    CHECK(a.out.find("\"load_factor\": 24.0,") != std::string::npos);
    const CliResult proof = run("route -n 64 --algorithm random --constants proof --json -");
    CHECK(proof.code == 0);
    CHECK(proof.out.find("\"constants\": \"proof\"") != std::string::npos);
    CHECK(proof.out.find("\"delivered\": 64") != std::string::npos);
    CHECK(line_count(slurp(adv.string())) > 24);
    const CliResult w =
        run("route -n 64 --capacity constant --constant 12 --pattern uniform --count 640 "
            "--algorithm offline --offline corollary-2 --json -");
    CHECK(w.code == 0);
    CHECK(w.out.find("\"every_cycle_one_cycle\": true") != std::string::npos);
    const CliResult rp =
        run("route -n 64 --capacity constant --constant 6 --algorithm random-prime --json -");
    CHECK(rp.code == 0);
    expect_error("route -n 64 --switch fair", 2, "FTV-1121", "random or priority");
    expect_error("route -n 64 --messages a --pattern permutation", 2, "FTV-1012", "not both");
    expect_error("route --network fat-pyramid -n 60", 2, "FTV-3203", "64");
    expect_error("route --network butterfly-fat-tree -n 64 --algorithm offline", 2, "FTV-6101",
                 "greedy");
    const CliResult bp =
        run("route --network fat-pyramid -n 64 --pattern permutation "
            "--algorithm random-prime --json -");
    CHECK(bp.code == 0);
    CHECK(bp.out.find("\"algorithm\": \"random-prime\"") != std::string::npos);
    const CliResult b =
        run("route --network butterfly-fat-tree -n 64 --pattern transpose --json -");
    CHECK(b.code == 0);
    CHECK(b.out.find("\"delivered\": 64") != std::string::npos);
    expect_error("layout -n 64 --parents 2", 2, "FTV-1203", "butterfly");
    expect_error("layout --network fat-pyramid -n 64 --style layered", 2, "FTV-2204",
                 "fold-and-squash");
    expect_error("layout --network fat-pyramid -n 64 --style cube --mesh-diagonals", 2, "FTV-5405",
                 "6-neighbour");
    // The 3D fat-pyramid: the lattice with each level's 6-neighbour mesh.
    const CliResult p3 = run("layout --network fat-pyramid -n 64 --style cube --drc --json -");
    CHECK(p3.code == 0);
    CHECK(p3.out.find("\"kind\": \"fat-pyramid-3d\"") != std::string::npos);
    CHECK(p3.out.find("\"mesh_neighbours\": 6") != std::string::npos);
    CHECK(p3.out.find("\"drc_violations\": 0") != std::string::npos);
    expect_error("layout --network butterfly-fat-tree -n 256 --style cube", 2, "FTV-3203", "512");
    const CliResult b3 =
        run("layout --network butterfly-fat-tree -n 64 --style cube --drc --json -");
    CHECK(b3.code == 0);
    CHECK(b3.out.find("\"parents_per_switch\": 4") != std::string::npos);
    // The 3D lattice by default, the layered router by name; the fat-tree's cube (Theorem 4)
    // and its slab; each says which bound its volume is measured against.
    CHECK(b3.out.find("\"style\": \"cube\"") != std::string::npos);
    CHECK(b3.out.find("\"volume_bound\": \"Greenberg-Leiserson 6: n lg^(3/2) n\"") !=
          std::string::npos);
    CHECK(b3.out.find("\"volume_ratio\": ") != std::string::npos);
    const CliResult layered =
        run("layout --network butterfly-fat-tree -n 64 --style layered --drc --json -");
    CHECK(layered.code == 0);
    CHECK(layered.out.find("\"style\": \"layered\"") != std::string::npos);
    expect_error("layout -n 64 --style layered", 2, "FTV-2204", "slab");
    for (const char* style : {"cube", "slab"}) {
      const CliResult t = run(std::string("layout -n 512 --capacity universal --style ") + style +
                              " --drc-mode both --json -");
      CHECK(t.code == 0);
      CHECK(t.out.find("\"theorem4_ratio\": ") != std::string::npos);
      CHECK(t.out.find(std::string("\"style\": \"") + style + "\"") != std::string::npos);
    }
    expect_error("layout --network mesh -n 64 --style cube", 2, "FTV-2204", "channel");
    expect_error("layout -n 64 --html v.html", 2, "FTV-5403", "--style cube");
    expect_error("layout -n 2147483648 --style cube", 2, "FTV-5101", "2^30");
    const CliResult m3 = run("layout --network mesh3d -n 64 --drc --json -");
    CHECK(m3.code == 0);
    CHECK(m3.out.find("\"dimensions\": 3") != std::string::npos);
    expect_error("layout --network fat-pyramid -n 256 --parents 2,3,2", 2, "FTV-3303", "1, 2 or 4");
    const CliResult sc = run("layout --network fat-pyramid -n 256 --parents 4,1,2 --drc --json -");
    CHECK(sc.code == 0);
    CHECK(sc.out.find("\"parents_by_level\": [") != std::string::npos);
    const CliResult p = run("route --network fat-pyramid -n 64 --pattern permutation --json -");
    CHECK(p.code == 0);
    CHECK(p.out.find("\"kind\": \"fat-pyramid\"") != std::string::npos);
  }

  TEST_CASE("simulate writes the slowdown JSON, and a sweep writes its report folder") {
    const fs::path dir = scratch("simulate");
    const std::string json = (dir / "s.json").string();
    const CliResult r =
        run("simulate --competing mesh -n 256 --host fat-pyramid --delay linear "
            "--json " +
            json);
    CAPTURE(r.out);
    REQUIRE(r.code == 0);
    const std::string text = slurp(json);
    for (const char* key :
         {"\"slowdown\"", "\"time_host\"", "\"time_competing\"", "\"load_factor\"",
          "\"delivery_cycles\"", "\"path_stretch_max\"", "\"delay_model\": \"linear\""})
      CHECK(text.find(key) != std::string::npos);
    const CliResult again = run("simulate --competing mesh -n 256 --host fat-pyramid --json -");
    CHECK(again.out == text);
    const fs::path report = dir / "sweep";
    const CliResult s =
        run("simulate --sweep --sizes 16,64,256 --delays 'unit;linear;poly:2,0.5,1' "
            "--report " +
            report.string());
    CAPTURE(s.out);
    REQUIRE(s.code == 0);
    for (const char* f : {"simulate.md", "simulate.csv", "slowdown-unit.svg", "slowdown-linear.svg",
                          "slowdown-poly-2-0.5-1.svg"})
      CHECK(fs::exists(report / f));
    CHECK(line_count(slurp((report / "simulate.csv").string())) == 1 + 3 * 2 * 3);
  }

  TEST_CASE("a 3D mesh on the 3D fat-pyramid: JSON and a sweep against the fat-tree in V") {
    const fs::path dir = scratch("simulate3d");
    const CliResult r = run("simulate --competing mesh3d -n 64 --host fat-pyramid --json -");
    CAPTURE(r.out);
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out.substr(0, r.out.rfind('}') + 1));
    CHECK(j["dimensions"] == 3);
    CHECK(j["host"] == "fat-pyramid");
    CHECK(j["host_processors"] == 64);
    CHECK(j["delivered"] == j["messages"]);
    CHECK(j.contains("volume_host"));
    const CliResult s =
        run("simulate --sweep --competing mesh3d --sizes 64,512 --delays linear "
            "--report " +
            (dir / "sweep").string());
    CAPTURE(s.out);
    REQUIRE(s.code == 0);
    const std::string md = slurp(dir / "sweep" / "simulate.md");
    CHECK(md.find("Δ/∛V") != std::string::npos);
    CHECK(md.find("| fat-pyramid | linear | 512 |") != std::string::npos);
    const std::string svg = slurp(dir / "sweep" / "slowdown-linear.svg");
    CHECK(svg.find("∛V") != std::string::npos);
    CHECK(svg.find("√A") == std::string::npos);
    // A 3 x 3 x 3 mesh fits the 4 x 4 x 4 leaf cube of 64; a line of 8 processors does not fit
    // the 2 x 2 x 2 cube of 8 and is placed by slabs, rows and places. Both deliver everything.
    const fs::path line = dir / "line.net";
    {
      std::ofstream out(line);
      out << "processors 8 dimensions 3\n";
      for (int p = 0; p < 8; ++p) out << p << " " << p << " 5 -2\n";
      for (int p = 0; p + 1 < 8; ++p) out << "wire " << p << " " << p + 1 << "\n";
    }
    for (const std::string& args : {std::string("--competing mesh3d -n 27"),
                                    "--competing file --network-file " + line.string()}) {
      CAPTURE(args);
      const CliResult small = run("simulate " + args + " --host fat-pyramid --json -");
      CAPTURE(small.out);
      REQUIRE(small.code == 0);
      const auto k = nlohmann::json::parse(small.out.substr(0, small.out.rfind('}') + 1));
      CHECK(k["delivered"] == k["messages"]);
      CHECK(k["host_processors"] == (args.find("27") != std::string::npos ? 64 : 8));
      CHECK(k["load_factor"].get<double>() >= 2.0);
    }
    // A 3D network with a wire that skips a grid point: refused by the 3D fat-pyramid host.
    const fs::path net = dir / "skip.net";
    std::ofstream(net) << "processors 3 dimensions 3\n0 0 0 0\n1 1 0 0\n2 3 0 0\n"
                          "wire 0 1\nwire 1 2\n";
    expect_error("simulate --competing file --network-file " + net.string() + " --host fat-pyramid",
                 2, "FTV-6210", "wire 1 - 2");
  }

  TEST_CASE("simulate rejects bad hosts, models and combinations with one line") {
    expect_error("simulate --host ring", 2, "FTV-1121", "fat-tree or fat-pyramid");
    expect_error("simulate --delay cubic", 2, "FTV-6172", "delay");
    expect_error("simulate --host fat-pyramid --algorithm random", 2, "FTV-6201",
                 "greedy or random-prime");
    expect_error("simulate --algorithm random-prime", 2, "FTV-6202", "fat-pyramid");
    expect_error("simulate --competing mesh3d -n 64 --switch-model partial", 2, "FTV-6213",
                 "3D simulate takes the ideal switch model only");
    expect_error("simulate --host fat-pyramid --switch-model partial", 2, "FTV-6212", "its own");
    expect_error("simulate --sweep --switch-model partial", 2, "FTV-6212", "--sweep");
    expect_error("simulate --switch-model real", 2, "FTV-2231", "ideal or partial");
    expect_error("simulate --host fat-pyramid --capacity full", 2, "FTV-1013", "fat-tree host");
    expect_error("simulate --competing mesh -n 50", 2, "FTV-3401", "mesh");
    expect_error("simulate --sweep -n 64", 2, "FTV-1015", "--sizes");
    expect_error("simulate --report out", 2, "FTV-1016", "--sweep");
    expect_error("simulate --competing mesh3d -n 64 --host fat-pyramid --mesh-diagonals", 2,
                 "FTV-6211", "2D fat-pyramid");
    expect_error("simulate --competing file", 2, "FTV-6204",
                 "--competing file needs --network-file");
    expect_error("simulate --sweep --sizes 64 --report /proc/ftvlsi", 3, "FTV-7005",
                 "report folder");
  }
}

TEST_SUITE("cli_check") {
  TEST_CASE("check --list names every check with its claim and source") {
    const CliResult r = run("check --list");
    CHECK(r.code == 0);
    for (const char* id : {"L-T1", "L-C2", "L-L3", "L-T4", "L-T5", "L-L6", "L-T8", "L-T10",
                           "GL-area", "GL-T8", "GL-T9", "GL-T11", "G-1", "G-2.1", "G-4.1",
                           "G-headline", "G3-headline", "D-compose", "D-route"})
      CHECK(r.out.find(id) != std::string::npos);
    CHECK(r.out.find("Leiserson 1985, Theorem 4") != std::string::npos);
  }

  TEST_CASE("check runs the named checks and writes JSON, and bad input is refused") {
    const CliResult r = run("check L-L6 L-T8 --json - --seed 3");
    CHECK(r.code == 0);
    const auto begin = r.out.find('{'), end = r.out.rfind('}');  // stderr's summary after
    const auto j = nlohmann::json::parse(r.out.substr(begin, end - begin + 1));
    CHECK(j["checks"].size() == 2);
    CHECK(j["checks"][0]["id"] == "L-L6");
    CHECK(j["summary"]["pass"] == 2);
    expect_error("check L-T99", 2, "FTV-6401", "unknown check 'L-T99'");
    expect_error("check --quick --full L-L6", 2, "FTV-1017", "not both");
  }

  TEST_CASE("check takes the non-ASCII ID GL-§6 and writes its plot under an ASCII name") {
    const CliResult list = run("check --list");
    CHECK(list.out.find("GL-§6") != std::string::npos);
    CHECK(list.out.find("GL-T10") != std::string::npos);
    const fs::path dir = scratch("check-s6");
    const CliResult r = run("check GL-§6 --out " + (dir / "out").string());
    CAPTURE(r.out);
    CHECK(r.code == 0);
    CHECK(fs::exists(dir / "out" / "check-GL-S6.svg"));
    CHECK(fs::exists(dir / "out" / "check-GL-S6.csv"));
    const auto j = nlohmann::json::parse(slurp(dir / "out" / "check.json"));
    CHECK(j["checks"][0]["id"] == "GL-§6");
    CHECK(slurp(dir / "out" / "check.md").find("](check-GL-S6.svg)") != std::string::npos);
  }
}
