// write_gds() checked by reading its output back with an independent reader (gds_reader.hpp):
// structures, flattened shapes per layer, the bounding box, units and the failure modes.
#include "ftvlsi/io/gds_writer.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "io/gds_reader.hpp"

namespace ftvlsi {
namespace {

namespace fs = std::filesystem;
using gds_reader::FlatGds;
using gds_reader::GdsBox;
using gds_reader::GdsLibrary;

// A fresh directory per test, removed with everything in it afterwards.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() / ("ftvlsi_gds_writer_test_" + std::to_string(::getpid()) +
                                         "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path_)) names.push_back(e.path().filename());
    return names;
  }

 private:
  fs::path path_;
};

void add_pin(Cell<2>& cell, Point<2> at, std::int32_t node) {
  cell.pins.push_back(Pin<2>{at, node, 0, WireDir::kUp});
}

// A processor with two pins on its boundary.
Cell<2> make_leaf() {
  Cell<2> leaf;
  leaf.name = "leaf";
  leaf.add_node({0, 0, 2, 2}, NodeKind::kProcessor, 0);
  add_pin(leaf, {2, 1}, 0);
  add_pin(leaf, {1, 2}, 0);
  return leaf;
}

// Two leaves (one plain, one mirrored and turned a quarter) wired to a switch; the wires
// have 2 and 3 bends.
Cell<2> make_pair() {
  Cell<2> pair;
  pair.name = "pair";
  pair.add_instance(0, Transform<2>{});
  pair.add_instance(0, Transform<2>::gds(1, true, {10, 6}));  // leaf lands on [10,12]x[6,8]
  const std::int32_t sw = pair.add_node({5, 3, 7, 5}, NodeKind::kSwitch, 1);
  pair.add_wire(std::vector<Point<2>>{{2, 1}, {4, 1}, {4, 4}, {5, 4}}, 0, WireDir::kUp,
                Terminal::pin(0, 0), Terminal::node(sw));
  pair.add_wire(std::vector<Point<2>>{{6, 5}, {6, 9}, {9, 9}, {9, 7}, {10, 7}}, 0, WireDir::kUp,
                Terminal::node(sw), Terminal::pin(1, 1));
  add_pin(pair, {5, 3}, sw);
  return pair;
}

// The top: two pairs (a half turn, and mirror plus three quarter turns), an interface node
// and a wire with 2 bends. Its name needs sanitizing.
Layout<2> make_layout() {
  Layout<2> layout;
  layout.cells.push_back(make_leaf());
  layout.cells.push_back(make_pair());
  Cell<2> top;
  top.name = "top level!";
  top.add_instance(1, Transform<2>::gds(2, false, {12, 9}));  // pair lands on [0,12]x[0,9]
  top.add_instance(1, Transform<2>::gds(3, true, {30, 20}));  // pair lands on [21,30]x[8,20]
  const std::int32_t pad = top.add_node({14, -4, 16, -2}, NodeKind::kInterface, 0);
  top.add_wire(std::vector<Point<2>>{{15, -2}, {15, 3}, {18, 3}, {18, 6}}, 0, WireDir::kUp,
               Terminal::node(pad), Terminal::node(pad));
  layout.cells.push_back(std::move(top));
  layout.top = 2;
  layout.finalize();
  return layout;
}

Box<2> db_box(const Box<2>& b, Coord d) {
  return {b.lo[0] * d, b.lo[1] * d, b.hi[0] * d, b.hi[1] * d};
}

// Our own flattened bounding box in database units: node boxes, wire segments widened by
// half the width sideways only (PATHTYPE 0 ends flush), via squares on interior points.
Box<2> expected_db_bbox(const Layout<2>& layout, const GdsOptions& o) {
  constexpr Coord kMax = std::numeric_limits<Coord>::max();
  constexpr Coord kMin = std::numeric_limits<Coord>::min();
  const Coord d = o.db_per_grid, hw = o.wire_width_db / 2, hv = o.via_side_db / 2;
  Box<2> bb{kMax, kMax, kMin, kMin};
  walk_instances(layout, layout.top, Transform<2>{}, 0, [&](std::int32_t c, Transform<2> t, int) {
    t.offset = {t.offset.x() * d, t.offset.y() * d};  // scaling commutes with the linear part
    const Cell<2>& cell = layout.cells[c];
    for (const Box<2>& b : cell.node_box) bb = bb.united(t.apply(db_box(b, d)));
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto pts = cell.wire(w);
      for (std::size_t i = 1; i < pts.size(); ++i) {
        Box<2> s = db_box(Box<2>::around(pts[i - 1], pts[i]), d);
        s = s.lo[1] == s.hi[1] ? Box<2>{s.lo[0], s.lo[1] - hw, s.hi[0], s.hi[1] + hw}
                               : Box<2>{s.lo[0] - hw, s.lo[1], s.hi[0] + hw, s.hi[1]};
        bb = bb.united(t.apply(s));
        if (i + 1 < pts.size()) {
          const Point<2> p{pts[i].x() * d, pts[i].y() * d};
          bb = bb.united(t.apply(Box<2>{p.x() - hv, p.y() - hv, p.x() + hv, p.y() + hv}));
        }
      }
    }
    return true;
  });
  return bb;
}

GdsBox to_gds(const Box<2>& b) {
  return {b.lo[0], b.lo[1], b.hi[0], b.hi[1]};
}

std::vector<std::uint8_t> bytes_of(const std::string& path) {
  return gds_reader::read_file_bytes(path);
}

// A technology like sky130's: 0.46 um tracks, 1 nm database units, 0.14 um wires, 0.15 um vias.
Technology sky130_like() {
  Technology t;
  t.name = "sky130";
  t.grid_unit_um = 0.46;
  t.layers = {{"met1", 0.34}, {"met2", 0.46}};
  t.via_um = 0.15;
  t.wire_width_um = 0.14;
  t.database_unit_um = 0.001;
  return t;
}

std::string text_of(const std::string& path) {
  const auto bytes = gds_reader::read_file_bytes(path);
  return {bytes.begin(), bytes.end()};
}

std::vector<std::string> structure_names(const GdsLibrary& lib) {
  std::vector<std::string> names;
  for (const auto& s : lib.structures) names.push_back(s.name);
  return names;
}

}  // namespace

TEST_SUITE("gds_writer") {
  TEST_CASE("a written GDS reads back with the same cells, shape counts and bounding box") {
    const TempDir dir;
    const Layout<2> layout = make_layout();
    const GdsOptions options;
    write_gds(layout, dir.file("a.gds"), options);

    const GdsLibrary lib = gds_reader::read_gds(dir.file("a.gds"));
    CHECK(lib.version == 600);
    CHECK(lib.name == "FTVLSI");
    CHECK(structure_names(lib) == std::vector<std::string>{"leaf", "pair", "top_level_"});

    const FlatGds flat = gds_reader::flatten_gds(lib);
    CHECK(flat.top == "top_level_");
    CHECK(flat.count(kGdsNodeLayer, 0) == 4);  // processors
    CHECK(flat.count(kGdsNodeLayer, 1) == 2);  // switches
    CHECK(flat.count(kGdsNodeLayer, 2) == 1);  // interface pads
    CHECK(flat.count(kGdsWireLayer0) == 2 * 4 + 1);
    CHECK(flat.count(kGdsWireLayer1) == 2 * 3 + 2);
    const FlatCounts counts = layout.flat_counts()[layout.top];
    CHECK(flat.count(kGdsViaLayer) == counts.vias);
    CHECK(counts.vias == 2 * 5 + 2);
    CHECK(flat.count(kGdsNodeLayer, 0) + flat.count(kGdsNodeLayer, 1) +
              flat.count(kGdsNodeLayer, 2) ==
          counts.nodes);
    CHECK(flat.count(kGdsWireLayer0) + flat.count(kGdsWireLayer1) == counts.segments);

    CHECK(flat.bbox == to_gds(expected_db_bbox(layout, options)));
    // The interface pad sets the bottom, the mirrored pair the top and right.
    CHECK(flat.bbox == GdsBox{0, -40, 300, 200});
  }

  TEST_CASE("instances become SREFs carrying their mirror and rotation") {
    const TempDir dir;
    write_gds(make_layout(), dir.file("a.gds"));
    const GdsLibrary lib = gds_reader::read_gds(dir.file("a.gds"));
    const auto* pair = lib.find("pair");
    const auto* top = lib.find("top_level_");
    REQUIRE(pair != nullptr);
    REQUIRE(top != nullptr);
    REQUIRE(pair->srefs.size() == 2);
    CHECK(pair->srefs[0].name == "leaf");
    CHECK(pair->srefs[0].strans == 0);
    CHECK(pair->srefs[0].angle == 0);
    CHECK(pair->srefs[0].xy == gds_reader::GdsPoint{0, 0});
    CHECK(pair->srefs[1].strans == 0x8000);
    CHECK(pair->srefs[1].angle == 90);
    CHECK(pair->srefs[1].xy == gds_reader::GdsPoint{100, 60});
    REQUIRE(top->srefs.size() == 2);
    CHECK(top->srefs[0].name == "pair");
    CHECK(top->srefs[0].strans == 0);
    CHECK(top->srefs[0].angle == 180);
    CHECK(top->srefs[1].strans == 0x8000);
    CHECK(top->srefs[1].angle == 270);
    CHECK(top->srefs[1].xy == gds_reader::GdsPoint{300, 200});
    // Wires are flush-ended paths of the configured width.
    REQUIRE(!pair->paths.empty());
    CHECK(pair->paths[0].pathtype == 0);
    CHECK(pair->paths[0].width == GdsOptions{}.wire_width_db);
  }

  TEST_CASE("UNITS carry the database unit in micrometres and in metres") {
    const TempDir dir;
    GdsOptions options;
    write_gds(make_layout(), dir.file("a.gds"), options);
    GdsLibrary lib = gds_reader::read_gds(dir.file("a.gds"));
    CHECK(lib.user_units_per_db == doctest::Approx(0.1).epsilon(1e-15));
    CHECK(lib.meters_per_db == doctest::Approx(1e-7).epsilon(1e-15));
    // The same bytes KLayout 0.28 writes for a 0.1 um database unit.
    const auto records = gds_reader::parse_gds_records(bytes_of(dir.file("a.gds")));
    const auto units = std::find_if(records.begin(), records.end(), [](const auto& r) {
      return r.id() == gds_reader::record_id::kUnits;
    });
    REQUIRE(units != records.end());
    CHECK(units->data == std::vector<std::uint8_t>{0x40, 0x19, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9A,
                                                   0x3B, 0x1A, 0xD7, 0xF2, 0x9A, 0xBC, 0xAF, 0x48});

    options.db_unit_meters = 1e-9;
    options.library = "NM";
    write_gds(make_layout(), dir.file("b.gds"), options);
    lib = gds_reader::read_gds(dir.file("b.gds"));
    CHECK(lib.name == "NM");
    CHECK(lib.user_units_per_db == doctest::Approx(1e-3).epsilon(1e-15));
    CHECK(lib.meters_per_db == doctest::Approx(1e-9).epsilon(1e-15));
  }

  TEST_CASE("without a technology a grid unit is 1 um in 0.1 um database units") {
    const GdsOptions o = gds_options(std::nullopt);
    CHECK(o.db_per_grid == 10);
    CHECK(o.db_unit_meters == 1e-7);
    CHECK(o.wire_width_db == 2);
    CHECK(o.via_side_db == 4);
    CHECK(o.wiring_layers[0].empty());
  }

  TEST_CASE("with a technology the GDS is in its database unit and its grid unit") {
    const TempDir dir;
    const Layout<2> layout = make_layout();
    const GdsOptions o = gds_options(sky130_like());
    CHECK(o.db_per_grid == 460);
    CHECK(o.wire_width_db == 140);
    CHECK(o.via_side_db == 150);
    write_gds(layout, dir.file("a.gds"), o);
    const GdsLibrary lib = gds_reader::read_gds(dir.file("a.gds"));
    CHECK(lib.user_units_per_db == doctest::Approx(1e-3).epsilon(1e-15));
    CHECK(lib.meters_per_db == doctest::Approx(1e-9).epsilon(1e-15));
    const FlatGds flat = gds_reader::flatten_gds(lib);
    CHECK(flat.bbox == to_gds(expected_db_bbox(layout, o)));
    // The interface pad's bottom is grid -4: 4 x 0.46 um = 1840 nm below the origin.
    CHECK(flat.bbox.y0 == -1840);
    const auto* pair = lib.find("pair");
    REQUIRE(pair != nullptr);
    REQUIRE(!pair->paths.empty());
    CHECK(pair->paths[0].width == 140);
    // An odd via in database units is rounded up to an even side, centred on its track.
    Technology odd = sky130_like();
    odd.via_um = 0.015;
    CHECK(gds_options(odd).via_side_db == 16);
  }

  TEST_CASE("the top structure carries the label, and FILE.lyp names every layer written") {
    const TempDir dir;
    const Layout<2> layout = make_layout();
    GdsOptions o = gds_options(sky130_like());
    o.label = "fat-tree n=4 capacity=universal style=h-tree technology=sky130";
    write_gds(layout, dir.file("a.gds"), o);
    const GdsLibrary lib = gds_reader::read_gds(dir.file("a.gds"));
    for (const auto& st : lib.structures) {
      CAPTURE(st.name);
      CHECK(st.texts.size() == (st.name == "top_level_" ? 1u : 0u));
    }
    const auto& text = lib.find("top_level_")->texts.at(0);
    CHECK(text.layer == kGdsLabelLayer);
    CHECK(text.text == o.label);
    // At the top cell's lower left corner (grid (0, -4)), a twentieth of its narrower side high
    // (20 grid units: 1), in um.
    CHECK(text.xy == gds_reader::GdsPoint{0, -4 * 460});
    CHECK(text.mag == doctest::Approx(0.46));
    const std::string lyp = text_of(dir.file("a.lyp"));
    CHECK(lyp.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<layer-properties>"));
    for (const char* entry :
         {"<name>processor</name>\n  <source>1/0@1</source>",
          "<name>switch</name>\n  <source>1/1@1</source>",
          "<name>interface pad</name>\n  <source>1/2@1</source>",
          "<name>met1: wiring layer 0 (horizontal)</name>\n  <source>10/0@1</source>",
          "<name>met2: wiring layer 1 (vertical)</name>\n  <source>11/0@1</source>",
          "<name>via</name>\n  <source>20/0@1</source>",
          "<name>label (technology sky130)</name>\n  <source>30/0@1</source>"}) {
      CAPTURE(entry);
      CHECK(lyp.find(entry) != std::string::npos);
    }
    // Every layer the GDS draws on has an entry.
    for (const auto& entry : gds_reader::flatten_gds(lib).shapes) {
      const std::string source =
          fmt::format("<source>{}/{}@1</source>", entry.first.layer, entry.first.datatype);
      CAPTURE(source);
      CHECK(lyp.find(source) != std::string::npos);
    }
    // A GDS written to a device has nothing beside it.
    write_gds(layout, "/dev/null", o);
    CHECK_FALSE(fs::exists("/dev/null.lyp"));
    CHECK(layer_properties_path("/dev/null") == std::nullopt);
    CHECK(layer_properties_path("out/x.gds") == "out/x.lyp");
    CHECK(layer_properties_path("out/x") == "out/x.lyp");
  }

  TEST_CASE("writing the same layout twice gives identical bytes") {
    const TempDir dir;
    const Layout<2> layout = make_layout();
    write_gds(layout, dir.file("a.gds"));
    write_gds(layout, dir.file("b.gds"));
    const auto a = bytes_of(dir.file("a.gds"));
    CHECK(!a.empty());
    CHECK(a == bytes_of(dir.file("b.gds")));
    // The library timestamp is fixed, not the time of writing.
    const GdsLibrary lib = gds_reader::parse_gds(a);
    CHECK(lib.timestamp == std::vector<std::int16_t>{2000, 1, 1, 0, 0, 0, 2000, 1, 1, 0, 0, 0});
    CHECK(lib.structures.at(0).timestamp == lib.timestamp);
  }

  TEST_CASE("a coordinate beyond GDSII's 32 bits throws GeometryError and leaves no file") {
    const TempDir dir;
    Layout<2> layout;
    layout.cells.push_back(make_leaf());
    Cell<2> top;
    top.name = "top";
    SUBCASE("a node far from the origin") {
      top.add_node({300'000'000, 0, 300'000'002, 2}, NodeKind::kSwitch, 0);
    }
    SUBCASE("an instance far from the origin") {
      top.add_instance(0, Transform<2>::translation({0, -250'000'000}));
    }
    layout.cells.push_back(std::move(top));
    layout.top = 1;
    CHECK_THROWS_WITH_AS(write_gds(layout, dir.file("big.gds")),
                         doctest::Contains("beyond GDSII's 32-bit coordinates"), GeometryError);
    CHECK(dir.entries().empty());
  }

  TEST_CASE("writing into a missing directory throws IoError") {
    const TempDir dir;
    CHECK_THROWS_AS(write_gds(make_layout(), dir.file("missing/a.gds")), IoError);
    CHECK(dir.entries().empty());
  }

  TEST_CASE("cell names are sanitized to GDS characters, at most 32 long and unique") {
    const TempDir dir;
    Layout<2> layout;
    for (const char* name : {"a b", "a-b", "", "x234567890123456789012345678901234567890",
                             "x2345678901234567890123456789012345678901", "ok$?_9"}) {
      Cell<2> cell = make_leaf();
      cell.name = name;
      if (!layout.cells.empty()) {
        cell.add_instance(static_cast<std::int32_t>(layout.cells.size() - 1), Transform<2>{});
      }
      layout.cells.push_back(std::move(cell));
    }
    layout.top = static_cast<std::int32_t>(layout.cells.size() - 1);
    write_gds(layout, dir.file("names.gds"));
    const GdsLibrary lib = gds_reader::read_gds(dir.file("names.gds"));
    CHECK(structure_names(lib) ==
          std::vector<std::string>{"a_b", "a_b_1", "CELL", "x2345678901234567890123456789012",
                                   "x23456789012345678901234567890_1", "ok$?_9"});
    // Every SREF names the sanitized structure, so the hierarchy still flattens.
    CHECK(gds_reader::flatten_gds(lib).count(kGdsNodeLayer, 0) == 6);
  }

  TEST_CASE("collinear points and zero-length segments neither split a path nor add a via") {
    const TempDir dir;
    Layout<2> layout;
    Cell<2> cell;
    cell.name = "w";
    cell.add_node({0, 0, 1, 1}, NodeKind::kProcessor, 0);
    cell.add_wire(std::vector<Point<2>>{{1, 0}, {3, 0}, {3, 0}, {5, 0}, {5, 4}, {5, 6}, {2, 6}}, 0,
                  WireDir::kUp, Terminal::node(0), Terminal::node(0));
    layout.cells.push_back(std::move(cell));
    layout.top = 0;
    write_gds(layout, dir.file("w.gds"));
    const FlatGds flat = gds_reader::flatten_gds(gds_reader::read_gds(dir.file("w.gds")));
    CHECK(flat.count(kGdsWireLayer0) == 2);
    CHECK(flat.count(kGdsWireLayer1) == 1);
    CHECK(flat.count(kGdsViaLayer) == 2);
    CHECK(flat.shapes.at({kGdsWireLayer0, 0}).at(0) == GdsBox{10, -1, 50, 1});
    CHECK(flat.shapes.at({kGdsWireLayer1, 0}).at(0) == GdsBox{49, 0, 51, 60});
    // Vias are squares of via_side_db centred on the bends.
    CHECK(flat.shapes.at({kGdsViaLayer, 0}).at(0) == GdsBox{48, -2, 52, 2});
    CHECK(flat.shapes.at({kGdsViaLayer, 0}).at(1) == GdsBox{48, 58, 52, 62});
  }

  TEST_CASE("a wire that doubles back on its axis gets a second path but no via") {
    const TempDir dir;
    Layout<2> layout;
    Cell<2> cell;
    cell.name = "back";
    cell.add_wire(std::vector<Point<2>>{{0, 0}, {4, 0}, {2, 0}}, 0, WireDir::kUp, Terminal::node(0),
                  Terminal::node(0));
    layout.cells.push_back(std::move(cell));
    layout.top = 0;
    write_gds(layout, dir.file("b.gds"));
    const FlatGds flat = gds_reader::flatten_gds(gds_reader::read_gds(dir.file("b.gds")));
    CHECK(flat.count(kGdsWireLayer0) == 2);
    CHECK(flat.count(kGdsViaLayer) == 0);
    CHECK(flat.bbox == GdsBox{0, -1, 40, 1});
  }

  TEST_CASE("a diagonal wire segment throws GeometryError and leaves no file") {
    const TempDir dir;
    Layout<2> layout;
    Cell<2> cell;
    cell.name = "d";
    cell.add_wire(std::vector<Point<2>>{{0, 0}, {1, 1}}, 0, WireDir::kUp, Terminal::node(0),
                  Terminal::node(0));
    layout.cells.push_back(std::move(cell));
    layout.top = 0;
    CHECK_THROWS_AS(write_gds(layout, dir.file("d.gds")), GeometryError);
    CHECK(dir.entries().empty());
  }
}

}  // namespace ftvlsi
