#pragma once
// The main job: lay out every entry of a report spec, write its files into one folder and a
// Markdown summary (summary.md) with one row per layout and a per-level table for each.
#include <string>
#include <string_view>

#include "ftvlsi/io/report_spec.hpp"

namespace ftvlsi {

// The compiled-in default report spec (layouts/report-default.yaml).
std::string_view default_report_spec();

struct ReportResult {
  std::string summary_path;
  std::size_t layouts = 0;
  bool all_clean = true;  // every DRC that ran found nothing
};

// Creates `out_dir` if needed. Throws IoError when it cannot.
ReportResult run_report(const ReportSpec& spec, const std::string& out_dir);

}  // namespace ftvlsi
