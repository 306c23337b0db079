#include "ftvlsi/io/gds_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

// Bounding boxes of every cell in its own grid coordinates, computed here rather than taken
// from Cell::bbox so that the range check does not depend on Layout::finalize() having run.
std::vector<Box<2>> cell_extents(const Layout<2>& layout) {
  constexpr Coord kMax = std::numeric_limits<Coord>::max();
  constexpr Coord kMin = std::numeric_limits<Coord>::min();
  std::vector<Box<2>> boxes(layout.cells.size(), Box<2>{kMax, kMax, kMin, kMin});
  for (std::size_t c = 0; c < layout.cells.size(); ++c) {
    const Cell<2>& cell = layout.cells[c];
    Box<2> bb = boxes[c];
    for (const Box<2>& b : cell.node_box) bb = bb.united(b);
    for (const Point<2>& p : cell.wire_points) bb = bb.united(Box<2>::at(p));
    for (const Instance<2>& inst : cell.instances) {
      FTVLSI_ASSERT(inst.cell >= 0 && static_cast<std::size_t>(inst.cell) < c);
      const Box<2>& sub = boxes[inst.cell];
      const Point<2> o = inst.transform.offset;
      bb = bb.united(Box<2>::at(o));
      if (sub.lo[0] <= sub.hi[0]) bb = bb.united(inst.transform.apply(sub));
    }
    boxes[c] = bb;
  }
  return boxes;
}

// Throws before anything is written when some cell, in its own coordinates or placed in the
// hierarchy, reaches beyond 32-bit database units. Checking every cell's extent (which
// contains all its instances) covers the flattened layout too.
void check_range(const Layout<2>& layout, const GdsOptions& options) {
  const std::vector<Box<2>> boxes = cell_extents(layout);
  const Coord margin = (std::max(options.wire_width_db, options.via_side_db) + 1) / 2;
  const Coord limit = (std::numeric_limits<std::int32_t>::max() - margin) / options.db_per_grid;
  for (std::size_t c = 0; c < boxes.size(); ++c) {
    const Box<2>& b = boxes[c];
    if (b.lo[0] > b.hi[0]) continue;  // an empty cell
    const Coord reach = std::max({-b.lo[0], -b.lo[1], b.hi[0], b.hi[1]});
    if (reach <= limit) continue;
    const Coord span = std::max(b.width(), b.height());
    throw GeometryError(fmt::format(
        "the layout is {} grid units wide (cell '{}' reaches {} from the origin), beyond "
        "GDSII's 32-bit coordinates at {} database units per grid unit; use fewer database "
        "units per grid unit or write a smaller layout",
        span, layout.cells[c].name, reach, options.db_per_grid));
  }
}

void check_options(const GdsOptions& options) {
  if (options.db_per_grid < 1 || options.wire_width_db < 1 || options.via_side_db < 2 ||
      options.via_side_db % 2 != 0 || !(options.db_unit_meters > 0)) {
    throw InputError(fmt::format(
        "invalid GDS options (db_per_grid {}, wire_width_db {}, via_side_db {}, db unit {} m); "
        "use positive values and an even via side so vias centre on their bends",
        options.db_per_grid, options.wire_width_db, options.via_side_db, options.db_unit_meters));
  }
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

  void write_cell(const Cell<2>& cell, std::span<const std::string> names, std::size_t index) {
    record_i16(kBgnStr, kTimestamp);
    record_string(kStrName, names[index]);
    for (std::size_t n = 0; n < cell.node_count(); ++n) {
      write_box(kGdsNodeLayer, datatype_of(cell.node_kind[n]), scaled(cell.node_box[n]));
    }
    for (std::size_t w = 0; w < cell.wire_count(); ++w) write_wire(cell, w);
    for (const Instance<2>& inst : cell.instances) write_sref(inst, names[inst.cell]);
    record(kEndStr);
    if (buffer_.size() >= kFlushBytes) flush();
  }

  void close() {
    record(kEndLib);
    flush();
    file_.commit();
  }

  // For the 3D writer: a structure of absolute-layer shapes and references.
  void begin_structure(const std::string& name) {
    record_i16(kBgnStr, kTimestamp);
    record_string(kStrName, name);
  }
  void end_structure() {
    record(kEndStr);
    if (buffer_.size() >= kFlushBytes) flush();
  }
  void path_on(int layer, Point<2> from, Point<2> to) { write_path(layer, from, to); }
  void box_on(int layer, int datatype, const Box<2>& grid_box) {
    write_box(layer, datatype, scaled(grid_box));
  }
  void via_on(int datatype, Point<2> at) { write_via(at, datatype); }
  void sref(const Instance<2>& inst, const std::string& name) { write_sref(inst, name); }
  static int node_datatype(NodeKind kind) { return datatype_of(kind); }

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

  void write_wire(const Cell<2>& cell, std::size_t w);
  void write_path(int layer, Point<2> from, Point<2> to);
  void write_via(Point<2> at, int datatype = 0);
  void write_box(int layer, int datatype, const Box<2>& db);
  void write_sref(const Instance<2>& inst, const std::string& name);

  void record(std::uint16_t type) { header(type, 0); }
  void record_i16(std::uint16_t type, std::span<const std::int16_t> values);
  void record_i16(std::uint16_t type, std::initializer_list<std::int16_t> values) {
    record_i16(type, std::span<const std::int16_t>(values.begin(), values.size()));
  }
  void record_i32(std::uint16_t type, std::int32_t value);
  void record_reals(std::uint16_t type, std::initializer_list<double> values);
  void record_string(std::uint16_t type, std::string_view text);
  void put_xy(std::initializer_list<Point<2>> db_points);
  void header(std::uint16_t type, std::size_t data_bytes);
  void put_u16(std::uint16_t v);
  void put_u32(std::uint32_t v);
  void put_u64(std::uint64_t v);
  void flush();

  AtomicFile file_;
  GdsOptions options_;
  std::string buffer_;
};

// A wire becomes one PATH per maximal run of segments in one direction (horizontal runs on
// wiring layer 0, vertical ones on layer 1) and one via wherever it turns between the two.
void GdsStream::write_wire(const Cell<2>& cell, std::size_t w) {
  const std::span<const Point<2>> pts = cell.wire(w);
  std::optional<Point<2>> run_start;
  int run_dir = -1;  // 0 +x, 1 -x, 2 +y, 3 -y
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const Point<2> a = pts[i - 1], b = pts[i];
    if (a == b) continue;  // a zero-length segment adds no metal
    if (a.x() != b.x() && a.y() != b.y()) {
      throw GeometryError(fmt::format(
          "wire {} of cell '{}' has a diagonal segment from ({}, {}) to ({}, {}); GDS wires "
          "must be Manhattan, so this is a bug in the layout generator, please report it",
          w, cell.name, a.x(), a.y(), b.x(), b.y()));
    }
    const int dir = a.y() == b.y() ? (b.x() > a.x() ? 0 : 1) : (b.y() > a.y() ? 2 : 3);
    if (dir == run_dir) continue;
    if (run_start) {
      write_path(run_dir < 2 ? kGdsWireLayer0 : kGdsWireLayer1, *run_start, a);
      // A turn between the axes changes wiring layer; a reversal on one axis does not.
      if ((dir < 2) != (run_dir < 2)) write_via(a);
    }
    run_start = a;
    run_dir = dir;
  }
  if (run_start) write_path(run_dir < 2 ? kGdsWireLayer0 : kGdsWireLayer1, *run_start, pts.back());
}

// PATHTYPE 0 (flush ends): a path covers its centreline exactly lengthwise, so abutting runs
// of one wire do not overlap and the via fills the corner where they meet.
void GdsStream::write_path(int layer, Point<2> from, Point<2> to) {
  record(kPath);
  record_i16(kLayer, {static_cast<std::int16_t>(layer)});
  record_i16(kDatatype, {0});
  record_i16(kPathtype, {0});
  record_i32(kWidth, options_.wire_width_db);
  put_xy({scaled(from), scaled(to)});
  record(kEndEl);
}

void GdsStream::write_via(Point<2> at, int datatype) {
  const Point<2> c = scaled(at);
  const Coord half = options_.via_side_db / 2;
  write_box(kGdsViaLayer, datatype, {c.x() - half, c.y() - half, c.x() + half, c.y() + half});
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
  record(kEndEl);
}

void GdsStream::write_sref(const Instance<2>& inst, const std::string& name) {
  const Transform<2>& t = inst.transform;
  const int rotation = t.gds_rotation();
  record(kSref);
  record_string(kSname, name);
  const bool mirror = t.gds_mirror();
  if (mirror || rotation != 0) {
    record_i16(kStrans, {static_cast<std::int16_t>(mirror ? kStransReflect : 0)});
    if (rotation != 0) record_reals(kAngle, {90.0 * rotation});
  }
  put_xy({scaled(t.offset)});
  record(kEndEl);
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
  constexpr Coord kMin = std::numeric_limits<std::int32_t>::min();
  constexpr Coord kMax = std::numeric_limits<std::int32_t>::max();
  header(kXy, 8 * db_points.size());
  for (const Point<2>& p : db_points) {
    if (p.x() < kMin || p.x() > kMax || p.y() < kMin || p.y() > kMax) {
      throw GeometryError(fmt::format(
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

}  // namespace

void write_gds(const Layout<2>& layout, const std::string& path, const GdsOptions& options) {
  check_options(options);
  check_range(layout, options);
  NameTable table;
  std::vector<std::string> names;
  names.reserve(layout.cells.size());
  for (const Cell<2>& cell : layout.cells) names.push_back(table.add(cell.name));
  GdsStream stream(path, options);
  stream.begin();
  for (std::size_t c = 0; c < layout.cells.size(); ++c) {
    stream.write_cell(layout.cells[c], names, c);
  }
  stream.close();
}

namespace {

// One GDS structure per (cell, placement along z): GDS can place a structure anywhere in the
// plane, mirrored or turned, but it cannot move shapes between layers, so each distinct z
// placement of a cell gets its own structure with its shapes on their absolute planes.
class Gds3Writer {
 public:
  Gds3Writer(const Layout<3>& layout, GdsStream& stream) : layout_(layout), stream_(stream) {}

  std::string emit(std::int32_t c, bool z_mirror, Coord z_offset) {
    const Key key{c, z_mirror, z_offset};
    if (const auto it = names_.find(key); it != names_.end()) return it->second;
    const Cell<3>& cell = layout_.cells[c];
    auto z_of = [&](Coord z) { return (z_mirror ? -z : z) + z_offset; };
    std::vector<std::pair<Instance<2>, std::string>> refs;
    for (const auto& inst : cell.instances) {
      const Transform<3>& t = inst.transform;
      const bool zm = z_mirror != (t.sign[2] < 0);
      const Coord zo = z_of(t.offset[2]);
      const std::string child = emit(inst.cell, zm, zo);
      // The placement in the plane: the transform's x and y part.
      Instance<2> flat;
      flat.transform.axis = {t.axis[0], t.axis[1]};
      flat.transform.sign = {t.sign[0], t.sign[1]};
      flat.transform.offset = {t.offset[0], t.offset[1]};
      refs.push_back({flat, child});
    }
    const std::string name = table_.add(fmt::format("{}_z{}{}", cell.name, z_mirror ? "m" : "", z_offset));
    stream_.begin_structure(name);
    for (std::size_t n = 0; n < cell.node_count(); ++n) {
      const Box<3>& b = cell.node_box[n];
      stream_.box_on(kGdsNodeLayer, GdsStream::node_datatype(cell.node_kind[n]),
                     {b.lo[0], b.lo[1], b.hi[0], b.hi[1]});
    }
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto pts = cell.wire(w);
      for (std::size_t i = 1; i < pts.size(); ++i) {
        const Point<3>& a = pts[i - 1];
        const Point<3>& b = pts[i];
        if (a[2] == b[2]) {
          stream_.path_on(gds_plane_layer(z_of(a[2])), {a[0], a[1]}, {b[0], b[1]});
        } else {
          for (Coord z = std::min(a[2], b[2]); z < std::max(a[2], b[2]); ++z)
            stream_.via_on(static_cast<int>(std::min(z_of(z), z_of(z + 1))), {a[0], a[1]});
        }
      }
    }
    for (const auto& [inst, child] : refs) stream_.sref(inst, child);
    stream_.end_structure();
    names_.emplace(key, name);
    return name;
  }

 private:
  using Key = std::tuple<std::int32_t, bool, Coord>;
  const Layout<3>& layout_;
  GdsStream& stream_;
  NameTable table_;
  std::map<Key, std::string> names_;
};

}  // namespace

int gds_plane_layer(Coord z) {
  if (z < 0 || z > 32767 - kGdsPlaneLayer0)
    throw GeometryError(fmt::format(
        "wiring plane {} has no GDS layer (layers {} + z must stay below 32768); write a smaller "
        "layout",
        z, kGdsPlaneLayer0));
  return kGdsPlaneLayer0 + static_cast<int>(z);
}

void write_gds3(const Layout<3>& layout, const std::string& path, const GdsOptions& options) {
  check_options(options);
  const Box<3>& b = layout.cells[layout.top].bbox;
  const Coord limit = (std::numeric_limits<std::int32_t>::max() / 2) / options.db_per_grid;
  for (int a = 0; a < 2; ++a)
    if (b.lo[a] < -limit || b.hi[a] > limit)
      throw GeometryError("the layout is beyond GDSII's 32-bit coordinates; write a smaller one");
  gds_plane_layer(b.lo[2]);
  gds_plane_layer(b.hi[2]);
  GdsStream stream(path, options);
  stream.begin();
  Gds3Writer writer(layout, stream);
  writer.emit(layout.top, false, 0);
  stream.close();
}

}  // namespace ftvlsi
