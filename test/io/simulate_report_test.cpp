// The simulation's documents on rows with random figures: the JSON of a run and of a sweep say
// what the rows hold (volumes and Theorem 10's ratio in 3D), the CSV has one line per row, the
// Markdown a table row per run and a plot link per delay model, and plot names are file-safe.
#include "ftvlsi/io/simulate_report.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "ftvlsi/report/simulate_job.hpp"

using namespace ftvlsi;
using nlohmann::json;

namespace {

json json_of(const SimulateResult& r) {
  return json::parse(simulate_json(r));
}

SimulateResult random_row(std::mt19937_64& rng, int dimensions, const std::string& delay) {
  SimulateResult r;
  r.host = rng() % 2 ? "fat-tree" : "fat-pyramid";
  r.competing = "mesh";
  r.algorithm = "greedy";
  r.delay_model = delay;
  r.processors = 16 + rng() % 5000;
  r.host_processors = std::uint64_t{1} << (4 + rng() % 10);
  r.area_competing = 100 + rng() % 100000;
  r.area_host = 100 + rng() % 100000;
  r.area_ratio = static_cast<double>(r.area_host) / static_cast<double>(r.area_competing);
  r.messages = rng() % 10000;
  r.delivered = r.messages;
  r.load_factor = (rng() % 1000) / 8.0;
  r.delivery_cycles = 1 + rng() % 1000;
  r.time_competing = 1 + (rng() % 1000) / 4.0;
  r.time_host = r.time_competing * (1 + (rng() % 1000) / 3.0);
  r.slowdown = r.time_host / r.time_competing;
  r.path_length_max = rng() % 10000;
  r.path_stretch_max = (rng() % 1000) / 7.0;
  r.dimensions = dimensions;
  r.seed = rng();
  if (r.host == "fat-tree") {
    r.host_capacity_profile = "linear-size";
    r.host_capacities = {1 + rng() % 50, 1 + rng() % 50};
  }
  return r;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_SUITE("simulate_report") {
  TEST_CASE("a run's JSON holds its figures, and in 3D its volumes and slowdown over lg^3 n") {
    std::mt19937_64 rng(0x5173);
    for (int trial = 0; trial < 200; ++trial) {
      const int dims = 2 + trial % 2;
      const SimulateResult r = random_row(rng, dims, "linear");
      const json j = json_of(r);
      CHECK(j["host"] == r.host);
      CHECK(j["processors"] == r.processors);
      CHECK(j["host_processors"] == r.host_processors);
      CHECK(j["dimensions"] == dims);
      CHECK(j["messages"] == r.messages);
      CHECK(j["delivered"] == r.delivered);
      CHECK(j["slowdown"].get<double>() == r.slowdown);
      CHECK(j["area_ratio"].get<double>() == r.area_ratio);
      CHECK(j["seed"] == r.seed);
      CHECK(j.contains("host_capacity_profile") == r.host_capacity_profile.has_value());
      CHECK(j["congestion_parameter"].is_null());
      CHECK(j.contains("volume_host") == (dims == 3));
      if (dims == 3) {
        CHECK(j["volume_host"] == r.area_host);
        const double lg = std::log2(static_cast<double>(r.host_processors));
        CHECK(j["slowdown_over_lg3_n"].get<double>() ==
              doctest::Approx(r.slowdown / (lg * lg * lg)));
        CHECK(j["slowdown_over_cbrt_v"].get<double>() ==
              doctest::Approx(r.slowdown / std::cbrt(static_cast<double>(r.area_competing))));
      }
      CHECK_FALSE(j.contains("technology"));
    }
  }

  TEST_CASE("a sweep's JSON is its runs' documents, its CSV and Markdown a line per run") {
    std::mt19937_64 rng(0x5174);
    for (int trial = 0; trial < 30; ++trial) {
      SweepResult sweep;
      const int dims = 2 + trial % 2;
      // Names without commas: sweep_csv writes the delay model's name unquoted, so a name
      // with commas (poly:1,2,0, table:..., a technology's wire:...) adds columns to its row.
      const char* delays[] = {"unit", "linear", "sqrt"};
      for (int i = 1 + static_cast<int>(rng() % 8); i > 0; --i)
        sweep.rows.push_back(random_row(rng, dims, delays[rng() % 3]));
      const json all = json::parse(sweep_json(sweep));
      REQUIRE(all.size() == sweep.rows.size());
      for (std::size_t i = 0; i < sweep.rows.size(); ++i) CHECK(all[i] == json_of(sweep.rows[i]));
      const auto csv = lines(sweep_csv(sweep));
      REQUIRE(csv.size() == 1 + sweep.rows.size());
      CHECK(count(csv[0], ",") == 15);
      for (std::size_t i = 0; i < sweep.rows.size(); ++i) {
        const auto& r = sweep.rows[i];
        CHECK(count(csv[1 + i], ",") == 15);
        CHECK(csv[1 + i].rfind(
                  r.host + "," + r.delay_model + "," + std::to_string(r.processors) + ",", 0) == 0);
      }
      // One table row per run, and one plot link per delay model in order of appearance.
      const std::string md = sweep_markdown(sweep, std::string("plots/"));
      std::vector<std::string> seen;
      for (const auto& r : sweep.rows) {
        CHECK(count(md, "| " + r.host + " | " + r.delay_model + " | " +
                            std::to_string(r.processors) + " | ") >= 1);
        if (std::find(seen.begin(), seen.end(), r.delay_model) == seen.end())
          seen.push_back(r.delay_model);
      }
      CHECK(count(md, "![") == seen.size());
      std::size_t at = 0;
      for (const auto& d : seen) {
        const auto link = md.find("(plots/" + slowdown_plot_file(d) + ")", at);
        CHECK(link != std::string::npos);
        at = link;
      }
      CHECK(count(sweep_markdown(sweep, std::nullopt), "![") == 0);
      const std::string doc = sweep_document(sweep, "torus", true);
      CHECK(doc.rfind("# Simulation overhead: torus network", 0) == 0);
      CHECK(count(doc, "](" + slowdown_plot_file(seen.front()) + ")") == 1);
      CHECK(count(sweep_document(sweep, "torus", false), "![") == 0);
    }
  }

  TEST_CASE("a plot's file name keeps letters, digits, '.' and '-' and turns the rest into '-'") {
    std::mt19937_64 rng(0x5175);
    const std::string alphabet = "abcXYZ019.-:,=/ _*\\\xc3\xa9";
    for (int i = 0; i < 500; ++i) {
      std::string delay;
      for (int c = static_cast<int>(rng() % 20); c > 0; --c)
        delay += alphabet[rng() % alphabet.size()];
      const std::string name = slowdown_plot_file(delay);
      CAPTURE(delay);
      REQUIRE(name.size() == delay.size() + 13);
      CHECK(name.rfind("slowdown-", 0) == 0);
      CHECK(name.substr(name.size() - 4) == ".svg");
      for (std::size_t k = 0; k < delay.size(); ++k) {
        const char c = delay[k];
        const bool safe = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-';
        CHECK(name[9 + k] == (safe ? c : '-'));
      }
    }
    CHECK(slowdown_plot_file("linear") == "slowdown-linear.svg");
  }

  TEST_CASE("the JSON says whether the delay model is usable under Greenberg's conditions") {
    SimulateSpec s;
    s.processors = 64;
    for (const auto& [model, usable, decided] :
         {std::tuple{"linear", true, "analytic"}, std::tuple{"poly:1,-1,0", false, "analytic"},
          std::tuple{"poly:1,1,1", false, "analytic"},
          std::tuple{"table:1=1,1024=1024", true, "numeric"}}) {
      CAPTURE(std::string(model));
      s.delay = parse_delay_model(model);
      const SimulateResult r = run_simulate(s);
      const auto c = json_of(r)["delay_conditions"];
      CHECK(c["nondecreasing"].get<bool>() == (std::string(model) != "poly:1,-1,0"));
      CHECK(c["c1"].get<bool>() == usable);
      CHECK(c["c2"].get<bool>() == usable);
      CHECK(c["decided"].get<std::string>() == decided);
    }
  }
}
