#pragma once
// The main report's index.html: a dashboard, readable in a browser without a server. It opens
// with the checks' verdicts (each ID linked to its section in check.md and to its plot), then the
// headline slowdown plots, then a card per layout (a thumbnail of a 2D layout's SVG, a text card
// for a 3D one), then every file of the folder grouped by subject: layouts, decomposition,
// routing, simulation, DeHon's fat-trees, checks. Each plot's data (NAME.csv beside NAME.svg) is
// linked beside it.
#include <string>
#include <vector>

namespace ftvlsi {

struct ReportIndex {
  std::string title;
  std::vector<std::string> documents;  // top-level Markdown and data files (summary.md, ...)
  std::vector<std::string> plots;      // top-level SVG plots, shown inline
  struct Layout {
    std::string name;                // also its subfolder
    std::string summary;             // one line: network, size, DRC
    std::vector<std::string> files;  // inside the subfolder
  };
  std::vector<Layout> layouts;
  struct Check {
    std::string id, claim, verdict;  // verdict as check.md writes it (pass, fail, ...)
  };
  std::vector<Check> checks;  // empty when the report ran no checks
};

std::string report_index_html(const ReportIndex& index);

// The index.html of a folder of report shards (`ftvlsi report --shard K/N`): it says that the
// report is incomplete until `ftvlsi merge` joins the shards, so a browser never shows a shard's
// files as if they were the report. The same bytes from every shard of one report.
std::string report_shard_index_html(const std::string& title);

}  // namespace ftvlsi
