#pragma once
// Competing networks (docs/design.md §2.4): processors with integer positions (their place in the
// network's own layout grid) and wires between processors. The decomposition cuts the
// positions; bandwidths and loads count the wires.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ftvlsi {

struct CompetingNetwork {
  std::string kind;
  int dimensions = 2;
  std::vector<std::array<std::int64_t, 3>> position;  // z = 0 in 2D
  std::vector<std::pair<std::uint32_t, std::uint32_t>> wires;
  // True when the positions were computed (a graph file read without coordinates,
  // network/embedding.hpp) rather than given or built.
  bool geometry_computed = false;
  std::uint64_t processors() const { return position.size(); }
};

// The processors and an upper bound on the wires of make_competing(kind, n): what a run's memory
// estimate starts from before the network exists (docs/memory-limits.md).
struct CompetingSize {
  std::uint64_t processors = 0;
  std::uint64_t wires = 0;
};

// The registry of competing network kinds: everything the code knows about a kind is its row, so
// a new kind is one row (docs/architecture.md §7). The layout, decompose and simulate jobs, the
// specs' and flags' lists of valid kinds and their messages all read it.
struct CompetingKind {
  std::string_view name;
  // The dimensions of its positions: 2 (laid out by the channel router), 3 (on the 3D grid), or
  // 0 for a network read from a file, whose header says.
  int dimensions = 2;
  // The processor counts it takes: throws InputError naming the kind and the nearest valid sizes
  // (null: any count).
  void (*require_size)(std::string_view kind, std::uint64_t n) = nullptr;
  // Builds it on n valid processors (null: the network is read from a file).
  CompetingNetwork (*make)(std::uint64_t n, std::uint64_t seed) = nullptr;
  // Its processors and a bound on its wires on n (memory estimates; null: read from a file).
  CompetingSize (*size)(std::uint64_t n) = nullptr;
  // Bytes per point held while building beyond the network (CGAL's triangulation or a bucket
  // map for the random geometric kinds).
  std::uint64_t build_bytes_per_point = 0;
};
const std::vector<CompetingKind>& competing_kind_registry();
// The row named `name`, or null.
const CompetingKind* find_competing_kind(std::string_view name);
// The registry's names in order: what `ftvlsi decompose --network` takes.
std::vector<std::string_view> competing_kinds();
// "mesh, torus, ..., file", with `last` before the final name.
std::string competing_kind_list(std::string_view last = ", ");
// Whether `kind` names a network read from a file ("file") rather than built.
bool is_file_kind(std::string_view kind);

CompetingSize competing_size(std::string_view kind, std::uint64_t n);
// Bytes a network of that size holds (positions and wires).
long double network_bytes(const CompetingSize& size);
// Bytes make_competing(kind, n, seed) holds at its peak, the network included.
long double estimate_competing_bytes(std::string_view kind, std::uint64_t n);

// Builds a network of `n` processors of a registered kind; InputError naming the valid kinds, or
// the nearest valid sizes, otherwise.
//   mesh, torus: sqrt n x sqrt n (torus folded: ring order 0, s-1, 1, s-2, ... so no wire
//   spans more than two positions); mesh3d: cbrt n per side; tree: a complete binary tree of n
//   leaves; hypercube: lg n dimensions; butterfly: k + 1 ranks of 2^k rows; planar: Delaunay
//   triangulation of n seeded random points (CGAL).
CompetingNetwork make_competing(std::string_view kind, std::uint64_t n, std::uint64_t seed);
CompetingNetwork make_planar(std::uint64_t n, std::uint64_t seed);
// Irregular families for the mapping benchmarks, both on the planar network's grid of
// about four cells per point: `unit-disk`, the random geometric graph joining points at distance
// <= sqrt(kUnitDiskRadius2) (average degree about 6, possibly disconnected); `fem`, a 2D
// finite-element-like mesh: the Delaunay triangulation of points outside kFemHoles round holes
// (about 20 % of the square), less the edges over a hole or longer than 8.
inline constexpr std::int64_t kUnitDiskRadius2 = 8;
inline constexpr int kFemHoles = 6;
CompetingNetwork make_unit_disk(std::uint64_t n, std::uint64_t seed);
CompetingNetwork make_fem(std::uint64_t n, std::uint64_t seed);

// The network file format (text): '#' comments; "processors N [dimensions D]"; N lines
// "p x y [z]" giving processor p's integer position; then "wire a b" lines. Throws InputError
// naming the line on a missing processor, duplicate coordinates, a non-numeric field or an
// empty network. io/text_file.hpp reads one from a file.
CompetingNetwork parse_network_text(std::string_view text, std::string_view source);

// The ranges a network file may use: processors 1 .. 2^26, coordinates -2^40 .. 2^40 (so a
// layout's products of coordinates stay far from 64 bits). Values outside are refused with the
// range (FTV-4110).
inline constexpr std::int64_t kMaxFileProcessors = std::int64_t{1} << 26;
inline constexpr std::int64_t kMaxFileCoordinate = std::int64_t{1} << 40;

// Reads a network file line by line, so a file is never held in memory whole (io/text_file.cpp
// streams it). `bytes` is the file's size (0: unknown): a processor count the file cannot hold
// is refused, and the memory estimate is checked before the arrays are allocated.
class NetworkFileReader {
 public:
  NetworkFileReader(std::string_view source, std::uint64_t bytes);
  // One line, its comment removed, numbered from 1.
  void line(std::string_view line, std::size_t no);
  // The network, validated; InputError if it is empty or incomplete.
  CompetingNetwork finish();

 private:
  void header(const std::vector<std::string_view>& tokens, std::size_t no);
  void wire(const std::vector<std::string_view>& tokens, std::size_t no);
  std::string source_;
  std::uint64_t bytes_;
  CompetingNetwork net_;
  std::vector<bool> seen_;
};

// InputError (FTV-8004) with the estimate when reading a network of `processors` from a file of
// `bytes` would need more than the available memory (core/system.hpp).
void require_network_memory(std::uint64_t processors, std::uint64_t bytes, std::string_view source);
std::string network_text(const CompetingNetwork& net);

// Two points at the first position (in x, then y, then z order) that more than one holds, in
// the order a stable sort by position puts them; none when all are distinct.
std::optional<std::pair<std::uint32_t, std::uint32_t>> first_shared_position(
    const std::vector<std::array<std::int64_t, 3>>& position);

// Throws InputError when two processors share a position or a wire names a missing one.
void validate(const CompetingNetwork& net, std::string_view source);

}  // namespace ftvlsi
