// The SVG writer on a small hand-built hierarchy, so every expected count can be worked out on
// paper: depth 2, 13 nodes, 11 wires, 25 segments and 14 vias (all of them real bends).
#include "ftvlsi/io/svg_writer.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <vector>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

void add_wire(Cell<2>& cell, std::vector<Point<2>> pts, int level, Terminal from, Terminal to) {
  cell.add_wire(pts, level, WireDir::kUp, from, to);
}

// Leaf (cell 0): a processor and a switch joined by a level-2 wire with two bends (2 horizontal
// segments, 1 vertical); a pin on the switch.
Cell<2> leaf_cell() {
  Cell<2> leaf;
  leaf.name = "leaf";
  leaf.add_node({0, 0, 2, 2}, NodeKind::kProcessor, 2);
  leaf.add_node({6, 4, 8, 6}, NodeKind::kSwitch, 2);
  add_wire(leaf, {{2, 1}, {4, 1}, {4, 5}, {6, 5}}, 2, Terminal::node(0), Terminal::node(1));
  leaf.pins.push_back({{8, 5}, 1, 1, WireDir::kUp});
  return leaf;
}

// Pair (cell 1): two leaves, the second mirrored above the first, and a switch wired to both
// leaves' pins by level-1 wires with one bend each.
Cell<2> pair_cell() {
  Cell<2> pair;
  pair.name = "pair";
  pair.add_instance(0, Transform<2>{});
  pair.add_instance(0,
                    Transform<2>::gds(0, true, {0, 20}));  // y -> 20 - y: its pin lands on (8, 15)
  pair.add_node({11, 9, 13, 11}, NodeKind::kSwitch, 1);
  add_wire(pair, {{8, 5}, {12, 5}, {12, 9}}, 1, Terminal::pin(0, 0), Terminal::node(0));
  add_wire(pair, {{8, 15}, {12, 15}, {12, 11}}, 1, Terminal::pin(1, 0), Terminal::node(0));
  pair.pins.push_back({{13, 10}, 0, 0, WireDir::kUp});
  return pair;
}

// Top (cell 2): two pairs facing each other around an interface node, joined to it by
// straight level-0 wires, and a stray leaf turned a quarter, whose wire then has one
// horizontal and two vertical segments in the picture.
Layout<2> sample_layout() {
  Layout<2> layout;
  layout.style = LayoutStyle::kChannel;
  layout.wire_levels = 3;
  layout.cells.push_back(leaf_cell());
  layout.cells.push_back(pair_cell());
  Cell<2> top;
  top.name = "top";
  top.add_instance(1, Transform<2>{});
  top.add_instance(1, Transform<2>::gds(2, false, {40, 20}));  // its pin lands on (27, 10)
  top.add_instance(0, Transform<2>::gds(1, false, {50, 0}));
  top.add_node({19, 9, 21, 11}, NodeKind::kInterface, 0);
  add_wire(top, {{13, 10}, {19, 10}}, 0, Terminal::pin(0, 0), Terminal::node(0));
  add_wire(top, {{27, 10}, {21, 10}}, 0, Terminal::pin(1, 0), Terminal::node(0));
  layout.cells.push_back(std::move(top));
  layout.top = 2;
  layout.finalize();
  return layout;
}

fs::path scratch_dir() {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_svg_writer_test";
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write_and_read(const Layout<2>& layout, const SvgOptions& options,
                           const std::string& name) {
  const fs::path path = scratch_dir() / name;
  write_svg(layout, path.string(), options);
  return slurp(path);
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

// The number of M commands in the d attribute of every path whose id starts with `prefix`,
// keyed by id. The writer emits one M per segment, node box, outline or via.
std::map<std::string, std::size_t> subpaths(const std::string& svg, const std::string& prefix) {
  std::map<std::string, std::size_t> out;
  const std::regex path("<path id=\"(" + prefix + "[^\"]*)\"[^>]* d=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), path); it != std::sregex_iterator();
       ++it)
    out[(*it)[1].str()] += count((*it)[2].str(), "M");
  return out;
}

std::size_t total(const std::map<std::string, std::size_t>& m) {
  std::size_t n = 0;
  for (const auto& [id, k] : m) n += k;
  return n;
}

// Well-formed XML by a real parser when python3 is around, else by a balance of tags.
bool well_formed(const fs::path& path, const std::string& svg) {
  if (std::system("python3 -c pass > /dev/null 2>&1") == 0) {
    const std::string cmd =
        "python3 -c \"import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])\" '" +
        path.string() + "'";
    return std::system(cmd.c_str()) == 0;
  }
  const std::size_t open = count(svg, "<") - count(svg, "</") - count(svg, "<?");
  return open == count(svg, "</") + count(svg, "/>");
}

const std::regex kNote(
    "Drawn down to instance depth (\\d+) of (\\d+); (\\d+) wires in (\\d+) deeper subtrees shown "
    "as outlines\\.");

}  // namespace

TEST_SUITE("svg_writer") {
  TEST_CASE("the hand-built layout has the counts the other cases rely on") {
    const Layout<2> layout = sample_layout();
    const FlatCounts flat = layout.flat_counts()[layout.top];
    CHECK(flat.nodes == 13);
    CHECK(flat.wires == 11);
    CHECK(flat.segments == 25);
    CHECK(flat.vias == 14);
    CHECK(layout.cells[layout.top].bbox == Box<2>{0, 0, 50, 20});
  }

  TEST_CASE("a layout within the budget is drawn whole with one wires path per layer and level") {
    const Layout<2> layout = sample_layout();
    const std::string svg = write_and_read(layout, SvgOptions{}, "whole.svg");
    const auto wires = subpaths(svg, "wires-");
    const std::map<std::string, std::size_t> expected{{"wires-l0-k0", 2},
                                                      {"wires-l0-k1", 4},
                                                      {"wires-l1-k1", 4},
                                                      {"wires-l0-k2", 9},
                                                      {"wires-l1-k2", 6}};
    CHECK(wires == expected);
    for (const auto& [id, n] : expected) CHECK(count(svg, "id=\"" + id + "\"") == 1);
    CHECK(total(wires) == layout.flat_counts()[layout.top].segments);
    const std::map<std::string, std::size_t> nodes{
        {"nodes-interface", 1}, {"nodes-processors", 5}, {"nodes-switches", 7}};
    CHECK(subpaths(svg, "nodes-") == nodes);
    CHECK(total(subpaths(svg, "vias-")) == layout.flat_counts()[layout.top].vias);
    CHECK(count(svg, "id=\"outlines\"") == 0);
    CHECK(count(svg, "Drawn down to") == 0);
    CHECK(count(svg, "Vias not drawn") == 0);
  }

  TEST_CASE("the picture is well-formed XML with escaped text, a legend and a round scale bar") {
    const Layout<2> layout = sample_layout();
    SvgOptions options;
    options.title = "a <tiny> \"tree\" & co";
    options.level_labels = {"root & pads", "k = 1"};
    options.max_pixels = 800;
    const fs::path path = scratch_dir() / "legend.svg";
    write_svg(layout, path.string(), options);
    const std::string svg = slurp(path);
    CHECK(well_formed(path, svg));
    CHECK(count(svg, "a &lt;tiny&gt; &quot;tree&quot; &amp; co") == 2);  // <title> and legend
    CHECK(count(svg, "root &amp; pads") == 1);
    CHECK(count(svg, ">k = 1<") == 1);
    CHECK(count(svg, ">level 2<") == 1);
    // The layout is 50 wide: a fifth of it is 10.
    CHECK(count(svg, ">10 grid units<") == 1);
    CHECK(count(svg, "transform=\"matrix(1 0 0 -1 0 20)\"") == 1);
    std::smatch m;
    REQUIRE(std::regex_search(svg, m,
                              std::regex("<svg [^>]*width=\"([0-9.]+)\" height=\"([0-9.]+)\"")));
    CHECK(std::max(std::stod(m[1]), std::stod(m[2])) == doctest::Approx(800).epsilon(0.001));
  }

  TEST_CASE("a budget below the layout draws down to a depth and counts the wires left out") {
    const Layout<2> layout = sample_layout();
    const auto counts = layout.flat_counts();
    SvgOptions options;
    // Depth 1 draws 3 + 2 * 5 + 5 shapes of its own and outlines the 4 leaves of the pairs: 22.
    options.max_shapes = 30;
    const fs::path path = scratch_dir() / "budget.svg";
    write_svg(layout, path.string(), options);
    std::string svg = slurp(path);
    CHECK(well_formed(path, svg));
    std::smatch m;
    REQUIRE(std::regex_search(svg, m, kNote));
    CHECK(m[1] == "1");
    CHECK(m[2] == "2");
    CHECK(std::stoull(m[3]) == 4 * counts[0].wires);
    CHECK(m[4] == "4");
    CHECK(subpaths(svg, "outlines")["outlines"] == 4);
    CHECK(total(subpaths(svg, "wires-")) == counts[2].segments - 4 * counts[0].segments);
    CHECK(count(svg, "Vias not drawn: the drawing is partial.") == 1);
    CHECK(subpaths(svg, "vias-").empty());

    // Depth 0: only the top cell, with its two pairs and the stray leaf as outlines.
    options.max_shapes = 10;
    svg = write_and_read(layout, options, "budget0.svg");
    REQUIRE(std::regex_search(svg, m, kNote));
    CHECK(m[1] == "0");
    CHECK(std::stoull(m[3]) == 2 * counts[1].wires + counts[0].wires);
    CHECK(m[4] == "3");
    CHECK(subpaths(svg, "outlines")["outlines"] == 3);
    CHECK(total(subpaths(svg, "wires-")) == 2);
  }

  TEST_CASE("vias are drawn only when the whole layout and its vias fit the budget") {
    const Layout<2> layout = sample_layout();
    SvgOptions options;
    options.max_shapes = 13 + 25;  // every node and segment, but not the 14 vias
    std::string svg = write_and_read(layout, options, "novias.svg");
    CHECK(count(svg, "Drawn down to") == 0);
    CHECK(total(subpaths(svg, "wires-")) == 25);
    CHECK(subpaths(svg, "vias-").empty());
    CHECK(count(svg, "Vias not drawn: 14 vias would exceed the budget of 38 shapes.") == 1);
    options.max_shapes = 13 + 25 + 14;
    svg = write_and_read(layout, options, "vias.svg");
    const std::map<std::string, std::size_t> vias{{"vias-k1", 4}, {"vias-k2", 10}};
    CHECK(subpaths(svg, "vias-") == vias);
    CHECK(count(svg, "Vias not drawn") == 0);
  }

  TEST_CASE("overlay lines get one path per level and a legend row each") {
    const Layout<2> layout = sample_layout();
    SvgOptions options;
    options.overlay = {{{25, 0}, {25, 20}, 0}, {{0, 10}, {25, 10}, 1}, {{25, 10}, {50, 10}, 1}};
    options.overlay_name = "cut";
    const std::string svg = write_and_read(layout, options, "overlay.svg");
    const std::map<std::string, std::size_t> lines{{"overlay-k0", 1}, {"overlay-k1", 2}};
    CHECK(subpaths(svg, "overlay-") == lines);
    CHECK(count(svg, ">cut at level 1<") == 1);
  }

  TEST_CASE("writing the same layout twice gives the same bytes") {
    const Layout<2> layout = sample_layout();
    SvgOptions options;
    options.title = "twice";
    CHECK(write_and_read(layout, options, "a.svg") == write_and_read(layout, options, "b.svg"));
    options.max_shapes = 20;
    CHECK(write_and_read(layout, options, "c.svg") == write_and_read(layout, options, "d.svg"));
  }

  TEST_CASE("a missing directory throws IoError and leaves nothing behind") {
    const Layout<2> layout = sample_layout();
    const fs::path dir = fs::temp_directory_path() / "ftvlsi_svg_missing_dir";
    fs::remove_all(dir);
    CHECK_THROWS_AS(write_svg(layout, (dir / "x.svg").string(), SvgOptions{}), IoError);
    CHECK_FALSE(fs::exists(dir));
    // An existing directory ends up with the picture and no temporary beside it.
    const fs::path clean = scratch_dir() / "clean";
    fs::remove_all(clean);
    fs::create_directories(clean);
    write_svg(layout, (clean / "x.svg").string(), SvgOptions{});
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(clean)) files += entry.is_regular_file();
    CHECK(files == 1);
  }

  TEST_CASE("a 3D layout with a plane that only vias pass through is drawn, that plane empty") {
    // One wire climbing from a node at z = 0 to a node at z = 3: planes 1 and 2 hold nothing.
    Layout<3> layout;
    Cell<3>& cell = layout.cells.emplace_back();
    cell.name = "climb";
    cell.add_node({{0, 0, 0}, {1, 1, 0}}, NodeKind::kProcessor, 0);
    cell.add_node({{0, 0, 3}, {1, 1, 3}}, NodeKind::kProcessor, 0);
    const std::vector<Point<3>> pts{{1, 1, 0}, {1, 1, 3}};
    cell.add_wire(pts, 0, WireDir::kUp, Terminal::node(0), Terminal::node(1));
    layout.top = 0;
    layout.wire_levels = 1;
    layout.finalize();
    const fs::path dir = scratch_dir() / "planes";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto written = write_svg(layout, (dir / "p.svg").string(), SvgOptions{});
    CHECK(written.size() == 4);
    for (const auto& file : written) CHECK(fs::exists(file));
  }
}
