#include "ftvlsi/report/simulate_job.hpp"

#include <fmt/format.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <tuple>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/finite.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/plot_svg.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/layout/butterfly3d_lattice.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/layout/channel_wires.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/layout/grid3d.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "ftvlsi/route/offline.hpp"
#include "ftvlsi/route/timing.hpp"

namespace ftvlsi {
namespace {

// Everything that does not depend on the delay model: R and its layout, the host and its layout,
// the mapping and R's one-step message set.
struct Prepared {
  // R while it is prepared; once its messages and wire lengths are made, only its kind and size
  // are kept (release_network), since the routing's arrays are at their largest after that.
  CompetingNetwork net;
  std::string competing_kind;
  std::uint64_t competing_processors = 0;
  std::vector<std::uint64_t> competing_length;  // per wire of R, in R's layout
  std::uint64_t area_competing = 0;
  std::uint64_t competing_alpha = 0;  // mean processor box area in R's layout
  // Every step sends each wire w of R both ways, as messages 2w and 2w + 1 of the step.
  MessageSet messages;
  std::uint32_t message_wire(std::size_t i) const {
    return static_cast<std::uint32_t>((i / 2) % competing_length.size());
  }
  void release_network() {
    competing_kind = net.kind;
    competing_processors = net.processors();
    net = CompetingNetwork{};
  }
  std::uint64_t area_host = 0;
  std::uint64_t host_alpha = 0;  // mean processor box area in the host's layout
  int dimensions = 2;            // 3: areas are volumes (Theorem 10's pipeline)
  double load_factor = 0;
  std::uint64_t mapping_load = 1;  // the most of R's processors on one host leaf
  // Fat-tree host: the tree and the length of every channel wire in its H-tree layout.
  std::optional<FatTree> tree;
  ChannelWireLengths channel_wires;
  std::optional<double> congestion;
  // Fat-pyramid host: the network (2D or 3D) and the length of every wire of its graph.
  std::optional<ButterflyFatTree> pyramid;
  std::optional<ButterflyFatTree3d> pyramid3d;
  std::vector<std::uint64_t> wire_length;
};

void check_spec(const SimulateSpec& s) {
  const bool pyramid = s.host == HostKind::kFatPyramid;
  switch (s.algorithm) {
    case RouteAlgorithm::kGreedy:
      break;
    case RouteAlgorithm::kRandom:
    case RouteAlgorithm::kOffline:
      if (pyramid)
        throw InputError(6201, fmt::format("a fat-pyramid host is routed with --algorithm greedy "
                                           "or random-prime (random parents "
                                           "up, one mesh shortcut); '{}' needs a fat-tree host",
                                           to_string(s.algorithm)));
      break;
    case RouteAlgorithm::kRandomPrime:
      if (!pyramid)
        throw InputError(
            6202,
            "random-prime on a fat-tree host needs channels of capacity lg n; use ftvlsi route "
            "for that, or --host fat-pyramid");
      break;
    case RouteAlgorithm::kAdversary:
      throw InputError(
          6203,
          "ftvlsi simulate takes --algorithm greedy, random, offline (fat-tree host) or "
          "random-prime (fat-pyramid host); the adversary is ftvlsi route's");
  }
  if (s.switch_model == SwitchModel::kPartial && pyramid)
    throw InputError(6212,
                     "partial switches belong to a fat-tree host; a fat-pyramid's switches are its "
                     "own, so leave the switch model ideal (or use --host fat-tree)");
  if (is_file_kind(s.competing) && !s.network_file)
    throw InputError(6204, "--competing file needs --network-file FILE naming the network to read");
  if (s.data_bits > (1u << 20)) throw InputError(6205, "--data-bits must be at most 2^20");
  if (s.competing_alpha && *s.competing_alpha > (std::uint64_t{1} << 32))
    throw InputError(6206, "--competing-alpha must be at most 2^32 (a processor of side 65536)");
  if (s.competing_processors && pyramid)
    throw InputError(6215,
                     "--competing-processors maps several processors onto a fat-tree's leaves; "
                     "use --host fat-tree, or leave it out for the fat-pyramid");
}

// Bytes a simulation holds per competing processor and wire beside the network's own build
// (network/competing.hpp): the network's layout, the host's, a message a wire and the timings.
// Fitted to peak RSS (docs/memory-limits.md), re-measured 2026-11-27 (the 2D fat-tree runs had
// grown past the first fit's 240 bytes a wire). Fat-tree host: a mesh of 2^16 processors peaks
// at 59 MiB (this gives 62 MiB), a hypercube of 2^16 at 194 MiB (239 MiB), a planar network of
// 2^16 at 87 MiB (108 MiB), a mesh3d of 2^18 at 138 MiB (357 MiB; 3D wires cost less, but one
// figure serves both). Fat-pyramid host: a mesh of 2^18 at 135 MiB (236 MiB), a hypercube of
// 2^16 at 135 MiB (236 MiB), a mesh3d of 2^18 at 128 MiB (345 MiB). Off-line schedules of a
// one-step set add little (a mesh of 2^18: the same 132 MiB): their first fit holds one delivery
// cycle's loads at a time (route/offline.cpp). Re-measured 2026-11-28: small runs had passed the
// fit by the process's own memory (a mesh of 2^14 on a fat-tree at 19.2 MiB against 15.5, of 2^16
// at 61.7 against 62.1), so it is added: kProcessBytes, core/memory_budget.hpp (23.5 and 70.1 MiB
// now).
constexpr long double kFatTreeBytesPerProcessor = 70, kFatTreeBytesPerWire = 420;
constexpr long double kPyramidBytesPerProcessor = 20, kPyramidBytesPerWire = 420;

void require_simulate_memory(const SimulateSpec& s, const CompetingSize& size,
                             long double network) {
  const bool pyramid = s.host == HostKind::kFatPyramid;
  const long double per_wire = pyramid ? kPyramidBytesPerWire : kFatTreeBytesPerWire;
  const long double need = kProcessBytes + network +
                           static_cast<long double>(size.processors) *
                               (pyramid ? kPyramidBytesPerProcessor : kFatTreeBytesPerProcessor) +
                           static_cast<long double>(size.wires) * per_wire;
  require_memory(8024, need,
                 fmt::format("simulating this {} network of {} processors on a {}", s.competing,
                             size.processors, to_string(s.host)),
                 "choose fewer processors");
}

// A read network's real sizes (a built one's were checked before it was built).
void require_simulate_memory(const SimulateSpec& s, const CompetingNetwork& net) {
  if (!is_file_kind(s.competing)) return;
  const CompetingSize size{net.processors(), net.wires.size()};
  require_simulate_memory(s, size, network_bytes(size));
}

std::uint64_t least_power(std::uint64_t n, std::uint64_t base) {
  std::uint64_t p = 1;
  while (p < n) p *= base;
  return p;
}

// Greenberg's processors for a host of n leaves: area lg^2 n (side lg n), so that the host's area
// is Theta(A) for A = n lg^2 n (Greenberg 1990 §3, Corollary 3.5; §4's fold-and-squash blocks).
std::uint64_t greenberg_side(std::uint64_t n) {
  return static_cast<std::uint64_t>(lg(n));
}

// A 2D fat-pyramid host's processor side: Greenberg's, or the technology's area (a fat-pyramid
// host takes no --alpha).
std::uint64_t host_processor_side(const SimulateSpec& s, std::uint64_t n) {
  if (s.processor_area_source == ProcessorAreaSource::kTechnology && s.technology)
    return ceil_sqrt(s.technology->processor_alpha());
  return greenberg_side(n);
}

std::uint64_t mean_processor_area(const LayoutMetrics<2>& m, std::uint64_t processors) {
  return (m.processor_size + processors / 2) / std::max<std::uint64_t>(1, processors);
}

template <int D>
std::vector<std::uint64_t> wire_lengths(const Cell<D>& cell) {
  std::vector<std::uint64_t> out(cell.wire_count());
  for (std::size_t w = 0; w < cell.wire_count(); ++w) out[w] = wire_length(cell.wire(w));
  return out;
}

// R's message set on the host's leaves: `steps` full steps, every wire a message each way; and
// the mapping's load, the most of R's processors on one leaf.
void add_steps(Prepared& p, const std::vector<std::uint64_t>& leaf, std::uint64_t steps) {
  // The most processors of R on one host leaf, counted by leaf.
  std::vector<std::uint32_t> on_leaf(
      leaf.empty() ? 0 : static_cast<std::size_t>(*std::max_element(leaf.begin(), leaf.end())) + 1);
  p.mapping_load = 0;
  for (const std::uint64_t l : leaf)
    p.mapping_load = std::max<std::uint64_t>(p.mapping_load, ++on_leaf[l]);
  on_leaf = {};
  const std::size_t wires = p.net.wires.size();
  p.messages.reserve(2 * wires * steps);
  for (std::uint64_t t = 0; t < steps; ++t)
    for (std::uint32_t w = 0; w < wires; ++w) {
      const auto [a, b] = p.net.wires[w];
      const auto la = static_cast<std::uint32_t>(leaf[a]), lb = static_cast<std::uint32_t>(leaf[b]);
      p.messages.push_back({la, lb});
      p.messages.push_back({lb, la});
    }
}

// ---- switch spans (docs/simulate3d.md §4) -------------------------------------------------
// A message crosses every switch on its path, from the pin it enters by to the pin it leaves
// by: at most the box's span, the sum of its sides. With --switch-span every wire is charged, at
// each end that is a switch, half of that switch's span (rounded up), so a path through a switch
// pays its whole span. Processors are the messages' ends and are not charged.

// The largest span of a switch of each level (node_level) in the layout, levels 0 .. levels.
template <int D>
std::vector<std::uint64_t> switch_spans(const Layout<D>& layout, int levels) {
  std::vector<std::uint64_t> span(static_cast<std::size_t>(levels) + 1, 0);
  for (const Cell<D>& cell : layout.cells)
    for (std::size_t n = 0; n < cell.node_count(); ++n) {
      const int l = cell.node_level[n];
      if (cell.node_kind[n] != NodeKind::kSwitch || l < 0 || l > levels) continue;
      std::uint64_t sum = 0;
      for (int a = 0; a < D; ++a)
        sum += static_cast<std::uint64_t>(cell.node_box[n].hi[a] - cell.node_box[n].lo[a]);
      span[static_cast<std::size_t>(l)] = std::max(span[static_cast<std::size_t>(l)], sum);
    }
  return span;
}

std::uint64_t half_up(std::uint64_t v) {
  return (v + 1) / 2;
}

// A fat-tree host: channel k joins the depth-(k-1) switch (none for the root channel) to the
// depth-k switch (a processor at the leaves).
void charge_switch_spans(ChannelWireLengths& wires, const std::vector<std::uint64_t>& span,
                         int levels) {
  for (int k = 0; k <= levels; ++k) {
    std::uint64_t add = 0;
    if (k >= 1) add += half_up(span[static_cast<std::size_t>(k - 1)]);
    if (k < levels) add += half_up(span[static_cast<std::size_t>(k)]);
    for (auto& side : wires.table[static_cast<std::size_t>(k)])
      for (auto& dir : side)
        for (auto& len : dir) len += add;
  }
}

// A butterfly host: every graph wire, by its two ends' levels (level 0: processors).
template <class Graph>
void charge_switch_spans(std::vector<std::uint64_t>& length, const Graph& g,
                         const std::vector<std::uint64_t>& span) {
  for (std::size_t w = 0; w < length.size(); ++w)
    for (const std::uint32_t v : {g.wires[w].first, g.wires[w].second})
      if (g.level[v] > 0) length[w] += half_up(span[static_cast<std::size_t>(g.level[v])]);
}

// ---- equal total areas (docs/measurements.md) ------------------------------------------------
// Greenberg 1990's headline compares a host with a competing network R of equal total area, and
// his Theorem 3.2 takes R's processors at least as large as the host's; Leiserson's Theorem 10
// compares equal volumes. Unless the processor area is given, R's processors are padded: the side
// of R's processor boxes is raised until R's drawn area (volume) is within [0.8, 1.25] of the
// host's, as close to equal as whole sides allow. Never below `side0`: a host smaller than R
// (e.g. R a hypercube) keeps R's processors as the host's.
constexpr double kEqualHigh = 1.25;  // R already within [host / 1.25, ...]: no padding

// `draw(side)` lays R out with processors of that side and returns its measured area (volume);
// the size grows about linearly in the side to the power 1/D, which a secant search follows.
template <class Draw>
std::uint64_t equal_area_side(std::uint64_t side0, std::uint64_t host, int dimensions, Draw draw) {
  const double target = static_cast<double>(host);
  auto root = [&](double a) { return std::pow(a, 1.0 / dimensions); };
  double s0 = static_cast<double>(side0), f0 = root(static_cast<double>(draw(side0)));
  if (target / std::pow(f0, dimensions) <= kEqualHigh) return side0;
  double slope = f0 / s0;  // as if R were all processor: an undershoot
  std::uint64_t best = side0;
  double best_miss = std::abs(std::log(target) - dimensions * std::log(f0));
  constexpr std::uint64_t kMaxSide = 65536;  // check_spec's limit on --competing-alpha
  for (int step = 0; step < 12; ++step) {
    const double next =
        std::clamp(std::round(s0 + (root(target) - f0) / slope), double(side0), double(kMaxSide));
    const auto side = static_cast<std::uint64_t>(next);
    const double f = root(static_cast<double>(draw(side)));
    const double miss = std::abs(std::log(target) - dimensions * std::log(f));
    if (miss < best_miss) best = side, best_miss = miss;
    if (next == s0 || miss < std::log(1.05)) break;
    if (f != f0) slope = (f - f0) / (next - s0);
    s0 = next, f0 = f;
  }
  return best;
}

std::uint64_t ceil_cbrt(std::uint64_t v) {
  auto c = static_cast<std::uint64_t>(std::cbrt(static_cast<double>(v)));
  while (c * c * c < v) ++c;
  while (c > 1 && (c - 1) * (c - 1) * (c - 1) >= v) --c;
  return c;
}

// R's processor side in its 3D grid drawing (build_grid3d): --competing-alpha read as a
// processor volume, else padded to the host's volume.
Coord grid3d_side(const SimulateSpec& s, const CompetingNetwork& net, std::uint64_t host_volume) {
  if (s.competing_alpha)
    return static_cast<Coord>(std::max<std::uint64_t>(2, ceil_cbrt(*s.competing_alpha)));
  const Grid3dVolume volume(net);  // the drawing's volume at each trial side, without drawing
  return static_cast<Coord>(equal_area_side(
      2, host_volume, 3, [&](std::uint64_t side) { return volume.at(static_cast<Coord>(side)); }));
}

// The host's side of both fat-tree preparations (2D H-tree, 3D cube): its channel wires, switch
// spans charged when asked, R's one step mapped onto its leaves, and that step's load factor and
// congestion.
// Its two halves touch different fields and only read R's wires, so they may run side by side.
template <int D>
void attach_host_wires(Prepared& p, const SimulateSpec& s, const Layout<D>& host,
                       ChannelWireLengths wires) {
  p.channel_wires = std::move(wires);
  if (s.switch_span)
    charge_switch_spans(p.channel_wires, switch_spans(host, p.tree->levels()), p.tree->levels());
}
void attach_messages(Prepared& p, const SimulateSpec& s, const std::vector<std::uint64_t>& leaf) {
  add_steps(p, leaf, s.steps);
  p.load_factor = load_factor(p.messages, *p.tree);
  p.congestion = congestion_parameter(*p.tree);
}
template <int D>
void attach_host(Prepared& p, const SimulateSpec& s, const Layout<D>& host,
                 ChannelWireLengths wires, const std::vector<std::uint64_t>& leaf) {
  attach_host_wires(p, s, host, std::move(wires));
  attach_messages(p, s, leaf);
}

// R drawn on its 3D grid with processors of side `side`: its wires' lengths and volume, measured
// from the drawing's shapes as they are made (the drawing itself is not kept).
void draw_grid3d(Prepared& p, const CompetingNetwork& net, Coord side) {
  Grid3dMeasure drawing = measure_grid3d(net, side);
  p.competing_length = std::move(drawing.wire_length);
  FTVLSI_ASSERT(p.competing_length.size() == p.net.wires.size());
  p.area_competing = drawing.volume;
  p.competing_alpha = static_cast<std::uint64_t>(side * side * side);
}

// Leiserson's Theorem 10 end to end: a 3D network on its own grid layout, decomposed on it and
// mapped onto the volume-universal fat-tree, which is laid out as a cube; "area" here is volume.
Prepared prepare_volume_universal(const SimulateSpec& s, DecomposeRun r) {
  if (s.switch_model == SwitchModel::kPartial)
    throw InputError(6213,
                     "3D simulate takes the ideal switch model only (partial concentrators are "
                     "drawn by layout --style cube, but 3D simulate does not route through "
                     "them); leave out --switch-model partial for a 3D competing network");
  Prepared p;
  p.dimensions = 3;
  p.net = std::move(r.net);
  p.tree.emplace(r.host);  // sized for R's unpadded volume (decompose_job.cpp's make_host)
  // The host's cube and R's drawing padded to it on one lane, R's messages and their λ on the
  // other (attach_host's halves: the second reads only R's wires).
  run_lanes(2, [&](int lane) {
    if (lane == 1) return attach_messages(p, s, r.leaf);
    const Layout<3> host = build_cube(*p.tree);
    p.area_host = measure(host).volume();
    // R on its grid again: the decomposition moved each processor to its box's corner, its grid
    // place times build_grid3d's default pitch. Padding scales the drawing, not the cuts. (R's
    // positions are not read again: they are put back on the grid in place.)
    for (auto& q : p.net.position)
      for (auto& c : q) c /= grid3d_pitch(kGrid3dSide);
    draw_grid3d(p, p.net, grid3d_side(s, p.net, p.area_host));
    attach_host_wires(p, s, host, cube_channel_wires(*p.tree, host));
  });
  return p;
}

Prepared prepare_fat_tree(const SimulateSpec& s) {
  DecomposeSpec d;
  d.network = s.competing;
  d.processors = s.competing_processors.value_or(s.processors);
  d.network_file = s.network_file;
  d.host_capacity = s.capacity;
  if (s.competing_processors) {
    d.host_processors = least_power(s.processors, 2);
    d.shared_leaves = true;
  }
  const std::uint64_t side = greenberg_side(least_power(s.processors, 2));
  if (!s.alpha_given) d.host_capacity.alpha = side * side;
  d.host_alpha_given = true;
  d.competing_alpha = s.competing_alpha.value_or(d.host_capacity.alpha);
  d.host_capacity_given = s.capacity_given;
  d.mapping = s.mapping;
  d.leaf = s.leaf;
  d.seed = s.seed;
  d.pearl_tree = false;  // simulate reads the mapping only (Theorem 8's bound still judges it)
  DecomposeRun r = run_decompose(d);
  require_simulate_memory(s, r.net);
  if (r.drawn_as<3>() && s.competing_processors)
    throw InputError(6216,
                     fmt::format("--competing-processors takes a 2D competing network; '{}' is 3D "
                                 "(leave it out: the 3D host is sized for the network)",
                                 r.net.kind));
  if (r.drawn_as<3>()) return prepare_volume_universal(s, std::move(r));
  if (r.drawn_as<2>() && !s.competing_alpha) {
    // Equal total areas: R decomposed again with its processors padded to the host's area.
    const std::uint64_t host_area =
        measure(build_h_tree(FatTree(r.host), s.switch_model, s.seed)).area();
    const std::uint64_t side0 = ceil_sqrt(d.competing_alpha);
    const std::uint64_t side = equal_area_side(side0, host_area, 2, [&](std::uint64_t q) {
      ChannelNotes notes;
      notes.processor_area = q * q;
      return measure(build_channel_layout(r.net, notes)).area();
    });
    if (side != side0) {
      d.competing_alpha = side * side;
      r = run_decompose(d);
    }
  }
  const DrawnLayout<2>* cut = r.drawn_as<2>();
  if (!cut)
    throw InputError(
        6207,
        fmt::format(
            "ftvlsi simulate needs a competing network with a layout: a 2D one, or a 3D one whose "
            "wires join grid neighbours; '{}' is {}D without one",
            r.net.kind, r.net.dimensions));
  Prepared p;
  p.net = std::move(r.net);
  const Cell<2>& drawn = cut->layout.cells[cut->layout.top];
  p.competing_length = wire_lengths(drawn);
  FTVLSI_ASSERT(p.competing_length.size() == p.net.wires.size());
  p.area_competing = cut->metrics.area();
  p.competing_alpha = mean_processor_area(cut->metrics, p.net.processors());
  p.tree.emplace(r.host);
  const Layout<2> host = build_h_tree(*p.tree, s.switch_model, s.seed);
  const LayoutMetrics<2> host_metrics = measure(host);
  p.area_host = host_metrics.area();
  p.host_alpha = mean_processor_area(host_metrics, p.tree->processors());
  attach_host(p, s, host, h_tree_channel_wires(*p.tree, host), r.leaf);
  return p;
}

CompetingNetwork make_net(const SimulateSpec& s) {
  if (is_file_kind(s.competing)) return read_network_file(*s.network_file);  // see check_spec
  CompetingNetwork net = make_competing(s.competing, s.processors, s.seed);
  validate(net, s.competing);
  return net;
}

// Processors onto the fat-pyramid's sqrt n x sqrt n leaf grid in the order of their places in
// R's layout: sorted by x into columns of ceil(N / side) processors, each column sorted by y.
// A mesh lands on the grid exactly.
std::vector<std::uint64_t> grid_mapping(const CompetingNetwork& net, std::uint64_t side) {
  const std::uint64_t count = net.processors();
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  auto pos = [&](std::uint32_t p) { return net.position[p]; };
  std::sort(order.begin(), order.end(), [&](auto a, auto b) {
    return std::tuple(pos(a)[0], pos(a)[1], a) < std::tuple(pos(b)[0], pos(b)[1], b);
  });
  const std::uint64_t per = (count + side - 1) / side;
  std::vector<std::uint64_t> leaf(count);
  for (std::uint64_t c = 0; c * per < count; ++c) {
    const auto begin = order.begin() + static_cast<std::ptrdiff_t>(c * per);
    const auto end = order.begin() + static_cast<std::ptrdiff_t>(std::min(count, (c + 1) * per));
    std::sort(begin, end, [&](auto a, auto b) {
      return std::tuple(pos(a)[1], pos(a)[0], a) < std::tuple(pos(b)[1], pos(b)[0], b);
    });
    for (auto it = begin; it != end; ++it)
      leaf[*it] = static_cast<std::uint64_t>(it - begin) * side + c;
  }
  return leaf;
}

// Processors onto the 3D fat-pyramid's leaf cube (side 2^k, leaves in Morton order) by their places
// on R's grid: translated to the origin, when they fit the cube (any mesh3d: one-to-one, grid
// neighbours on neighbouring leaves, leaf = morton3(x, y, z)); otherwise sorted by x into slabs of
// ceil(N / side) processors, each slab by y into rows of ceil(slab / side), each row by z.
std::vector<std::uint64_t> grid_mapping3d(const CompetingNetwork& net, std::uint64_t side) {
  const std::uint64_t count = net.processors();
  std::array<std::int64_t, 3> lo = net.position.front(), hi = lo;
  for (const auto& q : net.position)
    for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], q[a]), hi[a] = std::max(hi[a], q[a]);
  std::vector<std::uint64_t> leaf(count);
  bool fits = true;
  for (int a = 0; a < 3; ++a) fits = fits && static_cast<std::uint64_t>(hi[a] - lo[a]) < side;
  if (fits) {  // positions are distinct (validated), so this is one-to-one
    for (std::uint64_t q = 0; q < count; ++q) {
      const auto& at = net.position[q];
      leaf[q] = morton3({at[0] - lo[0], at[1] - lo[1], at[2] - lo[2]});
    }
    return leaf;
  }
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  auto by = [&](int a, int b, int c) {
    return [&, a, b, c](std::uint32_t u, std::uint32_t v) {
      const auto& pu = net.position[u];
      const auto& pv = net.position[v];
      return std::tuple(pu[a], pu[b], pu[c], u) < std::tuple(pv[a], pv[b], pv[c], v);
    };
  };
  std::sort(order.begin(), order.end(), by(0, 1, 2));
  const std::uint64_t per_slab = (count + side - 1) / side;
  for (std::uint64_t x = 0; x * per_slab < count; ++x) {
    const std::uint64_t s0 = x * per_slab, s1 = std::min(count, s0 + per_slab);
    const auto slab = order.begin() + static_cast<std::ptrdiff_t>(s0);
    std::sort(slab, order.begin() + static_cast<std::ptrdiff_t>(s1), by(1, 2, 0));
    const std::uint64_t per_row = (s1 - s0 + side - 1) / side;
    for (std::uint64_t y = 0; y * per_row < s1 - s0; ++y) {
      const std::uint64_t r0 = y * per_row, r1 = std::min(s1 - s0, r0 + per_row);
      std::sort(slab + static_cast<std::ptrdiff_t>(r0), slab + static_cast<std::ptrdiff_t>(r1),
                by(2, 0, 1));
      for (std::uint64_t z = 0; z < r1 - r0; ++z)
        leaf[slab[static_cast<std::ptrdiff_t>(r0 + z)]] =
            morton3({static_cast<std::int64_t>(x), static_cast<std::int64_t>(y),
                     static_cast<std::int64_t>(z)});
    }
  }
  return leaf;
}

// A 3D competing network on the 3D fat-pyramid (docs/simulate3d.md): R drawn on its 3D grid
// (volume and wire lengths as Theorem 10's pipeline has them), the host on n = the least power of 8
// >= N processors, laid out as the 3D lattice; "area" is volume.
Prepared prepare_fat_pyramid3d(const SimulateSpec& s, CompetingNetwork net) {
  if (s.mesh_diagonals)
    throw InputError(6211,
                     "--mesh-diagonals belongs to the 2D fat-pyramid; the 3D fat-pyramid's mesh "
                     "joins face neighbours only");
  for (const auto& [u, v] : net.wires) {
    std::int64_t apart = 0;
    for (int a = 0; a < 3; ++a) apart += std::llabs(net.position[u][a] - net.position[v][a]);
    if (apart != 1)
      throw InputError(
          6210, fmt::format("the 3D fat-pyramid host simulates 3D networks whose wires join grid "
                            "neighbours (such as mesh3d); the wire {} - {} of this {} does not",
                            u, v, net.kind));
  }
  Prepared p;
  p.dimensions = 3;
  p.net = std::move(net);
  p.pyramid3d.emplace(least_power(p.net.processors(), 8), true);
  // Two independent halves, side by side: the host's lattice (its volume, R's drawing padded to
  // it, the host's wire lengths), and R's messages on the host's leaves with their λ. Both only
  // read R; each writes fields of its own.
  run_lanes(2, [&](int lane) {
    if (lane == 0) {
      const Layout<3> host = build_butterfly3d_lattice(*p.pyramid3d);
      p.area_host = measure(host).volume();
      draw_grid3d(p, p.net, grid3d_side(s, p.net, p.area_host));
      p.wire_length = butterfly3d_lattice_wire_lengths(*p.pyramid3d);
      if (s.switch_span)
        charge_switch_spans(p.wire_length, p.pyramid3d->graph(),
                            switch_spans(host, p.pyramid3d->levels()));
    } else {
      add_steps(p, grid_mapping3d(p.net, std::uint64_t{1} << p.pyramid3d->levels()), s.steps);
      p.load_factor = butterfly_load_factor(*p.pyramid3d, p.messages);
    }
  });
  return p;
}

Prepared prepare_fat_pyramid(const SimulateSpec& s) {
  Prepared p;
  p.net = make_net(s);
  require_simulate_memory(s, p.net);
  if (p.net.dimensions == 3) return prepare_fat_pyramid3d(s, std::move(p.net));
  const std::uint64_t n = least_power(p.net.processors(), 4);
  const auto side = static_cast<Coord>(host_processor_side(s, n));
  p.pyramid.emplace(n, true, std::vector<int>{}, s.mesh_diagonals);
  const Layout<2> layout = build_fold_and_squash(*p.pyramid, side);
  const LayoutMetrics<2> host = measure(layout);
  ChannelNotes notes;
  notes.processor_area = s.competing_alpha.value_or(static_cast<std::uint64_t>(side * side));
  if (!s.competing_alpha) {  // equal total areas
    const std::uint64_t q =
        equal_area_side(static_cast<std::uint64_t>(side), host.area(), 2, [&](std::uint64_t t) {
          ChannelNotes padded = notes;
          padded.processor_area = t * t;
          return measure(build_channel_layout(p.net, padded)).area();
        });
    notes.processor_area = q * q;
  }
  const Layout<2> drawing = build_channel_layout(p.net, notes);
  const Cell<2>& drawn = drawing.cells[drawing.top];
  for (std::size_t q = 0; q < p.net.processors(); ++q)
    p.net.position[q] = {drawn.node_box[q].lo[0], drawn.node_box[q].lo[1], 0};
  p.competing_length = wire_lengths(drawn);
  const LayoutMetrics<2> competing = measure(drawing);
  p.area_competing = competing.area();
  p.competing_alpha = mean_processor_area(competing, p.net.processors());
  p.area_host = host.area();
  p.host_alpha = mean_processor_area(host, n);
  p.wire_length = fold_and_squash_wire_lengths(*p.pyramid, side);
  if (s.switch_span)
    charge_switch_spans(p.wire_length, p.pyramid->graph(),
                        switch_spans(layout, p.pyramid->levels()));
  add_steps(p, grid_mapping(p.net, std::uint64_t{1} << p.pyramid->levels()), s.steps);
  p.load_factor = butterfly_load_factor(*p.pyramid, p.messages);
  return p;
}

Prepared prepare(const SimulateSpec& s) {
  check_spec(s);
  // A built network is estimated from its size before anything exists (sizes beyond 2^26 are
  // refused by make_competing, FTV-3406).
  const std::uint64_t competing = s.competing_processors.value_or(s.processors);
  if (!is_file_kind(s.competing) && competing <= (std::uint64_t{1} << 26))
    require_simulate_memory(s, competing_size(s.competing, competing),
                            estimate_competing_bytes(s.competing, competing));
  Prepared p = s.host == HostKind::kFatTree ? prepare_fat_tree(s) : prepare_fat_pyramid(s);
  FTVLSI_ASSERT(p.messages.size() == 2 * p.net.wires.size() * s.steps);
  p.release_network();
#if defined(__GLIBC__)
  // What the preparation freed goes back to the system before the routing's arrays are taken
  // (the decomposition's second thread frees into an arena of its own, which glibc keeps).
  malloc_trim(0);
#endif
  return p;
}

// The worst case beside the real wires: every message charged the longest wire of each channel
// level it crosses (an upper bound on its round trip, whatever wires it gets), by the level of
// its ends' common ancestor.
std::vector<double> round_trip_bounds(const Prepared& p, const MessageTiming& t) {
  const int levels = p.tree->levels();
  const std::vector<std::uint64_t> longest = p.channel_wires.max_by_level();
  std::vector<double> delay_from(levels + 2, 0);  // from the leaf up to the channel of level k
  for (int k = levels; k >= 0; --k)
    delay_from[k] = delay_from[k + 1] + t.delay(static_cast<double>(longest[k]));
  std::vector<double> by_turn(static_cast<std::size_t>(levels));
  for (int turn = 0; turn < levels; ++turn) {
    const std::size_t wires = 2 * static_cast<std::size_t>(levels - turn);
    by_turn[static_cast<std::size_t>(turn)] = t.round_trip(2 * delay_from[turn + 1], wires - 1);
  }
  return by_turn;
}

// Routes the prepared message set on the fat-tree, timing every message from the H-tree wires it
// occupies in each cycle.
RouteResult route_fat_tree(const Prepared& p, const SimulateSpec& s, const MessageTiming& t,
                           std::uint64_t& lost_in_switches) {
  const FatTree& tree = *p.tree;
  DeliverySimulator sim(tree, p.messages, s.policy, s.seed);
  if (s.switch_model == SwitchModel::kPartial) sim.use_partial_switches(s.seed);
  sim.set_wire_timing(p.channel_wires, t);
  sim.set_round_trip_bounds(round_trip_bounds(p, t));
  RouteResult r;
  if (s.algorithm == RouteAlgorithm::kGreedy) {
    r = route_greedy(sim, p.messages.size(), s.max_cycles);
  } else if (s.algorithm == RouteAlgorithm::kRandom) {
    r = route_random(sim, p.messages.size(), tree.processors(),
                     {std::nullopt, std::nullopt, *p.congestion, s.seed + 1}, s.max_cycles);
  } else {
    // With partial switches: built for what they are guaranteed to pass, α × wires (Leiserson
    // §IV), and run on the real switches.
    const bool partial = s.switch_model == SwitchModel::kPartial;
    const auto cycles = offline_schedule(partial ? guaranteed_capacities(tree) : tree, p.messages);
    bool lossless = false;
    r = route_schedule(sim, p.messages.size(), cycles, lossless);
    FTVLSI_ASSERT(lossless || partial);
    if (!lossless)
      throw InputError(6217, fmt::format("a partial-concentrator switch drawn from seed {} lost a "
                                         "message the off-line schedule was guaranteed to pass "
                                         "({} lost); try another --seed",
                                         s.seed, sim.lost_in_switches()));
  }
  r.path_length = sim.take_path_lengths();
  r.elapsed_bound = sim.elapsed_bound();
  lost_in_switches = sim.lost_in_switches();
  return r;
}

// T_R: the slowest round trip over one of R's wires, under the same delay model, once per step.
void time_competing(SimulateResult& out, const Prepared& p, const MessageTiming& timing,
                    std::uint64_t steps) {
  for (auto len : p.competing_length) {
    out.competing_wire_length_max = std::max(out.competing_wire_length_max, len);
    out.time_competing =
        std::max(out.time_competing, timing.round_trip(timing.delay(static_cast<double>(len)), 0));
  }
  out.time_competing *= static_cast<double>(steps);  // t steps, one after another
  out.slowdown = out.time_competing > 0 ? out.time_host / out.time_competing : 0;
}

// The host path of every message against the length d of R's wire it stands for, and against
// d + lg A (Greenberg 1990, Theorem 4.1). Maxima only: two lanes, half of the messages each,
// give the same values.
void path_stretch(SimulateResult& out, const Prepared& p, const RouteResult& r) {
  const double lg_a = std::log2(static_cast<double>(std::max<std::uint64_t>(2, p.area_competing)));
  struct Most {
    std::uint64_t length = 0;
    double stretch = 0, bound = 0;
  };
  std::array<Most, 2> most{};
  const std::size_t m = p.messages.size();
  const int lanes = m >= (std::size_t{1} << 20) ? 2 : 1;
  run_lanes(lanes, [&](int lane) {
    Most here{out.path_length_max, out.path_stretch_max, out.path_stretch_bound};
    const std::size_t from = lane == 0 ? 0 : m / 2, to = lanes == 2 && lane == 0 ? m / 2 : m;
    for (std::size_t i = from; i < to; ++i) {
      const std::uint64_t d = p.competing_length[p.message_wire(i)];
      here.length = std::max(here.length, r.path_length[i]);
      const double host = static_cast<double>(r.path_length[i]);
      if (d > 0) here.stretch = std::max(here.stretch, host / static_cast<double>(d));
      here.bound = std::max(here.bound, host / (static_cast<double>(d) + lg_a));
    }
    most[static_cast<std::size_t>(lane)] = here;
  });
  for (int lane = 0; lane < lanes; ++lane) {
    const Most& h = most[static_cast<std::size_t>(lane)];
    out.path_length_max = std::max(out.path_length_max, h.length);
    out.path_stretch_max = std::max(out.path_stretch_max, h.stretch);
    out.path_stretch_bound = std::max(out.path_stretch_bound, h.bound);
  }
}

// The times are sums of the delay model's values: with the parse-time ranges of --delay and of
// a technology they stay finite, and a time that still is not is refused, never written as null.
void require_finite_times(const SimulateResult& out, const SimulateSpec& s) {
  for (const auto& [name, value] :
       {std::pair<const char*, double>{"the host's time T_host", out.time_host},
        {"the host's time bound", out.time_host_bound.value_or(0)},
        {"the competing network's time T_R", out.time_competing},
        {"the slowdown", out.slowdown}})
    if (!std::isfinite(value))
      require_finite(
          3603, value, name,
          s.technology
              ? fmt::format("lower the wire and clock figures of the technology '{}'",
                            s.technology->name)
              : fmt::format(
                    "choose a delay model with smaller constants than {} or fewer --data-bits",
                    out.delay_model));
}

SimulateResult simulate(const Prepared& p, const SimulateSpec& s, const DelayModel& delay,
                        const RegularityVerdict& verdict) {
  SimulateResult out;
  out.host = std::string(to_string(s.host));
  out.competing = p.competing_kind;
  out.algorithm = std::string(to_string(s.algorithm));
  out.delay_model = delay.name();
  out.processors = p.competing_processors;
  out.host_processors = p.tree      ? p.tree->processors()
                        : p.pyramid ? p.pyramid->processors()
                                    : p.pyramid3d->processors();
  out.area_competing = p.area_competing;
  out.area_host = p.area_host;
  out.host_alpha = p.host_alpha;
  out.competing_alpha = p.competing_alpha;
  out.processor_area_source =
      p.dimensions == 2 ? s.processor_area_source : ProcessorAreaSource::kAlpha;
  out.area_ratio = static_cast<double>(p.area_host) / static_cast<double>(p.area_competing);
  out.messages = p.messages.size();
  out.bits = 1 + static_cast<std::uint64_t>(lg(out.host_processors)) + s.data_bits;
  out.load_factor = p.load_factor;
  out.mapping_load = p.mapping_load;
  out.congestion = p.congestion;
  const MessageTiming timing{delay, s.switch_delay, static_cast<double>(out.bits),
                             s.technology ? s.technology->clock_ns() : 1.0};
  RouteResult r;
  if (p.tree) {
    r = route_fat_tree(p, s, timing, out.lost_in_switches);
  } else {
    const ButterflyTiming bt{timing, p.wire_length};
    const ButterflyAlgorithm a = s.algorithm == RouteAlgorithm::kGreedy
                                     ? ButterflyAlgorithm::kGreedy
                                     : ButterflyAlgorithm::kRandomPrime;
    r = p.pyramid
            ? route_butterfly(*p.pyramid, p.messages, a, s.policy, s.seed, s.max_cycles, &bt)
            : route_butterfly(*p.pyramid3d, p.messages, a, s.policy, s.seed, s.max_cycles, &bt);
  }
  out.delivery_cycles = r.cycles;
  out.time_host = r.elapsed;
  if (p.tree) out.time_host_bound = r.elapsed_bound;
  time_competing(out, p, timing, s.steps);
  out.delta_bit_times = out.time_host / timing.bit_time;
  out.cycle_bit_times = r.cycles > 0 ? out.delta_bit_times / static_cast<double>(r.cycles) : 0;
  out.slowdown_with_compute = std::max(out.slowdown, static_cast<double>(out.mapping_load));
  path_stretch(out, p, r);
  out.delivered = r.delivered;
  out.policy = s.policy;
  out.seed = s.seed;
  out.switch_delay = s.switch_delay;
  out.delay_conditions = verdict;
  out.technology = s.technology;
  out.dimensions = p.dimensions;
  out.switch_span = s.switch_span;
  out.switch_model = s.switch_model;
  if (p.tree) {
    out.host_capacity_profile = std::string(to_string(p.tree->capacity_params().profile));
    out.host_capacities = p.tree->capacities();
    out.mapping = std::string(to_string(s.mapping));
  } else {
    out.mapping = "grid";
    out.mesh_diagonals = p.pyramid && p.pyramid->mesh_diagonals();
  }
  require_finite_times(out, s);
  return out;
}

// docs/technology.md: a technology's wire model, switch delay and clock replace the given ones.
SimulateSpec with_technology(SimulateSpec s) {
  if (!s.technology) return s;
  s.delay = wire_delay_model(*s.technology);
  s.switch_delay = s.technology->switch_ns();
  return s;
}

std::vector<SweepTrend> trends_of(const SweepSpec& spec, const std::vector<SimulateResult>& rows) {
  std::vector<SweepTrend> out;
  for (const auto& host : spec.hosts)
    for (const auto& delay : spec.delays) {
      std::vector<const SimulateResult*> pts;
      for (const auto& r : rows)
        if (r.host == to_string(host) && r.delay_model == delay.name()) pts.push_back(&r);
      if (pts.empty()) continue;
      SweepTrend t{std::string(to_string(host)), delay.name()};
      for (const auto* r : pts) {
        t.area_ratio_min =
            t.area_ratio_min == 0 ? r->area_ratio : std::min(t.area_ratio_min, r->area_ratio);
        t.area_ratio_max = std::max(t.area_ratio_max, r->area_ratio);
      }
      auto per = [](const SimulateResult& r, bool sqrt_a) {
        const double a = static_cast<double>(r.area_competing);
        return r.slowdown / (sqrt_a ? std::sqrt(a) : std::log2(a));
      };
      t.per_sqrt_a_first = per(*pts.front(), true), t.per_sqrt_a_last = per(*pts.back(), true);
      t.per_lg_a_first = per(*pts.front(), false), t.per_lg_a_last = per(*pts.back(), false);
      t.dimensions = pts.front()->dimensions;
      if (t.dimensions == 3) {
        auto per_cbrt = [](const SimulateResult& r) {
          return r.slowdown / std::cbrt(static_cast<double>(r.area_competing));
        };
        t.per_cbrt_v_first = per_cbrt(*pts.front()), t.per_cbrt_v_last = per_cbrt(*pts.back());
      }
      // Least squares over the larger half of the sizes (at least two points).
      const std::size_t from = pts.size() >= 4 ? pts.size() / 2 : 0;
      double sx = 0, sy = 0, sxx = 0, sxy = 0, k = 0;
      for (std::size_t i = from; i < pts.size(); ++i) {
        const double x = std::log(static_cast<double>(pts[i]->area_competing));
        const double y = std::log(pts[i]->slowdown);
        sx += x, sy += y, sxx += x * x, sxy += x * y, ++k;
      }
      const double den = k * sxx - sx * sx;
      t.slope = den > 0 ? (k * sxy - sx * sy) / den : 0;
      out.push_back(t);
    }
  return out;
}

// Before any work: the JSON output overwrites neither the network file nor the technology file.
void require_distinct_json(const SimulateSpec& spec, const std::optional<std::string>& json) {
  require_distinct_outputs(
      {{"network file", spec.network_file},
       {"technology file", spec.technology ? spec.technology->file : std::string()}},
      {{"JSON output", json}});
}

}  // namespace

SimulateResult run_simulate(const SimulateSpec& given) {
  require_distinct_json(given, given.json);
  if (given.json) require_writable(*given.json, "JSON");
  const SimulateSpec spec = with_technology(given);
  const Prepared p = prepare(spec);
  SimulateResult r = simulate(p, spec, spec.delay, check_regularity(spec.delay));
  if (spec.json) write_file_atomically(*spec.json, simulate_json(r));
  return r;
}

SweepResult run_simulate_sweep(const SweepSpec& given) {
  require_distinct_json(given.base, given.json);
  if (given.json) require_writable(*given.json, "JSON");
  SweepSpec spec = given;
  spec.base = with_technology(given.base);
  if (spec.base.technology) spec.delays = {spec.base.delay};
  if (spec.sizes.empty() || spec.hosts.empty() || spec.delays.empty())
    throw InputError(6209, "a sweep needs at least one size, one host and one delay model");
  if (!spec.shard.whole() && !spec.report_dir)
    throw InputError(1306, "a sweep shard writes its partial result into --report DIR; give one");
  SweepPartial partial{spec, spec.shard, {}};
  std::vector<RegularityVerdict> verdicts;  // per delay model, checked once
  for (const auto& delay : spec.delays) verdicts.push_back(check_regularity(delay));
  const std::uint64_t items = spec.sizes.size() * spec.hosts.size();
  const std::uint64_t mine = items / spec.shard.n + (spec.shard.k <= items % spec.shard.n);
  for (std::uint64_t i = 0; i < items; ++i) {
    if (!spec.shard.owns(i)) continue;
    SimulateSpec s = spec.base;
    s.processors = spec.sizes[i / spec.hosts.size()];
    s.host = spec.hosts[i % spec.hosts.size()];
    if (spec.progress)
      spec.progress(fmt::format("n = {} on the {}", s.processors, to_string(s.host)),
                    partial.items.size(), mine);
    const Prepared p = prepare(s);
    std::vector<SimulateResult> rows;
    for (std::size_t d = 0; d < spec.delays.size(); ++d)
      rows.push_back(simulate(p, s, spec.delays[d], verdicts[d]));
    partial.items.emplace_back(i, std::move(rows));
  }
  if (spec.progress) spec.progress("done", mine, mine);
  if (spec.shard.whole()) {
    std::vector<SimulateResult> rows;
    for (auto& item : partial.items)
      for (auto& r : item.second) rows.push_back(std::move(r));
    return finish_sweep(spec, std::move(rows));
  }
  make_directory(*spec.report_dir, "--report");
  const std::string name = spec.shard.file("simulate");
  write_file_atomically((std::filesystem::path(*spec.report_dir) / name).string(),
                        sweep_partial_json(partial));
  SweepResult out;
  for (auto& item : partial.items)
    for (auto& r : item.second) out.rows.push_back(std::move(r));
  out.files.push_back(name);
  return out;
}

SweepResult finish_sweep(const SweepSpec& spec, std::vector<SimulateResult> rows) {
  SweepResult out;
  out.rows = std::move(rows);
  out.trends = trends_of(spec, out.rows);
  if (spec.report_dir) {
    // The plots and documents join the folder together, when all are written.
    StagedFolder staged(*spec.report_dir, "--report", StagedFolder::Commit::kEntries);
    const std::filesystem::path dir(staged.path());
    for (const auto& delay : spec.delays) {
      std::vector<PlotSeries> series;
      for (const auto& host : spec.hosts) {
        PlotSeries ps{std::string(to_string(host)), {}, false};
        for (const auto& r : out.rows)
          if (r.host == to_string(host) && r.delay_model == delay.name())
            ps.points.push_back({static_cast<double>(r.area_competing), r.slowdown});
        series.push_back(std::move(ps));
      }
      // Reference curves through the first point of the first host: sqrt A and lg A (3D: the
      // cube root of the volume V and lg V).
      const bool volume = !out.rows.empty() && out.rows.front().dimensions == 3;
      if (!series.empty() && !series.front().points.empty()) {
        const auto [a0, d0] = series.front().points.front();
        PlotSeries root{volume ? "∝ ∛V" : "∝ √A", {}, true};
        PlotSeries lga{volume ? "∝ lg V" : "∝ lg A", {}, true};
        for (const auto& [a, d] : series.front().points) {
          root.points.push_back({a, d0 * (volume ? std::cbrt(a / a0) : std::sqrt(a / a0))});
          lga.points.push_back({a, d0 * std::log2(a) / std::log2(a0)});
        }
        series.push_back(std::move(root));
        series.push_back(std::move(lga));
      }
      const std::string name = slowdown_plot_file(delay.name());
      write_plot(
          (dir / name).string(), series,
          {fmt::format("Slowdown simulating a {} ({} delay)", spec.base.competing, delay.name()),
           volume ? "V (competing network's layout volume)" : "A (competing network's layout area)",
           "slowdown Δ = T_host / T_R"});
      out.files.push_back(name);
      out.files.push_back(plot_csv_path(name));
    }
    write_file_atomically((dir / "simulate.csv").string(), sweep_csv(out));
    // The Markdown links the plots written beside it.
    write_file_atomically((dir / "simulate.md").string(),
                          sweep_document(out, spec.base.competing, true));
    out.files.push_back("simulate.csv");
    out.files.push_back("simulate.md");
    staged.commit();
  }
  if (spec.json) write_file_atomically(*spec.json, sweep_json(out));
  return out;
}

}  // namespace ftvlsi
