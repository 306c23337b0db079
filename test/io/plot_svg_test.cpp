// The log-log chart: one line per series through all its points, markers unless dashed, every
// point inside the frame with both axes' order kept, text escaped, and values a log axis cannot
// show refused.
#include "ftvlsi/io/plot_svg.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

std::vector<std::pair<double, double>> polyline_points(const std::string& points) {
  std::vector<std::pair<double, double>> out;
  std::istringstream in(points);
  std::string pair;
  while (in >> pair) {
    const auto comma = pair.find(',');
    out.emplace_back(std::stod(pair.substr(0, comma)), std::stod(pair.substr(comma + 1)));
  }
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_SUITE("plot_svg") {
  TEST_CASE("each series is one line through its points, inside the frame, in the data's order") {
    std::mt19937_64 rng(0x9107);
    for (int trial = 0; trial < 40; ++trial) {
      std::vector<PlotSeries> series(1 + rng() % 5);
      std::size_t markers = 0;
      const double span = std::pow(10.0, static_cast<double>(rng() % 8));  // 1 to 7 decades
      for (auto& s : series) {
        s.label = "series " + std::to_string(rng() % 100);
        s.dashed = rng() % 3 == 0;
        for (int p = 1 + static_cast<int>(rng() % 10); p > 0; --p) {
          const double x = std::exp(std::log(span) * (rng() % 1000) / 1000.0) * 1e-3;
          const double y = std::exp(std::log(span) * (rng() % 1000) / 1000.0) * 7;
          s.points.emplace_back(x, y);
        }
        if (!s.dashed) markers += s.points.size();
      }
      const std::string svg = plot_svg(series, {"t", "x", "y"});
      CAPTURE(trial);
      const std::regex line("<polyline points=\"([^\"]*)\"([^>]*)/>");
      std::size_t i = 0;
      for (std::sregex_iterator it(svg.begin(), svg.end(), line), end; it != end; ++it, ++i) {
        REQUIRE(i < series.size());
        const auto drawn = polyline_points((*it)[1]);
        REQUIRE(drawn.size() == series[i].points.size());
        CHECK(((*it)[2].str().find("stroke-dasharray") != std::string::npos) == series[i].dashed);
        for (std::size_t a = 0; a < drawn.size(); ++a) {
          // The frame is x in [80, 690], y in [40, 380]; no point sits on it.
          CHECK(drawn[a].first > 80);
          CHECK(drawn[a].first < 690);
          CHECK(drawn[a].second > 40);
          CHECK(drawn[a].second < 380);
          for (std::size_t b = 0; b < drawn.size(); ++b) {
            const auto& [xa, ya] = series[i].points[a];
            const auto& [xb, yb] = series[i].points[b];
            if (xa < xb) CHECK(drawn[a].first <= drawn[b].first);
            if (ya < yb) CHECK(drawn[a].second >= drawn[b].second);  // SVG's y grows downwards
          }
        }
      }
      CHECK(i == series.size());
      CHECK(count(svg, "<circle ") == markers);
      CHECK(plot_svg(series, {"t", "x", "y"}) == svg);
    }
  }

  TEST_CASE("titles, axis labels and series labels are escaped") {
    PlotSeries s{"a < b & \"c\"", {{1, 2}, {3, 4}}, false};
    const std::string svg = plot_svg({s}, {"T<1>", "x & y", "'z'"});
    CHECK(svg.find("T&lt;1&gt;") != std::string::npos);
    CHECK(svg.find("x &amp; y") != std::string::npos);
    CHECK(svg.find("a &lt; b &amp;") != std::string::npos);
    CHECK(svg.find("T<1>") == std::string::npos);
    CHECK(svg.find("a < b") == std::string::npos);
    CHECK(svg.rfind("<svg ", 0) == 0);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
  }

  TEST_CASE("a value that is not positive and finite is refused, naming the plot and series") {
    const double inf = std::numeric_limits<double>::infinity();
    for (const auto& [x, y] : std::vector<std::pair<double, double>>{
             {0, 1}, {1, 0}, {-1, 2}, {2, -3}, {inf, 1}, {1, std::nan("")}}) {
      CAPTURE(x);
      CAPTURE(y);
      try {
        plot_svg({{"good", {{1, 1}}, false}, {"bad one", {{2, 2}, {x, y}}, false}},
                 {"the plot", "x", "y"});
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(e.id() == 5331);
        CHECK(std::string(e.what()).find("the plot") != std::string::npos);
        CHECK(std::string(e.what()).find("bad one") != std::string::npos);
      }
    }
    CHECK_NOTHROW(plot_svg({}, {"empty", "x", "y"}));
  }

  TEST_CASE("the CSV beside a plot holds every point of every series, exactly, in legend order") {
    std::mt19937_64 rng(20240611);
    std::uniform_real_distribution<double> value(1e-3, 1e6);
    const std::vector<PlotSeries> series{
        {"measured, \"quoted\"", {{value(rng), value(rng)}, {value(rng), value(rng)}}, false},
        {"limit", {{value(rng), value(rng)}}, true}};
    const std::string csv = plot_csv(series, {"title", "A (area, grid units)", "Δ"});
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    CHECK(line == "series,reference,\"A (area, grid units)\",Δ");
    for (const auto& s : series)
      for (const auto& [x, y] : s.points) {
        REQUIRE(std::getline(in, line));
        const auto last = line.rfind(','), before = line.rfind(',', last - 1);
        CHECK(std::stod(line.substr(before + 1, last - before - 1)) == x);  // read back exactly
        CHECK(std::stod(line.substr(last + 1)) == y);
        CHECK(line.find(s.dashed ? ",yes," : ",no,") != std::string::npos);
      }
    CHECK(csv.find("\"measured, \"\"quoted\"\"\",no,") != std::string::npos);
    CHECK(!std::getline(in, line));
    CHECK(plot_csv_path("dir/slowdown-unit.svg") == "dir/slowdown-unit.csv");
  }

  TEST_CASE("series beyond the old eight-colour palette keep distinct colours") {
    std::vector<PlotSeries> series;
    for (int i = 0; i < 20; ++i)
      series.push_back({"s" + std::to_string(i), {{1.0 + i, 2.0 + i}}, false});
    const std::string svg = plot_svg(series, {"t", "x", "y"});
    const std::regex stroke("<polyline [^>]*stroke=\"(#[0-9a-f]{6})\"");
    std::set<std::string> colours;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), stroke);
         it != std::sregex_iterator(); ++it)
      colours.insert((*it)[1]);
    CHECK(colours.size() == 20);
  }
}
