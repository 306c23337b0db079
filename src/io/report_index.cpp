#include "ftvlsi/io/report_index.hpp"

#include <fmt/format.h>

#include "xml_text.hpp"

namespace ftvlsi {
namespace {

// Whether `file` is one of layout `name`'s per-plane SVG views: name-zNNNN.svg.
bool is_plane_view(const std::string& name, const std::string& file) {
  const std::string prefix = name + "-z", suffix = ".svg";
  if (file.size() <= prefix.size() + suffix.size() || !file.starts_with(prefix) ||
      !file.ends_with(suffix))
    return false;
  for (std::size_t i = prefix.size(); i + suffix.size() < file.size(); ++i)
    if (file[i] < '0' || file[i] > '9') return false;
  return true;
}

}  // namespace

std::string report_index_html(const ReportIndex& index) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}}"
      "table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px 8px;"
      "text-align:left;vertical-align:top}}td:first-child{{white-space:nowrap}}img{{max-width:100%;"
      "border:1px solid #eee;"
      "margin:0.5em 0}}a{{margin-right:0.6em}}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      xml_escape(index.title));
  out += "<h2>Reports</h2>\n<p>";
  for (const auto& d : index.documents)
    out += fmt::format("<a href=\"{0}\">{0}</a>", xml_escape(d));
  out += "</p>\n<h2>Layouts</h2>\n<table>\n<tr><th>layout</th><th>files</th></tr>\n";
  for (const auto& l : index.layouts) {
    out +=
        fmt::format("<tr><td><b>{}</b><br>{}</td><td>", xml_escape(l.name), xml_escape(l.summary));
    std::string planes;  // a 3D layout's per-plane views, folded away
    std::size_t plane_count = 0;
    for (const auto& f : l.files) {
      const std::string link = fmt::format("<a href=\"{}/{}\">{}</a> ", xml_escape(l.name),
                                           xml_escape(f), xml_escape(f));
      if (is_plane_view(l.name, f)) {
        planes += link;
        ++plane_count;
      } else {
        out += link;
      }
    }
    if (plane_count > 0)
      out += fmt::format(
          "<details><summary>{} plane views (SVG, one per wiring plane)</summary>{}"
          "</details>",
          plane_count, planes);
    out += "</td></tr>\n";
  }
  out += "</table>\n<h2>Plots</h2>\n";
  for (const auto& p : index.plots)
    out += fmt::format(
        "<figure><img src=\"{0}\" alt=\"{0}\"><figcaption>{0}</figcaption>"
        "</figure>\n",
        xml_escape(p));
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace ftvlsi
