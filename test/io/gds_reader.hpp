#pragma once
// A small GDSII reader for the tests: enough of the stream format to read back what
// write_gds() produces (BOUNDARY, PATH, SREF) and to flatten it. It is deliberately written
// independently of the library's geometry code (own transform matrices, own bounding boxes),
// so that a test comparing the two checks the writer rather than repeating it.
// Errors throw std::runtime_error.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ftvlsi::gds_reader {

struct GdsPoint {
  std::int64_t x = 0;
  std::int64_t y = 0;
  friend bool operator==(const GdsPoint&, const GdsPoint&) = default;
};

struct GdsBox {
  std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  friend bool operator==(const GdsBox&, const GdsBox&) = default;
  GdsBox united(const GdsBox& o) const {
    return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)};
  }
};

// Record ids (record type << 8 | data type) this reader knows.
namespace record_id {
inline constexpr std::uint16_t kHeader = 0x0002, kBgnLib = 0x0102, kLibName = 0x0206,
                               kUnits = 0x0305, kEndLib = 0x0400, kBgnStr = 0x0502,
                               kStrName = 0x0606, kEndStr = 0x0700, kBoundary = 0x0800,
                               kPath = 0x0900, kSref = 0x0A00, kAref = 0x0B00, kText = 0x0C00,
                               kLayer = 0x0D02, kDatatype = 0x0E02, kWidth = 0x0F03, kXy = 0x1003,
                               kEndEl = 0x1100, kSname = 0x1206, kNode = 0x1500, kStrans = 0x1A01,
                               kMag = 0x1B05, kAngle = 0x1C05, kPathtype = 0x2102, kBox = 0x2D00,
                               kString = 0x1906;
}  // namespace record_id

// One raw record: type (high byte of the record id), data type (low byte) and payload.
struct GdsRecord {
  std::uint8_t type = 0;
  std::uint8_t data_type = 0;
  std::vector<std::uint8_t> data;

  std::uint16_t id() const { return static_cast<std::uint16_t>(type << 8 | data_type); }
  std::int16_t i16(std::size_t k) const {
    return static_cast<std::int16_t>(data.at(2 * k) << 8 | data.at(2 * k + 1));
  }
  std::int32_t i32(std::size_t k) const {
    std::uint32_t v = 0;
    for (std::size_t b = 0; b < 4; ++b) v = v << 8 | data.at(4 * k + b);
    return static_cast<std::int32_t>(v);
  }
  double real(std::size_t k) const;
  // The string payload without its NUL padding.
  std::string str() const {
    std::string s(data.begin(), data.end());
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
  }
};

// GDSII's 8-byte real: sign, 7-bit excess-64 base-16 exponent, 56-bit mantissa.
inline double decode_gds_real(std::span<const std::uint8_t, 8> bytes) {
  std::uint64_t mantissa = 0;
  for (std::size_t b = 1; b < 8; ++b) mantissa = mantissa << 8 | bytes[b];
  const int exponent = (bytes[0] & 0x7F) - 64;
  const double magnitude = std::ldexp(static_cast<double>(mantissa), 4 * exponent - 56);
  return (bytes[0] & 0x80) != 0 ? -magnitude : magnitude;
}

inline double GdsRecord::real(std::size_t k) const {
  if (data.size() < 8 * (k + 1)) throw std::runtime_error("GDS real record too short");
  return decode_gds_real(std::span<const std::uint8_t, 8>(data.data() + 8 * k, 8));
}

struct GdsBoundary {
  int layer = 0;
  int datatype = 0;
  std::vector<GdsPoint> points;  // closed: the last point repeats the first
};

struct GdsPath {
  int layer = 0;
  int datatype = 0;
  int pathtype = 0;
  std::int32_t width = 0;
  std::vector<GdsPoint> points;
};

struct GdsSref {
  std::string name;
  std::uint16_t strans = 0;  // 0x8000: mirror about the x axis before rotating
  double angle = 0;          // degrees counter-clockwise
  double mag = 1;
  GdsPoint xy;
};

struct GdsText {
  int layer = 0;
  std::string text;
  double mag = 1;  // the text's height in user units
  GdsPoint xy;
};

struct GdsStructure {
  std::string name;
  std::vector<GdsText> texts;
  std::vector<std::int16_t> timestamp;
  std::vector<GdsBoundary> boundaries;
  std::vector<GdsPath> paths;
  std::vector<GdsSref> srefs;
  std::size_t other_elements = 0;  // BOX, NODE: read and ignored
};

struct GdsLibrary {
  int version = 0;
  std::string name;
  std::vector<std::int16_t> timestamp;
  double user_units_per_db = 0;  // UNITS, first value
  double meters_per_db = 0;      // UNITS, second value
  std::vector<GdsStructure> structures;

  const GdsStructure* find(const std::string& structure) const {
    for (const auto& s : structures) {
      if (s.name == structure) return &s;
    }
    return nullptr;
  }
};

// Splits a stream into records; stops after ENDLIB (trailing zero padding is allowed).
inline std::vector<GdsRecord> parse_gds_records(std::span<const std::uint8_t> bytes) {
  std::vector<GdsRecord> records;
  std::size_t at = 0;
  while (at + 4 <= bytes.size()) {
    const std::size_t length = static_cast<std::size_t>(bytes[at] << 8 | bytes[at + 1]);
    if (length < 4 || length % 2 != 0 || at + length > bytes.size()) {
      throw std::runtime_error("malformed GDS record at byte " + std::to_string(at));
    }
    GdsRecord r{
        bytes[at + 2], bytes[at + 3], {bytes.begin() + at + 4, bytes.begin() + at + length}};
    at += length;
    records.push_back(std::move(r));
    if (records.back().id() == record_id::kEndLib) return records;
  }
  throw std::runtime_error("GDS stream ends without ENDLIB");
}

inline std::vector<std::uint8_t> read_file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open '" + path + "'");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

namespace detail {

// Everything an element can carry; moved into its typed vector at ENDEL.
struct Element {
  std::uint16_t kind = 0;  // the record id that opened the element
  int layer = 0, datatype = 0, pathtype = 0;
  std::int32_t width = 0;
  GdsSref sref;
  std::string text;
  std::vector<GdsPoint> points;
};

inline void finish_element(Element& e, GdsStructure& s) {
  switch (e.kind) {
    case record_id::kBoundary:
      s.boundaries.push_back({e.layer, e.datatype, std::move(e.points)});
      break;
    case record_id::kPath:
      s.paths.push_back({e.layer, e.datatype, e.pathtype, e.width, std::move(e.points)});
      break;
    case record_id::kSref:
      if (e.points.size() != 1) throw std::runtime_error("SREF needs exactly one XY point");
      e.sref.xy = e.points[0];
      s.srefs.push_back(std::move(e.sref));
      break;
    case record_id::kText:
      if (e.points.size() != 1) throw std::runtime_error("TEXT needs exactly one XY point");
      s.texts.push_back({e.layer, std::move(e.text), e.sref.mag, e.points[0]});
      break;
    default:
      ++s.other_elements;
      break;
  }
  e = Element{};
}

inline void element_attribute(const GdsRecord& r, Element& e) {
  using namespace record_id;
  switch (r.id()) {
    case kLayer:
      e.layer = r.i16(0);
      break;
    case kDatatype:
      e.datatype = r.i16(0);
      break;
    case kPathtype:
      e.pathtype = r.i16(0);
      break;
    case kWidth:
      e.width = r.i32(0);
      break;
    case kSname:
      e.sref.name = r.str();
      break;
    case kString:
      e.text = r.str();
      break;
    case kStrans:
      e.sref.strans = static_cast<std::uint16_t>(r.i16(0));
      break;
    case kMag:
      e.sref.mag = r.real(0);
      break;
    case kAngle:
      e.sref.angle = r.real(0);
      break;
    case kXy:
      for (std::size_t k = 0; 8 * k + 8 <= r.data.size(); ++k) {
        e.points.push_back({r.i32(2 * k), r.i32(2 * k + 1)});
      }
      break;
    default:
      break;  // TEXTTYPE, PRESENTATION, PROPATTR, ENDSTR, ...
  }
}

inline GdsStructure& current(GdsLibrary& lib) {
  if (lib.structures.empty()) throw std::runtime_error("GDS element outside a structure");
  return lib.structures.back();
}

inline std::vector<std::int16_t> timestamp_of(const GdsRecord& r) {
  std::vector<std::int16_t> t;
  for (std::size_t k = 0; 2 * k + 1 < r.data.size(); ++k) t.push_back(r.i16(k));
  return t;
}

}  // namespace detail

inline GdsLibrary parse_gds(std::span<const std::uint8_t> bytes) {
  using namespace record_id;
  GdsLibrary lib;
  detail::Element element;
  for (const GdsRecord& r : parse_gds_records(bytes)) {
    switch (r.id()) {
      case kHeader:
        lib.version = r.i16(0);
        break;
      case kBgnLib:
        lib.timestamp = detail::timestamp_of(r);
        break;
      case kLibName:
        lib.name = r.str();
        break;
      case kUnits:
        lib.user_units_per_db = r.real(0);
        lib.meters_per_db = r.real(1);
        break;
      case kBgnStr:
        lib.structures.emplace_back().timestamp = detail::timestamp_of(r);
        break;
      case kStrName:
        detail::current(lib).name = r.str();
        break;
      case kBoundary:
      case kPath:
      case kSref:
      case kText:
      case kNode:
      case kBox:
        element.kind = r.id();
        break;
      case kAref:
        throw std::runtime_error("AREF is not supported by this test reader");
      case kEndEl:
        detail::finish_element(element, detail::current(lib));
        break;
      default:
        detail::element_attribute(r, element);
        break;
    }
  }
  return lib;
}

inline GdsLibrary read_gds(const std::string& path) {
  const std::vector<std::uint8_t> bytes = read_file_bytes(path);
  return parse_gds(bytes);
}

// The structure no other structure references; throws unless there is exactly one.
inline const GdsStructure& top_structure(const GdsLibrary& lib) {
  std::set<std::string> referenced;
  for (const auto& s : lib.structures) {
    for (const auto& r : s.srefs) referenced.insert(r.name);
  }
  const GdsStructure* top = nullptr;
  for (const auto& s : lib.structures) {
    if (referenced.count(s.name) != 0) continue;
    if (top != nullptr) throw std::runtime_error("GDS library has several top structures");
    top = &s;
  }
  if (top == nullptr) throw std::runtime_error("GDS library has no top structure");
  return *top;
}

struct LayerKey {
  int layer = 0;
  int datatype = 0;
  friend auto operator<=>(const LayerKey&, const LayerKey&) = default;
};

// The flattened top structure: every shape's bounding box in top coordinates (database
// units), grouped by layer/datatype.
struct FlatGds {
  std::string top;
  std::map<LayerKey, std::vector<GdsBox>> shapes;
  GdsBox bbox;
  bool empty = true;
  double user_units_per_db = 0;
  double meters_per_db = 0;

  std::size_t count(int layer, int datatype = 0) const {
    const auto it = shapes.find({layer, datatype});
    return it == shapes.end() ? 0 : it->second.size();
  }
};

namespace detail {

// An axis-preserving affine map: [a b; c d] * p + (dx, dy).
struct Affine {
  std::int64_t a = 1, b = 0, c = 0, d = 1, dx = 0, dy = 0;

  GdsPoint apply(GdsPoint p) const { return {a * p.x + b * p.y + dx, c * p.x + d * p.y + dy}; }
  GdsBox apply(const GdsBox& box) const {
    const GdsPoint p = apply(GdsPoint{box.x0, box.y0});
    const GdsPoint q = apply(GdsPoint{box.x1, box.y1});
    return {std::min(p.x, q.x), std::min(p.y, q.y), std::max(p.x, q.x), std::max(p.y, q.y)};
  }
  // (*this) after inner.
  Affine then_inner(const Affine& in) const {
    const GdsPoint o = apply(GdsPoint{in.dx, in.dy});
    return {a * in.a + b * in.c,
            a * in.b + b * in.d,
            c * in.a + d * in.c,
            c * in.b + d * in.d,
            o.x,
            o.y};
  }
};

// The SREF's placement: mirror about x (STRANS bit 0), then rotate, then translate.
inline Affine placement(const GdsSref& r) {
  if (r.mag != 1.0) throw std::runtime_error("SREF with MAG != 1 is not supported");
  const double turns = r.angle / 90.0;
  if (turns != std::round(turns)) throw std::runtime_error("SREF angle is not a right angle");
  const int q = ((static_cast<int>(std::lround(turns)) % 4) + 4) % 4;
  static constexpr std::int64_t kCos[4] = {1, 0, -1, 0}, kSin[4] = {0, 1, 0, -1};
  const std::int64_t m = (r.strans & 0x8000) != 0 ? -1 : 1;
  return {kCos[q], -kSin[q] * m, kSin[q], kCos[q] * m, r.xy.x, r.xy.y};
}

inline GdsBox points_box(const std::vector<GdsPoint>& points) {
  if (points.empty()) throw std::runtime_error("GDS element without points");
  GdsBox box{points[0].x, points[0].y, points[0].x, points[0].y};
  for (const auto& p : points) box = box.united({p.x, p.y, p.x, p.y});
  return box;
}

// A Manhattan path's outline: each segment widened by half the width sideways, and for
// PATHTYPE 1/2 also lengthwise. An odd width is rounded up.
inline GdsBox path_box(const GdsPath& path) {
  const std::int64_t half = (std::abs(path.width) + 1) / 2;
  const std::int64_t ext = path.pathtype == 0 ? 0 : half;
  if (path.points.size() < 2) throw std::runtime_error("GDS path with fewer than 2 points");
  GdsBox box;
  for (std::size_t i = 1; i < path.points.size(); ++i) {
    const GdsPoint p = path.points[i - 1], q = path.points[i];
    GdsBox seg = points_box({p, q});
    if (p.y == q.y) {
      seg = {seg.x0 - ext, seg.y0 - half, seg.x1 + ext, seg.y1 + half};
    } else if (p.x == q.x) {
      seg = {seg.x0 - half, seg.y0 - ext, seg.x1 + half, seg.y1 + ext};
    } else {
      throw std::runtime_error("GDS path with a diagonal segment");
    }
    box = i == 1 ? seg : box.united(seg);
  }
  return box;
}

inline void flatten_into(const GdsLibrary& lib, const GdsStructure& s, const Affine& t, int depth,
                         FlatGds& out) {
  if (depth > 64) throw std::runtime_error("GDS hierarchy too deep or cyclic");
  auto add = [&](LayerKey key, const GdsBox& local) {
    const GdsBox box = t.apply(local);
    out.shapes[key].push_back(box);
    out.bbox = out.empty ? box : out.bbox.united(box);
    out.empty = false;
  };
  for (const auto& b : s.boundaries) add({b.layer, b.datatype}, points_box(b.points));
  for (const auto& p : s.paths) add({p.layer, p.datatype}, path_box(p));
  for (const auto& r : s.srefs) {
    const GdsStructure* child = lib.find(r.name);
    if (child == nullptr) throw std::runtime_error("SREF to missing structure " + r.name);
    flatten_into(lib, *child, t.then_inner(placement(r)), depth + 1, out);
  }
}

}  // namespace detail

// Flattens from the top structure (see top_structure()).
inline FlatGds flatten_gds(const GdsLibrary& lib) {
  FlatGds out;
  const GdsStructure& top = top_structure(lib);
  out.top = top.name;
  out.user_units_per_db = lib.user_units_per_db;
  out.meters_per_db = lib.meters_per_db;
  detail::flatten_into(lib, top, detail::Affine{}, 0, out);
  return out;
}

}  // namespace ftvlsi::gds_reader
