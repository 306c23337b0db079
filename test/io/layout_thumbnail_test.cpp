// The report's layout thumbnails on random hierarchies in 2D and 3D: with room for everything
// every wire segment and node is drawn and nothing is outlined; with less, the picture holds at
// most the budget's shapes (unless not even the top cell's own fit) and is never empty; the
// longer side is the size asked for; the same layout gives the same bytes.
#include "ftvlsi/io/layout_thumbnail.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <string>

#include "ftvlsi/geometry/flatten.hpp"
#include "support/random_layout.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_layout;

namespace {

// Subpaths ("M") of the picture's paths of `kind` (wires, nodes, outlines). Plain finds, not
// std::regex: libstdc++'s matcher recurses per character and overflows the stack on a path of a
// few hundred kilobytes under the sanitizers.
std::size_t moves(const std::string& svg, const std::string& kind) {
  std::size_t n = 0;
  const std::string open = "<path class=\"" + kind + "\"";
  for (std::size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1)) {
    const std::size_t end = svg.find('>', at);
    const std::size_t d = svg.find(" d=\"", at);
    if (d == std::string::npos || d > end) continue;
    const std::size_t from = d + 4, to = svg.find('"', from);
    n += static_cast<std::size_t>(std::count(svg.begin() + static_cast<std::ptrdiff_t>(from),
                                             svg.begin() + static_cast<std::ptrdiff_t>(to), 'M'));
  }
  return n;
}

template <int D>
void check_thumbnails(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int reduced = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Layout<D> layout = random_layout<D>(rng, 2 + static_cast<int>(rng() % 5));
    const FlatLayout<D> flat = flatten(layout, flat_bytes(layout));
    std::uint64_t segments = 0;
    for (std::size_t w = 0; w < flat.wire_count(); ++w) segments += flat.wire(w).size() - 1;
    CAPTURE(trial);
    const std::string whole = layout_thumbnail_svg(layout, {1u << 20, 200, "t"});
    CHECK(moves(whole, "wires") == segments);
    CHECK(moves(whole, "nodes") == flat.node_box.size() * (D == 2 ? 1 : 12));
    CHECK(moves(whole, "outlines") == 0);
    const std::regex size("width=\"([0-9]+)\" height=\"([0-9]+)\"");
    std::smatch m;
    REQUIRE(std::regex_search(whole, m, size));
    CHECK(std::max(std::stoi(m[1]), std::stoi(m[2])) == 200);
    CHECK(layout_thumbnail_svg(layout, {1u << 20, 200, "t"}) == whole);
    for (std::uint64_t budget = 2; budget <= 32; budget *= 2) {
      const std::string svg = layout_thumbnail_svg(layout, {budget, 200, "t"});
      const std::uint64_t shapes = moves(svg, "wires") + moves(svg, "nodes") / (D == 2 ? 1 : 12) +
                                   moves(svg, "outlines") / (D == 2 ? 4 : 12);
      CAPTURE(budget);
      const Cell<D>& top = layout.cells[layout.top];
      const std::uint64_t own = top.node_count() + top.wire_points.size() - top.wire_count();
      if (own + top.instances.size() <= budget) CHECK(shapes <= budget);
      if (moves(svg, "wires") < segments) {
        ++reduced;
        CHECK(shapes > 0);  // never an empty picture
      }
    }
  }
  CHECK(reduced > 10);
}

}  // namespace

TEST_SUITE("layout_thumbnail") {
  TEST_CASE("a 2D thumbnail draws everything that fits and outlines the rest") {
    check_thumbnails<2>(0x7b1);
  }
  TEST_CASE("a 3D thumbnail draws everything that fits and outlines the rest") {
    check_thumbnails<3>(0x7b2);
  }
  TEST_CASE("the thumbnail of layout NAME is NAME-thumb.svg") {
    CHECK(thumbnail_file("fat-tree-1024") == "fat-tree-1024-thumb.svg");
  }
}
