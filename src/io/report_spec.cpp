#include "ftvlsi/io/report_spec.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <charconv>
#include <fstream>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "layout_node.hpp"
#include "yaml_source.hpp"

namespace ftvlsi {

using namespace detail;

ReportSpec parse_report_spec(std::string_view yaml, std::string_view source) {
  const Source src{std::string(source)};
  const YAML::Node root = load_yaml(yaml, source);
  require_map(src, root, "report spec");
  check_keys(src, root, "top level", {"title", "layouts", "simulate", "check", "dehon"});
  ReportSpec report;
  if (const auto v = root["title"]) report.title = scalar(src, v, "title");
  const auto layouts = root["layouts"];
  if (!layouts || !layouts.IsSequence() || layouts.size() == 0)
    src.fail(root, 2301, "a report spec needs a non-empty list 'layouts'");
  for (const auto& item : layouts) {
    LayoutSpec spec = parse_layout_node(src, item, true);
    if (spec.name.empty()) src.fail(item, 2302, "every entry of 'layouts' needs a 'name'");
    if (const auto why = component_problem(spec.name); !why.empty())
      src.fail(item, 2454,
               fmt::format("layout name '{}' cannot name a folder of the report: {}; use letters, "
                           "digits, '-' and '_'",
                           spec.name, why));
    for (const auto& earlier : report.layouts)
      if (earlier.name == spec.name)
        src.fail(item, 2455,
                 fmt::format("layout name '{}' is given twice; every layout of a report needs "
                             "its own name (it names the layout's folder)",
                             spec.name));
    report.layouts.push_back(std::move(spec));
  }
  if (const auto sim = root["simulate"]) {
    require_map(src, sim, "simulate");
    check_keys(src, sim, "simulate", {"competing", "sizes", "delays"});
    ReportSimulate r;
    if (const auto v = sim["competing"]) r.competing = scalar(src, v, "competing");
    if (const auto v = sim["sizes"]) {
      if (!v.IsSequence() || v.size() == 0) src.fail(v, 2303, "'sizes' must be a non-empty list");
      r.sizes.clear();
      for (const auto& item : v) r.sizes.push_back(positive(src, item, "sizes"));
    }
    if (const auto v = sim["delays"]) {
      if (!v.IsSequence() || v.size() == 0) src.fail(v, 2304, "'delays' must be a non-empty list");
      r.delays.clear();
      for (const auto& item : v)
        r.delays.push_back(parsed(
            src, item, "delays", [](const std::string& t) { return parse_delay_model(t).name(); }));
    }
    report.simulate = std::move(r);
  }
  if (const auto v = root["check"]) {
    const std::string mode = scalar(src, v, "check");
    if (mode == "quick" || mode == "full")
      report.check_full = mode == "full";
    else if (mode != "none")
      src.fail(v, 2305, "'check' must be quick, full or none");
  }
  if (const auto v = root["dehon"]) {
    const std::string mode = scalar(src, v, "dehon");
    if (mode == "quick" || mode == "full")
      report.dehon_full = mode == "full";
    else if (mode != "none")
      src.fail(v, 2306, "'dehon' must be quick, full or none");
  }
  return report;
}

ReportSpec load_report_spec(const std::string& path) {
  ReportSpec spec = parse_report_spec(read_text(path), path);
  spec.spec_file = path;
  return spec;
}

}  // namespace ftvlsi
