#include "ftvlsi/io/transit_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/plot_svg.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {
namespace {

template <class T>
std::string joined(const std::vector<T>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + fmt::format("{}", x);
  return s;
}

std::string compositions_table(const DehonReport& r) {
  std::string md =
      "| composition | processors | leaves | unit trees by stage | RN1s by stage | RN1s | "
      "connections per logical channel, level 0 up | growth per level (4^(2/3) = 2.52) |\n"
      "|---|---:|---|---|---|---:|---|---:|\n";
  for (const auto& c : r.compositions) {
    const auto& s = c.shape;
    const auto& cl = s.connections_by_level;
    const double growth = std::pow(static_cast<double>(cl.back()) / cl.front(),
                                   1.0 / static_cast<double>(cl.size() - 1));
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {:.2f} |\n", s.params.composition,
                      s.processors, to_string(s.params.leaf), joined(s.unit_trees_by_stage),
                      joined(s.routers_by_stage), s.routers, joined(cl), growth);
  }
  return md;
}

std::string cube_table(const DehonReport& r) {
  const double mm = r.spec.timing.packaging.grid_mm;
  std::string md =
      "| composition | level | hollow side m | bounding side m | height m | cables | plane "
      "pairs | longest cable m | longest / side | mean cable m | DRC |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
  for (const auto& c : r.compositions)
    for (std::size_t k = 0; k < c.cube.size(); ++k) {
      const auto& l = c.cube[k];
      const auto& w = c.latency.cables[k];
      md += fmt::format(
          "| {} | {} | {:.2f} | {:.2f} | {:.2f} | {} | {} | {:.2f} | {:.2f} | {:.2f} "
          "| {} |\n",
          c.shape.params.composition, k + 1, l.interior_side * mm / 1000, l.outer_side * mm / 1000,
          l.height * mm / 1000, w.cables, l.plane_pairs, w.drawn_max * mm / 1000,
          w.drawn_max / l.interior_side, w.drawn_mean * mm / 1000,
          c.drc_violations == 0 ? "clean" : fmt::format("{} violations", c.drc_violations));
    }
  return md;
}

std::string latency_table(const DehonComposition& c) {
  std::string md = fmt::format(
      "\n**{}** ({} processors)\n\n| class | processors | router stages (no shortcuts) | "
      "cable levels | latency ns, longest cables | mean cables | optical, straight at c |\n"
      "|---:|---:|---|---:|---:|---:|---:|\n",
      c.shape.params.composition, c.shape.processors);
  const auto p = class_distribution(c.shape, Locality::kMatched);
  double expected = 0;
  for (std::size_t i = 0; i < c.latency.rows.size(); ++i) {
    const auto& row = c.latency.rows[i];
    expected += p[i] * row.latency_ns_mean;
    if (row.processors == 0) continue;  // small leaves: no class 0
    md += fmt::format("| {} | {} | {} ({}) | {} | {:.0f} | {:.0f} | {:.0f} |\n", row.locality_class,
                      row.processors, row.router_stages, row.router_stages_without_shortcuts,
                      row.cable_levels, row.latency_ns, row.latency_ns_mean,
                      c.latency_optical.rows[i].latency_ns);
  }
  md += fmt::format("| flat bidelta | {} | {} | — | {:.0f} | {:.0f} | {:.0f} |\n",
                    c.shape.processors - 1, c.latency.bidelta_stages, c.latency.bidelta_latency_ns,
                    c.latency.bidelta_latency_ns_mean, c.latency_optical.bidelta_latency_ns);
  md += fmt::format(
      "\nExpected latency of a connection under matched locality (mean cables): {:.0f} ns; on "
      "the flat bidelta {:.0f} ns.\n",
      expected, c.latency.bidelta_latency_ns_mean);
  return md;
}

std::string route_table(const DehonReport& r) {
  std::string md = "| load |";
  std::string rule = "|---:|";
  for (const auto& c : r.compositions) {
    md += fmt::format(" {} simulated [95 % CI] | {} analytic | {} flat bidelta |",
                      c.shape.params.composition, c.shape.params.composition,
                      c.shape.params.composition);
    rule += "---|---:|---:|";
  }
  md += "\n" + rule + "\n";
  for (std::size_t i = 0; i < r.spec.loads.size(); ++i) {
    md += fmt::format("| {:.1f} |", r.spec.loads[i]);
    for (const auto& c : r.compositions) {
      const auto& p = c.loads[i];
      md += fmt::format(" {:.3f} [{:.3f}, {:.3f}] | {:.3f} | {:.3f} |", p.simulated, p.ci_low,
                        p.ci_high, p.analytic, p.bidelta);
    }
    md += "\n";
  }
  return md;
}

std::string fault_table(const DehonReport& r) {
  std::string md =
      "| faults | wiring | fraction | failed | connectivity (sampled pairs) | route probability, "
      "full load |\n|---|---|---:|---:|---:|---:|\n";
  for (const auto& f : r.faults)
    md += fmt::format("| {} | {} | {:.2f} | {} | {:.4f} | {:.4f} |\n", to_string(f.kind),
                      to_string(f.wiring), f.fraction, f.routers_failed + f.links_failed,
                      f.connectivity, f.probability);
  return md;
}

void write_route_plot(const DehonReport& r, const std::string& path) {
  std::vector<PlotSeries> series;
  for (const auto& c : r.compositions) {
    PlotSeries sim{c.shape.params.composition + " simulated", {}, false};
    PlotSeries model{c.shape.params.composition + " analytic", {}, true};
    for (const auto& p : c.loads) {
      sim.points.emplace_back(p.load, p.simulated);
      model.points.emplace_back(p.load, p.analytic);
    }
    series.push_back(sim);
    series.push_back(model);
  }
  write_plot(path, series,
             {"DeHon's fat-trees: probability that a connection gets through",
              "load (connections offered per processor)", "route probability"});
}

void write_fault_plot(const DehonReport& r, const std::string& path) {
  std::vector<PlotSeries> series;
  for (auto kind : r.spec.fault_kinds)
    for (auto w : {RedundantWiring::kRandom, RedundantWiring::kDeterministic}) {
      const std::string name = fmt::format("{}, {}", to_string(kind), to_string(w));
      PlotSeries conn{name + ": conn.", {}, false};  // short: the legend is narrow
      PlotSeries prob{name + ": route", {}, true};
      for (const auto& f : r.faults)
        if (f.wiring == w && f.kind == kind && f.fraction > 0) {
          conn.points.emplace_back(f.fraction, std::max(f.connectivity, 1e-4));
          prob.points.emplace_back(f.fraction, std::max(f.probability, 1e-4));
        }
      series.push_back(conn);
      series.push_back(prob);
    }
  write_plot(path, series,
             {fmt::format("{}: connectivity (conn.) and route probability (route) with failed "
                          "routers",
                          r.spec.fault_composition),
              "fraction failed", "fraction"});
}

}  // namespace

std::string dehon_markdown(const DehonReport& r) {
  std::string md = "# DeHon's practical fat-trees\n\n";
  md += "Compositions (Transit Note #32, §Examples), counted from the built router graphs:\n\n";
  md += compositions_table(r);
  md += "\n## Hollow-cube packaging, measured on the placed geometry\n\n" + cube_table(r);
  md += fmt::format(
      "\n## Locality and latency\n\nClock {} MHz, {} cycle(s) per router stage, cables at {} "
      "cm/ns along their drawn paths (the optical column: straight lines at the speed of "
      "light). Class 0 is the own cluster, class l the common ancestor at fat-tree level l.\n",
      r.spec.timing.clock_mhz, r.spec.timing.cycles_per_stage, r.spec.timing.signal_cm_per_ns);
  for (const auto& c : r.compositions) md += latency_table(c);
  md += fmt::format(
      "\n## Route probability against load\n\nMatched locality, {} trials per point ({} above "
      "100,000 processors), seed {}; the analytic column is the stage-by-stage model.\n\n",
      r.spec.trials, r.spec.trials_large, r.spec.seed);
  md += route_table(r) + "\n![route probability](dehon-route.svg)\n";
  md += fmt::format("\n## Faults ({})\n\n", r.spec.fault_composition) + fault_table(r);
  md += "\n![faults](dehon-faults.svg)\n";
  return md;
}

std::string write_dehon_report(const DehonReport& r, const std::string& dir) {
  const std::filesystem::path d(dir);
  write_file_atomically((d / kDehonReportFiles[0]).string(), dehon_markdown(r));
  // The plots and their data: kDehonReportFiles[3] and [4] are the CSVs write_plot puts beside.
  write_route_plot(r, (d / kDehonReportFiles[1]).string());
  write_fault_plot(r, (d / kDehonReportFiles[2]).string());
  std::string md =
      "\n## DeHon's practical fat-trees\n\nThe compositions, hollow cubes, locality and latency "
      "tables, route probability and faults are in [dehon.md](dehon.md).\n\n| composition | "
      "processors | RN1s | route probability at full load (simulated / analytic) | worst "
      "latency ns |\n|---|---:|---:|---|---:|\n";
  for (const auto& c : r.compositions)
    md += fmt::format("| {} | {} | {} | {:.3f} / {:.3f} | {:.0f} |\n", c.shape.params.composition,
                      c.shape.processors, c.shape.routers, c.loads.back().simulated,
                      c.loads.back().analytic, c.latency.rows.back().latency_ns);
  return md;
}

}  // namespace ftvlsi
