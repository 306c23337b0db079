#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/svg_writer.hpp"
#include "ftvlsi/layout/h_tree.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

Layout tree_layout(std::uint64_t n) {
  FatTreeParams params;
  params.processors = n;
  params.capacity.profile = CapacityProfile::kModular;
  return build_h_tree(FatTree(params));
}

std::string write_and_read(const Layout& layout, const SvgOptions& options,
                           const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_svg_test";
  fs::create_directories(dir);
  const std::string path = (dir / name).string();
  write_svg(layout, path, options);
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

// Every wire segment is one "M x y H x2" or "M x y V y2" inside a wires path.
std::size_t drawn_segments(const std::string& svg) {
  std::size_t n = 0;
  const std::regex path("<path id=\"wires-[^\"]*\"[^>]* d=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), path); it != std::sregex_iterator();
       ++it)
    n += count((*it)[1].str(), "M");
  return n;
}

}  // namespace

TEST_SUITE("svg_writer") {
  TEST_CASE("a small layout is drawn whole: one path per layer and level, every segment once") {
    const Layout layout = tree_layout(16);
    SvgOptions options;
    options.title = "a <small> tree";
    const std::string svg = write_and_read(layout, options, "whole.svg");
    const auto flat = layout.flat_counts()[layout.top];
    CHECK(drawn_segments(svg) == flat.segments);
    // Levels 0..4; level 0 (root to pad) is vertical only.
    CHECK(count(svg, "id=\"wires-l1-k0\"") == 1);
    CHECK(count(svg, "id=\"wires-l0-k0\"") == 0);
    for (int k = 1; k <= 4; ++k) {
      CHECK(count(svg, "id=\"wires-l0-k" + std::to_string(k) + "\"") == 1);
      CHECK(count(svg, "id=\"wires-l1-k" + std::to_string(k) + "\"") == 1);
    }
    CHECK(count(svg, "a &lt;small&gt; tree") >= 1);
    CHECK(count(svg, "grid units") == 1);
    CHECK(count(svg, "outlines") == 0);
    CHECK(count(svg, "<svg") == count(svg, "</svg>"));
    CHECK(count(svg, "<g") == count(svg, "</g>"));
  }

  TEST_CASE("a layout beyond the budget is drawn to a depth and says what it left out") {
    const Layout layout = tree_layout(1024);
    SvgOptions options;
    options.max_shapes = 2000;
    const std::string svg = write_and_read(layout, options, "budget.svg");
    CHECK(drawn_segments(svg) < layout.flat_counts()[layout.top].segments);
    std::smatch m;
    const std::string note_pattern =
        "Drawn down to instance depth (\\d+) of (\\d+); (\\d+) wires in (\\d+) deeper subtrees";
    REQUIRE(std::regex_search(svg, m, std::regex(note_pattern)));
    const int depth = std::stoi(m[1]);
    CHECK(std::stoi(m[2]) == 11);  // top + 10 binary levels
    // Subtrees at depth d + 1 hold the level-d channels and below: (2^d of them).
    const auto subtrees = std::stoull(m[4]);
    CHECK(subtrees == (std::uint64_t{1} << depth));
    const auto hidden = std::stoull(m[3]);
    const auto& cells = layout.cells;
    const auto sub = layout.flat_counts()[cells.size() - 1 - (depth + 1)].wires;
    CHECK(hidden == subtrees * sub);
    // Drawn segments plus the hidden subtrees' segments are all the segments.
    const auto sub_segments = layout.flat_counts()[cells.size() - 1 - (depth + 1)].segments;
    CHECK(drawn_segments(svg) + subtrees * sub_segments ==
          layout.flat_counts()[layout.top].segments);
  }

  TEST_CASE("writing twice gives the same bytes, and a missing directory writes nothing") {
    const Layout layout = tree_layout(64);
    SvgOptions options;
    CHECK(write_and_read(layout, options, "a.svg") == write_and_read(layout, options, "b.svg"));
    const fs::path missing = fs::temp_directory_path() / "ftvlsi_svg_missing_dir" / "x.svg";
    fs::remove_all(missing.parent_path());
    CHECK_THROWS_AS(write_svg(layout, missing.string(), options), IoError);
    CHECK_FALSE(fs::exists(missing.parent_path()));
  }
}
