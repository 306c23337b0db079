// The DeHon section's files from a report with random figures (no simulation): dehon.md holds a
// row per composition, load, fault point and locality class, the two plots draw a line per
// series through its points, write_dehon_report writes exactly its three files, and the summary
// it returns has a row per composition and links dehon.md.
#include "ftvlsi/io/transit_report.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "ftvlsi/network/transit_composition.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

double unit(std::mt19937_64& rng) {
  return 0.01 + (rng() % 990) / 1000.0;  // in (0, 1)
}

DehonComposition random_composition(std::mt19937_64& rng, const std::string& name,
                                    const std::vector<double>& loads) {
  TransitParams p;
  p.composition = name;
  DehonComposition c;
  c.shape = transit_shape(p);
  for (int k = 0; k < 2; ++k) {
    HollowCubeLevel l;
    l.interior_side = 10 + static_cast<std::int64_t>(rng() % 100);
    l.outer_side = l.interior_side + 20;
    c.cube.push_back(l);
    c.latency.cables.push_back({rng() % 100, unit(rng) * 100, unit(rng) * 50, 0, 0});
  }
  for (int k = 0; k < c.shape.classes(); ++k) {
    LatencyRow row;
    row.locality_class = k;
    row.processors = c.shape.processors_by_class[k];
    row.router_stages = 1 + k;
    row.latency_ns = row.latency_ns_mean = 100.0 * (1 + k);
    c.latency.rows.push_back(row);
  }
  c.latency.bidelta_stages = 6;
  c.latency_optical = c.latency;
  for (const double load : loads) c.loads.push_back({load, unit(rng), 0, 1, unit(rng), unit(rng)});
  return c;
}

DehonReport random_report(std::mt19937_64& rng) {
  DehonReport r;
  r.spec.compositions = {"4K", "12K"};
  r.spec.loads = {0.2, 0.6, 1.0};
  r.spec.fault_fractions = {0, 0.05, 0.2};
  for (const auto& name : r.spec.compositions)
    r.compositions.push_back(random_composition(rng, name, r.spec.loads));
  for (const auto w : {RedundantWiring::kRandom, RedundantWiring::kDeterministic})
    for (const auto kind : r.spec.fault_kinds)
      for (const double f : r.spec.fault_fractions) {
        DehonFaultPoint point;
        point.wiring = w, point.kind = kind, point.fraction = f;
        point.connectivity = f == 0 ? 1 : unit(rng);
        point.probability = rng() % 4 == 0 ? 0 : unit(rng);  // a plot must still draw it
        r.faults.push_back(point);
      }
  return r;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The point count of every <polyline> of an SVG.
std::vector<std::size_t> polylines(const std::string& svg) {
  std::vector<std::size_t> out;
  const std::regex line("<polyline points=\"([^\"]*)\"");
  for (std::sregex_iterator it(svg.begin(), svg.end(), line), end; it != end; ++it)
    out.push_back(count((*it)[1].str(), ",") == 0 ? 0 : count((*it)[1].str(), " ") + 1);
  return out;
}

}  // namespace

TEST_SUITE("transit_report") {
  TEST_CASE("dehon.md has a row per composition, load, fault point and class of each") {
    std::mt19937_64 rng(0xde4);
    for (int trial = 0; trial < 10; ++trial) {
      const DehonReport r = random_report(rng);
      const std::string md = dehon_markdown(r);
      for (const auto& c : r.compositions) {
        CHECK(count(md, fmt::format("| {} | {} |", c.shape.params.composition,
                                    c.shape.processors)) == 1);
        CHECK(count(md, fmt::format("**{}** ({} processors)", c.shape.params.composition,
                                    c.shape.processors)) == 1);
        for (const auto& row : c.latency.rows)
          if (row.processors > 0)
            CHECK(count(md, fmt::format("| {} | {} | {} ({}) |", row.locality_class, row.processors,
                                        row.router_stages, row.router_stages_without_shortcuts)) >=
                  1);
        for (std::size_t k = 0; k < c.cube.size(); ++k)
          CHECK(count(md, fmt::format("| {} | {} |", c.shape.params.composition, k + 1)) == 1);
      }
      CHECK(count(md, "| flat bidelta |") == r.compositions.size());
      for (const double load : r.spec.loads)
        CHECK(count(md, fmt::format("\n| {:.1f} |", load)) == 1);
      for (const auto& f : r.faults)
        CHECK(count(md, fmt::format("| {} | {} | {:.2f} |", to_string(f.kind), to_string(f.wiring),
                                    f.fraction)) == 1);
      CHECK(count(md, "(dehon-route.svg)") == 1);
      CHECK(count(md, "(dehon-faults.svg)") == 1);
    }
  }

  TEST_CASE("write_dehon_report writes its three files, the plots a line per series") {
    std::mt19937_64 rng(0xde5);
    const fs::path dir =
        fs::temp_directory_path() / ("ftvlsi_transit_report_test_" + std::to_string(::getpid()));
    for (int trial = 0; trial < 5; ++trial) {
      fs::remove_all(dir);
      fs::create_directories(dir);
      const DehonReport r = random_report(rng);
      const std::string summary = write_dehon_report(r, dir.string());
      std::set<std::string> written,
          expected(std::begin(kDehonReportFiles), std::end(kDehonReportFiles));
      for (const auto& e : fs::directory_iterator(dir))
        written.insert(e.path().filename().string());
      CHECK(written == expected);
      CHECK(slurp(dir / "dehon.md") == dehon_markdown(r));
      // Route plot: simulated and analytic per composition, a point per load.
      const auto route = polylines(slurp(dir / "dehon-route.svg"));
      CHECK(route.size() == 2 * r.compositions.size());
      for (const auto points : route) CHECK(points == r.spec.loads.size());
      // Fault plot: connectivity and route per kind and wiring, a point per nonzero fraction.
      const auto faults = polylines(slurp(dir / "dehon-faults.svg"));
      CHECK(faults.size() == 2 * 2 * r.spec.fault_kinds.size());
      for (const auto points : faults) CHECK(points == 2);
      CHECK(count(summary, "[dehon.md](dehon.md)") == 1);
      for (const auto& c : r.compositions)
        CHECK(count(summary, fmt::format("| {} | {} | {} |", c.shape.params.composition,
                                         c.shape.processors, c.shape.routers)) == 1);
    }
    fs::remove_all(dir);
  }
}
