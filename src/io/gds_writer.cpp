#include "ftvlsi/io/gds_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"

namespace ftvlsi {
namespace {

// Record types (high byte) and data types (low byte) of the GDSII stream format.
enum Record : std::uint16_t {
  kHeader = 0x0002,
  kBgnLib = 0x0102,
  kLibName = 0x0206,
  kUnits = 0x0305,
  kEndLib = 0x0400,
  kBgnStr = 0x0502,
  kStrName = 0x0606,
  kEndStr = 0x0700,
  kBoundary = 0x0800,
  kPath = 0x0900,
  kSref = 0x0A00,
  kLayer = 0x0D02,
  kDatatype = 0x0E02,
  kWidth = 0x0F03,
  kXy = 0x1003,
  kEndEl = 0x1100,
  kSname = 0x1206,
  kStrans = 0x1A01,
  kAngle = 0x1C05,
  kPathtype = 0x2102,
  kText = 0x0C00,
  kTexttype = 0x1602,
  kPresentation = 0x1701,
  kString = 0x1906,
  kMag = 0x1B05,
};

constexpr std::size_t kMaxNameLength = 32;
constexpr std::uint16_t kStransReflect = 0x8000;
// Records are flushed to the file in chunks of about this size.
constexpr std::size_t kFlushBytes = 1 << 16;
// A fixed BGNLIB/BGNSTR timestamp (year, month, day, hour, minute, second, twice: modified
// and accessed), so that the same layout always gives the same bytes.
constexpr std::int16_t kTimestamp[12] = {2000, 1, 1, 0, 0, 0, 2000, 1, 1, 0, 0, 0};

// GDSII's 8-byte real: sign bit, 7-bit base-16 exponent in excess 64, 56-bit mantissa m with
// value = m / 2^56 * 16^(exponent - 64), normalized so that the leading hex digit is not zero.
std::uint64_t encode_gds_real(double value) {
  if (value == 0.0) return 0;
  FTVLSI_ASSERT(std::isfinite(value));
  const std::uint64_t sign = value < 0 ? std::uint64_t{1} << 63 : 0;
  int exp2 = 0;
  const double fraction = std::frexp(std::fabs(value), &exp2);  // |value| = fraction * 2^exp2
  // Choose the base-16 exponent e with 4e >= exp2 > 4e - 4, so fraction * 2^(exp2 - 4e) lies
  // in [1/16, 1).
  int exp16 = exp2 >= 0 ? (exp2 + 3) / 4 : -((-exp2) / 4);
  const int shift = 4 * exp16 - exp2;  // 0..3
  auto mantissa = static_cast<std::uint64_t>(std::llround(std::ldexp(fraction, 56 - shift)));
  if (mantissa >> 56 != 0) {  // rounding carried into a new hex digit
    mantissa >>= 4;
    ++exp16;
  }
  const int biased = exp16 + 64;
  FTVLSI_ASSERT(biased >= 0 && biased <= 127);
  return sign | (static_cast<std::uint64_t>(biased) << 56) | mantissa;
}

// Maps a cell name to GDS-legal characters, at most 32 of them, distinct from all earlier ones.
class NameTable {
 public:
  std::string add(std::string_view raw) {
    std::string base;
    for (char c : raw) base.push_back(is_legal(c) ? c : '_');
    if (base.empty()) base = "CELL";
    std::string name = base.substr(0, kMaxNameLength);
    for (int n = 1; used_.count(name) != 0; ++n) {
      const std::string suffix = fmt::format("_{}", n);
      name = base.substr(0, kMaxNameLength - suffix.size()) + suffix;
    }
    used_.insert(name);
    return name;
  }

 private:
  static bool is_legal(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '?' || c == '$';
  }
  std::set<std::string> used_;
};

// The part of a box, point or transform that GDS draws: the plane of x and y.
template <int D>
Box<2> planar(const Box<D>& b) {
  return {b.lo[0], b.lo[1], b.hi[0], b.hi[1]};
}
template <int D>
Point<2> planar(const Point<D>& p) {
  return {p[0], p[1]};
}
// GDS places a structure in the plane only: a 3D instance may mirror or turn x and y, and
// mirror z (one structure per placement along z), but not exchange z with another axis.
template <int D>
Transform<2> planar(const Transform<D>& t) {
  Transform<2> r;
  for (int a = 0; a < 2; ++a) {
    if (t.axis[a] > 1)
      throw InternalError(9101,
                          "internal error: a 3D instance is turned out of its plane, which GDS "
                          "cannot place; this is a bug in "
                          "the layout generator, please report it");
    r.axis[a] = t.axis[a];
    r.sign[a] = t.sign[a];
    r.offset[a] = t.offset[a];
  }
  return r;
}

// Bounding boxes of every cell in its own grid coordinates, in the plane, computed here rather
// than taken from Cell::bbox so that the range check does not depend on Layout::finalize()
// having run.
template <int D>
std::vector<Box<2>> cell_extents(const Layout<D>& layout) {
  std::vector<Box<2>> boxes(layout.cells.size(), Box<2>::none());
  for (std::size_t c = 0; c < layout.cells.size(); ++c) {
    const Cell<D>& cell = layout.cells[c];
    Box<2> bb = boxes[c];
    for (const Box<D>& b : cell.node_box) bb = bb.united(planar(b));
    for (const Point<D>& p : cell.wire_points) bb = bb.united(Box<2>::at(planar(p)));
    for (const Instance<D>& inst : cell.instances) {
      FTVLSI_ASSERT(inst.cell >= 0 && static_cast<std::size_t>(inst.cell) < c);
      const Box<2>& sub = boxes[inst.cell];
      const Transform<2> t = planar(inst.transform);
      bb = bb.united(Box<2>::at(t.offset));
      if (!sub.empty()) bb = bb.united(t.apply(sub));
    }
    boxes[c] = bb;
  }
  return boxes;
}

// Throws before anything is written when some cell, in its own coordinates or placed in the
// hierarchy, reaches beyond 32-bit database units, or a 3D layout has a plane with no layer.
// Checking every cell's extent (which contains all its instances) covers the flattened layout
// too.
template <int D>
std::vector<Box<2>> check_range(const Layout<D>& layout, const GdsOptions& options) {
  std::vector<Box<2>> boxes = cell_extents(layout);
  const Coord margin = (std::max(options.wire_width_db, options.via_side_db) + 1) / 2;
  const Coord limit = (std::numeric_limits<std::int32_t>::max() - margin) / options.db_per_grid;
  for (std::size_t c = 0; c < boxes.size(); ++c) {
    const Box<2>& b = boxes[c];
    if (b.empty()) continue;
    const Coord reach = std::max({-b.lo[0], -b.lo[1], b.hi[0], b.hi[1]});
    if (reach <= limit) continue;
    const Coord span = std::max(b.width(), b.height());
    throw GeometryError(
        5302,
        fmt::format(
            "the layout is {} grid units wide (cell '{}' reaches {} from the origin), beyond "
            "GDSII's 32-bit coordinates at {} database units per grid unit; use fewer database "
            "units per grid unit or write a smaller layout",
            span, layout.cells[c].name, reach, options.db_per_grid));
  }
  if constexpr (D == 3) {
    const Box<3>& b = layout.cells[layout.top].bbox;
    gds_plane_layer(b.lo[2]);
    gds_plane_layer(b.hi[2]);
  }
  return boxes;
}

void check_options(const GdsOptions& options) {
  if (options.db_per_grid < 1 || options.wire_width_db < 1 || options.via_side_db < 2 ||
      options.via_side_db % 2 != 0 || !(options.db_unit_meters > 0)) {
    throw InputError(
        5303,
        fmt::format(
            "invalid GDS options (db_per_grid {}, wire_width_db {}, via_side_db {}, db unit {} m); "
            "use positive values and an even via side so vias centre on their bends",
            options.db_per_grid, options.wire_width_db, options.via_side_db,
            options.db_unit_meters));
  }
  // A GDS STRING holds at most 512 characters; the label is ours, so this is a bug if it fails.
  FTVLSI_ASSERT(options.label.size() <= 512);
  for (const char c : options.label) FTVLSI_ASSERT(c >= ' ' && c <= '~');
}

// Streams a GDSII library to an AtomicFile: records are assembled in a byte buffer that is
// handed to the file in chunks, and the file only appears at its path after close().
class GdsStream {
 public:
  GdsStream(const std::string& path, const GdsOptions& options) : file_(path), options_(options) {}

  void begin() {
    record_i16(kHeader, {600});
    record_i16(kBgnLib, kTimestamp);
    record_string(kLibName, options_.library);
    // UNITS: a database unit in user units (µm), then in meters.
    record_reals(kUnits, {options_.db_unit_meters / 1e-6, options_.db_unit_meters});
  }

  void close() {
    record(kEndLib);
    flush();
    file_.commit();
  }

  void begin_structure(const std::string& name) {
    record_i16(kBgnStr, kTimestamp);
    record_string(kStrName, name);
  }
  void end_structure() { record(kEndStr); }
  // Shapes in grid units.
  void node(NodeKind kind, const Box<2>& grid_box) {
    write_box(kGdsNodeLayer, datatype_of(kind), scaled(grid_box));
  }
  void path(int layer, Point<2> from, Point<2> to);
  // One PATH through the vertices (a wire's turns within one plane of a 3D layout).
  void path(int layer, std::span<const Point<2>> vertices);
  void via(Point<2> at, int datatype);
  // A TEXT on the label layer at `at` (grid units), its height `height` grid units.
  void text(Point<2> at, Coord height, const std::string& text);
  void sref(const Transform<2>& t, const std::string& name);
  // A 3D via: a reference to the structure holding that plane's via square (half the bytes of
  // the square itself; a 3D layout's GDS is mostly vias), and that structure.
  void via_ref(Point<2> at, const std::string& name);
  void via_structure(const std::string& name, int datatype);

 private:
  static int datatype_of(NodeKind kind) {
    switch (kind) {
      case NodeKind::kProcessor:
        return 0;
      case NodeKind::kSwitch:
        return 1;
      case NodeKind::kInterface:
        return 2;
    }
    return 0;
  }

  // Grid to database units. check_range() has already ruled out overflow; put_xy() still
  // checks every coordinate it writes.
  Coord scaled(Coord v) const { return v * options_.db_per_grid; }
  Point<2> scaled(Point<2> p) const { return {scaled(p.x()), scaled(p.y())}; }
  Box<2> scaled(const Box<2>& b) const {
    return {scaled(b.lo[0]), scaled(b.lo[1]), scaled(b.hi[0]), scaled(b.hi[1])};
  }

  void write_box(int layer, int datatype, const Box<2>& db);

  void record(std::uint16_t type) { header(type, 0); }
  // The buffer goes to the file whenever it is full, so that it stays small however large a
  // structure is.
  void end_element() {
    record(kEndEl);
    if (buffer_.size() >= kFlushBytes) flush();
  }
  void record_i16(std::uint16_t type, std::span<const std::int16_t> values);
  void record_i16(std::uint16_t type, std::initializer_list<std::int16_t> values) {
    record_i16(type, std::span<const std::int16_t>(values.begin(), values.size()));
  }
  void record_i32(std::uint16_t type, std::int32_t value);
  void record_reals(std::uint16_t type, std::initializer_list<double> values);
  void record_string(std::uint16_t type, std::string_view text);
  void put_xy(std::initializer_list<Point<2>> db_points);
  void put_xy(std::span<const Point<2>> db_points);
  void header(std::uint16_t type, std::size_t data_bytes);
  void put_u16(std::uint16_t v);
  void put_u32(std::uint32_t v);
  void put_u64(std::uint64_t v);
  void flush();

  AtomicFile file_;
  GdsOptions options_;
  std::string buffer_;
};

// PATHTYPE 0 (flush ends): a path covers its centreline exactly lengthwise, so abutting runs
// of one wire do not overlap and the via fills the corner where they meet.
void GdsStream::path(int layer, Point<2> from, Point<2> to) {
  const Point<2> pts[2] = {from, to};
  path(layer, pts);
}

void GdsStream::path(int layer, std::span<const Point<2>> vertices) {
  record(kPath);
  record_i16(kLayer, {static_cast<std::int16_t>(layer)});
  record_i16(kDatatype, {0});
  record_i16(kPathtype, {0});
  record_i32(kWidth, options_.wire_width_db);
  std::vector<Point<2>> db;
  for (const Point<2>& p : vertices) db.push_back(scaled(p));
  put_xy(db);
  end_element();
}

void GdsStream::via(Point<2> at, int datatype) {
  const Point<2> c = scaled(at);
  const Coord half = options_.via_side_db / 2;
  write_box(kGdsViaLayer, datatype, {c.x() - half, c.y() - half, c.x() + half, c.y() + half});
}

// PRESENTATION 0x0000 sets the text's origin at its bottom left; MAG is its height in user units
// (µm), which KLayout shows as the text's size.
void GdsStream::text(Point<2> at, Coord height, const std::string& text) {
  record(kText);
  record_i16(kLayer, {kGdsLabelLayer});
  record_i16(kTexttype, {0});
  record_i16(kPresentation, {0});
  record_i16(kStrans, {0});
  record_reals(kMag, {static_cast<double>(scaled(height)) * options_.db_unit_meters / 1e-6});
  put_xy({scaled(at)});
  record_string(kString, text);
  end_element();
}

void GdsStream::write_box(int layer, int datatype, const Box<2>& db) {
  record(kBoundary);
  record_i16(kLayer, {static_cast<std::int16_t>(layer)});
  record_i16(kDatatype, {static_cast<std::int16_t>(datatype)});
  // A BOUNDARY is closed explicitly: the last point repeats the first.
  put_xy({{db.lo[0], db.lo[1]},
          {db.hi[0], db.lo[1]},
          {db.hi[0], db.hi[1]},
          {db.lo[0], db.hi[1]},
          {db.lo[0], db.lo[1]}});
  end_element();
}

void GdsStream::via_ref(Point<2> at, const std::string& name) {
  record(kSref);
  record_string(kSname, name);
  put_xy({scaled(at)});
  end_element();
}

void GdsStream::via_structure(const std::string& name, int datatype) {
  begin_structure(name);
  via({0, 0}, datatype);
  end_structure();
}

void GdsStream::sref(const Transform<2>& t, const std::string& name) {
  const int rotation = t.gds_rotation();
  record(kSref);
  record_string(kSname, name);
  const bool mirror = t.gds_mirror();
  if (mirror || rotation != 0) {
    record_i16(kStrans, {static_cast<std::int16_t>(mirror ? kStransReflect : 0)});
    if (rotation != 0) record_reals(kAngle, {90.0 * rotation});
  }
  put_xy({scaled(t.offset)});
  end_element();
}

void GdsStream::record_i16(std::uint16_t type, std::span<const std::int16_t> values) {
  header(type, 2 * values.size());
  for (std::int16_t v : values) put_u16(static_cast<std::uint16_t>(v));
}

void GdsStream::record_i32(std::uint16_t type, std::int32_t value) {
  header(type, 4);
  put_u32(static_cast<std::uint32_t>(value));
}

void GdsStream::record_reals(std::uint16_t type, std::initializer_list<double> values) {
  header(type, 8 * values.size());
  for (double v : values) put_u64(encode_gds_real(v));
}

// Strings are padded with a NUL to an even length, as every record must be.
void GdsStream::record_string(std::uint16_t type, std::string_view text) {
  const std::size_t padded = text.size() + text.size() % 2;
  header(type, padded);
  buffer_.append(text);
  buffer_.append(padded - text.size(), '\0');
}

void GdsStream::put_xy(std::initializer_list<Point<2>> db_points) {
  put_xy(std::span<const Point<2>>(db_points.begin(), db_points.size()));
}

void GdsStream::put_xy(std::span<const Point<2>> db_points) {
  constexpr Coord kMin = std::numeric_limits<std::int32_t>::min();
  constexpr Coord kMax = std::numeric_limits<std::int32_t>::max();
  header(kXy, 8 * db_points.size());
  for (const Point<2>& p : db_points) {
    if (p.x() < kMin || p.x() > kMax || p.y() < kMin || p.y() > kMax) {
      throw GeometryError(
          5304, fmt::format(
                    "the layout reaches database coordinate ({}, {}), beyond GDSII's 32-bit "
                    "coordinates; use fewer database units per grid unit or write a smaller layout",
                    p.x(), p.y()));
    }
    put_u32(static_cast<std::uint32_t>(static_cast<std::int32_t>(p.x())));
    put_u32(static_cast<std::uint32_t>(static_cast<std::int32_t>(p.y())));
  }
}

void GdsStream::header(std::uint16_t type, std::size_t data_bytes) {
  FTVLSI_ASSERT(data_bytes <= 0xFFFF - 4);
  put_u16(static_cast<std::uint16_t>(data_bytes + 4));
  put_u16(type);
}

// GDSII is big-endian throughout.
void GdsStream::put_u16(std::uint16_t v) {
  buffer_.push_back(static_cast<char>(v >> 8));
  buffer_.push_back(static_cast<char>(v & 0xFF));
}

void GdsStream::put_u32(std::uint32_t v) {
  put_u16(static_cast<std::uint16_t>(v >> 16));
  put_u16(static_cast<std::uint16_t>(v & 0xFFFF));
}

void GdsStream::put_u64(std::uint64_t v) {
  put_u32(static_cast<std::uint32_t>(v >> 32));
  put_u32(static_cast<std::uint32_t>(v & 0xFFFFFFFF));
}

void GdsStream::flush() {
  file_.write(buffer_);
  buffer_.clear();
}

// Writes a layout as GDS structures: one per cell and placement along the axes GDS cannot
// express. A 2D cell is one structure, written in cell order; GDS can place a structure anywhere
// in the plane, mirrored or turned, but it cannot move shapes between layers, so each distinct
// placement of a 3D cell along z (mirror and offset) gets its own structure with its shapes on
// their absolute planes, written before the structures that place it. A 3D via is a reference
// to a one-square structure per plane (VIA_z), written at the end for the planes used.
template <int D>
class StructureWriter {
 public:
  StructureWriter(const Layout<D>& layout, GdsStream& stream, std::string label, Box<2> top_extent,
                  const ProgressFn& progress)
      : layout_(layout),
        stream_(stream),
        label_(std::move(label)),
        top_extent_(top_extent),
        progress_(progress) {
    for (const auto& cell : layout_.cells) total_wires_ += cell.wire_count();
  }

  void write() {
    if constexpr (D == 2) {
      for (std::size_t c = 0; c < layout_.cells.size(); ++c) emit(static_cast<std::int32_t>(c), {});
    } else {
      emit(layout_.top, {});
      for (const auto& [datatype, name] : via_names_) stream_.via_structure(name, datatype);
    }
  }

 private:
  struct AlongZ {  // a 3D placement's part along z: z -> (mirror ? -z : z) + offset
    bool mirror = false;
    Coord offset = 0;
    Coord apply(Coord z) const { return (mirror ? -z : z) + offset; }
    auto operator<=>(const AlongZ&) const = default;
  };

  std::string emit(std::int32_t c, AlongZ z) {
    const std::pair key{c, z};
    if (const auto it = names_.find(key); it != names_.end()) return it->second;
    const Cell<D>& cell = layout_.cells[c];
    std::vector<std::pair<Transform<2>, std::string>> refs;
    for (const auto& inst : cell.instances) {
      AlongZ child;
      if constexpr (D == 3)
        child = {z.mirror != (inst.transform.sign[2] < 0), z.apply(inst.transform.offset[2])};
      refs.push_back({planar(inst.transform), emit(inst.cell, child)});
    }
    const std::string name =
        D == 2 ? table_.add(cell.name)
               : table_.add(fmt::format("{}_z{}{}", cell.name, z.mirror ? "m" : "", z.offset));
    stream_.begin_structure(name);
    for (std::size_t n = 0; n < cell.node_count(); ++n)
      stream_.node(cell.node_kind[n], planar(cell.node_box[n]));
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      poll_cancel();
      write_wire(cell, w, z);
      // A 3D cell may be written once per placement along z: the count stops at the total.
      if (progress_ && ++wires_written_ % kProgressEvery == 0)
        progress_("GDS", std::min(wires_written_, total_wires_), total_wires_);
    }
    for (const auto& [t, child] : refs) stream_.sref(t, child);
    if (c == layout_.top && z == AlongZ{}) write_label();
    stream_.end_structure();
    names_.emplace(key, name);
    return name;
  }

  // A wire becomes one PATH per maximal run of segments in one direction and a via wherever it
  // changes wiring layer: in 2D, runs along x on layer 10 and along y on layer 11, a via where
  // it turns between them; in 3D, runs along x or y on the layer of their plane, a via for each
  // unit step along z (datatype: the lower plane).
  void write_wire(const Cell<D>& cell, std::size_t w, AlongZ z) {
    if constexpr (D == 3)
      write_wire3(cell, w, z);
    else
      write_wire2(cell, w);
  }

  // A 2D wire: one PATH per run along one axis (layer 10 + axis), a via at each turn.
  void write_wire2(const Cell<D>& cell, std::size_t w) {
    const auto pts = cell.wire(w);
    std::optional<Point<D>> run_start;
    int run_dir = -1;  // 2 * axis, + 1 when decreasing
    auto end_run = [&](Point<D> at) {
      if (run_start) stream_.path(kGdsWireLayer0 + run_dir / 2, *run_start, at);
    };
    for (std::size_t i = 1; i < pts.size(); ++i) {
      const Point<D> a = pts[i - 1], b = pts[i];
      if (a == b) continue;  // a zero-length segment adds no metal
      const int axis = manhattan_axis(cell, w, a, b);
      const int dir = 2 * axis + (b[axis] < a[axis]);
      if (dir == run_dir) continue;
      end_run(a);
      // A turn between the axes changes wiring layer; a reversal on one axis does not.
      if (run_start && dir / 2 != run_dir / 2) stream_.via(planar(a), 0);
      run_dir = dir;
      run_start = a;
    }
    end_run(pts.back());
  }

  // A 3D wire: one PATH through every maximal run of its segments within one plane (turns
  // included, so that a turn is not two overlapping paths), a via for each unit step along z.
  void write_wire3(const Cell<D>& cell, std::size_t w, AlongZ z) {
    const auto pts = cell.wire(w);
    std::vector<Point<2>> run;
    auto flush = [&](Coord plane) {
      if (run.size() >= 2) stream_.path(gds_plane_layer(z.apply(plane)), run);
      run.clear();
    };
    for (std::size_t i = 1; i < pts.size(); ++i) {
      const Point<D> a = pts[i - 1], b = pts[i];
      if (a == b) continue;  // a zero-length segment adds no metal
      const int axis = manhattan_axis(cell, w, a, b);
      if (axis == 2) {
        flush(a[2]);
        for (Coord lo = std::min(a[2], b[2]); lo < std::max(a[2], b[2]); ++lo)
          via3(planar(a), static_cast<int>(std::min(z.apply(lo), z.apply(lo + 1))));
        continue;
      }
      if (run.empty()) run.push_back(planar(a));
      const Point<2> to = planar(b);
      // A run that goes on along the same axis and way only moves its last vertex.
      if (run.size() >= 2) {
        const Point<2> p = run[run.size() - 2], q = run.back();
        const bool same_axis =
            (p.x() == q.x()) == (q.x() == to.x()) && (p.y() == q.y()) == (q.y() == to.y());
        const bool same_way =
            (q.x() - p.x()) * (to.x() - q.x()) > 0 || (q.y() - p.y()) * (to.y() - q.y()) > 0;
        if (same_axis && same_way) run.pop_back();
        if (same_axis && !same_way) {  // a reversal: a new path from the turning point
          flush(a[2]);
          run.push_back(planar(a));
        }
      }
      run.push_back(to);
    }
    flush(pts.back()[2]);
  }

  // The label at the top cell's lower left corner, inside its box (so KLayout's bounding box is
  // the layout's), a twentieth of its narrower side high.
  void write_label() {
    if (label_.empty()) return;
    const Box<2>& b = top_extent_;
    const Point<2> at = b.empty() ? Point<2>{0, 0} : Point<2>{b.lo[0], b.lo[1]};
    const Coord side = b.empty() ? 0 : std::min(b.width(), b.height());
    stream_.text(at, std::max<Coord>(1, side / 20), label_);
  }

  void via3(Point<2> at, int datatype) {
    auto it = via_names_.find(datatype);
    if (it == via_names_.end())
      it = via_names_.emplace(datatype, table_.add(fmt::format("VIA_z{}", datatype))).first;
    stream_.via_ref(at, it->second);
  }

  static int manhattan_axis(const Cell<D>& cell, std::size_t w, Point<D> a, Point<D> b) {
    int axis = -1, moving = 0;
    for (int i = 0; i < D; ++i)
      if (a[i] != b[i]) axis = i, ++moving;
    if (moving == 1) return axis;
    throw GeometryError(5305, fmt::format("wire {} of cell '{}' has a diagonal segment; GDS wires "
                                          "must be Manhattan, so this is a "
                                          "bug in the layout generator, please report it",
                                          w, cell.name));
  }

  static constexpr std::uint64_t kProgressEvery = 1 << 14;

  const Layout<D>& layout_;
  GdsStream& stream_;
  std::string label_;
  Box<2> top_extent_;
  const ProgressFn& progress_;
  std::uint64_t total_wires_ = 0, wires_written_ = 0;
  NameTable table_;
  std::map<std::pair<std::int32_t, AlongZ>, std::string> names_;
  std::map<int, std::string> via_names_;  // 3D: the via structure of each plane used
};

}  // namespace

int gds_plane_layer(Coord z) {
  if (z < 0 || z > 32767 - kGdsPlaneLayer0)
    throw GeometryError(5306, fmt::format("wiring plane {} has no GDS layer (layers {} + z must "
                                          "stay below 32768); write a smaller "
                                          "layout",
                                          z, kGdsPlaneLayer0));
  return kGdsPlaneLayer0 + static_cast<int>(z);
}

GdsOptions gds_options(const std::optional<Technology>& technology) {
  GdsOptions o;
  if (!technology) return o;
  const Technology& t = *technology;
  // io/technology_spec.cpp has checked that a grid unit is a whole number of database units (at
  // most 10^6), a via at least two and a wire at least one.
  o.db_per_grid = static_cast<int>(t.database_units_per_grid());
  o.db_unit_meters = t.database_unit_um * 1e-6;
  o.wire_width_db =
      std::max(1, static_cast<int>(std::lround(t.drawn_wire_width_um() / t.database_unit_um)));
  // A via is centred on its track: an even number of database units, rounded up.
  const auto via = static_cast<int>(std::ceil(t.via_um / t.database_unit_um - 1e-9));
  o.via_side_db = std::max(2, via + via % 2);
  o.technology = t.name;
  for (std::size_t i = 0; i < 2 && i < t.layers.size(); ++i) o.wiring_layers[i] = t.layers[i].name;
  return o;
}

namespace {

// "met1: wiring layer 0 (horizontal)" with a technology, "wiring layer 0 (horizontal)" without.
std::string wiring_name(const GdsOptions& o, int i, std::string_view what) {
  const std::string base = fmt::format("wiring layer {} ({})", i, what);
  return o.wiring_layers[i].empty() ? base : o.wiring_layers[i] + ": " + base;
}

// The colour of wiring plane z in 3D: a cycle of six that neighbouring planes never share.
const char* plane_colour(Coord z) {
  static constexpr const char* kColours[] = {"#ff9900", "#00b0c0", "#c040c0",
                                             "#80c000", "#4060ff", "#c08040"};
  return kColours[z % 6];
}

}  // namespace

template <int D>
std::vector<GdsLayer> gds_layers(const Layout<D>& layout, const GdsOptions& options) {
  const char* footprint = D == 3 ? " (footprint)" : "";
  std::vector<GdsLayer> layers{
      {kGdsNodeLayer, 0, fmt::format("processor{}", footprint), "#4060ff", true},
      {kGdsNodeLayer, 1, fmt::format("switch{}", footprint), "#e03030", true},
      {kGdsNodeLayer, 2, fmt::format("interface pad{}", footprint), "#30a030", true}};
  if constexpr (D == 2) {
    layers.push_back({kGdsWireLayer0, 0, wiring_name(options, 0, "horizontal"), "#ff9900", false});
    layers.push_back({kGdsWireLayer1, 0, wiring_name(options, 1, "vertical"), "#00b0c0", false});
    layers.push_back({kGdsViaLayer, 0, "via", "#202020", true});
  } else {
    const Box<3>& b = layout.cells[layout.top].bbox;
    for (Coord z = std::max<Coord>(0, b.lo[2]); !b.empty() && z <= b.hi[2]; ++z)
      layers.push_back(
          {gds_plane_layer(z), 0, fmt::format("wiring plane {}", z), plane_colour(z), false});
    for (Coord z = std::max<Coord>(0, b.lo[2]); !b.empty() && z < b.hi[2]; ++z)
      layers.push_back({kGdsViaLayer, static_cast<int>(z), fmt::format("via {} to {}", z, z + 1),
                        "#202020", true});
  }
  layers.push_back({kGdsLabelLayer, 0,
                    options.technology.empty()
                        ? "label"
                        : fmt::format("label (technology {})", options.technology),
                    "#ff40ff", false});
  return layers;
}

template <int D>
void write_gds(const Layout<D>& layout, const std::string& path, const GdsOptions& options) {
  check_options(options);
  const std::vector<Box<2>> extents = check_range(layout, options);
  const std::vector<GdsLayer> layers = gds_layers(layout, options);
  const std::optional<std::string> lyp = layer_properties_path(path);  // before the GDS exists
  GdsStream stream(path, options);
  stream.begin();
  StructureWriter<D>(layout, stream, options.label,
                     extents.empty() ? Box<2>::none() : extents[layout.top], options.progress)
      .write();
  stream.close();
  if (lyp) write_layer_properties(*lyp, layers);
}

template std::vector<GdsLayer> gds_layers(const Layout<2>&, const GdsOptions&);
template std::vector<GdsLayer> gds_layers(const Layout<3>&, const GdsOptions&);
template void write_gds(const Layout<2>&, const std::string&, const GdsOptions&);
template void write_gds(const Layout<3>&, const std::string&, const GdsOptions&);

}  // namespace ftvlsi
