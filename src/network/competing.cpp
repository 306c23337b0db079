#include "ftvlsi/network/competing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/radix_sort.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/core/text_lines.hpp"

namespace ftvlsi {
namespace {

// ---- Size rules: the processor counts a kind takes ----------------------------------------

// side^dims processors, or InputError naming the nearest valid sizes.
void require_power_of_side(std::string_view kind, std::uint64_t n, int dims) {
  const std::uint64_t s = dims == 2 ? isqrt(n) : icbrt(n);
  auto pow = [dims](std::uint64_t x) { return dims == 2 ? x * x : x * x * x; };
  if (s >= 1 && pow(s) == n) return;
  const std::uint64_t below = s >= 2 ? pow(s) : 0;
  const std::uint64_t above = pow(std::max<std::uint64_t>(s + 1, 2));
  throw InputError(
      3401, fmt::format("a {} needs a {} number of processors (side^{}); {} is not, the nearest "
                        "valid sizes are {} "
                        "and {}",
                        kind, dims == 2 ? "square" : "cube", dims, n, below == 0 ? above : below,
                        below == 0 ? pow(std::max<std::uint64_t>(s + 2, 3)) : above));
}

void require_square(std::string_view kind, std::uint64_t n) {
  require_power_of_side(kind, n, 2);
}

void require_cube(std::string_view kind, std::uint64_t n) {
  require_power_of_side(kind, n, 3);
}

// The rules below serve one kind each, whose message (and ID) names it.
void require_hypercube_size(std::string_view, std::uint64_t n) {
  if (is_power_of_two(n)) return;
  const auto near = nearest_powers(n, 2);
  throw InputError(3402, fmt::format("a hypercube needs a power of two processors; {} is not, "
                                     "the nearest valid sizes are {} "
                                     "and {}",
                                     n, near.below, near.above));
}

void require_tree_size(std::string_view, std::uint64_t n) {
  if (is_power_of_two(n)) return;
  const auto near = nearest_powers(n, 2);
  throw InputError(
      3404,
      fmt::format(
          "a tree needs a power of two leaves; {} is not, the nearest valid sizes are {} and {}", n,
          near.below, near.above));
}

// The butterfly's k + 1 ranks of 2^k rows: the largest k with (k + 1) 2^k <= n.
int butterfly_order(std::uint64_t n) {
  int k = 0;
  while ((static_cast<std::uint64_t>(k + 2) << (k + 1)) <= n) ++k;
  return k;
}

void require_butterfly_size(std::string_view, std::uint64_t n) {
  const int k = butterfly_order(n);
  const std::uint64_t size = static_cast<std::uint64_t>(k + 1) << k;
  if (size == n) return;
  throw InputError(
      3403, fmt::format("a butterfly needs (k+1) 2^k processors; {} is not, the nearest valid "
                        "sizes are {} and {}",
                        n, size < n ? size : 0, static_cast<std::uint64_t>(k + 2) << (k + 1)));
}

// ---- Makers: n is valid for the kind (its size rule passed) ---------------------------------

CompetingSize wires_2n(u64 n) {
  return {n, 2 * n};
}

CompetingSize wires_3n(u64 n) {
  return {n, 3 * n};
}

// The random geometric kinds' points in CGAL's triangulation or a bucket map.
constexpr std::uint64_t kRandomPointBytes = 300;

CompetingNetwork make_mesh(std::uint64_t n, bool torus) {
  const std::uint64_t s = isqrt(n);
  CompetingNetwork net;
  net.kind = torus ? "torus" : "mesh";
  // Ring position of index i in the folded order 0, s-1, 1, s-2, ...
  auto place = [&](std::uint64_t i) -> std::int64_t {
    if (!torus) return static_cast<std::int64_t>(i);
    return static_cast<std::int64_t>(i < (s + 1) / 2 ? 2 * i : 2 * (s - 1 - i) + 1);
  };
  net.position.resize(n);
  for (std::uint64_t y = 0; y < s; ++y)
    for (std::uint64_t x = 0; x < s; ++x) net.position[y * s + x] = {place(x), place(y), 0};
  // A torus ring of two is a single wire; a mesh row of s has s - 1.
  const std::uint64_t per_ring = torus && s >= 3 ? s : s - 1;
  for (std::uint64_t y = 0; y < s; ++y) {
    for (std::uint64_t x = 0; x < per_ring; ++x) {
      net.wires.push_back(
          {static_cast<std::uint32_t>(y * s + x), static_cast<std::uint32_t>(y * s + (x + 1) % s)});
      net.wires.push_back({static_cast<std::uint32_t>(x * s + y),
                           static_cast<std::uint32_t>(((x + 1) % s) * s + y)});
    }
  }
  return net;
}

CompetingNetwork make_mesh3d(std::uint64_t n) {
  const std::uint64_t s = icbrt(n);
  CompetingNetwork net;
  net.kind = "mesh3d";
  net.dimensions = 3;
  net.position.resize(n);
  auto id = [s](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
    return static_cast<std::uint32_t>((z * s + y) * s + x);
  };
  for (std::uint64_t z = 0; z < s; ++z)
    for (std::uint64_t y = 0; y < s; ++y)
      for (std::uint64_t x = 0; x < s; ++x) {
        net.position[id(x, y, z)] = {static_cast<std::int64_t>(x), static_cast<std::int64_t>(y),
                                     static_cast<std::int64_t>(z)};
        if (x + 1 < s) net.wires.push_back({id(x, y, z), id(x + 1, y, z)});
        if (y + 1 < s) net.wires.push_back({id(x, y, z), id(x, y + 1, z)});
        if (z + 1 < s) net.wires.push_back({id(x, y, z), id(x, y, z + 1)});
      }
  return net;
}

CompetingNetwork make_hypercube(std::uint64_t n) {
  const int d = floor_log2(n), low = (d + 1) / 2;
  CompetingNetwork net;
  net.kind = "hypercube";
  // Row-major placement: the low half of the address is the column, the high half the row.
  for (std::uint64_t i = 0; i < n; ++i)
    net.position.push_back({static_cast<std::int64_t>(i & ((std::uint64_t{1} << low) - 1)),
                            static_cast<std::int64_t>(i >> low), 0});
  for (std::uint64_t i = 0; i < n; ++i)
    for (int b = 0; b < d; ++b)
      if (i < (i ^ (std::uint64_t{1} << b)))
        net.wires.push_back({static_cast<std::uint32_t>(i),
                             static_cast<std::uint32_t>(i ^ (std::uint64_t{1} << b))});
  return net;
}

CompetingNetwork make_butterfly(std::uint64_t n) {
  const int k = butterfly_order(n);  // (k + 1) 2^k processors: k + 1 ranks of 2^k rows
  const std::uint64_t rows = std::uint64_t{1} << k;
  CompetingNetwork net;
  net.kind = "butterfly";
  auto id = [rows](std::uint64_t rank, std::uint64_t row) {
    return static_cast<std::uint32_t>(rank * rows + row);
  };
  for (std::uint64_t rank = 0; rank <= static_cast<std::uint64_t>(k); ++rank)
    for (std::uint64_t row = 0; row < rows; ++row)
      net.position.push_back({static_cast<std::int64_t>(row), static_cast<std::int64_t>(rank), 0});
  for (std::uint64_t rank = 0; rank < static_cast<std::uint64_t>(k); ++rank) {
    for (std::uint64_t row = 0; row < rows; ++row) {
      net.wires.push_back({id(rank, row), id(rank + 1, row)});
      net.wires.push_back({id(rank, row), id(rank + 1, row ^ (std::uint64_t{1} << rank))});
    }
  }
  return net;
}

// Column (bit = 0) or row (bit = 1) of a leaf in Z order.
std::int64_t z_coordinate(std::uint64_t j, int bit) {
  std::int64_t c = 0;
  for (int b = bit, k = 0; b < 64; b += 2, ++k) c |= static_cast<std::int64_t>((j >> b) & 1) << k;
  return c;
}

// A complete binary tree with n leaves, all 2n - 1 nodes processors, placed as an H-tree: leaf
// j at twice its Z-order coordinates, every internal node at the odd point just below-left of
// the first leaf of its right subtree (each such point is used once).
CompetingNetwork make_tree(std::uint64_t n) {
  const int levels = floor_log2(n);
  CompetingNetwork net;
  net.kind = "tree";
  net.position.resize(2 * n - 1);
  // Heap numbering: node v (1 .. 2n-1) is processor v - 1; the leaves are n .. 2n-1.
  for (std::uint64_t v = 1; v < 2 * n; ++v) {
    const int below = levels - floor_log2(v);
    const std::uint64_t first = (v << below) - n;  // leftmost leaf of v's subtree
    if (below == 0) {
      net.position[v - 1] = {2 * z_coordinate(first, 0), 2 * z_coordinate(first, 1), 0};
      continue;
    }
    const std::uint64_t right = first + (std::uint64_t{1} << (below - 1));
    net.position[v - 1] = {2 * z_coordinate(right, 0) - 1, 2 * z_coordinate(right, 1) - 1, 0};
    net.wires.push_back({static_cast<std::uint32_t>(v - 1), static_cast<std::uint32_t>(2 * v - 1)});
    net.wires.push_back({static_cast<std::uint32_t>(v - 1), static_cast<std::uint32_t>(2 * v)});
  }
  return net;
}

[[noreturn]] void line_error(int id, std::string_view source, std::size_t line,
                             const std::string& what) {
  throw InputError(id, fmt::format("{}:{}: {}", source, line, what));
}

// An integer field; FTV-4110 when it is beyond 64 bits, FTV-4101 when it is no integer.
std::int64_t number(std::string_view token, std::string_view source, std::size_t line,
                    std::string_view what) {
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
  if (ec == std::errc::result_out_of_range)
    line_error(4110, source, line, fmt::format("{} {} is beyond the 64-bit integers", what, token));
  if (ec != std::errc() || ptr != token.data() + token.size())
    line_error(4101, source, line, fmt::format("{} must be an integer, not '{}'", what, token));
  return v;
}

}  // namespace

const std::vector<CompetingKind>& competing_kind_registry() {
  // Sizes: mesh, torus and butterfly about 2 wires a processor, mesh3d and the random geometric
  // kinds about 3 (Delaunay: at most 3n - 6), a hypercube lg n / 2, a tree 2n nodes and wires.
  static const std::vector<CompetingKind> registry = {
      {"mesh", 2, require_square, [](u64 n, u64) { return make_mesh(n, false); }, wires_2n},
      {"torus", 2, require_square, [](u64 n, u64) { return make_mesh(n, true); }, wires_2n},
      {"mesh3d", 3, require_cube, [](u64 n, u64) { return make_mesh3d(n); }, wires_3n},
      {"tree", 2, require_tree_size, [](u64 n, u64) { return make_tree(n); },
       [](u64 n) {
         return CompetingSize{2 * n, 2 * n};
       }},
      {"hypercube", 2, require_hypercube_size, [](u64 n, u64) { return make_hypercube(n); },
       [](u64 n) {
         return CompetingSize{n, n * static_cast<u64>(floor_log2(n) + 1) / 2};
       }},
      {"butterfly", 2, require_butterfly_size, [](u64 n, u64) { return make_butterfly(n); },
       wires_2n},
      {"planar", 2, nullptr, make_planar, wires_3n, kRandomPointBytes},
      {"unit-disk", 2, nullptr, make_unit_disk, wires_3n, kRandomPointBytes},
      {"fem", 2, nullptr, make_fem, wires_3n, kRandomPointBytes},
      {"file", 0},
  };
  return registry;
}

const CompetingKind* find_competing_kind(std::string_view name) {
  for (const auto& kind : competing_kind_registry())
    if (kind.name == name) return &kind;
  return nullptr;
}

std::vector<std::string_view> competing_kinds() {
  std::vector<std::string_view> names;
  for (const auto& kind : competing_kind_registry()) names.push_back(kind.name);
  return names;
}

std::string competing_kind_list(std::string_view last) {
  const auto& registry = competing_kind_registry();
  std::string out;
  for (std::size_t i = 0; i < registry.size(); ++i) {
    if (i > 0) out += i + 1 == registry.size() ? last : std::string_view(", ");
    out += registry[i].name;
  }
  return out;
}

bool is_file_kind(std::string_view kind) {
  const CompetingKind* k = find_competing_kind(kind);
  return k && !k->make;
}

CompetingSize competing_size(std::string_view kind, std::uint64_t n) {
  const CompetingKind* k = find_competing_kind(kind);
  return k && k->size ? k->size(n) : wires_3n(n);  // an unknown kind is refused when built
}

long double network_bytes(const CompetingSize& size) {
  return static_cast<long double>(size.processors) * sizeof(std::array<std::int64_t, 3>) +
         static_cast<long double>(size.wires) * sizeof(std::pair<std::uint32_t, std::uint32_t>);
}

long double estimate_competing_bytes(std::string_view kind, std::uint64_t n) {
  // The vectors grow by doubling (twice the network), validate() sorts an index per processor;
  // the random geometric kinds hold their points while building (build_bytes_per_point; planar
  // at 2^20 points peaks at 0.5 GiB with its channel layout).
  const CompetingSize size = competing_size(kind, n);
  const CompetingKind* k = find_competing_kind(kind);
  return 2 * network_bytes(size) +
         static_cast<long double>(size.processors) * (4 + (k ? k->build_bytes_per_point : 0));
}

CompetingNetwork make_competing(std::string_view kind, std::uint64_t n, std::uint64_t seed) {
  if (n == 0) throw InputError(3405, "processors must be at least 1");
  if (n > (std::uint64_t{1} << 26))
    throw InputError(
        3406, fmt::format("{} processors is beyond the 2^26 a competing network may have", n));
  require_memory(8014, estimate_competing_bytes(kind, n),
                 fmt::format("building this {} network of {} processors", kind, n),
                 "choose fewer processors");
  const CompetingKind* k = find_competing_kind(kind);
  if (!k || !k->make)
    throw InputError(3407,
                     fmt::format("unknown competing network '{}'; valid kinds are {} (file needs "
                                 "--network-file)",
                                 kind, competing_kind_list()));
  if (k->require_size) k->require_size(k->name, n);
  return k->make(n, seed);
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> first_shared_position(
    const std::vector<std::array<std::int64_t, 3>>& position) {
  std::vector<std::uint32_t> order(position.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  // Points in position order (x, then y, then z): by a radix sort of the offsets from the
  // lowest corner packed into one key when they fit 63 bits, else by comparing.
  std::array<std::int64_t, 3> lo{INT64_MAX, INT64_MAX, INT64_MAX},
      hi{INT64_MIN, INT64_MIN, INT64_MIN};
  for (const auto& q : position)
    for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], q[a]), hi[a] = std::max(hi[a], q[a]);
  std::array<int, 3> bits{};
  for (int a = 0; a < 3; ++a)
    bits[a] = key_bits(static_cast<std::uint64_t>(hi[a]) - static_cast<std::uint64_t>(lo[a]));
  if (bits[0] + bits[1] + bits[2] < 64) {
    radix_sort(order, bits[0] + bits[1] + bits[2], [&](std::uint32_t p) {
      std::uint64_t key = 0;
      for (int a = 0; a < 3; ++a)
        key = (key << bits[a]) |
              (static_cast<std::uint64_t>(position[p][a]) - static_cast<std::uint64_t>(lo[a]));
      return key;
    });
  } else {
    std::sort(order.begin(), order.end(),
              polled([&](auto a, auto b) { return position[a] < position[b]; }));
  }
  for (std::size_t i = 1; i < order.size(); ++i)
    if (position[order[i]] == position[order[i - 1]]) return std::pair{order[i - 1], order[i]};
  return std::nullopt;
}

void validate(const CompetingNetwork& net, std::string_view source) {
  if (net.position.empty())
    throw InputError(
        4121, fmt::format("{}: the network is empty; it needs at least one processor", source));
  if (const auto shared = first_shared_position(net.position)) {
    const auto [a, b] = *shared;
    const auto& p = net.position[b];
    throw InputError(4122, fmt::format("{}: processors {} and {} share the position ({}, {}, "
                                       "{}); every processor needs its own",
                                       source, std::min(a, b), std::max(a, b), p[0], p[1], p[2]));
  }
  for (const auto& [a, b] : net.wires) {
    if (a >= net.position.size() || b >= net.position.size())
      throw InputError(
          4123, fmt::format("{}: wire {} {} names a processor that does not exist (there are {})",
                            source, a, b, net.position.size()));
  }
}

NetworkFileReader::NetworkFileReader(std::string_view source, std::uint64_t bytes)
    : source_(source), bytes_(bytes) {
  net_.kind = "file";
}

void NetworkFileReader::line(std::string_view line, std::size_t no) {
  const auto t = line_tokens(line);
  if (t.empty()) return;
  if (t[0] == "processors") return header(t, no);
  if (t[0] == "wire") return wire(t, no);
  if (seen_.empty()) line_error(4107, source_, no, "the file must start with 'processors N'");
  const int dims = net_.dimensions;
  if (t.size() != static_cast<std::size_t>(1 + dims))
    line_error(4108, source_, no,
               fmt::format("a processor line is 'p x y{}'", dims == 3 ? " z" : ""));
  const auto n = static_cast<std::int64_t>(net_.position.size());
  const auto p = number(t[0], source_, no, "a processor number");
  if (p < 0 || p >= n)
    line_error(4109, source_, no,
               fmt::format("processor {} is out of range (processors are 0 .. {})", p, n - 1));
  for (int d = 0; d < dims; ++d) {
    const auto c = number(t[1 + d], source_, no, "a coordinate");
    if (c < -kMaxFileCoordinate || c > kMaxFileCoordinate)
      line_error(4113, source_, no,
                 fmt::format("coordinate {} is outside the range -2^40 .. 2^40; move the network "
                             "nearer the origin",
                             c));
    net_.position[p][d] = c;
  }
  seen_[p] = true;
}

void NetworkFileReader::header(const std::vector<std::string_view>& t, std::size_t no) {
  if (!seen_.empty()) line_error(4111, source_, no, "'processors' may appear only once");
  if (t.size() < 2) line_error(4102, source_, no, "'processors' needs a count");
  const auto n = number(t[1], source_, no, "the processor count");
  if (n < 1 || n > kMaxFileProcessors)
    line_error(4103, source_, no,
               fmt::format("the processor count {} is outside the range 1 .. 2^26", n));
  if (t.size() >= 4 && t[2] == "dimensions") {
    const auto dims = number(t[3], source_, no, "dimensions");
    if (dims != 2 && dims != 3) line_error(4104, source_, no, "dimensions must be 2 or 3");
    net_.dimensions = static_cast<int>(dims);
  }
  // Every processor needs its own position line of at least 6 bytes ("p x y\n"): a count the
  // file cannot hold is refused before anything is allocated.
  if (bytes_ > 0 && static_cast<std::uint64_t>(n) > bytes_ / 6)
    line_error(4112, source_, no,
               fmt::format("processors {} needs {} position lines, more than a file of {} bytes "
                           "can hold; fix the count",
                           n, n, bytes_));
  require_network_memory(static_cast<std::uint64_t>(n), bytes_, source_);
  net_.position.assign(n, {0, 0, 0});
  seen_.assign(n, false);
}

void NetworkFileReader::wire(const std::vector<std::string_view>& t, std::size_t no) {
  if (t.size() != 3) line_error(4105, source_, no, "a wire line is 'wire a b'");
  const auto n = static_cast<std::int64_t>(net_.position.size());
  if (n == 0) line_error(4107, source_, no, "the file must start with 'processors N'");
  const auto a = number(t[1], source_, no, "a wire end"),
             b = number(t[2], source_, no, "a wire end");
  if (a < 0 || b < 0 || a >= n || b >= n)
    line_error(4106, source_, no,
               fmt::format("wire {} {} names a processor that does not exist (processors are 0 .. "
                           "{})",
                           a, b, n - 1));
  net_.wires.push_back({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)});
}

CompetingNetwork NetworkFileReader::finish() {
  if (net_.position.empty())
    throw InputError(
        4124, fmt::format("{}: the network is empty; declare 'processors N' and their positions",
                          source_));
  for (std::size_t p = 0; p < seen_.size(); ++p)
    if (!seen_[p])
      throw InputError(4125, fmt::format("{}: processor {} has no position line", source_, p));
  validate(net_, source_);
  return std::move(net_);
}

void require_network_memory(std::uint64_t processors, std::uint64_t bytes,
                            std::string_view source) {
  // Positions (24 bytes) and the seen flags per processor, the sort order of validate() (4), and
  // at most bytes / 9 wires ("wire a b\n") of 8 bytes, twice while the vector grows.
  const long double need =
      static_cast<long double>(processors) * 29 + static_cast<long double>(bytes) / 9 * 16;
  require_memory(8004, need, fmt::format("{}: reading this network", source),
                 "use a smaller network");
}

CompetingNetwork parse_network_text(std::string_view text, std::string_view source) {
  NetworkFileReader reader(source, text.size());
  for_each_line(text, [&](std::string_view line, std::size_t no) { reader.line(line, no); });
  return reader.finish();
}

std::string network_text(const CompetingNetwork& net) {
  std::string out = fmt::format("# ftvlsi network: {}\nprocessors {} dimensions {}\n", net.kind,
                                net.position.size(), net.dimensions);
  for (std::size_t p = 0; p < net.position.size(); ++p) {
    const auto& q = net.position[p];
    out += net.dimensions == 3 ? fmt::format("{} {} {} {}\n", p, q[0], q[1], q[2])
                               : fmt::format("{} {} {}\n", p, q[0], q[1]);
  }
  for (const auto& [a, b] : net.wires) out += fmt::format("wire {} {}\n", a, b);
  return out;
}

}  // namespace ftvlsi
