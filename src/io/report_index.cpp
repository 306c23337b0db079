#include "ftvlsi/io/report_index.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "ftvlsi/io/layout_thumbnail.hpp"
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

bool contains(const std::vector<std::string>& files, const std::string& file) {
  return std::find(files.begin(), files.end(), file) != files.end();
}

std::string stem(const std::string& file) {
  return file.substr(0, file.rfind('.'));
}

// The subjects the top-level files are grouped under, in the page's order, by name prefix.
struct Subject {
  std::string_view id, heading;
  std::array<std::string_view, 2> prefixes;
};
constexpr std::array<Subject, 5> kSubjects{{
    {"decomposition", "Decomposition", {"decomp", "decomp"}},
    {"routing", "Routing", {"route", "routing"}},
    {"simulation", "Simulation", {"simulate", "slowdown"}},
    {"dehon", "DeHon's fat-trees", {"dehon", "dehon"}},
    {"checks", "Checks", {"check", "check"}},
}};

// Index into kSubjects of a top-level file, or kSubjects.size() for the report's own documents.
std::size_t subject_of(const std::string& file) {
  for (std::size_t s = 0; s < kSubjects.size(); ++s)
    for (const auto prefix : kSubjects[s].prefixes)
      if (file.starts_with(prefix)) return s;
  return kSubjects.size();
}

const char* kStyle =
    "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:4px 8px;"
    "text-align:left;vertical-align:top}td:first-child{white-space:nowrap}"
    "nav a,.files a{margin-right:0.8em}"
    ".pass{background:#e3f4e3}.fail{background:#f8dcdc}.inconclusive{background:#fdf1d6}"
    ".not-measured{background:#eee}"
    "figure{display:inline-block;vertical-align:top;margin:0.5em 1em 1em 0;max-width:100%}"
    "figure img{max-width:100%;border:1px solid #eee}figure.half{max-width:48%}"
    ".cards{display:flex;flex-wrap:wrap;gap:12px}.card{border:1px solid #ccc;border-radius:4px;"
    "padding:8px;width:176px;font-size:13px;overflow-wrap:anywhere}"
    ".card img{display:block;border:1px solid #eee;margin-bottom:4px;background:white}"
    ".card .cube{height:120px;display:flex;align-items:center;justify-content:center;"
    "background:#f3f3f7;border:1px solid #eee;margin-bottom:4px;color:#555;text-align:center}";

// A plot inline with links to its SVG and its data; `id` anchors it for the verdict table.
std::string figure(const std::string& plot, const std::vector<std::string>& files, bool half,
                   const std::string& id = "") {
  const std::string csv = stem(plot) + ".csv";
  return fmt::format(
      "<figure{}{}><img src=\"{}\" alt=\"{}\"><figcaption><a href=\"{}\">{}</a>{}</figcaption>"
      "</figure>\n",
      id.empty() ? "" : fmt::format(" id=\"{}\"", xml_escape(id)), half ? " class=\"half\"" : "",
      xml_escape(plot), xml_escape(plot), xml_escape(plot), xml_escape(plot),
      contains(files, csv) ? fmt::format(" · data: <a href=\"{0}\">{0}</a>", xml_escape(csv)) : "");
}

std::string verdict_class(const std::string& verdict) {
  std::string out;
  for (const char c : verdict) out += c == ' ' ? '-' : c;
  return out;
}

// The verdicts of the checks, first on the page.
std::string checks_table(const ReportIndex& index) {
  if (index.checks.empty()) return "";
  std::string out =
      "<h2 id=\"verdicts\">Checks of the papers</h2>\n<p>Each check's claim, tables and fitted "
      "exponents are in <a href=\"check.md\">check.md</a>; its plot is below, under "
      "<a href=\"#checks\">Checks</a>.</p>\n<table>\n<tr><th>check</th><th>claim</th>"
      "<th>verdict</th><th>plot</th></tr>\n";
  for (const auto& c : index.checks) {
    const std::string plot = "check-" + c.id + ".svg";
    out += fmt::format(
        "<tr><td><a href=\"check.md#{0}\">{0}</a></td><td>{1}</td><td class=\"{2}\">{3}</td>"
        "<td>{4}</td></tr>\n",
        xml_escape(c.id), xml_escape(c.claim), xml_escape(verdict_class(c.verdict)),
        xml_escape(c.verdict),
        contains(index.plots, plot) ? fmt::format("<a href=\"#plot-{}\">plot</a>", xml_escape(c.id))
                                    : std::string("—"));
  }
  return out + "</table>\n";
}

// The slowdown plots: the report's headline result.
std::string headline_plots(const ReportIndex& index) {
  std::string out;
  for (const auto& p : index.plots)
    if (p.starts_with("slowdown")) out += figure(p, index.documents, true);
  if (out.empty()) return "";
  return "<h2 id=\"slowdown\">Slowdown of the simulations</h2>\n<p>The time a fat-tree and a "
         "fat-pyramid take to simulate the competing network, against that network's layout "
         "size (<a href=\"simulate.md\">simulate.md</a>).</p>\n" +
         out;
}

// A card per layout: its thumbnail (NAME-thumb.svg, io/layout_thumbnail.hpp) linking to its
// picture, the 3D view for a 3D layout; without a thumbnail, a 2D layout's own SVG.
std::string layout_cards(const ReportIndex& index) {
  if (index.layouts.empty()) return "";
  std::string out = "<h2 id=\"layouts\">Layouts</h2>\n<div class=\"cards\">\n";
  for (const auto& l : index.layouts) {
    const std::string name = xml_escape(l.name), html = l.name + ".html", svg = l.name + ".svg",
                      thumb = thumbnail_file(l.name);
    const std::string target = contains(l.files, html) ? html : contains(l.files, svg) ? svg : "";
    std::string picture;
    if (contains(l.files, thumb))
      picture = fmt::format("<img src=\"{}/{}\" width=\"160\" alt=\"{}\">", name, xml_escape(thumb),
                            name);
    else if (contains(l.files, svg))
      picture = fmt::format("<img src=\"{0}/{0}.svg\" width=\"160\" alt=\"{0}\">", name);
    else if (!target.empty())
      picture = "<div class=\"cube\">3D layout<br>open the view</div>";
    if (!target.empty() && !picture.empty())
      picture = fmt::format("<a href=\"{}/{}\">{}</a>", name, xml_escape(target), picture);
    out += fmt::format("<div class=\"card\">{}<b>{}</b><br>{}</div>\n", picture, name,
                       xml_escape(l.summary));
  }
  return out + "</div>\n";
}

// Every layout's files, the per-plane views of a 3D one folded away.
std::string layout_files(const ReportIndex& index) {
  if (index.layouts.empty()) return "";
  std::string out = "<h3>Layouts</h3>\n<table>\n<tr><th>layout</th><th>files</th></tr>\n";
  for (const auto& l : index.layouts) {
    out += fmt::format("<tr><td><b>{}</b><br>{}</td><td class=\"files\">", xml_escape(l.name),
                       xml_escape(l.summary));
    std::string planes;
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
  return out + "</table>\n";
}

// One subject's top-level files: its documents linked, its plots inline with their data (the
// slowdown plots, already shown at the top with theirs, only linked).
std::string subject_section(const ReportIndex& index, std::size_t s) {
  std::string links, figures;
  for (const auto& d : index.documents) {
    const bool plot_data = d.ends_with(".csv") && contains(index.plots, stem(d) + ".svg");
    if (subject_of(d) == s && !plot_data)  // a plot's data is linked under its figure
      links += fmt::format("<a href=\"{0}\">{0}</a>", xml_escape(d));
  }
  for (const auto& p : index.plots) {
    if (subject_of(p) != s) continue;
    if (p.starts_with("slowdown")) {
      links += fmt::format("<a href=\"{0}\">{0}</a>", xml_escape(p));
    } else {
      const bool check = p.starts_with("check-");
      figures += figure(p, index.documents, true, check ? "plot-" + stem(p).substr(6) : "");
    }
  }
  if (links.empty() && figures.empty()) return "";
  return fmt::format("<h3 id=\"{}\">{}</h3>\n<p class=\"files\">{}</p>\n{}", kSubjects[s].id,
                     xml_escape(kSubjects[s].heading), links, figures);
}

}  // namespace

std::string report_index_html(const ReportIndex& index) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
      xml_escape(index.title), kStyle);
  std::string own;  // the report's own documents: summary.md first
  for (const auto& d : index.documents)
    if (subject_of(d) == kSubjects.size())
      own += fmt::format("<a href=\"{0}\">{0}</a>", xml_escape(d));
  out += "<nav class=\"files\">" + own + "</nav>\n";
  out += checks_table(index) + headline_plots(index) + layout_cards(index);
  out += "<h2 id=\"files\">Everything, by subject</h2>\n" + layout_files(index);
  for (std::size_t s = 0; s < kSubjects.size(); ++s) out += subject_section(index, s);
  out += "</body>\n</html>\n";
  return out;
}

std::string report_shard_index_html(const std::string& title) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>{0} (incomplete: shards)</title>\n<style>{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n"
      "<p><b class=\"fail\">This report is incomplete.</b> This folder holds shards of it "
      "(<code>ftvlsi report --shard K/N</code>): each shard's layouts and its partial results, "
      "<code>report-shard-K-of-N.json</code>. Join every shard into the report with</p>\n"
      "<pre>ftvlsi merge SHARD_FOLDER... --out REPORT_FOLDER</pre>\n<p>and open "
      "REPORT_FOLDER/index.html.</p>\n</body>\n</html>\n",
      xml_escape(title), kStyle);
}

}  // namespace ftvlsi
