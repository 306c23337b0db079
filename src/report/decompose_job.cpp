#include "ftvlsi/report/decompose_job.hpp"

#include <fmt/format.h>

#include <exception>
#include <sstream>
#include <thread>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/decompose_json.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/graph_export.hpp"
#include "ftvlsi/io/graph_file.hpp"
#include "ftvlsi/io/mapping_file.hpp"
#include "ftvlsi/io/svg_writer.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/layout/grid3d.hpp"

namespace ftvlsi {
namespace {

constexpr int kDotLevels = 8;

// Before any work: no output overwrites an input or another output, and every output can be
// created.
void require_outputs(const DecomposeSpec& s) {
  require_distinct_outputs({{"spec file", s.spec_file},
                            {"network file", s.network_file},
                            {"mapping file", s.mapping_in},
                            {"coordinates file", s.coordinates}},
                           {{"JSON output", s.json},
                            {"DOT output", s.dot},
                            {"SVG output", s.svg},
                            {"mapping output", s.mapping_out},
                            {"message output", s.messages_out},
                            {"Scotch graph output", s.export_scotch},
                            {"METIS graph output", s.export_metis},
                            {"network output", s.network_out},
                            {"geometry output", s.export_xyz}});
  for (const auto& [path, what] : {std::pair{s.json, "JSON"},
                                   {s.dot, "DOT"},
                                   {s.svg, "SVG"},
                                   {s.mapping_out, "mapping"},
                                   {s.messages_out, "message"},
                                   {s.export_scotch, "Scotch graph"},
                                   {s.export_metis, "METIS graph"},
                                   {s.network_out, "network"},
                                   {s.export_xyz, "geometry"}}) {
    if (path) require_writable(*path, what);
  }
}

// Bytes a decomposition holds beside the network's layout, fitted to peak RSS
// (docs/memory-limits.md): the cutting-plane tree, the pearl-string tree, the bisection and the
// loads, per processor and wire (cut on the placement, 2026-11-28: a mesh of 2^20 processors
// peaks at 256 MiB, this gives 350 MiB; a tree of 2^16 leaves at 35.4 MiB, 39.0 MiB; a 3D mesh
// of 2^18 at 73.9 MiB, 96 MiB, of 2^21 at 547 MiB, 774 MiB; cut on the layout, which adds the
// channel layout's estimate: a mesh of 2^20 at 513 MiB, 940 MiB); the multilevel splits of
// balanced-refined and balanced-top add up to 210 bytes a processor, the root's coarse graphs,
// estimated at 220 (2026-11-29, a 3D mesh of 2^21: 547 -> 952 and 968 MiB, this gives 1,214 MiB; a
// mesh of 2^18 cut on its layout: 132 -> 163 MiB; each lane keeps its coarse graphs between its
// splits, and starts them afresh when its pieces halve).
constexpr long double kBytesPerProcessor = 250, kBytesPerWire = 30, kRefinedBytesPerProcessor = 220;

void require_decompose_memory(const DecomposeSpec& s, const CompetingNetwork& net) {
  const auto n = net.processors();
  const auto w = static_cast<std::uint64_t>(net.wires.size());
  long double need =
      network_bytes({n, w}) +
      n * (kBytesPerProcessor + (multilevel_splits(s.mapping) ? kRefinedBytesPerProcessor : 0)) +
      w * kBytesPerWire;
  // A 2D network is cut on its drawn channel layout; a 3D one is placed on its grid by
  // measure_grid3d, which keeps nothing a wire (place_on_grid3d).
  if (s.cut_layout && net.dimensions == 2) need += estimate_channel_layout_bytes(n, w);
  require_memory(
      8023, need, fmt::format("decomposing this {} network of {} processors", net.kind, n),
      s.cut_layout ? "choose fewer processors, or --cut-on placement" : "choose fewer processors");
}

CompetingNetwork make_network(const DecomposeSpec& s) {
  if (is_file_kind(s.network)) {
    if (!s.network_file)
      throw InputError(6301, "--network file needs --network-file FILE naming the network to read");
    return read_network({*s.network_file, s.coordinates, s.graph_format}, s.seed);
  }
  if (s.coordinates || s.graph_format)
    throw InputError(6306, "--coordinates and --graph-format go with --network file");
  CompetingNetwork net = make_competing(s.network, s.processors, s.seed);
  validate(net, s.network);
  return net;
}

// The host fat-tree: n = the least power of two >= N unless given; linear-size capacities with
// processor area alpha = A / n, A the network's bounding-box area, unless given.
// Leiserson's Theorem 10 host for a network of volume v: root capacity
// Theta(v^(2/3) / lg(n / v^(2/3))), kept within the universal profile's [n^(2/3), n].
std::uint64_t volume_universal_root(std::uint64_t n, double volume) {
  const double v23 = std::cbrt(volume) * std::cbrt(volume);
  const double w = std::ceil(v23 / std::max(1.0, std::log2(static_cast<double>(n) / v23)));
  std::uint64_t least = 1;
  while (least * least * least < n * n) ++least;  // ceil(n^(2/3)), n <= 2^40
  return std::clamp<std::uint64_t>(static_cast<std::uint64_t>(w), least, n);
}

// The least power of two >= the processors, and the host's leaves: --host-processors, else that.
std::uint64_t least_leaves(const CompetingNetwork& net) {
  return std::uint64_t{1} << (net.processors() <= 1 ? 0 : floor_log2(net.processors() - 1) + 1);
}
std::uint64_t host_leaves(const DecomposeSpec& s, const CompetingNetwork& net) {
  return s.host_processors.value_or(least_leaves(net));
}

FatTree make_host(const DecomposeSpec& s, DecomposeRun& r) {
  const CompetingNetwork& net = r.net;
  const CuttingTree& tree = r.tree;
  int& dimensions = r.host_dimensions;
  const std::uint64_t need = least_leaves(net);
  FatTreeParams params;
  params.processors = host_leaves(s, net);
  params.capacity = s.host_capacity;
  if (params.processors < net.processors() && !s.shared_leaves) {
    throw InputError(6302, fmt::format("the host fat-tree has {} leaves but the network has {} "
                                       "processors; use --host-processors "
                                       "{} or more",
                                       params.processors, net.processors(), need));
  }
  dimensions = 2;
  if (net.dimensions == 3 && !s.host_capacity_given) {
    dimensions = 3;
    params.capacity.profile = CapacityProfile::kUniversal;
    // The network's volume: its 3D layout's, else its placement's (rounded up per axis).
    const double volume =
        r.drawn_as<3>() ? static_cast<double>(r.drawn_as<3>()->metrics.volume())
                        : std::ldexp(1.0, tree.exponent[0] + tree.exponent[1] + tree.exponent[2]);
    params.capacity.root_capacity = volume_universal_root(params.processors, volume);
  }
  if (!s.host_alpha_given) {
    const double area = std::ldexp(1.0, tree.exponent[0] + tree.exponent[1]);
    params.capacity.alpha =
        std::max<std::uint64_t>(1, static_cast<std::uint64_t>(area / params.processors));
  }
  return FatTree(params);
}

std::string tree_dot(const CompetingNetwork& net, const CuttingTree& tree) {
  std::string out = fmt::format(
      "// cutting-plane decomposition tree of a {} network, levels 0 .. {} of {}\ndigraph "
      "decomposition {{\n  node [shape=box, fontsize=10];\n",
      net.kind, std::min(tree.depth, kDotLevels), tree.depth);
  std::vector<std::uint32_t> id(net.processors());
  for (int k = 0; k <= std::min(tree.depth, kDotLevels); ++k) {
    std::vector<std::uint64_t> procs, band;
    std::vector<std::uint64_t> prefix;
    for (std::size_t i = 0; i < tree.order.size(); ++i) {
      const std::uint64_t pre = k == 0 ? 0 : tree.sorted_leaf[i] >> (tree.depth - k);
      if (prefix.empty() || prefix.back() != pre) prefix.push_back(pre), procs.push_back(0);
      ++procs.back();
      id[tree.order[i]] = static_cast<std::uint32_t>(prefix.size() - 1);
    }
    band.assign(prefix.size(), 0);
    for (const auto& [a, b] : net.wires)
      if (id[a] != id[b]) ++band[id[a]], ++band[id[b]];
    for (std::size_t j = 0; j < prefix.size(); ++j) {
      out += fmt::format(
          "  p{}_{} [label=\"level {}\\n{} processors\\nbandwidth {}\\nsurface {}\"];\n", k,
          prefix[j], k, procs[j], band[j], tree.surface_by_level[k]);
      if (k > 0) out += fmt::format("  p{}_{} -> p{}_{};\n", k - 1, prefix[j] >> 1, k, prefix[j]);
    }
  }
  return out + "}\n";
}

void write_cut_svg(const DecomposeSpec& s, const DecomposeRun& r);

void write_outputs(const DecomposeSpec& s, const DecomposeRun& r) {
  if (s.dot) write_file_atomically(*s.dot, tree_dot(r.net, r.tree));
  if (s.svg) write_cut_svg(s, r);
  if (s.mapping_out) {
    const bool scotch = s.mapping_out->size() >= 4 &&
                        s.mapping_out->compare(s.mapping_out->size() - 4, 4, ".map") == 0;
    write_file_atomically(*s.mapping_out, scotch ? scotch_mapping(r.leaf) : mapping_text(r.leaf));
  }
  if (s.messages_out) write_file_atomically(*s.messages_out, one_step_messages_text(r.net));
  if (s.export_scotch) write_file_atomically(*s.export_scotch, scotch_graph(r.net));
  if (s.export_metis) write_file_atomically(*s.export_metis, metis_graph(r.net));
  if (s.network_out) write_file_atomically(*s.network_out, network_text(r.net));
  if (s.export_xyz) write_file_atomically(*s.export_xyz, scotch_geometry(r.net));
  if (s.json) write_file_atomically(*s.json, decompose_json(s, r));
}

// Moves every processor to the lower-left corner of its box in the network's channel layout, so
// that the cuts, the area and the host's processor size come from a real layout.
void place_on_layout(DecomposeRun& r, std::uint64_t processor_area) {
  ChannelNotes notes;
  notes.processor_area = processor_area;
  Layout<2> layout = build_channel_layout(r.net, notes);
  const Cell<2>& cell = layout.cells[layout.top];
  for (std::size_t p = 0; p < r.net.processors(); ++p)
    r.net.position[p] = {cell.node_box[p].lo[0], cell.node_box[p].lo[1], 0};
  r.drawn = drawn_and_measured(std::move(layout));
}

// A 3D network whose wires join grid neighbours is cut on its own 3D layout (processor corners);
// any other 3D network keeps its placement. The layout is measured as it is drawn, never stored:
// its shapes follow from the places (at 2^21 processors they would hold about 700 MiB). The
// cutting tree of the corners is built while the drawing is measured (both only read R), and
// again from the placement if the grid cannot draw R.
void place_on_grid3d_and_cut(DecomposeRun& r, bool with_cuts) {
  const Coord pitch = grid3d_pitch(kGrid3dSide);
  std::uint64_t most = 0;  // the largest coordinate's magnitude
  for (const auto& q : r.net.position)
    for (const auto c : q)
      most =
          std::max(most, c < 0 ? 0 - static_cast<std::uint64_t>(c) : static_cast<std::uint64_t>(c));
  if (most > static_cast<std::uint64_t>(INT64_MAX / pitch)) {  // no grid drawing has such places
    r.tree = build_cutting_tree(r.net, with_cuts);
    return;
  }
  for (auto& q : r.net.position)  // each processor at its cube's corner in build_grid3d's drawing
    for (auto& c : q) c *= pitch;
  LayoutMetrics<3> metrics;
  bool drawable = true;
  const int lanes = r.net.processors() >= (std::size_t{1} << 16) ? 2 : 1;
  run_lanes(lanes, [&](int lane) {
    if (lane == 0) r.tree = build_cutting_tree(r.net, with_cuts);
    if (lane != lanes - 1) return;
    try {
      metrics = measure_grid3d(r.net, kGrid3dSide, false, true).metrics;  // not stored
    } catch (const InputError&) {
      drawable = false;
    }
  });
  if (drawable) {
    r.drawn = DrawnLayout<3>{Layout<3>{}, std::move(metrics)};
    return;
  }
  for (auto& q : r.net.position)  // not drawable on the grid: cut the placement
    for (auto& c : q) c /= pitch;
  r.tree = build_cutting_tree(r.net, with_cuts);
}

constexpr int kSvgCutLevels = 8;

// The cut of every non-empty piece at levels 0 .. kSvgCutLevels - 1, in layout coordinates,
// clipped to the layout's bounding box.
std::vector<SvgLine> cut_lines(const CuttingTree& t, const Box<2>& clip) {
  std::vector<SvgLine> lines;
  for (int k = 0; k < std::min(t.depth, kSvgCutLevels); ++k) {
    std::uint64_t previous = UINT64_MAX;
    for (std::uint64_t leaf : t.sorted_leaf) {
      const std::uint64_t prefix = k == 0 ? 0 : leaf >> (t.depth - k);
      if (prefix == previous) continue;
      previous = prefix;
      std::array<std::int64_t, 3> lo = t.origin, size{};
      for (int d = 0; d < 3; ++d) size[d] = std::int64_t{1} << t.exponent[d];
      for (int level = 0; level < k; ++level) {
        const int a = t.axis_of_level[level];
        size[a] /= 2;
        if ((prefix >> (k - 1 - level)) & 1) lo[a] += size[a];
      }
      const int a = t.axis_of_level[k];
      const Coord mid = lo[a] + size[a] / 2;
      // The region is rounded up to powers of two; draw only the part over the layout.
      const Box<2> line = a == 0 ? Box<2>{mid, lo[1], mid, lo[1] + size[1]}
                                 : Box<2>{lo[0], mid, lo[0] + size[0], mid};
      if (!line.intersects(clip)) continue;
      const Box<2> part = line.intersection(clip);
      lines.push_back({{part.lo[0], part.lo[1]}, {part.hi[0], part.hi[1]}, k});
    }
  }
  return lines;
}

void write_cut_svg(const DecomposeSpec& s, const DecomposeRun& r) {
  const auto* drawn = r.drawn_as<2>();
  FTVLSI_ASSERT(drawn != nullptr);  // run_decompose refused the SVG otherwise (FTV-6304)
  SvgOptions options;
  options.title = fmt::format("{} network, {} processors, cutting-plane decomposition", r.net.kind,
                              r.net.processors());
  options.level_labels = {"wires"};
  options.overlay = cut_lines(r.tree, drawn->layout.cells[drawn->layout.top].bbox);
  write_svg(drawn->layout, *s.svg, options);
}

}  // namespace

DecomposeRun run_decompose(const DecomposeSpec& spec) {
  require_outputs(spec);
  DecomposeRun r;
  r.net = make_network(spec);
  require_decompose_memory(spec, r.net);
  if (spec.svg && (r.net.dimensions != 2 || !spec.cut_layout))
    throw InputError(6304,
                     "an SVG of the cuts needs a two-dimensional network cut on its layout "
                     "(--cut-on layout)");
  if (spec.cut_layout && r.net.dimensions == 2) place_on_layout(r, spec.competing_alpha);
  const bool bisect = !spec.leaf && !spec.mapping_in && bisects(spec.mapping) &&
                      r.net.processors() <= host_leaves(spec, r.net);
  // With a bisection the cutting tree's cuts per level are measured beside it (below); without
  // one, beside the tree's own sort.
  if (spec.cut_layout && r.net.dimensions == 3)
    place_on_grid3d_and_cut(r, !bisect);
  else
    r.tree = build_cutting_tree(r.net, !bisect);
  const FatTree host = make_host(spec, r);
  r.host = {host.processors(), host.capacity_params()};
  FTVLSI_ASSERT(host.processors() == host_leaves(spec, r.net));
  const bool pearls_later = bisect && !spec.pearl_tree;
  FTVLSI_ASSERT(spec.pearl_tree || (!spec.json && !spec.dot && !spec.svg));
  if (bisect) {
    // The pearl-string tree (Theorem 8's guarantee, checked below) is built on a second thread
    // while the bisection runs: both only read R and its cutting tree. (Its loop's cancellation
    // polls are the calling thread's; a cancelled bisection waits for it to end.) Without
    // spec.pearl_tree it is built below only if the bisection's mapping breaks the bound.
    // The cutting tree's own cuts per level (Theorem 8's bound and the JSON) are measured on
    // that thread first: the bisection needs only the tree's leaves and their order.
    std::exception_ptr failure;
    std::jthread pearls([&] {
      try {
        add_level_cuts(r.tree, r.net);
        if (!pearls_later) r.balanced = build_balanced_tree(r.net, r.tree, host.levels());
      } catch (...) {
        failure = std::current_exception();
      }
    });
    BisectionOptions options;
    options.multilevel = spec.mapping == MappingKind::kBalancedRefined;
    options.multilevel_top = spec.mapping == MappingKind::kBalancedTop;
    r.bisection = balanced_bisection(r.net, r.tree, host.levels(), options);
    pearls.join();
    if (failure) std::rethrow_exception(failure);
    if (pearls_later) r.balanced.bound_by_level = theorem8_bound(r.tree);
  } else {
    r.balanced = build_balanced_tree(r.net, r.tree, host.levels());
  }
  if (spec.leaf) {
    FTVLSI_ASSERT(spec.leaf->size() == r.net.processors());
    r.leaf = *spec.leaf;
  } else if (spec.mapping_in) {
    r.leaf = read_mapping_file(*spec.mapping_in, r.net.processors(), host.processors());
  } else if (bisect) {
    r.leaf = r.bisection->leaf;
  } else {
    // The bisection places one processor a leaf; with shared leaves the balanced mapping is the
    // pearl-string tree's, whose level-L pieces hold equal counts.
    r.leaf = spec.mapping != MappingKind::kGeometric ? r.balanced.leaf_at_map_level
                                                     : geometric_mapping(r.tree, host.levels());
  }
  r.loads = one_step_loads(r.net, r.leaf, host);
  if (r.bisection && !r.balanced.bounds(r.loads.max_load_by_level)) {
    // Theorem 8's guarantee is kept: the pearl-string tree's mapping always meets it.
    if (pearls_later) r.balanced = build_balanced_tree(r.net, r.tree, host.levels());
    r.bisection_fallback = true;
    r.leaf = r.balanced.leaf_at_map_level;
    r.loads = one_step_loads(r.net, r.leaf, host);
  }
  r.host_capacities = host.capacities();
  write_outputs(spec, r);
  return r;
}

}  // namespace ftvlsi
