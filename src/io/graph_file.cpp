#include "ftvlsi/io/graph_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <istream>
#include <iterator>
#include <limits>
#include <numeric>
#include <optional>
#include <system_error>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/io/text_file.hpp"

namespace ftvlsi {
namespace {

// Whitespace-separated tokens of a stream, with the line each came from. Lines whose first
// non-blank character is in `comments` are skipped.
// Whether `c` separates tokens: the C locale's isspace (' ', \t \n \v \f \r), inline and
// independent of the process's locale.
constexpr bool is_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

class Tokens {
 public:
  Tokens(std::istream& in, std::string_view source, std::string_view comments)
      : in_(in), source_(source), comments_(comments), buf_(kChunk) {}

  // The next token on the current line; empty at its end.
  std::string_view on_line() {
    const auto [from, to] = token_from(at_);
    at_ = to;
    return line_.substr(from, to - from);
  }
  // The tokens left on the current line, without taking them.
  std::size_t count_on_line() const {
    std::size_t count = 0;
    for (auto token = token_from(at_); token.first < line_.size(); token = token_from(token.second))
      ++count;
    return count;
  }
  // Moves to the next line that is not blank and not a comment; false at the end.
  bool next_line() {
    while (read_line()) {
      ++line_no_;
      at_ = 0;
      const auto first = line_.find_first_not_of(" \t\r");
      if (first == std::string_view::npos) {
        if (keep_blank) return true;  // a METIS vertex without neighbours
        continue;
      }
      if (comments_.find(line_[first]) != std::string_view::npos) continue;
      return true;
    }
    line_ = {};
    at_ = 0;
    return false;
  }
  // The next token, across lines; `what` names it in the error at the end of the file.
  // FTV-4401: a graph, geometry or mapping file ends too early.
  std::string_view next(std::string_view what) {
    for (;;) {
      if (const auto t = on_line(); !t.empty()) return t;
      if (!next_line()) line_error(4401, fmt::format("the file ends where {} was expected", what));
    }
  }
  // A token of 1 to `digits` decimal digits and nothing else, as its value: the common case,
  // read without from_chars. Up to 18 digits every value fits 64 bits, up to 15 it is exact in a
  // double.
  static std::optional<std::uint64_t> plain_decimal(std::string_view token, std::size_t digits) {
    if (token.empty() || token.size() > digits) return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : token) {
      const auto digit = static_cast<unsigned char>(c - '0');
      if (digit > 9) return std::nullopt;
      value = 10 * value + digit;
    }
    return value;
  }
  template <class T>
  T number(std::string_view token, std::string_view what) {
    if constexpr (std::is_integral_v<T>) {
      if (const auto v = plain_decimal(token, 18);
          v && *v <= static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
        return static_cast<T>(*v);
    } else if (const auto v = plain_decimal(token, 15)) {
      return static_cast<T>(*v);
    }
    T value{};
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || ptr != token.data() + token.size())
      line_error(4402, fmt::format("{} must be a number, not '{}'", what, token));
    return value;
  }
  template <class T>
  T next_number(std::string_view what) {
    return number<T>(next(what), what);
  }
  [[noreturn]] void line_error(int id, const std::string& what) const {
    throw InputError(id, fmt::format("{}:{}: {}; fix the file", source_, line_no_, what));
  }
  std::size_t line_no() const { return line_no_; }
  bool keep_blank = false;  // next_line stops at blank lines too

 private:
  // The stream is read a chunk at a time into buf_ and cut into lines there (as std::getline
  // cuts them: at '\n', a last line without one kept); line_ and the tokens taken from it stay
  // valid until the next line is read.
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  // The bounds [from, to) of the first token of line_ at or after place i (from = the line's
  // size past its last).
  std::pair<std::size_t, std::size_t> token_from(std::size_t i) const {
    while (i < line_.size() && is_space(line_[i])) ++i;
    const std::size_t from = i;
    while (i < line_.size() && !is_space(line_[i])) ++i;
    return {from, i};
  }
  bool read_line() {
    for (;;) {
      const char* const from = buf_.data() + begin_;
      if (const void* nl = std::memchr(from, '\n', end_ - begin_)) {
        const auto len = static_cast<std::size_t>(static_cast<const char*>(nl) - from);
        line_ = std::string_view(from, len);
        begin_ += len + 1;
        return true;
      }
      if (eof_) {
        if (begin_ == end_) return false;
        line_ = std::string_view(from, end_ - begin_);
        begin_ = end_;
        return true;
      }
      // The line goes on past the buffer: keep its start, make room (a longer line than the
      // buffer doubles it) and read on.
      std::memmove(buf_.data(), from, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
      if (end_ == buf_.size()) buf_.resize(2 * buf_.size());
      in_.read(buf_.data() + end_, static_cast<std::streamsize>(buf_.size() - end_));
      const auto got = static_cast<std::size_t>(in_.gcount());
      end_ += got;
      if (got == 0) eof_ = true;
    }
  }

  std::istream& in_;
  std::string_view source_;
  std::string_view comments_;
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0;  // the unread part of buf_
  bool eof_ = false;
  std::string_view line_;
  std::size_t at_ = 0;
  std::size_t line_no_ = 0;
};

// Arcs listed vertex by vertex, as every graph file lists them: the neighbours of vertex v are
// next[start[v] .. start[v + 1]).
struct ArcLists {
  std::vector<std::uint32_t> start{0}, next;
  void end_vertex() { start.push_back(static_cast<std::uint32_t>(next.size())); }
  std::uint64_t arcs() const { return next.size(); }
};

// The edges of arc lists over `vertices`; every arc must have its reverse. Each list is sorted and
// deduplicated in place, and the reverses checked by one counting sort: O(M log degree), no
// global sort.
std::vector<std::pair<std::uint32_t, std::uint32_t>> edges_of(ArcLists& lists,
                                                              std::uint32_t vertices,
                                                              std::string_view source,
                                                              std::int64_t base) {
  const std::vector<std::uint32_t>& start = lists.start;
  std::vector<std::uint32_t>& next = lists.next;
  FTVLSI_ASSERT(start.size() == std::size_t{vertices} + 1);
  std::vector<std::uint32_t> end(vertices);
  for (std::uint32_t v = 0; v < vertices; ++v) {
    const auto first = next.begin() + start[v];
    std::sort(first, next.begin() + start[v + 1]);
    end[v] =
        static_cast<std::uint32_t>(std::unique(first, next.begin() + start[v + 1]) - next.begin());
  }
  // The arcs a -> b with a < b, listed at b (counting sort by b; the a's come in increasing
  // order): every edge is listed at both ends when, for every b, these are exactly the
  // neighbours of b below b. Independent scattered writes instead of one dependent lookup per
  // arc. Otherwise every arc is looked up, for the first one whose reverse is missing.
  std::vector<std::uint32_t> at(std::size_t{vertices} + 1, 0);
  for (std::uint32_t a = 0; a < vertices; ++a)
    for (std::uint32_t i = start[a]; i < end[a]; ++i)
      if (next[i] > a) ++at[next[i] + 1];
  for (std::uint32_t v = 0; v < vertices; ++v) at[v + 1] += at[v];
  std::vector<std::uint32_t> below(at[vertices]);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  edges.reserve(below.size());
  for (std::uint32_t a = 0; a < vertices; ++a)
    for (std::uint32_t i = start[a]; i < end[a]; ++i)
      if (const std::uint32_t b = next[i]; b > a) {
        below[at[b]++] = a;  // at[b] ends as the start of b + 1's run
        edges.push_back({a, b});
      }
  bool paired = true;
  for (std::uint32_t b = 0; b < vertices && paired; ++b) {
    const std::uint32_t from = b == 0 ? 0 : at[b - 1], count = at[b] - from;
    const std::uint32_t own = start[b];  // b's neighbours below b come first: exactly these?
    paired = own + count <= end[b] && (own + count == end[b] || next[own + count] > b) &&
             std::equal(below.begin() + from, below.begin() + at[b], next.begin() + own);
  }
  if (paired) return edges;
  for (std::uint32_t a = 0; a < vertices; ++a)
    for (std::uint32_t i = start[a]; i < end[a]; ++i) {
      const std::uint32_t b = next[i];
      if (!std::binary_search(next.begin() + start[b], next.begin() + end[b], a))
        throw InputError(4405, fmt::format("{}: vertex {} lists {} as a neighbour but {} does not "
                                           "list {}; every edge must be listed at both ends",
                                           source, a + base, b + base, b + base, a + base));
    }
  FTVLSI_ASSERT(false);  // the lists differ only where a reverse is missing
  return edges;
}

// Bytes left in `in` from where it stands, or 0 when the stream cannot tell (a pipe).
std::uint64_t bytes_left(std::istream& in) {
  const std::istream::pos_type here = in.tellg();
  if (here < 0) return 0;
  in.seekg(0, std::ios::end);
  const std::istream::pos_type end = in.tellg();
  in.clear();
  in.seekg(here);
  return end > here ? static_cast<std::uint64_t>(end - here) : 0;
}

// A header's counts are claims: a count the file cannot hold is refused (FTV-8017) before the
// reader allocates for it, and so is one whose arrays would not fit in memory (FTV-8018). Every
// vertex takes at least `vertex_bytes` of the file (a METIS line "\n", a Scotch degree "0 "),
// every arc two ("1 ").
void require_header_fits(Tokens& t, std::uint64_t file_bytes, std::uint64_t vertices,
                         std::uint64_t arcs, std::uint64_t vertex_bytes, bool labels) {
  const std::string_view unit = vertex_bytes == 1 ? "byte" : "bytes";
  if (file_bytes > 0 && (vertices > file_bytes / vertex_bytes || arcs > file_bytes / 2))
    t.line_error(8017, fmt::format("the header declares {} vertices and {} arcs, more than a file "
                                   "of {} bytes can hold (at least {} {} a vertex and 2 an arc)",
                                   vertices, arcs, file_bytes, vertex_bytes, unit));
  // Per vertex a label, its list's bounds, the reverse check's count and a position; per arc its
  // list entry (twice while the list grows; with labels the id too, 8 bytes twice), and per edge
  // the edge and the reverse check's entry: under 48 bytes an arc. Measured: a 2^20-vertex
  // mesh's Scotch file is read (with its geometry) and decomposed in 275 MiB, the peak the
  // decomposition's.
  constexpr long double kBytesPerVertex = 64, kBytesPerLabel = 64, kBytesPerArc = 48;
  require_memory(
      8018,
      static_cast<long double>(vertices) * (kBytesPerVertex + (labels ? kBytesPerLabel : 0)) +
          static_cast<long double>(arcs) * kBytesPerArc,
      fmt::format("reading a graph of {} vertices and {} arcs", vertices, arcs),
      "use a smaller graph");
}

std::uint32_t vertex_count(Tokens& t, std::string_view what) {
  const auto n = t.next_number<std::uint64_t>(what);
  if (n == 0) t.line_error(4403, "the graph has no vertices; it needs at least one");
  if (n > (std::uint64_t{1} << 26))
    t.line_error(4404, fmt::format("{} vertices is beyond the 2^26 a network may have", n));
  return static_cast<std::uint32_t>(n);
}

}  // namespace

std::string_view to_string(GraphFormat format) {
  return name_of(kGraphFormats, format);
}

GraphFormat parse_graph_format(std::string_view text) {
  if (const auto format = value_of(kGraphFormats, text)) return *format;
  throw InputError(1121, fmt::format("--graph-format must be {}, not '{}'",
                                     names_of(kGraphFormats, " or "), text));
}

GraphFormat graph_format_of(const std::string& path, std::optional<GraphFormat> given) {
  if (given) return *given;
  for (const auto& row : kGraphFormats)
    for (const std::string_view ext : row.extensions)
      if (!ext.empty() && path.size() >= ext.size() &&
          path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
        return row.value;
  return GraphFormat::kFtvlsi;
}

namespace {

struct ScotchHeader {
  std::uint32_t vertices = 0;
  std::uint64_t arcs = 0;
  std::int64_t base = 0;
  bool labels = false, edge_weights = false, vertex_weights = false;
};

ScotchHeader scotch_header(Tokens& t) {
  ScotchHeader h;
  if (t.next_number<std::int64_t>("the version number") != 0)
    t.line_error(4406,
                 "this is not a Scotch source graph: the first number (the version) must be 0");
  h.vertices = vertex_count(t, "the vertex count");
  h.arcs = t.next_number<std::uint64_t>("the arc count");
  h.base = t.next_number<std::int64_t>("the base value");
  if (h.base != 0 && h.base != 1) t.line_error(4407, "the base value must be 0 or 1");
  const std::string_view flags = t.next("the property flags");
  if (flags.size() != 3 || flags.find_first_not_of("01") != std::string_view::npos)
    t.line_error(4408,
                 fmt::format("the property flags must be three digits 0 or 1, not '{}'", flags));
  h.labels = flags[0] == '1';
  h.edge_weights = flags[1] == '1';
  h.vertex_weights = flags[2] == '1';
  return h;
}

// A header's edge count is only a claim until the edges are read: reserve at most this many
// entries up front and let a longer, valid file grow the vectors.
constexpr std::uint64_t kReserveCap = std::uint64_t{1} << 22;

// A neighbour's number (without labels: vertex number + base) as a vertex number.
std::uint32_t in_range(Tokens& t, const ScotchHeader& h, std::int64_t id, std::uint32_t from) {
  if (id < h.base || id >= h.base + static_cast<std::int64_t>(h.vertices)) [[unlikely]]
    t.line_error(4410,
                 fmt::format("vertex {} lists neighbour {}, out of range (vertices are {} .. {})",
                             from + h.base, id, h.base, h.base + h.vertices - 1));
  return static_cast<std::uint32_t>(id - h.base);
}

// A vertex among its own neighbours (`name`: its label) is refused.
[[noreturn]] void loop_error(std::string_view source, std::int64_t name) {
  throw InputError(4416, fmt::format("{}: vertex {} lists itself as a neighbour; remove the loop",
                                     source, name));
}

// With labels: the neighbours' labels `ids` (one per entry of `lists.next`) resolved to vertex
// numbers there.
void resolve_labels(Tokens& t, const ScotchHeader& h, const std::vector<std::int64_t>& ids,
                    ArcLists& lists, const std::vector<std::int64_t>& label,
                    std::string_view source) {
  std::unordered_map<std::int64_t, std::uint32_t> of_label;
  for (std::uint32_t v = 0; v < h.vertices; ++v)
    if (!of_label.emplace(label[v], v).second)
      throw InputError(4415, fmt::format("{}: the label {} is used twice; labels must be distinct",
                                         source, label[v]));
  for (std::uint32_t v = 0; v < h.vertices; ++v)
    for (std::uint32_t i = lists.start[v]; i < lists.start[v + 1]; ++i) {
      const auto it = of_label.find(ids[i]);
      if (it == of_label.end())
        t.line_error(4409, fmt::format("vertex {} lists neighbour {}, which is no vertex's label",
                                       v, ids[i]));
      if (it->second == v) loop_error(source, label[v]);
      lists.next[i] = it->second;
    }
}

}  // namespace

ScotchGraph read_scotch_graph(
    std::istream& in, std::string_view source,
    const std::function<void(const std::vector<std::int64_t>&)>& labels_known) {
  const std::uint64_t file_bytes = bytes_left(in);
  Tokens t(in, source, "#");
  const ScotchHeader h = scotch_header(t);
  require_header_fits(t, file_bytes, h.vertices, h.arcs, 2, h.labels);
  ScotchGraph out;
  out.graph.vertices = h.vertices;
  out.label.resize(h.vertices);
  if (!h.labels) {
    std::iota(out.label.begin(), out.label.end(), h.base);
    if (labels_known) labels_known(out.label);
  }
  // Without labels a neighbour is its number; with them its label, kept in `ids` and resolved
  // into the lists when all are read.
  ArcLists lists;
  std::vector<std::int64_t> ids;
  lists.start.reserve(std::size_t{h.vertices} + 1);
  lists.next.reserve(std::min<std::uint64_t>(h.arcs, kReserveCap));  // the header is unchecked
  if (h.labels) ids.reserve(lists.next.capacity());
  for (std::uint32_t v = 0; v < h.vertices; ++v) {
    const std::string_view first = t.next("a vertex");
    const std::size_t line = t.line_no();
    std::uint64_t degree = 0;
    if (h.labels || h.vertex_weights) {
      if (h.labels) out.label[v] = t.number<std::int64_t>(first, "a vertex label");
      if (h.vertex_weights)
        t.number<std::int64_t>(h.labels ? t.next("a vertex weight") : first, "a vertex weight");
      degree = t.next_number<std::uint64_t>("a vertex degree");
    } else {
      degree = t.number<std::uint64_t>(first, "a vertex degree");
    }
    if (degree > h.vertices)
      t.line_error(4411, fmt::format("vertex {} has degree {}, more than the {} vertices",
                                     v + h.base, degree, h.vertices));
    for (std::uint64_t e = 0; e < degree; ++e) {
      if (h.edge_weights) t.next_number<std::int64_t>("an edge weight");
      const auto id = t.next_number<std::int64_t>("a neighbour");
      if (h.labels) {
        ids.push_back(id);
        lists.next.push_back(0);
        continue;
      }
      const std::uint32_t u = in_range(t, h, id, v);
      if (u == v) loop_error(source, out.label[v]);
      lists.next.push_back(u);
    }
    lists.end_vertex();
    if (t.line_no() == line && !t.on_line().empty())
      t.line_error(4412, fmt::format("vertex {} has more neighbours on its line than its degree {}",
                                     v + h.base, degree));
  }
  if (!t.on_line().empty() || t.next_line())
    t.line_error(4413,
                 "there is more after the last vertex; a degree does not match its neighbour list");
  if (lists.arcs() != h.arcs)
    throw InputError(
        4414,
        fmt::format(
            "{}: the header says {} arcs but the vertices list {}; a degree does not match its "
            "neighbour list",
            source, h.arcs, lists.arcs()));
  if (h.labels) resolve_labels(t, h, ids, lists, out.label, source);
  out.graph.edges = edges_of(lists, h.vertices, source, h.base);
  return out;
}

Graph read_metis_graph(std::istream& in, std::string_view source) {
  const std::uint64_t file_bytes = bytes_left(in);
  Tokens t(in, source, "%");
  if (!t.next_line())
    t.line_error(4417, "the file is empty; a METIS graph starts with 'vertices edges'");
  Graph g;
  g.vertices = vertex_count(t, "the vertex count");
  const auto edges = t.next_number<std::uint64_t>("the edge count");
  std::string_view fmt_code = t.on_line();
  const std::string_view ncon_token = t.on_line();
  if (fmt_code.empty()) fmt_code = "000";
  if (fmt_code.size() > 3 || fmt_code.find_first_not_of("01") != std::string_view::npos)
    t.line_error(
        4418, fmt::format("the format code must be up to three digits 0 or 1, not '{}'", fmt_code));
  const std::string code = std::string(3 - fmt_code.size(), '0') + std::string(fmt_code);
  const bool sizes = code[0] == '1', edge_weights = code[2] == '1';
  const std::uint64_t ncon =
      code[1] == '1' ? (ncon_token.empty() ? 1 : t.number<std::uint64_t>(ncon_token, "ncon")) : 0;
  require_header_fits(t, file_bytes, g.vertices, edges > UINT64_MAX / 2 ? UINT64_MAX : 2 * edges, 1,
                      false);
  ArcLists lists;
  lists.start.reserve(std::size_t{g.vertices} + 1);
  lists.next.reserve(std::min<std::uint64_t>(edges, kReserveCap / 2) * 2);  // unchecked header
  t.keep_blank = true;
  for (std::uint32_t v = 0; v < g.vertices; ++v) {
    if (!t.next_line())
      throw InputError(
          4419,
          fmt::format("{}: the file ends after {} of the {} vertex lines; give one line per vertex",
                      source, v, g.vertices));
    if (sizes) t.number<std::int64_t>(t.on_line(), "a vertex size");
    for (std::uint64_t c = 0; c < ncon; ++c) t.number<std::int64_t>(t.on_line(), "a weight");
    for (auto tok = t.on_line(); !tok.empty(); tok = t.on_line()) {
      const auto u = t.number<std::int64_t>(tok, "a neighbour");
      if (u < 1 || u > static_cast<std::int64_t>(g.vertices))
        t.line_error(
            4410, fmt::format("vertex {} lists neighbour {}, out of range (vertices are 1 .. {})",
                              v + 1, u, g.vertices));
      if (u == v + 1)
        t.line_error(4416,
                     fmt::format("vertex {} lists itself as a neighbour; remove the loop", v + 1));
      if (edge_weights) t.number<std::int64_t>(t.on_line(), "an edge weight");
      lists.next.push_back(static_cast<std::uint32_t>(u - 1));
    }
    lists.end_vertex();
  }
  t.keep_blank = false;
  if (t.next_line())
    t.line_error(4413, fmt::format("there is more after the {} vertex lines the header announces",
                                   g.vertices));
  if (lists.arcs() != 2 * edges)
    throw InputError(
        4414,
        fmt::format(
            "{}: the header says {} edges but the vertex lines list {} neighbours (2 per edge); a "
            "degree does not match",
            source, edges, lists.arcs()));
  g.edges = edges_of(lists, g.vertices, source, 1);
  return g;
}

namespace {

std::array<double, 3> point_of(Tokens& t, int dimensions) {
  std::array<double, 3> p{0, 0, 0};
  for (int d = 0; d < dimensions; ++d) {
    const auto tok = t.on_line();
    if (tok.empty()) t.line_error(4420, fmt::format("the point needs {} coordinates", dimensions));
    p[d] = t.number<double>(tok, "a coordinate");
    if (!std::isfinite(p[d])) t.line_error(4421, "a coordinate must be finite");
  }
  if (!t.on_line().empty())
    t.line_error(4422, fmt::format("the point has more than {} coordinates", dimensions));
  return p;
}

}  // namespace

Coordinates read_scotch_geometry(std::istream& in, std::string_view source,
                                 const std::vector<std::int64_t>& label) {
  Tokens t(in, source, "#");
  Coordinates c;
  const auto dim = t.next_number<int>("the dimension");
  if (dim < 1 || dim > 3) t.line_error(4423, "the dimension must be 1, 2 or 3");
  c.dimensions = std::max(dim, 2);  // a line is drawn at y = 0
  const auto count = t.next_number<std::uint64_t>("the point count");
  if (count != label.size())
    t.line_error(
        4424,
        fmt::format("the geometry has {} points but the graph has {} vertices; give one point "
                    "per vertex",
                    count, label.size()));
  // Labels that count up from the first (a graph without labels: its numbers plus the base) are
  // looked up by subtraction, any others through a table.
  const std::int64_t first = label.empty() ? 0 : label[0];
  bool counting = true;
  for (std::uint32_t v = 0; v < label.size() && counting; ++v)
    counting = label[v] == first + static_cast<std::int64_t>(v);
  std::unordered_map<std::int64_t, std::uint32_t> of_label;
  if (!counting)
    for (std::uint32_t v = 0; v < label.size(); ++v) of_label.emplace(label[v], v);
  auto vertex_of = [&](std::int64_t id) -> std::uint32_t {
    if (counting)
      return id >= first && static_cast<std::uint64_t>(id - first) < label.size()
                 ? static_cast<std::uint32_t>(id - first)
                 : UINT32_MAX;
    const auto it = of_label.find(id);
    return it == of_label.end() ? UINT32_MAX : it->second;
  };
  c.point.assign(label.size(), {0, 0, 0});
  std::vector<bool> seen(label.size(), false);
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto id = t.next_number<std::int64_t>("a vertex label");
    const std::uint32_t v = vertex_of(id);
    if (v == UINT32_MAX) t.line_error(4425, fmt::format("the point of {} names no vertex", id));
    if (seen[v]) t.line_error(4426, fmt::format("vertex {} has two points", id));
    seen[v] = true;
    c.point[v] = point_of(t, dim);
  }
  if (!t.on_line().empty() || t.next_line())
    t.line_error(4413, "there is more after the last point");
  return c;
}

Coordinates read_coordinate_lines(std::istream& in, std::string_view source,
                                  std::uint32_t vertices) {
  Tokens t(in, source, "%#");
  Coordinates c;
  c.point.reserve(vertices);
  int dim = 0;
  while (t.next_line()) {
    if (c.point.size() == vertices)
      t.line_error(4424,
                   fmt::format("there are more points than the graph's {} vertices", vertices));
    if (dim == 0) {
      dim = static_cast<int>(t.count_on_line());
      if (dim < 2 || dim > 3) t.line_error(4428, "a point is 'x y' or 'x y z'");
    }
    c.point.push_back(point_of(t, dim));
  }
  if (c.point.size() < vertices)
    throw InputError(
        4429,
        fmt::format(
            "{}: vertex {} has no coordinates ({} points for {} vertices); give one 'x y [z]' line "
            "per vertex",
            source, c.point.size() + 1, c.point.size(), vertices));
  c.dimensions = dim;
  return c;
}

std::string scotch_geometry(const CompetingNetwork& net) {
  std::string out = fmt::format("{}\n{}\n", net.dimensions, net.processors());
  for (std::size_t p = 0; p < net.processors(); ++p) {
    const auto& x = net.position[p];
    if (net.dimensions == 3)
      fmt::format_to(std::back_inserter(out), "{}\t{}\t{}\t{}\n", p, x[0], x[1], x[2]);
    else
      fmt::format_to(std::back_inserter(out), "{}\t{}\t{}\n", p, x[0], x[1]);
  }
  return out;
}

std::string scotch_mapping(const std::vector<std::uint64_t>& leaf) {
  std::string out = fmt::format("{}\n", leaf.size());
  for (std::size_t p = 0; p < leaf.size(); ++p)
    fmt::format_to(std::back_inserter(out), "{}\t{}\n", p, leaf[p]);
  return out;
}

std::vector<std::uint64_t> read_mapping_file(const std::string& path, std::uint64_t processors,
                                             std::uint64_t leaves) {
  std::ifstream in = open_input_file(path, "mapping file");
  const bool scotch = path.size() >= 4 && path.compare(path.size() - 4, 4, ".map") == 0;
  Tokens t(in, path, "#");
  std::uint64_t pairs = UINT64_MAX;
  if (scotch) pairs = t.next_number<std::uint64_t>("the number of pairs");
  std::vector<std::uint64_t> leaf(processors, UINT64_MAX);
  for (std::uint64_t i = 0; i < pairs; ++i) {
    std::string_view tok = t.on_line();
    if (tok.empty()) {
      if (!t.next_line()) {
        if (!scotch) break;
        // FTV-4303: a Scotch mapping file (.map) holds fewer pairs than its first line says.
        t.line_error(4303,
                     fmt::format("the file ends after {} of the {} pairs it announces", i, pairs));
      }
      tok = t.on_line();
    }
    std::uint64_t p = UINT64_MAX, l = UINT64_MAX;
    try {  // a value past 64 bits is out of the range the error names
      p = t.number<std::uint64_t>(tok, "a processor");
      l = t.next_number<std::uint64_t>("a leaf");
    } catch (const InputError&) {
      p = UINT64_MAX;
    }
    if (p >= processors || l >= leaves || leaf[p] != UINT64_MAX)
      t.line_error(4301,
                   fmt::format("expected 'processor leaf' with processor < {}, leaf < {}, each "
                               "processor once",
                               processors, leaves));
    leaf[p] = l;
  }
  for (std::size_t p = 0; p < processors; ++p)
    if (leaf[p] == UINT64_MAX)
      throw InputError(
          4302, fmt::format("{}: processor {} has no leaf; the mapping must cover all {}", path, p,
                            processors));
  return leaf;
}

CompetingNetwork read_network(const NetworkFile& file, std::uint64_t seed) {
  const GraphFormat format = graph_format_of(file.path, file.format);
  if (format == GraphFormat::kFtvlsi) {
    if (file.coordinates)
      throw InputError(
          6305,
          "--coordinates goes with a Scotch or METIS graph; an ftvlsi network file holds its "
          "positions");
    return read_network_file(file.path);
  }
  std::optional<Coordinates> coords;
  Graph g;
  auto in = open_input_file(file.path, "graph file");
  if (format == GraphFormat::kScotch) {
    // When the labels follow from the graph's header, the geometry file is read on a second
    // thread beside the graph's vertices (the same result: read_scotch_geometry reads only the
    // labels); its error, if any, is reported only when the graph's file has none, as when read
    // one after the other.
    // Everything the thread reads is declared before it, so that on a throw it is joined (its
    // destructor) while they still exist. A thread that cannot be started leaves the geometry to
    // be read after the graph.
    std::vector<std::int64_t> counted;
    std::exception_ptr geometry_failed;
    const auto read_geometry = [&](const std::vector<std::int64_t>& label) {
      auto c = open_input_file(*file.coordinates, "geometry file");
      coords = read_scotch_geometry(c, *file.coordinates, label);
    };
    std::jthread geometry;
    const auto beside = [&](const std::vector<std::int64_t>& label) {
      if (!file.coordinates) return;
      counted = label;
      try {
        geometry = std::jthread([&] {
          try {
            read_geometry(counted);
          } catch (...) {
            geometry_failed = std::current_exception();
          }
        });
      } catch (const std::system_error&) {  // no thread: read after the graph, as without labels
      }
    };
    ScotchGraph s = read_scotch_graph(in, file.path, beside);
    if (geometry.joinable()) {
      geometry.join();
      if (geometry_failed) std::rethrow_exception(geometry_failed);
    } else if (file.coordinates) {
      read_geometry(s.label);
    }
    g = std::move(s.graph);
  } else {
    g = read_metis_graph(in, file.path);
    if (file.coordinates) {
      auto c = open_input_file(*file.coordinates, "coordinates file");
      coords = read_coordinate_lines(c, *file.coordinates, g.vertices);
    }
  }
  if (in.bad()) throw IoError(7022, fmt::format("reading graph file '{}' failed", file.path));
  if (!coords) {
    // The computed geometry (network/embedding.hpp) and what is held beside it: a 2^20-vertex
    // mesh read without coordinates and decomposed peaks at 584-598 MiB, with them at 275 MiB
    // (2026-11-28; the estimate was 200 bytes a vertex when that run peaked at 356 MiB).
    constexpr long double kEmbeddingBytesPerVertex = 600;
    require_memory(8019, static_cast<long double>(g.vertices) * kEmbeddingBytesPerVertex,
                   fmt::format("computing a geometry for {} vertices", g.vertices),
                   "give the graph's coordinates (--coordinates) or use a smaller graph");
  }
  // No validate(): a graph has a vertex (vertex_count), its edges join vertices it has
  // (edges_of), and grid_positions gives every vertex a place of its own.
  return network_from_graph(std::move(g), std::move(coords), seed);
}

}  // namespace ftvlsi
