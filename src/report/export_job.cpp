#include "ftvlsi/report/export_job.hpp"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/booksim_writer.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/export_json.hpp"
#include "ftvlsi/io/graphml_writer.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/io/transit_options.hpp"
#include "ftvlsi/io/transit_timing.hpp"
#include "ftvlsi/layout/butterfly3d_lattice.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/layout/channel_wires.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/layout/grid3d.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/transit.hpp"

namespace ftvlsi {
namespace {

// ---- estimates: what an export holds at its peak ------------------------------------------
// Per link of the latency graph: its ends, length, capacity, kind and latency (and a transit
// link's straight span), about 40 bytes; a router 28, a processor 36 and its wires 8 each.
constexpr long double kGraphBytesPerLink = 40, kGraphBytesPerRouter = 28,
                      kGraphBytesPerProcessor = 44;
// A butterfly network's graph (a vertex's level and cell, a wire's ends, kind and drawn length)
// while the export copies it, about 60 bytes a wire with the vertices' share.
constexpr long double kButterflyGraphBytesPerWire = 60;
// DeHon's network (about 70 bytes a router, report/transit_job.cpp), its hollow cube (200), and
// each output slot's measured cable (16 bytes, 8 slots) with the cables' maps while they are
// matched to the links (about 100).
constexpr long double kTransitBytesPerRouter = 70 + 200 + 128 + 100;

long double graph_bytes(long double routers, long double links, long double processors) {
  return kGraphBytesPerRouter * routers + kGraphBytesPerLink * links +
         kGraphBytesPerProcessor * processors +
         mean_zero_load_bytes(static_cast<std::uint64_t>(routers),
                              static_cast<std::uint64_t>(links),
                              static_cast<std::uint64_t>(processors));
}

constexpr std::string_view kFewer = "choose fewer processors";

void require_export_memory(long double bytes, std::string_view network) {
  require_memory(8029, bytes, fmt::format("exporting this {}", network),
                 network == "transit" ? "choose a smaller composition" : kFewer);
}

// ---- butterfly fat-trees and fat-pyramids (2D and 3D) ------------------------------------
// The graph's nodes are the processors (ids 0 .. n-1, level 0), then the switches: router
// r = node n + r. A processor's one wire goes to its level-1 switch.
template <int D>
LatencyGraph butterfly_graph(const ButterflyGraph<D>& g, std::uint64_t n,
                             const std::vector<std::uint64_t>& length, std::string kind) {
  FTVLSI_ASSERT(length.size() == g.wires.size());
  LatencyGraph out;
  out.kind = std::move(kind);
  out.dimensions = D;
  auto place = [&](std::uint32_t v) {
    std::array<std::int64_t, 3> at{0, 0, 0};
    for (int a = 0; a < D; ++a) at[a] = g.cell[v][a];
    return at;
  };
  for (std::uint32_t v = 0; v < g.level.size(); ++v) {
    if (v < n) {
      FTVLSI_ASSERT(g.level[v] == 0);
      out.processor_position.push_back(place(v));
    } else {
      out.router_level.push_back(g.level[v]);
      out.router_position.push_back(place(v));
    }
  }
  constexpr std::uint32_t kNone = UINT32_MAX;
  out.processor_router.assign(n, kNone);
  out.processor_wire.assign(n, 0);
  for (std::size_t w = 0; w < g.wires.size(); ++w) {
    const auto [a, b] = g.wires[w];
    if (a < n) {  // a processor's wire (child, parent)
      FTVLSI_ASSERT(b >= n && out.processor_router[a] == kNone);
      out.processor_router[a] = static_cast<std::uint32_t>(b - n);
      out.processor_wire[a] = length[w];
      continue;
    }
    out.add_link(static_cast<std::uint32_t>(a - n), static_cast<std::uint32_t>(b - n), length[w], 1,
                 g.wire_is_mesh[w]);
  }
  for (const std::uint32_t r : out.processor_router) FTVLSI_ASSERT(r != kNone);
  return out;
}

long double butterfly_bytes(long double wires, long double processors) {
  // Half the wires' count of switches, more or less; the lengths are a wire's 8 bytes.
  return kButterflyGraphBytesPerWire * wires + graph_bytes(wires / 2, wires, processors);
}

LatencyGraph butterfly_export(const LayoutSpec& spec, const ButterflyParams& b) {
  const LayoutStyle style = resolved_style(spec);
  if (style == LayoutStyle::kCube) {
    if (!b.parents.empty() || b.mesh_diagonals || b.alpha)
      throw InputError(6803,
                       "--parents, --mesh-diagonals and --alpha apply to the 2D butterfly "
                       "networks; the 3D lattice has 4 parents, the 6-neighbour mesh and unit "
                       "processors");
    const ButterflyFatTree3d net(b.processors, b.pyramid());
    require_export_memory(butterfly_bytes(static_cast<long double>(net.wires()),
                                          static_cast<long double>(net.processors())),
                          b.kind);
    return butterfly_graph(net.graph(), net.processors(), butterfly3d_lattice_wire_lengths(net),
                           std::string("3d-") + b.kind);
  }
  if (style != LayoutStyle::kFoldAndSquash)
    throw InputError(6802,
                     fmt::format("ftvlsi export measures a {} on its fold-and-squash layout (or "
                                 "the 3D lattice, --style cube), not on the {} style; leave out "
                                 "--style",
                                 b.kind, to_string(style)));
  const ButterflyFatTree net(b.processors, b.pyramid(), b.parents, b.mesh_diagonals);
  require_export_memory(butterfly_bytes(static_cast<long double>(net.wire_count()),
                                        static_cast<long double>(net.processors())),
                        b.kind);
  const Coord side = b.alpha ? static_cast<Coord>(ceil_sqrt(*b.alpha)) : 1;
  return butterfly_graph(net.graph(), net.processors(), fold_and_squash_wire_lengths(net, side),
                         b.kind);
}

// ---- competing networks: one router per processor, a link per wire -------------------------
template <int D>
std::vector<std::uint64_t> drawn_lengths(const Layout<D>& layout) {
  const Cell<D>& top = layout.cells[layout.top];
  std::vector<std::uint64_t> out(top.wire_count());
  for (std::size_t w = 0; w < top.wire_count(); ++w) out[w] = wire_length(top.wire(w));
  return out;
}

LatencyGraph competing_export(const LayoutSpec& spec, const CompetingParams& c) {
  CompetingNetwork net;
  if (is_file_kind(c.kind)) {
    if (!c.file)
      throw InputError(6804, "a network of kind file needs --network-file FILE naming it");
    net = read_network_file(*c.file);
  } else {
    net = make_competing(c.kind, c.processors, spec.seed);
    validate(net, c.kind);
  }
  const bool grid3d = resolved_style(spec) == LayoutStyle::kCube;
  // The network is built (its generator checks its own memory, FTV-8014); its layout is next (in
  // 3D only measured, never stored).
  const auto n = net.processors();
  const auto w = static_cast<std::uint64_t>(net.wires.size());
  require_export_memory(
      (grid3d ? estimate_measure_grid3d_bytes(w) : estimate_channel_layout_bytes(n, w)) +
          graph_bytes(static_cast<long double>(n), static_cast<long double>(w),
                      static_cast<long double>(n)),
      net.kind);
  const std::vector<std::uint64_t> length =
      grid3d ? measure_grid3d(net).wire_length : drawn_lengths(build_channel_layout(net));
  FTVLSI_ASSERT(length.size() == net.wires.size());
  LatencyGraph out;
  out.kind = net.kind;
  out.dimensions = grid3d ? 3 : 2;
  for (std::uint32_t p = 0; p < net.processors(); ++p) {
    out.router_level.push_back(0);
    out.router_position.push_back(net.position[p]);
    out.processor_router.push_back(p);
    out.processor_position.push_back(net.position[p]);
    out.processor_wire.push_back(0);  // the router sits in its processor's tile
  }
  for (std::size_t w = 0; w < net.wires.size(); ++w)
    out.add_link(net.wires[w].first, net.wires[w].second, length[w]);
  return out;
}

// ---- fat-trees: a router per internal node, a link per channel with its capacity ------------
// Node i of depth k is router 2^k - 1 + i (k = 0 .. L-1); processor p hangs on router
// 2^(L-1) - 1 + p / 2. A channel's length is the longest of its drawn wires, both directions.
std::uint64_t longest(const ChannelWireLengths& t, int k, std::uint64_t side) {
  std::uint64_t m = 0;
  for (const auto& dir : t.table[static_cast<std::size_t>(k)][side & 1])
    for (const std::uint64_t l : dir) m = std::max(m, l);
  return m;
}

LatencyGraph fat_tree_export(const LayoutSpec& spec, const FatTreeParams& params) {
  const FatTree tree(params);
  const LayoutStyle style = resolved_style(spec);
  if (style == LayoutStyle::kSlab)
    throw InputError(6805,
                     "ftvlsi export measures a fat-tree on its H-tree or its cube (--style cube), "
                     "not on the slab");
  const auto n = static_cast<long double>(tree.processors());
  require_export_memory(
      static_cast<long double>(style == LayoutStyle::kCube ? estimate_cube_bytes(tree)
                                                           : estimate_h_tree_bytes(tree)) +
          // each wire's length, both directions (layout/channel_wires.hpp), and the
          // graph: about 1.5 times the layout's own estimate, measured on 2^14 and 2^16
          16 * static_cast<long double>(tree.total_wires()) + graph_bytes(n, n, n),
      "fat-tree");
  const ChannelWireLengths wires = style == LayoutStyle::kCube
                                       ? cube_channel_wires(tree, build_cube(tree))
                                       : h_tree_channel_wires(tree, build_h_tree(tree));
  const int levels = tree.levels();
  LatencyGraph out;
  out.kind = "fat-tree";
  out.dimensions = style == LayoutStyle::kCube ? 3 : 2;
  for (int k = 0; k < levels; ++k)
    for (std::uint64_t i = 0; i < tree.nodes_at(k); ++i) {
      out.router_level.push_back(k);
      out.router_position.push_back({static_cast<std::int64_t>(i), k, 0});  // index, depth
      if (k > 0)
        out.add_link(static_cast<std::uint32_t>((std::uint64_t{1} << (k - 1)) - 1 + i / 2),
                     static_cast<std::uint32_t>((std::uint64_t{1} << k) - 1 + i),
                     longest(wires, k, i), tree.capacity(k));
    }
  const std::uint64_t first_leaf_parent = (std::uint64_t{1} << (levels - 1)) - 1;
  out.processor_capacity = tree.capacity(levels);
  for (std::uint64_t p = 0; p < tree.processors(); ++p) {
    out.processor_router.push_back(static_cast<std::uint32_t>(first_leaf_parent + p / 2));
    out.processor_position.push_back({static_cast<std::int64_t>(p), levels, 0});
    out.processor_wire.push_back(longest(wires, levels, p));
  }
  return out;
}

// ---- DeHon's practical fat-tree: RN1s, processors and one directed link per wire ----------
LatencyGraph transit_graph(const TransitNetwork& net, const std::vector<LinkCable>& cable) {
  const bool dual = net.rn1() == Rn1Config::kDual4x4;
  const std::uint32_t halves = dual ? 2 : 1;
  // In the dual 4x4 configuration inputs 4h .. 4h + 3 reach only outputs 4h .. 4h + 3
  // (network/rn1.hpp): each crossbar is a router of its own, or paths would cross between them.
  auto router = [&](std::uint64_t slot) {
    const std::uint64_t half = dual ? slot % kRn1Ports / 4 : 0;
    return static_cast<std::uint32_t>(slot / kRn1Ports * halves + half);
  };
  LatencyGraph g;
  g.kind = "transit";
  g.dimensions = 3;
  g.router_kind = "rn1";
  g.directed = true;
  for (std::uint64_t r = 0; r < net.routers(); ++r)
    for (std::uint32_t h = 0; h < halves; ++h) {
      const std::uint32_t stack = net.stack(r);
      g.router_level.push_back(net.level(r));
      g.router_position.push_back({stack, net.stack_stage(stack), h});  // stack, stage, crossbar
    }
  constexpr std::uint32_t kNone = UINT32_MAX;
  g.processor_router.assign(net.processors(), kNone);
  g.processor_wire.assign(net.processors(), 0);  // a processor sits at its leaf stack
  for (std::uint64_t p = 0; p < net.processors(); ++p) {
    g.processor_position.push_back(
        {static_cast<std::int64_t>(p), static_cast<std::int64_t>(net.leaf_unit(p)), 0});
    for (int i = 0; i < 2; ++i) {
      const std::int64_t in = net.injection(p, i);
      if (in < 0) continue;
      const std::uint32_t r = router(static_cast<std::uint64_t>(in));
      g.processor_inject.push_back({static_cast<std::uint32_t>(p), r});
      if (g.processor_router[p] == kNone) g.processor_router[p] = r;
    }
  }
  for (std::uint64_t slot = 0; slot < net.routers() * kRn1Ports; ++slot) {
    const std::int64_t to = net.link(slot);
    if (to == kNoLink) continue;
    if (to < 0) {
      g.processor_eject.push_back(
          {static_cast<std::uint32_t>(delivered_processor(to)), router(slot)});
      continue;
    }
    g.add_link(router(slot), router(static_cast<std::uint64_t>(to)), cable[slot].drawn);
    g.link_straight.push_back(cable[slot].straight);
  }
  for (const std::uint32_t r : g.processor_router) FTVLSI_ASSERT(r != kNone);
  return g;
}

long double transit_export_bytes(const TransitShape& shape) {
  const bool dual = shape.params.rn1 == Rn1Config::kDual4x4;
  const auto routers = static_cast<long double>(shape.routers);
  const auto processors = static_cast<long double>(shape.processors);
  return (1 << 20) + kTransitBytesPerRouter * routers +
         graph_bytes(routers * (dual ? 2 : 1), routers * kRn1Ports, processors) +
         16 * processors;  // four wires a processor
}

// BookSim2's configuration names the network file unquoted: its lexer takes a name that starts
// with a letter, '_', '-', '.' or '/' and goes on with letters, digits and _ - / . + only.
bool booksim_name(std::string_view name) {
  auto ok = [](char c, bool first) {
    const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    const bool digit = c >= '0' && c <= '9';
    return alpha || c == '_' || c == '-' || c == '.' || (!first && (digit || c == '+'));
  };
  if (name.empty() || !ok(name[0], true)) return false;
  for (const char c : name.substr(1))
    if (!ok(c, false)) return false;
  return true;
}

void check_booksim(const LatencyGraph& g) {
  if (g.directed)
    throw InputError(
        6807, fmt::format("BookSim2's anynet runs every channel both ways and hangs a processor on "
                          "one router, but a {} network's wires run one way and its processors "
                          "send and receive on different RN1s; use --format graphml or dot, which "
                          "keep every wire's direction (docs/export.md)",
                          g.kind));
  if (g.has_capacities())
    throw InputError(
        6800, fmt::format("BookSim2's anynet holds one link per pair of routers, so a {} whose "
                          "channels carry several wires cannot be written for it; use --format "
                          "graphml or dot (they carry each channel's capacity), or a "
                          "butterfly-fat-tree, whose every wire is a link",
                          g.kind));
}

}  // namespace

LatencyGraph transit_export_graph(const TransitParams& params, const HollowCubeSpec& packaging) {
  require_export_memory(transit_export_bytes(transit_shape(params)), "transit");
  const TransitNetwork net(params);
  const HollowCube cube = build_hollow_cube(net, packaging);
  return transit_graph(net, link_cables(net, cube));
}

LatencyGraph export_graph(const LayoutSpec& layout) {
  if (const auto* ft = std::get_if<FatTreeParams>(&layout.network))
    return fat_tree_export(layout, *ft);
  if (const auto* b = std::get_if<ButterflyParams>(&layout.network))
    return butterfly_export(layout, *b);
  return competing_export(layout, std::get<CompetingParams>(layout.network));
}

namespace {

// `--network transit`: the composition's flags, and the latency rule from --timing (default: the
// transit timing's defaults) or, instead, --delay and --cycle-length on the hollow cube's grid.
void transit_spec(const ExportOptions& o, ExportSpec& s) {
  const SpecOverrides& n = o.network;
  const std::pair<const char*, bool> others[] = {{"--processors", n.processors.has_value()},
                                                 {"--capacity", n.capacity.has_value()},
                                                 {"--root-capacity", n.root_capacity.has_value()},
                                                 {"--constant", n.constant.has_value()},
                                                 {"--capacities", n.capacities.has_value()},
                                                 {"--alpha", n.alpha.has_value()},
                                                 {"--parents", n.parents.has_value()},
                                                 {"--mesh-diagonals", n.mesh_diagonals},
                                                 {"--network-file", n.network_file.has_value()},
                                                 {"--technology", n.technology.has_value()}};
  for (const auto& [flag, given] : others)
    if (given)
      throw InputError(1097, fmt::format("{} does not apply to --network transit, whose "
                                         "--composition (or --leaf and --stages) sets its size and "
                                         "whose --timing file times its cables",
                                         flag));
  if (n.style && *n.style != to_string(LayoutStyle::kHollowCube))
    throw InputError(1032, fmt::format("a transit network is packaged as hollow cubes; use --style "
                                       "hollow-cube, not '{}'",
                                       *n.style));
  s.transit = parse_transit_params({o.composition, o.leaf, o.stages, o.rn1, o.wiring, n.seed});
  if (o.timing && (o.delay || o.cycle_length))
    throw InputError(1096,
                     "--delay and --cycle-length apply without a technology; with --timing "
                     "the timing file's signal speed and clock give each link's cycles");
  if (o.delay || o.cycle_length) return;  // lengths in grid units of the default packaging
  s.rule.timing = o.timing ? load_transit_timing(*o.timing) : TransitTiming{};
  s.rule.timing_file = o.timing.value_or("");
}

}  // namespace

ExportSpec export_spec(const ExportOptions& o) {
  const bool transit = o.network.network && *o.network.network == "transit";
  if (!transit && (o.composition || o.leaf || o.stages || o.rn1 || o.wiring || o.timing))
    throw InputError(1098,
                     "--composition, --leaf, --stages, --rn1, --wiring and --timing apply to "
                     "--network transit (DeHon's practical fat-trees)");
  ExportSpec s;
  if (transit)
    transit_spec(o, s);
  else
    apply_overrides(s.layout, o.network);
  if (!o.format) throw InputError(1091, "ftvlsi export needs --format booksim, graphml or dot");
  s.format = parse_export_format(*o.format);
  if (!o.out) throw InputError(1092, "ftvlsi export needs --out FILE, the file to write");
  s.out = *o.out;
  if (s.out == "-" && s.format == ExportFormat::kBooksim)
    throw InputError(1093,
                     "--format booksim writes two files (FILE and FILE.config); give --out a file "
                     "name, not '-'");
  if (s.format == ExportFormat::kBooksim &&
      !booksim_name(std::filesystem::path(s.out).filename().string()))
    throw InputError(1095, fmt::format("BookSim2's configuration cannot name the network file "
                                       "'{}'; give --out a file name of letters, digits, '_', "
                                       "'-', '.' and '+' that starts with a letter",
                                       std::filesystem::path(s.out).filename().string()));
  s.json = o.json;
  if (s.rule.timing) {
    // set by transit_spec
  } else if (s.layout.technology) {
    if (o.delay || o.cycle_length)
      throw InputError(1096,
                       "--delay and --cycle-length apply without a technology; with --technology "
                       "the technology's wire delay and clock give each link's cycles");
    s.rule.technology = s.layout.technology;
  } else {
    s.rule.delay = parse_delay_model(o.delay.value_or("linear"));
    if (o.cycle_length)
      s.rule.cycle_length = parse_positive_number(*o.cycle_length, "--cycle-length");
    // Every model is positive at d > 0 (delay_model.hpp), so a cycle takes some time.
    FTVLSI_ASSERT(s.rule.delay(s.rule.cycle_length) > 0);
  }
  return s;
}

ExportRun run_export(const ExportSpec& spec) {
  const auto start = std::chrono::steady_clock::now();
  const auto* competing = std::get_if<CompetingParams>(&spec.layout.network);
  const bool booksim = spec.format == ExportFormat::kBooksim;
  require_distinct_outputs(
      {{"network file", competing ? competing->file : std::nullopt},
       {"technology file",
        spec.layout.technology ? std::optional(spec.layout.technology->file) : std::nullopt},
       {"timing file",
        spec.rule.timing_file.empty() ? std::nullopt : std::optional(spec.rule.timing_file)}},
      {{"--out file", spec.out},
       {"BookSim2 configuration",
        booksim ? std::optional(booksim_config_path(spec.out)) : std::nullopt},
       {"JSON output", spec.json}});
  require_writable(spec.out, "--out");
  if (spec.json) require_writable(*spec.json, "JSON");
  ExportRun run;
  run.format = spec.format;
  run.out = spec.out;
  run.rule = spec.rule;
  run.processor_area_source = spec.layout.processor_area_source;
  run.transit = spec.transit;
  run.graph = spec.transit ? transit_export_graph(*spec.transit, spec.rule.timing
                                                                     ? spec.rule.timing->packaging
                                                                     : HollowCubeSpec{})
                           : export_graph(spec.layout);
  if (booksim) check_booksim(run.graph);
  assign_latencies(run.graph, run.rule);
  run.latency_histogram = latency_histogram(run.graph);
  run.mean_zero_load_latency = mean_zero_load_latency(run.graph);
  if (booksim && !run.mean_zero_load_latency)
    throw InputError(6801,
                     fmt::format("this {} is not connected, and BookSim2 routes between every two "
                                 "processors; export it with --format graphml or dot",
                                 run.graph.kind));
  switch (spec.format) {
    case ExportFormat::kBooksim:
      write_booksim(run, spec.out);
      break;
    case ExportFormat::kGraphml:
      write_graphml(run, spec.out);
      break;
    case ExportFormat::kDot:
      write_export_dot(run, spec.out);
      break;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (spec.json) write_file_atomically(*spec.json, export_json(run));
  return run;
}

}  // namespace ftvlsi
