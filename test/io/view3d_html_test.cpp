// The 3D view on random 3D hierarchies: with room for everything its data are the flattened
// layout's node boxes and wire segments; with less it cuts the hierarchy and draws the cells
// below as grey boxes, never more items than it may unless only the top cell's own shapes are
// left; over the detail budget it draws the upper wire levels whole and boxes the subtrees below;
// and the page written to a file is the page.
#include "ftvlsi/io/view3d_html.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/geometry/flatten.hpp"
#include "support/random_layout.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_layout;

namespace {

// The numbers of the page's `const NAME = [...]`, seven to an item.
std::vector<std::array<long long, 7>> items(const std::string& html, const std::string& name) {
  const std::string start = "const " + name + " = [";
  const auto a = html.find(start);
  REQUIRE(a != std::string::npos);
  const auto b = html.find("];", a);
  std::string list = html.substr(a + start.size(), b - a - start.size());
  std::replace(list.begin(), list.end(), ',', ' ');
  std::istringstream in(list);
  std::vector<std::array<long long, 7>> out;
  std::array<long long, 7> item{};
  while (in >> item[0] >> item[1] >> item[2] >> item[3] >> item[4] >> item[5] >> item[6])
    out.push_back(item);
  return out;
}

// Whether cell `c` or a cell below it holds a node or a wire of a level below `levels`.
bool holds_level_below(const Layout<3>& layout, std::int32_t c, int levels) {
  const Cell<3>& cell = layout.cells[c];
  for (const auto l : cell.node_level)
    if (l < levels) return true;
  for (const auto l : cell.wire_level)
    if (l < levels) return true;
  for (const auto& inst : cell.instances)
    if (holds_level_below(layout, inst.cell, levels)) return true;
  return false;
}

// The page's items when it draws the levels below `levels`: their nodes and wire segments, and
// each subtree holding none of them as a grey box.
void drawn_by_levels(const Layout<3>& layout, int levels,
                     std::vector<std::array<long long, 7>>& boxes,
                     std::vector<std::array<long long, 7>>& segs) {
  walk_instances(layout, layout.top, Transform<3>{}, 0,
                 [&](std::int32_t c, const Transform<3>& t, int) {
                   const Cell<3>& cell = layout.cells[c];
                   if (!holds_level_below(layout, c, levels)) {
                     const Box<3> b = t.apply(cell.bbox);
                     boxes.push_back({b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2], 3});
                     return false;
                   }
                   for (std::size_t n = 0; n < cell.node_count(); ++n) {
                     if (cell.node_level[n] >= levels) continue;
                     const Box<3> b = t.apply(cell.node_box[n]);
                     boxes.push_back({b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2],
                                      static_cast<long long>(cell.node_kind[n])});
                   }
                   for (std::size_t w = 0; w < cell.wire_count(); ++w) {
                     if (cell.wire_level[w] >= levels) continue;
                     const auto pts = cell.wire(w);
                     for (std::size_t i = 1; i < pts.size(); ++i) {
                       const Point<3> p = t.apply(pts[i - 1]), q = t.apply(pts[i]);
                       segs.push_back({p[0], p[1], p[2], q[0], q[1], q[2], cell.wire_level[w]});
                     }
                   }
                   return true;
                 });
}

}  // namespace

TEST_SUITE("view3d_html") {
  TEST_CASE("with room for everything the page holds every node box and wire segment, placed") {
    std::mt19937_64 rng(0x3d3d);
    for (int trial = 0; trial < 30; ++trial) {
      const Layout<3> layout = random_layout<3>(rng, 1 + static_cast<int>(rng() % 5));
      const FlatLayout<3> flat = flatten(layout, flat_bytes(layout));
      const std::string html = view3d_html(layout, {"t", 1u << 20});
      CAPTURE(trial);
      auto boxes = items(html, "BOXES"), segs = items(html, "SEGS");
      std::vector<std::array<long long, 7>> want_boxes, want_segs;
      for (std::size_t n = 0; n < flat.node_box.size(); ++n) {
        const auto& b = flat.node_box[n];
        want_boxes.push_back({b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2],
                              static_cast<long long>(flat.node_kind[n])});
      }
      for (std::size_t w = 0; w < flat.wire_count(); ++w) {
        const auto pts = flat.wire(w);
        for (std::size_t i = 1; i < pts.size(); ++i)
          want_segs.push_back({pts[i - 1][0], pts[i - 1][1], pts[i - 1][2], pts[i][0], pts[i][1],
                               pts[i][2], flat.wire_level[w]});
      }
      for (auto* v : {&boxes, &segs, &want_boxes, &want_segs}) std::sort(v->begin(), v->end());
      CHECK(boxes == want_boxes);
      CHECK(segs == want_segs);
      CHECK(html.find("hierarchy drawn") == std::string::npos);
    }
  }

  TEST_CASE("a budget below the layout draws the hierarchy cut at one depth, deeper as it grows") {
    std::mt19937_64 rng(0x3d3e);
    int cut = 0;
    for (int trial = 0; trial < 40; ++trial) {
      const Layout<3> layout = random_layout<3>(rng, 3 + static_cast<int>(rng() % 4));
      const int full = instance_depth(layout) + 1;
      int previous = 1;
      for (std::uint64_t budget = 1; budget <= 64; budget *= 2) {
        const std::string html = view3d_html(layout, {"t", budget, 0});
        // The depth drawn: the note's, or the whole hierarchy without a note.
        int depth = full;
        const auto note = html.find("hierarchy drawn ");
        if (note != std::string::npos) depth = std::stoi(html.substr(note + 16));
        CAPTURE(trial);
        CAPTURE(budget);
        REQUIRE(depth >= 1);
        REQUIRE(depth <= full);
        CHECK(depth >= previous);  // more room never draws less deep
        previous = depth;
        cut += depth < full;
        // The page is the tree cut at that depth: shapes above it, cells at it as grey boxes.
        std::vector<std::array<long long, 7>> want_boxes, want_segs;
        walk_instances(
            layout, layout.top, Transform<3>{}, 0,
            [&](std::int32_t c, const Transform<3>& t, int d) {
              const Cell<3>& cell = layout.cells[c];
              if (d == depth) {
                const Box<3> b = t.apply(cell.bbox);
                want_boxes.push_back({b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2], 3});
                return false;
              }
              for (std::size_t n = 0; n < cell.node_count(); ++n) {
                const Box<3> b = t.apply(cell.node_box[n]);
                want_boxes.push_back({b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2],
                                      static_cast<long long>(cell.node_kind[n])});
              }
              for (std::size_t w = 0; w < cell.wire_count(); ++w) {
                const auto pts = cell.wire(w);
                for (std::size_t i = 1; i < pts.size(); ++i) {
                  const Point<3> p = t.apply(pts[i - 1]), q = t.apply(pts[i]);
                  want_segs.push_back({p[0], p[1], p[2], q[0], q[1], q[2], cell.wire_level[w]});
                }
              }
              return true;
            });
        auto boxes = items(html, "BOXES"), segs = items(html, "SEGS");
        for (auto* v : {&boxes, &segs, &want_boxes, &want_segs}) std::sort(v->begin(), v->end());
        CHECK(boxes == want_boxes);
        CHECK(segs == want_segs);
      }
    }
    CHECK(cut > 10);
  }

  TEST_CASE("a layout over the detail budget shows its upper wire levels and boxes the rest") {
    std::mt19937_64 rng(0x3d40);
    int by_levels = 0;
    for (int trial = 0; trial < 40; ++trial) {
      const Layout<3> layout = random_layout<3>(rng, 3 + static_cast<int>(rng() % 4));
      for (std::uint64_t budget = 4; budget <= 256; budget *= 2) {
        const std::string html = view3d_html(layout, {"t", 1u << 20, budget});
        const auto note = html.find("wire levels 0 to ");
        if (note == std::string::npos) continue;  // the whole layout fits, or not even level 0
        ++by_levels;
        const int levels = std::stoi(html.substr(note + 17)) + 1;
        CAPTURE(trial);
        CAPTURE(budget);
        std::vector<std::array<long long, 7>> want_boxes, want_segs;
        drawn_by_levels(layout, levels, want_boxes, want_segs);
        auto boxes = items(html, "BOXES"), segs = items(html, "SEGS");
        for (auto* v : {&boxes, &segs, &want_boxes, &want_segs}) std::sort(v->begin(), v->end());
        CHECK(boxes == want_boxes);
        CHECK(segs == want_segs);
        CHECK(boxes.size() + segs.size() <= budget);
        if (levels < layout.wire_levels) {  // one more level would not have fitted
          std::vector<std::array<long long, 7>> more_boxes, more_segs;
          drawn_by_levels(layout, levels + 1, more_boxes, more_segs);
          CHECK(more_boxes.size() + more_segs.size() > budget);
        }
      }
    }
    CHECK(by_levels > 10);
  }

  TEST_CASE("the title is escaped and the written page is the page") {
    std::mt19937_64 rng(0x3d3f);
    const Layout<3> layout = random_layout<3>(rng, 3);
    const View3dOptions options{"<cube> & co", 1000};
    const std::string html = view3d_html(layout, options);
    CHECK(html.find("<title>&lt;cube&gt; &amp; co</title>") != std::string::npos);
    CHECK(html.find("<cube>") == std::string::npos);
    const auto path = std::filesystem::temp_directory_path() /
                      ("ftvlsi_view3d_html_test_" + std::to_string(::getpid()) + ".html");
    write_view3d_html(layout, path.string(), options);
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    CHECK(s.str() == html);
    std::filesystem::remove(path);
  }
}
