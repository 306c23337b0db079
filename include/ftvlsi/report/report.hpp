#pragma once
// The main job: lay out every entry of a report spec, write its files into one folder and a
// Markdown summary (summary.md) with one row per layout and a per-level table for each.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/io/report_spec.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/sim/simulation.hpp"

namespace ftvlsi {

// The compiled-in default report spec (layouts/report-default.yaml).
std::string_view default_report_spec();

struct ReportResult {
  std::string summary_path;  // set by run_report: the final summary.md or shard partial
  std::size_t layouts = 0;
  bool all_clean = true;  // every DRC that ran found nothing
};

// Creates `out_dir` if needed. Throws IoError when it cannot. A shard of N > 1 (docs/cluster.md)
// lays out its layouts (layout i when i mod N = K - 1; item L, after the L layouts, is the cube
// sweep) into their folders, writes its sweep and check partials and report-shard-K-of-N.json.
ReportResult run_report(const ReportSpec& spec, const std::string& out_dir,
                        const Shard& shard = {});

// One layout's part of the summary, as a shard records it for `ftvlsi merge`.
struct ReportLayoutPart {
  std::uint64_t index = 0;
  std::string name, row, levels, summary;  // summary: the index page's line
  bool clean = true;
  std::vector<std::string> files;
};

// A report shard's partial result (report/report_partial.hpp reads and writes it).
struct ReportPartial {
  std::string title;
  Shard shard;
  std::uint64_t items = 0;  // layouts + 1 (the cube sweep) + 1 (DeHon's section, if any)
  std::vector<ReportLayoutPart> layouts;
  std::optional<std::string> cube;  // the cube sweep's section, in the shard that owns it
  // DeHon's section, in the shard that owns it; its files (kDehonReportFiles) are in that
  // shard's folder.
  std::optional<std::string> dehon;
};

// `ftvlsi merge` of a report: summary.md and index.html from the shards' parts, once the layout
// folders are copied and the sweep and the checks merged into `out_dir`.
ReportResult finish_report(const std::vector<ReportPartial>& parts,
                           const std::optional<SweepResult>& sweep, const std::string& competing,
                           const std::optional<std::pair<std::vector<CheckResult>, bool>>& checks,
                           const std::string& out_dir);

}  // namespace ftvlsi
