// ftvlsi export (docs/export.md): the anynet file read back by a strict reader written from
// BookSim2's documented grammar, the counts against the network's, and the mean zero-load latency
// recomputed from the file alone by an all-pairs shortest-path count.
#include "ftvlsi/report/export_job.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/io/booksim_writer.hpp"
#include "ftvlsi/io/export_json.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

// ---- a strict anynet reader -----------------------------------------------------------------
// The grammar as BookSim2 documents it (src/networks/anynet.cpp's header, examples/anynet/README)
// and reads it: a line is "router R" followed by entries "node P" or "router S [L]", tokens
// separated by single spaces; routers and nodes numbered from 0 without gaps; a node on one router
// only. Stricter than BookSim2 where ftvlsi promises more: every router heads exactly one line, in
// order; every router entry carries its latency; a latency never follows a node entry (BookSim2
// would store it as a router-to-router channel); every channel is written in both directions with
// the same latency; no self-loops and no router named twice on one line.
struct Anynet {
  std::vector<std::uint32_t> node_router;                        // node -> router
  std::vector<std::map<std::uint32_t, std::uint32_t>> channels;  // router -> (router, latency)
};

std::uint32_t number(const std::string& token) {
  REQUIRE_MESSAGE(!token.empty(), "an empty token (two spaces in a row)");
  REQUIRE_MESSAGE(token.find_first_not_of("0123456789") == std::string::npos,
                  "not a number: '" << token << "'");
  REQUIRE_MESSAGE((token == "0" || token[0] != '0'), "a number with a leading zero: " << token);
  return static_cast<std::uint32_t>(std::stoul(token));
}

std::vector<std::string> tokens(const std::string& line) {
  REQUIRE_MESSAGE(line.find_first_of("\t\r") == std::string::npos, "a tab or CR in: " << line);
  std::vector<std::string> out;
  std::size_t at = 0;
  while (true) {
    const std::size_t next = line.find(' ', at);
    out.push_back(line.substr(at, next - at));
    if (next == std::string::npos) break;
    at = next + 1;
  }
  return out;
}

Anynet read_anynet(const std::string& text) {
  Anynet net;
  std::map<std::uint32_t, std::uint32_t> node_router;
  std::istringstream in(text);
  std::string line;
  std::uint32_t expected_router = 0;
  while (std::getline(in, line)) {
    REQUIRE_MESSAGE(!line.empty(), "an empty line");
    const auto t = tokens(line);
    REQUIRE(t.size() >= 2);
    REQUIRE(t[0] == "router");
    const std::uint32_t r = number(t[1]);
    REQUIRE_MESSAGE(r == expected_router, "router lines out of order at " << r);
    ++expected_router;
    net.channels.emplace_back();
    std::size_t i = 2;
    while (i < t.size()) {
      if (t[i] == "node") {
        REQUIRE(i + 1 < t.size());
        const std::uint32_t p = number(t[i + 1]);
        REQUIRE_MESSAGE(node_router.count(p) == 0, "node " << p << " on two routers");
        node_router[p] = r;
        i += 2;
        // A latency after a node entry is BookSim2's pitfall: never written.
        if (i < t.size())
          REQUIRE_MESSAGE((t[i] == "node" || t[i] == "router"), "latency after node");
      } else {
        REQUIRE(t[i] == "router");
        REQUIRE(i + 2 < t.size());
        const std::uint32_t s = number(t[i + 1]);
        const std::uint32_t latency = number(t[i + 2]);
        REQUIRE(s != r);
        REQUIRE(latency >= 1);
        REQUIRE_MESSAGE(net.channels[r].count(s) == 0, "router " << s << " twice on line " << r);
        net.channels[r][s] = latency;
        i += 3;
      }
    }
  }
  const std::uint32_t routers = expected_router;
  for (std::uint32_t r = 0; r < routers; ++r)
    for (const auto& [s, latency] : net.channels[r]) {
      REQUIRE(s < routers);
      REQUIRE_MESSAGE(net.channels[s].count(r) == 1, "channel " << r << "->" << s << " one way");
      CHECK(net.channels[s].at(r) == latency);
    }
  std::uint32_t expected_node = 0;
  for (const auto& [p, r] : node_router) {
    REQUIRE_MESSAGE(p == expected_node, "node numbers have a gap before " << p);
    ++expected_node;
    net.node_router.push_back(r);
  }
  return net;
}

// Floyd-Warshall over the routers of the file, then the mean over ordered pairs of distinct
// nodes of injection (1) + the least channel sum + ejection (1).
double zero_load_from_file(const Anynet& net) {
  const std::size_t r = net.channels.size();
  constexpr std::uint64_t kInf = std::numeric_limits<std::uint64_t>::max() / 4;
  std::vector<std::uint64_t> d(r * r, kInf);
  for (std::size_t a = 0; a < r; ++a) {
    d[a * r + a] = 0;
    for (const auto& [b, latency] : net.channels[a])
      d[a * r + b] = std::min<std::uint64_t>(d[a * r + b], latency);
  }
  for (std::size_t k = 0; k < r; ++k)
    for (std::size_t a = 0; a < r; ++a)
      for (std::size_t b = 0; b < r; ++b)
        d[a * r + b] = std::min(d[a * r + b], d[a * r + k] + d[k * r + b]);
  long double total = 0;
  const std::size_t n = net.node_router.size();
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t q = 0; q < n; ++q)
      if (p != q) {
        const std::uint64_t hop = d[net.node_router[p] * r + net.node_router[q]];
        REQUIRE(hop < kInf);
        total += static_cast<long double>(hop + 2);
      }
  return static_cast<double>(total /
                             (static_cast<long double>(n) * static_cast<long double>(n - 1)));
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh folder per test case, removed afterwards.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("ftvlsi-export-test-" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

ExportSpec booksim_spec(const std::string& kind, std::uint64_t n, const fs::path& out) {
  ExportOptions o;
  o.network.network = kind;
  o.network.processors = std::to_string(n);
  o.format = "booksim";
  o.out = out.string();
  return export_spec(o);
}

std::uint64_t butterfly_switches(const ButterflyFatTree& net) {
  std::uint64_t s = 0;
  for (int l = 1; l <= net.levels(); ++l) s += net.switches_at(l);
  return s;
}

}  // namespace

TEST_SUITE("export_job") {
  TEST_CASE(
      "a 256-processor fat-pyramid and butterfly fat-tree export to anynet files that a "
      "strict reader of BookSim2's grammar accepts, with the network's counts") {
    for (const std::string kind : {"fat-pyramid", "butterfly-fat-tree"}) {
      CAPTURE(kind);
      Scratch scratch(kind);
      const fs::path out = scratch.dir / "net.anynet";
      const ExportRun run = run_export(booksim_spec(kind, 256, out));
      const Anynet file = read_anynet(slurp(out));
      const ButterflyFatTree net(256, kind == "fat-pyramid");
      CHECK(file.node_router.size() == 256);
      CHECK(file.channels.size() == butterfly_switches(net));
      CHECK(run.graph.routers() == butterfly_switches(net));
      CHECK(run.graph.processors() == 256);
      // Every wire but the processors' own is a router-to-router link.
      CHECK(run.graph.links() == net.wire_count() - 256);
      // Parallel mesh wires between two switches share one anynet channel pair.
      std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
      const auto g = net.graph();
      for (std::size_t w = 0; w < g.wires.size(); ++w)
        if (g.wires[w].first >= 256) pairs.insert(std::minmax(g.wires[w].first, g.wires[w].second));
      std::size_t directed = 0;
      for (const auto& c : file.channels) directed += c.size();
      CHECK(directed == 2 * pairs.size());
      if (kind == "butterfly-fat-tree") CHECK(pairs.size() == run.graph.links());
      // Each level-1 switch holds its four processors.
      std::map<std::uint32_t, int> held;
      for (const auto r : file.node_router) ++held[r];
      CHECK(held.size() == 64);
      for (const auto& [r, count] : held) CHECK(count == 4);
      // The configuration runs it.
      const std::string config = slurp(booksim_config_path(out.string()));
      CHECK(config.find("topology = anynet;") != std::string::npos);
      CHECK(config.find("network_file = net.anynet;") != std::string::npos);
      CHECK(config.find("routing_function = min;") != std::string::npos);
      CHECK(config.find("traffic = uniform;") != std::string::npos);
      CHECK(config.find("injection_rate = ") != std::string::npos);
    }
  }

  TEST_CASE(
      "the mean zero-load latency is what an all-pairs shortest-path count over the written "
      "anynet file gives") {
    for (const std::string kind : {"fat-pyramid", "butterfly-fat-tree", "mesh", "torus"}) {
      CAPTURE(kind);
      Scratch scratch("zero-" + kind);
      const fs::path out = scratch.dir / "net.anynet";
      const ExportRun run = run_export(booksim_spec(kind, 256, out));
      REQUIRE(run.mean_zero_load_latency);
      CHECK(*run.mean_zero_load_latency ==
            doctest::Approx(zero_load_from_file(read_anynet(slurp(out)))).epsilon(1e-12));
      const auto j = nlohmann::json::parse(export_json(run));
      CHECK(j["export"]["mean_zero_load_latency_cycles"].get<double>() ==
            *run.mean_zero_load_latency);
    }
  }

  TEST_CASE(
      "each link's latency is its fold-and-squash wire's length over the cycle length, "
      "rounded up") {
    ExportOptions o;
    o.network.network = "fat-pyramid";
    o.network.processors = "64";
    o.format = "graphml";
    o.out = "unused.graphml";
    o.cycle_length = "7";
    const ExportSpec spec = export_spec(o);
    LatencyGraph g = export_graph(spec.layout);
    assign_latencies(g, spec.rule);
    const ButterflyFatTree net(64, true);
    const auto length = fold_and_squash_wire_lengths(net);
    const auto graph = net.graph();
    std::size_t link = 0;
    for (std::size_t w = 0; w < graph.wires.size(); ++w) {
      if (graph.wires[w].first < 64) continue;
      CHECK(g.link_length[link] == length[w]);
      CHECK(g.link_latency[link] == std::max<std::uint64_t>(1, (length[w] + 6) / 7));
      ++link;
    }
    CHECK(link == g.links());
    const auto histogram = latency_histogram(g);
    std::uint64_t total = 0;
    for (const auto& [latency, count] : histogram) total += count;
    CHECK(total == g.links());
  }

  TEST_CASE("the 3D butterfly networks export with every wire measured on the lattice") {
    Scratch scratch("3d");
    ExportOptions o;
    o.network.network = "fat-pyramid";
    o.network.processors = "512";
    o.network.style = "cube";
    o.format = "booksim";
    o.out = (scratch.dir / "p3.anynet").string();
    const ExportRun run = run_export(export_spec(o));
    const ButterflyFatTree3d net(512, true);
    CHECK(run.graph.links() == net.wires() - 512);
    const Anynet file = read_anynet(slurp(scratch.dir / "p3.anynet"));
    CHECK(*run.mean_zero_load_latency == doctest::Approx(zero_load_from_file(file)).epsilon(1e-12));
  }

  TEST_CASE("a fat-tree's channels keep their capacities in GraphML and are refused for BookSim2") {
    Scratch scratch("fat-tree");
    ExportOptions o;
    o.network.processors = "64";
    o.network.capacity = "universal";
    o.format = "booksim";
    o.out = (scratch.dir / "ft.anynet").string();
    CHECK(test::error_id([&] { run_export(export_spec(o)); }) == 6800);
    CHECK_FALSE(fs::exists(scratch.dir / "ft.anynet"));
    o.format = "graphml";
    o.out = (scratch.dir / "ft.graphml").string();
    const ExportRun run = run_export(export_spec(o));
    CHECK(run.graph.routers() == 63);
    CHECK(run.graph.links() == 62);
    CHECK(run.graph.has_capacities());
    const std::string text = slurp(scratch.dir / "ft.graphml");
    CHECK(text.find("<data key=\"capacity\">") != std::string::npos);
  }

  TEST_CASE("bad export options are refused with their IDs") {
    ExportOptions o;
    o.network.network = "fat-pyramid";
    o.network.processors = "16";
    CHECK(test::error_id([&] { export_spec(o); }) == 1091);
    o.format = "anynet";
    CHECK(test::error_id([&] { export_spec(o); }) == 1090);
    o.format = "booksim";
    CHECK(test::error_id([&] { export_spec(o); }) == 1092);
    o.out = "-";
    CHECK(test::error_id([&] { export_spec(o); }) == 1093);
    o.out = "out/1net";
    CHECK(test::error_id([&] { export_spec(o); }) == 1095);
    o.out = "net.anynet";
    o.network.technology = std::string(FTVLSI_SOURCE_DIR) + "/technology/asap7.yaml";
    o.delay = "sqrt";
    CHECK(test::error_id([&] { export_spec(o); }) == 1096);
    o.network.technology.reset();
    // A falling delay model and a long cycle: the shortest wires take astronomically many.
    o.delay = "poly:1,-8,0";
    o.cycle_length = "999999";
    o.out = (fs::temp_directory_path() / "ftvlsi-export-test-never.anynet").string();
    CHECK(test::error_id([&] { run_export(export_spec(o)); }) == 6806);
    CHECK_FALSE(fs::exists(o.out.value()));
    o.delay = "sqrt";
    o.cycle_length = "0.5";
    CHECK_NOTHROW(export_spec(o));
  }

  TEST_CASE("a network in two pieces is refused for BookSim2 and has no zero-load latency") {
    Scratch scratch("pieces");
    const fs::path file = scratch.dir / "two.net";
    std::ofstream(file) << "processors 4\n0 0 0\n1 1 0\n2 5 0\n3 6 0\nwire 0 1\nwire 2 3\n";
    ExportOptions o;
    o.network.network = "file";
    o.network.network_file = file.string();
    o.format = "booksim";
    o.out = (scratch.dir / "two.anynet").string();
    CHECK(test::error_id([&] { run_export(export_spec(o)); }) == 6801);
    o.format = "graphml";
    o.out = (scratch.dir / "two.graphml").string();
    const ExportRun run = run_export(export_spec(o));
    CHECK_FALSE(run.mean_zero_load_latency);
  }

  TEST_CASE("the same export writes the same bytes") {
    Scratch scratch("twice");
    for (const std::string format : {"booksim", "graphml", "dot"}) {
      ExportOptions o;
      o.network.network = "fat-pyramid";
      o.network.processors = "64";
      o.format = format;
      o.out = (scratch.dir / "a").string();
      run_export(export_spec(o));
      const std::string first = slurp(scratch.dir / "a");
      run_export(export_spec(o));
      CHECK(slurp(scratch.dir / "a") == first);
    }
  }
}
