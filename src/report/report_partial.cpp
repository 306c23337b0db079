#include "ftvlsi/report/report_partial.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "io/json_read.hpp"

namespace ftvlsi {
namespace {

using json_read::as;
using json_read::from;
using json_read::read;

using nlohmann::json;

constexpr const char* kKind = "ftvlsi report partial";

// Every layout name and file name a partial records names one entry of the merged folder, never a
// path out of it (a partial is read from disk and may have been edited).
void require_safe_names(const ReportPartial& p, std::string_view source) {
  const auto require = [&](const std::string& name, std::string_view what) {
    if (const auto why = component_problem(name); !why.empty())
      throw InputError(6711,
                       fmt::format("{} records the {} '{}', which cannot name an entry of the "
                                   "merged folder: {}; rerun its shard",
                                   source, what, name, why));
  };
  for (const auto& l : p.layouts) {
    require(l.name, "layout name");
    for (const auto& f : l.files) require(f, "file name");
  }
}

}  // namespace

std::string report_partial_json(const ReportPartial& p) {
  json layouts = json::array();
  for (const auto& l : p.layouts)
    layouts.push_back({{"index", l.index},
                       {"name", l.name},
                       {"row", l.row},
                       {"levels", l.levels},
                       {"summary", l.summary},
                       {"clean", l.clean},
                       {"files", l.files}});
  json j = json_read::partial_head(kKind, p.shard);
  j["title"] = p.title;
  j["items"] = p.items;
  j["layouts"] = layouts;
  if (p.cube) j["cube"] = *p.cube;
  if (p.dehon) j["dehon"] = *p.dehon;
  return j.dump(1) + "\n";
}

ReportPartial parse_report_partial(std::string_view text, std::string_view source) {
  return json_read::read_partial(text, source, kKind, "report partial", [&](const json& j) {
    ReportPartial p;
    read(j, "title", p.title);
    p.shard = partial_shard(j.at("shard"), source);
    read(j, "items", p.items);
    for (const auto& l : j.at("layouts")) {
      ReportLayoutPart part;
      read(l, "index", part.index), read(l, "name", part.name);
      read(l, "row", part.row), read(l, "levels", part.levels);
      read(l, "summary", part.summary), read(l, "clean", part.clean);
      read(l, "files", part.files);
      p.layouts.push_back(std::move(part));
    }
    if (j.contains("cube")) p.cube = as<std::string>(j.at("cube"));
    if (j.contains("dehon")) p.dehon = as<std::string>(j.at("dehon"));
    require_safe_names(p, source);
    return p;
  });
}

}  // namespace ftvlsi
