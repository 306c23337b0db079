#include "ftvlsi/report/export_job.hpp"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/booksim_writer.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/export_json.hpp"
#include "ftvlsi/io/graphml_writer.hpp"
#include "ftvlsi/io/numbers.hpp"
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
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {
namespace {

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

LatencyGraph butterfly_export(const LayoutSpec& spec, const ButterflyParams& b) {
  const LayoutStyle style = resolved_style(spec);
  if (style == LayoutStyle::kCube) {
    if (!b.parents.empty() || b.mesh_diagonals || b.alpha)
      throw InputError(6803,
                       "--parents, --mesh-diagonals and --alpha apply to the 2D butterfly "
                       "networks; the 3D lattice has 4 parents, the 6-neighbour mesh and unit "
                       "processors");
    const ButterflyFatTree3d net(b.processors, b.pyramid());
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
  const std::vector<std::uint64_t> length =
      grid3d ? drawn_lengths(build_grid3d(net)) : drawn_lengths(build_channel_layout(net));
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
  if (g.has_capacities())
    throw InputError(
        6800, fmt::format("BookSim2's anynet holds one link per pair of routers, so a {} whose "
                          "channels carry several wires cannot be written for it; use --format "
                          "graphml or dot (they carry each channel's capacity), or a "
                          "butterfly-fat-tree, whose every wire is a link",
                          g.kind));
}

}  // namespace

LatencyGraph export_graph(const LayoutSpec& layout) {
  if (const auto* ft = std::get_if<FatTreeParams>(&layout.network))
    return fat_tree_export(layout, *ft);
  if (const auto* b = std::get_if<ButterflyParams>(&layout.network))
    return butterfly_export(layout, *b);
  return competing_export(layout, std::get<CompetingParams>(layout.network));
}

ExportSpec export_spec(const ExportOptions& o) {
  if (o.network.network && *o.network.network == "transit")
    throw InputError(1094,
                     "ftvlsi export does not write DeHon's transit networks yet "
                     "(docs/export.md); export a fat-tree, butterfly network or competing network");
  ExportSpec s;
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
  if (s.layout.technology) {
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
        spec.layout.technology ? std::optional(spec.layout.technology->file) : std::nullopt}},
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
  run.graph = export_graph(spec.layout);
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
