#include "ftvlsi/report/transit_report.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "ftvlsi/io/transit_report.hpp"

using namespace ftvlsi;

TEST_SUITE("transit_report") {
  TEST_CASE("the DeHon section measures each composition and both wirings under faults") {
    DehonReportSpec spec;
    spec.compositions = {"4K", "12K"};
    spec.loads = {0.5, 1.0};
    spec.trials = 1;
    spec.fault_composition = "4K";
    spec.fault_fractions = {0, 0.1, 0.3};
    spec.fault_trials = 1;
    spec.connectivity_pairs = 300;
    const DehonReport r = run_dehon_report(spec);
    REQUIRE(r.compositions.size() == 2);
    for (const auto& c : r.compositions) {
      CHECK(c.drc_violations == 0);
      REQUIRE(c.loads.size() == 2);
      CHECK(c.loads[1].simulated < c.loads[0].simulated);
      CHECK(c.loads[1].analytic < c.loads[0].analytic);
      CHECK(c.latency_optical.rows.back().latency_ns < c.latency.rows.back().latency_ns);
    }
    REQUIRE(r.faults.size() == 12);  // 2 wirings x 2 kinds x 3 fractions
    for (int w = 0; w < 4; ++w) {
      CHECK(r.faults[3 * w].connectivity == 1.0);
      CHECK(r.faults[3 * w + 2].connectivity < r.faults[3 * w].connectivity);
      CHECK(r.faults[3 * w + 2].probability < r.faults[3 * w].probability);
    }
    const std::string md = dehon_markdown(r);
    for (const char* needle : {"| 4K | 4096 | small | 64, 4 |", "Locality and latency",
                               "flat bidelta", "dehon-route.svg", "deterministic"})
      CHECK(md.find(needle) != std::string::npos);
    const auto dir = std::filesystem::temp_directory_path() / "ftvlsi_transit_report_test";
    std::filesystem::create_directories(dir);
    const std::string summary = write_dehon_report(r, dir.string());
    CHECK(summary.find("dehon.md") != std::string::npos);
    for (const char* f : {"dehon.md", "dehon-route.svg", "dehon-faults.svg"})
      CHECK(std::filesystem::file_size(dir / f) > 100);
  }
}
