// ftvlsi export --network transit (docs/export.md): DeHon's practical fat-trees as RN1s,
// processors and one directed link per wire. The counts against the network built here, and the
// mean zero-load latency recomputed on the test's side: by a breadth-first count over the
// network's own output-to-input links (unit delay), by DeHon's stage counts per locality class,
// and by Dijkstra over the edges of the written GraphML file (the cables' measured latencies).
// Also the memory estimate's refusal and the thread count's independence of the mean.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <queue>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/io/export_json.hpp"
#include "ftvlsi/network/transit.hpp"
#include "ftvlsi/report/export_job.hpp"
#include "ftvlsi/route/transit_latency.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("ftvlsi-export-transit-test-" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ExportOptions transit_options(const std::string& composition, const fs::path& out) {
  ExportOptions o;
  o.network.network = "transit";
  o.composition = composition;
  o.format = "graphml";
  o.out = out.string();
  return o;
}

// The hybrid of 64 clusters of 12 under one stage of large unit trees: 768 processors, cables.
ExportOptions hybrid_options(const fs::path& out, const std::string& rn1) {
  ExportOptions o = transit_options("custom", out);
  o.leaf = "cluster-12";
  o.stages = "1";
  o.rn1 = rn1;
  return o;
}

// The mean over ordered pairs of distinct processors of (routers on the shortest path + 1): the
// injection wire, the links between the routers and the delivering wire, one cycle each. A state
// is an RN1 and, in the dual 4x4 configuration, the crossbar an input enters.
double unit_mean_by_search(const TransitNetwork& net) {
  const bool dual = net.rn1() == Rn1Config::kDual4x4;
  const std::uint64_t n = net.processors();
  auto state = [&](std::int64_t in) {
    const auto slot = static_cast<std::uint64_t>(in);
    return slot / 8 * 2 + (dual ? slot % 8 / 4 : 0);
  };
  long double total = 0;
  std::vector<int> routers(2 * net.routers());
  std::vector<int> to(n);
  for (std::uint64_t p = 0; p < n; ++p) {
    std::fill(routers.begin(), routers.end(), -1);
    std::fill(to.begin(), to.end(), -1);
    std::queue<std::uint64_t> queue;
    for (int i = 0; i < 2; ++i) {
      const auto s = state(net.injection(p, i));
      if (routers[s] < 0) routers[s] = 1, queue.push(s);
    }
    while (!queue.empty()) {
      const std::uint64_t s = queue.front();
      queue.pop();
      const std::uint64_t r = s / 2;
      for (int o = 0; o < 8; ++o) {
        if (dual && o / 4 != static_cast<int>(s % 2)) continue;  // the other crossbar
        const std::int64_t link = net.link(r * 8 + o);
        if (link == kNoLink) continue;
        if (link < 0) {
          const auto q = delivered_processor(link);
          if (to[q] < 0) to[q] = routers[s] + 1;  // + the delivering wire
          continue;
        }
        const auto t = state(link);
        if (routers[t] < 0) routers[t] = routers[s] + 1, queue.push(t);
      }
    }
    for (std::uint64_t q = 0; q < n; ++q) {
      if (q == p) continue;
      REQUIRE_MESSAGE(to[q] > 0, "no path from " << p << " to " << q);
      total += to[q];
    }
  }
  return static_cast<double>(total / (static_cast<long double>(n) * (n - 1)));
}

// Dijkstra over the edges of a written GraphML file: the processors' wires and the links, each
// with its latency attribute, one way (edgedefault="directed").
double mean_from_graphml(const std::string& text) {
  REQUIRE(text.find("edgedefault=\"directed\"") != std::string::npos);
  const std::regex edge(
      "<edge source=\"([pr])([0-9]+)\" target=\"([pr])([0-9]+)\"><data key=\"length\">[0-9]+"
      "</data><data key=\"latency\">([0-9]+)</data>");
  std::map<std::string, std::vector<std::pair<std::string, int>>> out;
  std::uint64_t processors = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), edge); it != std::sregex_iterator();
       ++it) {
    const auto& m = *it;
    out[m[1].str() + m[2].str()].push_back({m[3].str() + m[4].str(), std::stoi(m[5].str())});
    if (m[1] == "p") processors = std::max<std::uint64_t>(processors, std::stoull(m[2]) + 1);
  }
  long double total = 0;
  for (std::uint64_t p = 0; p < processors; ++p) {
    std::map<std::string, std::uint64_t> dist;
    using Entry = std::pair<std::uint64_t, std::string>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    const std::string src = "p" + std::to_string(p);
    dist[src] = 0;
    queue.push({0, src});
    while (!queue.empty()) {
      const auto [d, v] = queue.top();
      queue.pop();
      if (d != dist[v]) continue;
      if (v[0] == 'p' && v != src) continue;  // a connection ends at a processor
      for (const auto& [w, l] : out[v])
        if (!dist.count(w) || d + l < dist[w]) dist[w] = d + l, queue.push({d + l, w});
    }
    for (std::uint64_t q = 0; q < processors; ++q) {
      if (q == p) continue;
      const auto it = dist.find("p" + std::to_string(q));
      REQUIRE(it != dist.end());
      total += it->second;
    }
  }
  return static_cast<double>(total / (static_cast<long double>(processors) * (processors - 1)));
}

TransitParams resolved(const std::string& composition) {
  TransitParams p;
  p.composition = composition;
  return resolve_composition(p);
}

}  // namespace

TEST_SUITE("export_transit") {
  TEST_CASE("DeHon's 4K exports its RN1s, processors and every wire of the built network") {
    Scratch scratch("4k");
    const ExportRun run = run_export(export_spec(transit_options("4K", scratch.dir / "t.graphml")));
    const TransitNetwork net(resolved("4K"));
    std::uint64_t links = 0, deliveries = 0, injections = 0;
    for (std::uint64_t slot = 0; slot < net.routers() * 8; ++slot) {
      const std::int64_t to = net.link(slot);
      links += to >= 0;
      deliveries += to < kNoLink;
    }
    for (std::uint64_t p = 0; p < net.processors(); ++p)
      for (int i = 0; i < 2; ++i) injections += net.injection(p, i) >= 0;
    CHECK(run.graph.routers() == net.routers());
    CHECK(run.graph.routers() == 64 * 52 + 4 * 208);
    CHECK(run.graph.processors() == 4096);
    CHECK(run.graph.links() == links);
    CHECK(run.graph.processor_eject.size() == deliveries);
    CHECK(run.graph.processor_inject.size() == injections);
    CHECK(deliveries == 2 * 4096);
    CHECK(injections == 2 * 4096);
    const auto j = nlohmann::json::parse(export_json(run))["export"];
    CHECK(j["routers"] == net.routers());
    CHECK(j["rn1s"] == net.routers());
    CHECK(j["nodes"] == 4096);
    CHECK(j["links"] == links);
    CHECK(j["processor_wires"] == 4 * 4096);
    CHECK(j["directed"] == true);
    CHECK(j["delay"] == "timing");
    CHECK(j["cycle_length"].is_null());
    // The file holds every wire once, one way.
    const std::string text = slurp(scratch.dir / "t.graphml");
    std::uint64_t edges = 0;
    for (std::size_t at = 0; (at = text.find("<edge ", at)) != std::string::npos; ++at) ++edges;
    CHECK(edges == links + deliveries + injections);
    // Links inside a stack are 0 long and take a cycle; the cables between stages are longer.
    std::uint64_t cables = 0;
    for (std::size_t i = 0; i < run.graph.links(); ++i) {
      const bool across = net.stack_stage(net.stack(run.graph.link_a[i])) !=
                          net.stack_stage(net.stack(run.graph.link_b[i]));
      cables += across;
      if (!across) CHECK(run.graph.link_length[i] == 0);
      if (across) CHECK(run.graph.link_length[i] > 0);
      if (!across) CHECK(run.graph.link_latency[i] == 1);
    }
    CHECK(cables > 0);
  }

  TEST_CASE(
      "under unit delay the 4K's mean is DeHon's router stages per locality class plus one, "
      "averaged over the other processors") {
    ExportOptions o = transit_options("4K", fs::temp_directory_path() / "unused.graphml");
    o.delay = "unit";
    const ExportSpec spec = export_spec(o);
    LatencyGraph g = transit_export_graph(*spec.transit, HollowCubeSpec{});
    assign_latencies(g, spec.rule);
    const auto mean = mean_zero_load_latency(g);
    REQUIRE(mean);
    const TransitNetwork net(resolved("4K"));
    long double total = 0;
    for (int c = 0; c < net.shape().classes(); ++c)
      total += static_cast<long double>(net.shape().processors_by_class[c]) *
               (net.stages_of_class(c).total() + 1);
    CHECK(*mean == doctest::Approx(static_cast<double>(total / 4095)).epsilon(1e-12));
  }

  TEST_CASE(
      "a hybrid of clusters exports with the mean a breadth-first search over the network's own "
      "links gives, in both RN1 configurations") {
    for (const std::string rn1 : {"dilation-2", "dual-4x4"}) {
      CAPTURE(rn1);
      ExportOptions o = hybrid_options(fs::temp_directory_path() / "unused.graphml", rn1);
      o.delay = "unit";
      const ExportSpec spec = export_spec(o);
      LatencyGraph g = transit_export_graph(*spec.transit, HollowCubeSpec{});
      assign_latencies(g, spec.rule);
      const TransitNetwork net(*spec.transit);
      CHECK(g.routers() == net.routers() * (rn1 == "dual-4x4" ? 2 : 1));
      CHECK(g.processors() == 768);
      const auto mean = mean_zero_load_latency(g);
      REQUIRE(mean);
      CHECK(*mean == doctest::Approx(unit_mean_by_search(net)).epsilon(1e-12));
    }
  }

  TEST_CASE(
      "with the transit timing each cable's cycles come from its measured length, and the mean "
      "is what Dijkstra over the written GraphML edges gives") {
    Scratch scratch("timed");
    for (const std::string wires : {"drawn", "straight"}) {
      CAPTURE(wires);
      const fs::path timing = scratch.dir / "timing.yaml";
      // A fast clock, so that the cables take many cycles and their lengths show.
      std::ofstream(timing) << "clock_mhz: 1000\nwires: " << wires << "\n";
      ExportOptions o = hybrid_options(scratch.dir / "h.graphml", "dilation-2");
      o.timing = timing.string();
      const ExportRun run = run_export(export_spec(o));
      REQUIRE(run.mean_zero_load_latency);
      CHECK(run.latency_histogram.size() > 2);
      for (std::size_t i = 0; i < run.graph.links(); ++i) {
        const double span = wires == "straight" ? run.graph.link_straight[i]
                                                : static_cast<double>(run.graph.link_length[i]);
        const double ns = span * 2.54 / 180;  // 18 cm/ns
        CHECK(run.graph.link_latency[i] == std::max<std::uint32_t>(1, std::ceil(ns - 1e-9)));
      }
      CHECK(*run.mean_zero_load_latency ==
            doctest::Approx(mean_from_graphml(slurp(scratch.dir / "h.graphml"))).epsilon(1e-12));
    }
  }

  TEST_CASE("transit exports refuse BookSim2, other networks' flags and too little memory") {
    Scratch scratch("refuse");
    ExportOptions o = transit_options("4K", scratch.dir / "t.anynet");
    o.format = "booksim";
    CHECK(test::error_id([&] { run_export(export_spec(o)); }) == 6807);
    CHECK_FALSE(fs::exists(scratch.dir / "t.anynet"));
    o.format = "dot";
    o.network.processors = "64";
    CHECK(test::error_id([&] { export_spec(o); }) == 1097);
    o.network.processors.reset();
    o.timing = "t.yaml";
    o.cycle_length = "3";
    CHECK(test::error_id([&] { export_spec(o); }) == 1096);
    o.network.style = "cube";
    CHECK(test::error_id([&] { export_spec(o); }) == 1032);
    ExportOptions m;
    m.network.network = "mesh";
    m.composition = "4K";
    m.format = "dot";
    m.out = "x.dot";
    CHECK(test::error_id([&] { export_spec(m); }) == 1098);
    // The estimate comes before anything is built, and its message gives it.
    const test::MemoryLimit limit("1M");
    ExportOptions big = transit_options("256K", scratch.dir / "big.graphml");
    try {
      run_export(export_spec(big));
      FAIL("no refusal");
    } catch (const InputError& e) {
      CHECK(e.id() == 8029);
      CHECK(std::string(e.what()).find("needs an estimated") != std::string::npos);
      CHECK(std::string(e.what()).find("smaller composition") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(scratch.dir / "big.graphml"));
    ExportOptions pyramid;
    pyramid.network.network = "fat-pyramid";
    pyramid.network.processors = "65536";
    pyramid.format = "dot";
    pyramid.out = (scratch.dir / "p.dot").string();
    CHECK(test::error_id([&] { run_export(export_spec(pyramid)); }) == 8029);
    CHECK_FALSE(fs::exists(scratch.dir / "p.dot"));
  }

  TEST_CASE("the mean zero-load latency does not depend on the number of threads") {
    ExportOptions o;
    o.network.network = "fat-pyramid";
    o.network.processors = "1024";
    o.format = "dot";
    o.out = "unused.dot";
    const ExportSpec spec = export_spec(o);
    LatencyGraph g = export_graph(spec.layout);
    assign_latencies(g, spec.rule);
    const auto one = mean_zero_load_latency(g, 1);
    REQUIRE(one);
    for (const unsigned threads : {2u, 3u, 7u}) CHECK(mean_zero_load_latency(g, threads) == one);
  }
}
