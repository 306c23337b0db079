#pragma once
// The main report's spec: a title, layout specs (each with a `name`), and the optional sweep and
// checks. YAML:
//   title: ...
//   layouts: [{name: ..., network: {...}, layout: {...}}, ...]
//   simulate: {competing: mesh, sizes: [64, 256, 1024], delays: [unit, linear]}
//   check: quick | full | none
//   dehon: quick | full | none
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/io/layout_spec.hpp"

namespace ftvlsi {

// A report: a title and a list of layout specs (each with a `name`).
// The report's small simulation-overhead sweep (`ftvlsi simulate --sweep`):
//   simulate: {competing: mesh, sizes: [64, 256, 1024], delays: [unit, linear]}
struct ReportSimulate {
  std::string competing = "mesh";
  std::vector<std::uint64_t> sizes{64, 256, 1024, 4096};
  std::vector<std::string> delays{"unit", "linear"};
};

struct ReportSpec {
  std::string title = "ftvlsi report";
  std::vector<LayoutSpec> layouts;
  std::optional<ReportSimulate> simulate;
  // `check: quick | full | none`: the papers' bounds checked (ftvlsi check); none when absent.
  std::optional<bool> check_full;
  // `dehon: quick | full | none`: DeHon's fat-trees (docs/dehon.md §7): quick 4K and 12K at 3
  // loads, full the paper's four compositions at 10; none when absent.
  std::optional<bool> dehon_full;
  // The YAML file load_report_spec read: an input the report's folder may not hold.
  std::optional<std::string> spec_file;
};
ReportSpec parse_report_spec(std::string_view yaml, std::string_view source);
ReportSpec load_report_spec(const std::string& path);

}  // namespace ftvlsi
