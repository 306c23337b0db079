#include "ftvlsi/report/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/layout_thumbnail.hpp"
#include "ftvlsi/io/report_index.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "ftvlsi/io/transit_report.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/check_partial.hpp"
#include "ftvlsi/report/layout_job.hpp"
#include "ftvlsi/report/report_partial.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "ftvlsi/report/transit_report.hpp"

namespace ftvlsi {
namespace {

std::string drc_cell(const LayoutRun& run) {
  if (run.drc.empty()) return "not run";
  std::string out;
  for (const auto& r : run.drc)
    out += fmt::format("{}{}: {}", out.empty() ? "" : ", ", r.mode, r.violations);
  return out;
}

// The regular files of a folder, by name.
std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string summary_row(const LayoutSpec& spec, const LayoutRun& run) {
  if (const auto* d = run.drawn_as<3>()) {
    const auto& m = d->metrics;
    return fmt::format(
        "| {} | {} ({}, 3D) | {} | {} | {} × {} × {} | volume {} | {:.2f} | {} | {} | {} | {} "
        "|\n",
        spec.name,
        run.tree() ? std::string(to_string(run.tree()->capacity_params().profile)) : run.kind(),
        to_string(d->layout.style), run.processors(),
        run.tree() ? std::to_string(run.tree()->capacity(0)) : "-", m.width, m.height, m.depth,
        m.volume(), static_cast<double>(m.volume()) / static_cast<double>(run.processors()),
        m.wires, m.wire_length_total, m.wire_length_max, drc_cell(run));
  }
  const auto& m = std::get<DrawnLayout<2>>(run.drawn).metrics;
  const std::uint64_t n = run.processors();
  const std::string profile =
      run.tree() ? std::string(to_string(run.tree()->capacity_params().profile)) : run.kind();
  const std::string root = run.tree() ? std::to_string(run.tree()->capacity(0)) : "-";
  return fmt::format("| {} | {} | {} | {} | {} × {} | {} | {:.2f} | {} | {} | {} | {} |\n",
                     spec.name, profile, n, root, m.width, m.height, m.area(),
                     static_cast<double>(m.area()) / static_cast<double>(n), m.wires,
                     m.wire_length_total, m.wire_length_max, drc_cell(run));
}

std::string level_table(const LayoutSpec& spec, const LayoutRun& run) {
  if (!run.tree() && !run.butterfly()) return "";
  if (const auto* d = run.drawn_as<3>(); d && run.tree()) {
    const auto& m = d->metrics;
    std::string out = fmt::format(
        "\n### {0}\n\nFiles: [{0}.html]({0}/{0}.html) (3D view), [{0}.gds]({0}/{0}.gds) (plane z "
        "on layer 100 + z; [{0}.lyp]({0}/{0}.lyp) names the layers for KLayout), "
        "[{0}.json]({0}/{0}.json). Volume {1} = {2:.1f} × Leiserson's Theorem 4 "
        "bound (w lg(n/w))^(3/2) = {3:.0f}; {4} planes. Per binary level k:\n\n"
        "| k | cap | wires | total length | max length |\n|---:|---:|---:|---:|---:|\n",
        spec.name, m.volume(), static_cast<double>(m.volume()) / theorem4_volume(*run.tree()),
        theorem4_volume(*run.tree()), m.layers);
    for (int k = 0; k < static_cast<int>(m.wires_by_level.size()); ++k)
      out += fmt::format("| {} | {} | {} | {} | {} |\n", k, run.tree()->capacity(k),
                         m.wires_by_level[k], m.wire_length_total_by_level[k],
                         m.wire_length_max_by_level[k]);
    return out;
  }
  std::string out = fmt::format(
      "\n### {0}\n\nFiles: [{0}.svg]({0}/{0}.svg), [{0}.gds]({0}/{0}.gds) "
      "([{0}.lyp]({0}/{0}.lyp) names its layers for KLayout), [{0}.json]({0}/{0}.json). "
      "{1}:\n\n| {2} | {3} | wires | total length | max length |\n|---:|---:|---:|---:|---:|\n",
      spec.name,
      run.tree() ? "Per binary level k (0 = root channel)"
                 : "Per switch level l (0 = processors; wires tagged with their upper switch)",
      run.tree() ? "k" : "l", run.tree() ? "cap" : "channel");
  const auto& m = std::get<DrawnLayout<2>>(run.drawn).metrics;
  for (int k = 0; k < static_cast<int>(m.wires_by_level.size()); ++k) {
    const std::uint64_t cap =
        run.tree() ? run.tree()->capacity(k) : run.butterfly()->channel_width(k);
    out += fmt::format("| {} | {} | {} | {} | {} |\n", k, cap, m.wires_by_level[k],
                       m.wire_length_total_by_level[k], m.wire_length_max_by_level[k]);
  }
  return out;
}

// Volumes of the cube style against Theorem 4 over a sweep of sizes (built and measured here).
std::string cube_sweep() {
  std::string out =
      "\n## 3D volume against Leiserson's Theorem 4\n\nThe cube layout of universal and "
      "quadruple-every-3 fat-trees, measured; the reference is (w lg(n/w))^(3/2) for root "
      "capacity w. The construction's own analysis gives O(w^(3/2) lg^3(n/w)); the ratio to "
      "Theorem 4 would have to grow if that were tight, and over these sizes it does not.\n\n"
      "| n | profile | w | w × h × d | volume | Theorem 4 | ratio | DRC |\n"
      "|---:|---|---:|---|---:|---:|---:|---:|\n";
  for (int L = 6; L <= 15; L += 3)
    for (auto profile : {CapacityProfile::kUniversal, CapacityProfile::kQuadrupleEvery3}) {
      FatTreeParams p;
      p.processors = std::uint64_t{1} << L;
      p.capacity.profile = profile;
      const FatTree tree(p);
      const Layout<3> cube = build_cube(tree);
      const LayoutMetrics<3> m = measure(cube);
      const double ref = theorem4_volume(tree);
      out += fmt::format("| {} | {} | {} | {} × {} × {} | {} | {:.0f} | {:.1f} | {} |\n",
                         p.processors, to_string(profile), tree.capacity(0), m.width, m.height,
                         m.depth, m.volume(), ref, static_cast<double>(m.volume()) / ref,
                         check_hierarchical(cube).violations);
    }
  return out;
}

// One layout of the report into its own subfolder: its GDS, SVG, JSON, 3D view and per-plane
// pictures; returns its summary rows and its index entry.
ReportLayoutPart report_layout(LayoutSpec layout, const std::string& out_dir) {
  const std::string folder = (std::filesystem::path(out_dir) / layout.name).string();
  make_directory(folder, "--out");
  const std::string base = (std::filesystem::path(folder) / layout.name).string();
  layout.output = {base + ".svg", base + ".gds", base + ".json", std::nullopt};
  if (layout.style && is_3d(*layout.style)) {
    layout.output.html = base + ".html";
    const std::uint64_t n = std::visit([](const auto& p) { return p.processors; }, layout.network);
    if (n > 4096) layout.output.svg.reset();
  }
  const LayoutRun run = run_layout(layout);
  // Butterfly networks number their levels from the processors; a 3D picture takes more wires
  // before it turns into a hairball.
  ThumbnailOptions thumb{run.dimensions() == 3 ? 8000u : 2000u, 240, layout.name};
  thumb.leaves_first = run.butterfly() || run.butterfly3d();
  write_file_atomically(
      (std::filesystem::path(folder) / thumbnail_file(layout.name)).string(),
      std::visit([&](const auto& d) { return layout_thumbnail_svg(d.layout, thumb); }, run.drawn));
  return {0,
          layout.name,
          summary_row(layout, run),
          level_table(layout, run),
          fmt::format("{} processors, {}", run.processors(),
                      run.drc_clean() ? "DRC clean" : "DRC violations"),
          run.drc_clean(),
          files_in(folder)};
}

// The small simulation-overhead sweep of the report (its files beside the summary).
SweepSpec report_sweep(const ReportSimulate& spec, const std::string& out_dir, const Shard& shard) {
  SweepSpec sweep;
  sweep.base.competing = spec.competing;
  sweep.sizes = spec.sizes;
  sweep.delays.clear();
  for (const auto& d : spec.delays) sweep.delays.push_back(parse_delay_model(d));
  sweep.report_dir = out_dir;
  sweep.shard = shard;
  return sweep;
}

std::string simulate_section(const SweepResult& sim, const std::string& competing) {
  return fmt::format(
      "\n## Simulation overhead: a {} on a fat-tree and on a fat-pyramid\n\n"
      "Files: simulate.md, simulate.csv and one plot per delay model "
      "(`ftvlsi simulate --sweep` makes the full version).\n\n{}",
      competing, sweep_markdown(sim, ""));
}

// The papers' bounds (ftvlsi check): check.md and its plots beside the summary, the verdicts in
// it; a failed check fails the report.
std::string check_section(const std::vector<CheckResult>& checks, bool full, ReportResult& result) {
  const CheckSummary sum = summarise(checks);
  std::string md = fmt::format(
      "\n## Checking the papers\n\n{} pass, {} fail, {} inconclusive, {} not measured "
      "(`ftvlsi check --{}`): the claims, tables, fitted exponents and plots are in "
      "[check.md](check.md).\n\n| check | claim | verdict |\n|---|---|---|\n",
      sum.pass, sum.fail, sum.inconclusive, sum.not_measured, full ? "full" : "quick");
  for (const auto& c : checks)
    md += fmt::format("| {} | {} | {} |\n", c.id, c.claim, to_string(c.verdict));
  result.all_clean = result.all_clean && sum.fail == 0;
  return md;
}

// DeHon's fat-trees: dehon.md and its plots beside the summary, a table in it.
std::string dehon_section(bool full, const std::string& out_dir) {
  DehonReportSpec spec;
  if (!full) {
    spec.compositions = {"4K", "12K"};
    spec.loads = {0.2, 0.6, 1.0};
    spec.fault_fractions = {0, 0.05, 0.2};
    spec.connectivity_pairs = 500;
  }
  return write_dehon_report(run_dehon_report(spec), out_dir);
}

// index.html: the checks' verdicts, the plots, every layout's folder and the top-level documents.
void write_index(ReportIndex& index, const std::string& out_dir) {
  for (const auto& f : files_in(out_dir)) {
    const std::string ext = std::filesystem::path(f).extension().string();
    if (ext == ".svg") index.plots.push_back(f);
    if (ext == ".md" || ext == ".csv" || ext == ".json") index.documents.push_back(f);
  }
  write_file_atomically((std::filesystem::path(out_dir) / "index.html").string(),
                        report_index_html(index));
}

}  // namespace

namespace {

// summary.md's head and layout sections, from the layouts' parts in the spec's order.
std::string summary_head(const std::string& title, const std::vector<ReportLayoutPart>& parts,
                         const std::string& cube) {
  std::string md = fmt::format("# {}\n\n", title);
  md +=
      "Every figure is measured from the layout geometry (grid units: one wire track). "
      "DRC counts violations (0 = clean).\n\n"
      "| layout | profile | n | root cap | width × height | area | area / n | wires | "
      "total wire length | max wire length | DRC |\n"
      "|---|---|---:|---:|---|---:|---:|---:|---:|---:|---|\n";
  std::string levels;
  for (const auto& p : parts) md += p.row, levels += p.levels;
  md += "\n## Wires per level\n" + levels;
  return md + cube;
}

// summary.md and index.html once every part of the report is in `out_dir`.
ReportResult write_summary(const std::string& title, const std::vector<ReportLayoutPart>& parts,
                           const std::vector<CheckResult>& checks, const std::string& md,
                           ReportResult result, const std::string& out_dir) {
  ReportIndex index;
  index.title = title;
  for (const auto& c : checks)
    index.checks.push_back({c.id, c.claim, std::string(to_string(c.verdict))});
  for (const auto& p : parts) {
    result.all_clean = result.all_clean && p.clean;
    ++result.layouts;
    index.layouts.push_back({p.name, p.summary, p.files});
  }
  write_file_atomically((std::filesystem::path(out_dir) / "summary.md").string(), md);
  write_index(index, out_dir);
  return result;
}

// A report shard: its layouts, its slices of the sweep and the checks, and its partial.
ReportResult run_report_shard(const ReportSpec& spec, const std::string& out_dir,
                              const Shard& shard) {
  const std::uint64_t cube_item = spec.layouts.size(), dehon_item = cube_item + 1;
  ReportPartial partial{spec.title, shard,        dehon_item + (spec.dehon_full ? 1 : 0),
                        {},         std::nullopt, std::nullopt};
  for (std::uint64_t i = 0; i < spec.layouts.size(); ++i) {
    if (!shard.owns(i)) continue;
    partial.layouts.push_back(report_layout(spec.layouts[i], out_dir));
    partial.layouts.back().index = i;
  }
  if (shard.owns(cube_item)) partial.cube = cube_sweep();
  if (spec.dehon_full && shard.owns(dehon_item))
    partial.dehon = dehon_section(*spec.dehon_full, out_dir);
  if (spec.simulate) run_simulate_sweep(report_sweep(*spec.simulate, out_dir, shard));
  if (spec.check_full) {
    CheckOptions o;
    o.full = *spec.check_full;
    o.shard = shard;
    write_check_partial(o, out_dir);
  }
  // Until the shards are merged, the folder's page says that the report is incomplete.
  write_file_atomically((std::filesystem::path(out_dir) / "index.html").string(),
                        report_shard_index_html(spec.title));
  write_file_atomically((std::filesystem::path(out_dir) / shard.file("report")).string(),
                        report_partial_json(partial));
  ReportResult result;
  result.layouts = partial.layouts.size();
  for (const auto& p : partial.layouts) result.all_clean = result.all_clean && p.clean;
  return result;
}

// The whole report into `out_dir`.
ReportResult run_whole_report(const ReportSpec& spec, const std::string& out_dir) {
  std::vector<ReportLayoutPart> parts;
  for (const LayoutSpec& layout : spec.layouts) parts.push_back(report_layout(layout, out_dir));
  std::string md = summary_head(spec.title, parts, cube_sweep());
  ReportResult result;
  std::vector<CheckResult> checks;
  if (spec.simulate) {
    const SweepResult sim = run_simulate_sweep(report_sweep(*spec.simulate, out_dir, {}));
    md += simulate_section(sim, spec.simulate->competing);
  }
  if (spec.check_full) {
    CheckOptions o;
    o.full = *spec.check_full;
    checks = run_checks(o);
    write_check_report(checks, o, out_dir);
    md += check_section(checks, o.full, result);
  }
  if (spec.dehon_full) md += dehon_section(*spec.dehon_full, out_dir);
  return write_summary(spec.title, parts, checks, md, result, out_dir);
}

// The report's folder is replaced whole: no file it reads may live in it (FTV-2456).
void require_inputs_outside(const ReportSpec& spec, const std::string& out_dir) {
  std::vector<std::pair<std::string, std::string>> inputs;
  if (spec.spec_file) inputs.emplace_back("report spec", *spec.spec_file);
  for (const auto& l : spec.layouts) {
    const auto* c = std::get_if<CompetingParams>(&l.network);
    if (c && c->file) inputs.emplace_back("network file of layout '" + l.name + "'", *c->file);
    if (l.technology && !l.technology->file.empty())
      inputs.emplace_back("technology file of layout '" + l.name + "'", l.technology->file);
  }
  for (const auto& [what, path] : inputs)
    if (path_is_within(path, out_dir))
      throw InputError(2456, fmt::format("the {} '{}' is inside --out '{}', which the report "
                                         "replaces whole; move it or choose another --out",
                                         what, path, out_dir));
}

}  // namespace

ReportResult run_report(const ReportSpec& spec, const std::string& out_dir, const Shard& shard) {
  require_inputs_outside(spec, out_dir);
  // Written into a temporary folder and moved into place whole (io/staged_folder.hpp); a shard's
  // entries join the folder's other shards instead of replacing them.
  StagedFolder staged(
      out_dir, "--out",
      shard.whole() ? StagedFolder::Commit::kFolder : StagedFolder::Commit::kEntries);
  ReportResult result = shard.whole() ? run_whole_report(spec, staged.path())
                                      : run_report_shard(spec, staged.path(), shard);
  staged.commit();
  const std::string file = shard.whole() ? "summary.md" : shard.file("report");
  result.summary_path = (std::filesystem::path(out_dir) / file).string();
  return result;
}

ReportResult finish_report(const std::vector<ReportPartial>& partials,
                           const std::optional<SweepResult>& sweep, const std::string& competing,
                           const std::optional<std::pair<std::vector<CheckResult>, bool>>& checks,
                           const std::string& out_dir) {
  std::vector<ReportLayoutPart> parts;
  std::string cube, dehon;
  for (const auto& p : partials) {
    parts.insert(parts.end(), p.layouts.begin(), p.layouts.end());
    if (p.cube) cube = *p.cube;
    if (p.dehon) dehon = *p.dehon;
  }
  std::sort(parts.begin(), parts.end(),
            [](const ReportLayoutPart& a, const ReportLayoutPart& b) { return a.index < b.index; });
  std::string md = summary_head(partials.front().title, parts, cube);
  ReportResult result;
  if (sweep) md += simulate_section(*sweep, competing);
  if (checks) md += check_section(checks->first, checks->second, result);
  md += dehon;
  return write_summary(partials.front().title, parts,
                       checks ? checks->first : std::vector<CheckResult>{}, md, result, out_dir);
}

}  // namespace ftvlsi
