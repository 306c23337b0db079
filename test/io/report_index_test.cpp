#include "ftvlsi/io/report_index.hpp"

#include <doctest/doctest.h>

using namespace ftvlsi;

TEST_SUITE("report_index") {
  TEST_CASE("the index links every layout's files in its folder and shows the plots inline") {
    ReportIndex index;
    index.title = "a <report> & more";
    index.documents = {"summary.md", "check.md"};
    index.plots = {"slowdown-linear.svg"};
    index.layouts.push_back(
        {"mesh-16", "16 processors, DRC clean", {"mesh-16.gds", "mesh-16.svg"}});
    const std::string html = report_index_html(index);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("<title>a &lt;report&gt; &amp; more</title>") != std::string::npos);
    CHECK(html.find("href=\"mesh-16/mesh-16.gds\"") != std::string::npos);
    CHECK(html.find("href=\"mesh-16/mesh-16.svg\"") != std::string::npos);
    CHECK(html.find("href=\"check.md\"") != std::string::npos);
    CHECK(html.find("<img src=\"slowdown-linear.svg\"") != std::string::npos);
    CHECK(html.find("</html>") != std::string::npos);
  }
}
