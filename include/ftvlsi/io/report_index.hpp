#pragma once
// The main report's index.html: one page that links every file of the report folder and shows
// its plots inline, readable in a browser without a server.
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
};

std::string report_index_html(const ReportIndex& index);

}  // namespace ftvlsi
