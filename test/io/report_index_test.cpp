#include "ftvlsi/io/report_index.hpp"

#include <doctest/doctest.h>

using namespace ftvlsi;

namespace {

std::size_t at(const std::string& html, const std::string& what) {
  const auto pos = html.find(what);
  REQUIRE_MESSAGE(pos != std::string::npos, what);
  return pos;
}

ReportIndex sample() {
  ReportIndex index;
  index.title = "a <report> & more";
  index.documents = {"check.json", "check-L-T4.csv", "check.md",    "dehon-route.csv",
                     "dehon.md",   "simulate.csv",   "simulate.md", "slowdown-linear.csv",
                     "summary.md"};
  index.plots = {"check-L-T4.svg", "dehon-route.svg", "slowdown-linear.svg"};
  index.layouts.push_back({"mesh-16", "16 processors, DRC clean", {"mesh-16.gds", "mesh-16.svg"}});
  index.layouts.push_back(
      {"cube-64",
       "64 processors, DRC clean",
       {"cube-64-z0000.svg", "cube-64-z0001.svg", "cube-64.gds", "cube-64.html", "cube-64.json"}});
  index.checks.push_back({"L-T4", "volume", "pass"});
  index.checks.push_back({"GL-T9", "greedy", "not measured"});
  return index;
}

}  // namespace

TEST_SUITE("report_index") {
  TEST_CASE("the index links every layout's files in its folder and every top-level file") {
    const std::string html = report_index_html(sample());
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("<title>a &lt;report&gt; &amp; more</title>") != std::string::npos);
    for (const char* link :
         {"href=\"mesh-16/mesh-16.gds\"", "href=\"mesh-16/mesh-16.svg\"", "href=\"check.md\"",
          "href=\"cube-64/cube-64-z0001.svg\"", "href=\"summary.md\"", "href=\"simulate.csv\""})
      CHECK_MESSAGE(html.find(link) != std::string::npos, link);
    CHECK(html.find("<details><summary>2 plane views") != std::string::npos);
    CHECK(html.find("</html>") != std::string::npos);
  }

  TEST_CASE("the page opens with the verdicts, then the slowdown plots, then the layout cards") {
    const std::string html = report_index_html(sample());
    const auto verdicts = at(html, "<h2 id=\"verdicts\">"),
               slowdown = at(html, "<h2 id=\"slowdown\">"),
               layouts = at(html, "<h2 id=\"layouts\">"), rest = at(html, "<h2 id=\"files\">");
    CHECK(verdicts < slowdown);
    CHECK(slowdown < layouts);
    CHECK(layouts < rest);
    // Each ID links its section in check.md, and its plot when there is one.
    CHECK(at(html, "<a href=\"check.md#L-T4\">L-T4</a>") < slowdown);
    CHECK(at(html, "<a href=\"#plot-L-T4\">plot</a>") < slowdown);
    CHECK(html.find("id=\"plot-L-T4\"") != std::string::npos);
    CHECK(html.find("href=\"#plot-GL-T9\"") == std::string::npos);
    CHECK(html.find("<td class=\"not-measured\">not measured</td>") != std::string::npos);
    CHECK(at(html, "<img src=\"slowdown-linear.svg\"") < layouts);
    // A 2D layout gets its SVG as a thumbnail, a 3D one a text card linking its view.
    CHECK(at(html, "<img src=\"mesh-16/mesh-16.svg\" width=\"160\"") > layouts);
    CHECK(at(html, "<a href=\"cube-64/cube-64.html\"><div class=\"cube\">") > layouts);
    CHECK(html.find("<img src=\"cube-64/") == std::string::npos);
  }

  TEST_CASE("the rest is grouped by subject in a fixed order, each plot with its data beside it") {
    const std::string html = report_index_html(sample());
    const auto rest = at(html, "<h2 id=\"files\">");
    const auto layouts = at(html, "<h3>Layouts</h3>"), sim = at(html, "<h3 id=\"simulation\">"),
               dehon = at(html, "<h3 id=\"dehon\">"), checks = at(html, "<h3 id=\"checks\">");
    CHECK(rest < layouts);
    CHECK(layouts < sim);
    CHECK(sim < dehon);
    CHECK(dehon < checks);
    CHECK(html.find("<h3 id=\"routing\">") == std::string::npos);  // no routing files: no heading
    CHECK(at(html, "href=\"dehon-route.csv\"") > dehon);
    CHECK(at(html, "href=\"check-L-T4.csv\"") > checks);
    CHECK(at(html, "<a href=\"slowdown-linear.csv\">") < layouts);  // beside the headline plot
  }

  TEST_CASE("a report without checks or a sweep has no empty sections") {
    ReportIndex index;
    index.title = "layouts only";
    index.documents = {"summary.md"};
    index.layouts.push_back({"ft-16", "16 processors, DRC clean", {"ft-16.svg"}});
    const std::string html = report_index_html(index);
    CHECK(html.find("id=\"verdicts\"") == std::string::npos);
    CHECK(html.find("id=\"slowdown\"") == std::string::npos);
    CHECK(html.find("<h3 id=") == std::string::npos);
    CHECK(html.find("<img src=\"ft-16/ft-16.svg\" width=\"160\"") != std::string::npos);
  }
}
