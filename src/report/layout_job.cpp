#include "ftvlsi/report/layout_job.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/stopwatch.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/distinct_outputs.hpp"
#include "ftvlsi/io/gds_writer.hpp"
#include "ftvlsi/io/layout_json.hpp"
#include "ftvlsi/io/svg_writer.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/io/view3d_html.hpp"
#include "ftvlsi/layout/butterfly3d_lattice.hpp"
#include "ftvlsi/layout/butterfly3d_layered.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/layout/grid3d.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {
namespace {

// Bytes per flattened wire for the flat DRC: the flat copy plus about four boxes per wire
// (two segments, two contacts), each held by us and twice by CGAL's sweep (measured: 2^18
// processors, --capacity linear-size, 1.05 M wires, peak at 753 MiB; this gives 803 MiB).
constexpr std::uint64_t kFlatDrcBytesPerWire = 800;
// The same for the other layouts, measured per wire (docs/memory-limits.md): a cube's one-segment
// wires with both ends left to geometry (2^16 processors, --capacity full: 400 bytes), a channel
// layout's four segments and two contacts (a mesh of 2^16: 1100), a 3D grid's (a mesh3d of 2^18:
// 480), a 3D butterfly's routes (8^5 processors: 1500 to 1600). A layout of one cell (the
// channel layout, the 3D grid, the layered 3D butterfly) pays it for any DRC: the hierarchical
// check sweeps that cell whole.
constexpr long double kFlatDrcBytesPerCubeWire = 450, kFlatDrcBytesPerChannelWire = 1100,
                      kFlatDrcBytesPerGridWire = 500, kFlatDrcBytesPerButterfly3dWire = 1600;

// Before any work: no output overwrites an input of the spec or another output, and every output
// can be created.
void require_outputs_writable(const LayoutSpec& spec, const OutputPaths& out) {
  const auto* competing = std::get_if<CompetingParams>(&spec.network);
  require_distinct_outputs(
      {{"spec file", spec.spec_file},
       {"network file", competing ? competing->file : std::nullopt},
       {"technology file", spec.technology ? spec.technology->file : std::string()}},
      {{"SVG output", out.svg},
       {"GDS output", out.gds},
       {"GDS layer properties", out.gds ? layer_properties_path(*out.gds) : std::nullopt},
       {"JSON output", out.json},
       {"HTML output", out.html}});
  if (out.html) require_writable(*out.html, "HTML");
  if (out.svg) require_writable(*out.svg, "SVG");
  if (out.gds) require_writable(*out.gds, "GDS");
  if (out.json) require_writable(*out.json, "JSON");
}

bool flat_drc(DrcMode drc) {
  return drc == DrcMode::kFlat || drc == DrcMode::kBoth;
}

// The cube and slab styles hold one cell per level (layout/cube.hpp); a flat DRC flattens every
// wire.
// Switches drawn with their partial concentrators (layout/cube.hpp) are estimated from their
// links (estimate_partial_cube_links); with the flat DRC they add 64 times the ideal cube's
// flat-DRC bytes (the universal cube of 4096 processors peaks at 753 MiB; this gives 1.15 GiB).
void require_cube_memory(const FatTree& tree, DrcMode drc, SwitchModel model) {
  const bool partial = model == SwitchModel::kPartial;
  // With partial switches every level cell draws its switch's links: measured 440–449 bytes a
  // link at 4,096 … 2^20 processors (23.6 MiB … 714 MiB peak), so 480 with a margin.
  constexpr long double kPartialBytesPerLink = 480;  // and the process's own kProcessBytes
  long double need =
      partial ? kProcessBytes + kPartialBytesPerLink *
                                    static_cast<long double>(estimate_partial_cube_links(tree))
              : static_cast<long double>(estimate_cube_bytes(tree));
  if (flat_drc(drc))
    need += static_cast<long double>(tree.total_wires()) * kFlatDrcBytesPerCubeWire *
            (partial ? 64.0L : 1.0L);
  require_memory(8012, need, "this 3D layout",
                 flat_drc(drc) ? "choose fewer processors or a thinner capacity profile, or the "
                                 "hierarchical DRC"
                               : "choose fewer processors or a thinner capacity profile");
}

// The 3D butterfly fat-tree and fat-pyramid: the lattice holds a level's wires once, the layered
// router every wire; a flat DRC flattens every wire.
void require_layout_memory(const ButterflyFatTree3d& net, bool lattice, DrcMode drc) {
  long double need =
      lattice ? estimate_butterfly3d_lattice_bytes(net) : estimate_butterfly3d_layered_bytes(net);
  if (lattice ? flat_drc(drc) : drc != DrcMode::kNone)  // the layered layout is one cell
    need += static_cast<long double>(net.wires()) * kFlatDrcBytesPerButterfly3dWire;
  // The layered layout is one cell, which either DRC mode checks whole.
  require_memory(8013, need, "this 3D layout",
                 !lattice && drc != DrcMode::kNone ? "choose fewer processors, or leave out the DRC"
                 : flat_drc(drc) ? "choose fewer processors, or the hierarchical DRC"
                                 : "choose fewer processors");
}

// A competing network's channel layout (2D) or grid layout (3D), from the network's sizes.
void require_layout_memory(const CompetingNetwork& net, bool grid3d, DrcMode drc) {
  const auto n = net.processors();
  const auto w = static_cast<std::uint64_t>(net.wires.size());
  // The process's own memory too (2026-11-28: a 3D mesh of 2^15 on its grid peaked at 17.6 MiB
  // against 13.1 without it).
  long double need = grid3d ? estimate_grid3d_bytes(n, w) : estimate_channel_layout_bytes(n, w);
  need += network_bytes({n, w}) + kProcessBytes;
  if (drc != DrcMode::kNone)  // one cell: the hierarchical check sweeps it whole too
    need += static_cast<long double>(w) *
            (grid3d ? kFlatDrcBytesPerGridWire : kFlatDrcBytesPerChannelWire);
  require_memory(8015, need, fmt::format("the layout of this {} network", net.kind),
                 drc != DrcMode::kNone ? "choose fewer processors, or leave out the DRC"
                                       : "choose fewer processors");
}

// A butterfly network's layout: the H-tree placement is one flat cell (about 1.2 kB a wire
// with its hierarchical DRC); the lattice holds each level's wires once (every region alike),
// and a flat DRC flattens either (about 900 bytes a wire more: a fold-and-squash butterfly
// fat-tree of 2^14 processors, 32512 wires, peaks at 34 MiB with it).
void require_layout_memory(const ButterflyFatTree& net, bool lattice, DrcMode drc) {
  u128 need = 0;
  if (lattice) {
    for (int l = 1; l <= net.levels(); ++l)
      need += static_cast<u128>(net.switches_per_node(l)) *
              (4 + 16 * net.parents(l) * net.levels()) * 300;
  } else {
    need += static_cast<u128>(net.wire_count()) * 1200;  // 1.7 GiB for 4^9 measured
  }
  if (flat_drc(drc)) need += static_cast<u128>(net.wire_count()) * 900;
  require_memory(8002, static_cast<long double>(need), "this layout",
                 flat_drc(drc) ? "choose fewer processors or fewer parents per switch, or the "
                                 "hierarchical DRC"
                               : "choose fewer processors or fewer parents per switch");
}

// A fat-tree's H-tree (layout/h_tree.hpp) and its flat DRC (estimate_run_bytes).
// Switches drawn with their partial concentrators hold about 40 wires (of 4 points) for each wire
// of the ideal H-tree; 64 leaves room.
void require_layout_memory(const FatTree& tree, DrcMode drc, SwitchModel model) {
  const u128 factor = model == SwitchModel::kPartial ? 64 : 1;
  const u128 need = factor * estimate_run_bytes(tree, drc);
  require_memory(8001, need > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(need),
                 "this layout",
                 flat_drc(drc) ? "choose fewer processors or a thinner capacity profile, or the "
                                 "hierarchical DRC"
                               : "choose fewer processors or a thinner capacity profile");
}

}  // namespace

std::uint64_t estimate_run_bytes(const FatTree& tree, DrcMode drc) {
  u128 bytes = estimate_h_tree_bytes(tree);
  if (drc == DrcMode::kFlat || drc == DrcMode::kBoth)
    bytes += static_cast<u128>(tree.total_wires()) * kFlatDrcBytesPerWire;
  return bytes > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

std::vector<std::string> level_labels(const FatTree& tree) {
  std::vector<std::string> labels;
  for (int k = 0; k <= tree.levels(); ++k)
    labels.push_back(fmt::format("k = {}, cap {}", k, tree.capacity(k)));
  return labels;
}

namespace {

// The builders lay out in run.style, resolved once by run_layout.
void build_fat_tree(const LayoutSpec& spec, const FatTreeParams& ft, LayoutRun& run,
                    SvgOptions& svg, const ProgressFn& within) {
  const FatTree& tree = run.laid_out.emplace<FatTree>(ft);
  const bool cube = is_3d(run.style);
  const bool partial = spec.switch_model == SwitchModel::kPartial;
  if (cube && partial && run.style != LayoutStyle::kCube)
    throw InputError(5451, fmt::format("--switch-model partial draws switches in the H-tree and "
                                       "in the cube; the {} style has none inside, use --style "
                                       "cube or the ideal switches",
                                       to_string(run.style)));
  if (cube) {
    require_cube_memory(tree, spec.drc, spec.switch_model);
    const bool slab = run.style == LayoutStyle::kSlab;
    run.switch_model = spec.switch_model;
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<3>{
          slab ? build_slab_cube(tree) : build_cube(tree, spec.switch_model, spec.seed), {}};
    });
  } else {
    require_layout_memory(tree, spec.drc, spec.switch_model);
    run.switch_model = spec.switch_model;
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<2>{build_h_tree(tree, spec.switch_model, spec.seed, within), {}};
    });
  }
  svg.title = fmt::format("fat-tree, {} processors, {} capacities, {}", tree.processors(),
                          to_string(ft.capacity.profile), cube ? "cube (3D)" : "H-tree");
  svg.level_labels = level_labels(tree);
}

// Fold-and-squash processors are squares of side ceil(sqrt alpha) (1 by default).
Coord processor_side(const ButterflyParams& b) {
  if (!b.alpha) return 1;
  return static_cast<Coord>(ceil_sqrt(*b.alpha));
}

void build_butterfly(const LayoutSpec& spec, const ButterflyParams& b, LayoutRun& run,
                     SvgOptions& svg) {
  const LayoutStyle style = run.style;
  int levels = 0;
  if (is_3d(style)) {
    if (!b.parents.empty())
      throw InputError(
          5401, "--parents applies to the 2D butterfly networks; the 3D ones have 4 parents");
    if (b.mesh_diagonals)
      throw InputError(5405,
                       "--mesh-diagonals applies to the 2D fat-pyramid; the 3D one has the "
                       "6-neighbour mesh");
    const auto& net = run.laid_out.emplace<ButterflyFatTree3d>(b.processors, b.pyramid());
    const bool lattice = style == LayoutStyle::kCube;
    require_layout_memory(net, lattice, spec.drc);
    run.times.build = timed([&] {
      run.drawn =
          DrawnLayout<3>{lattice ? build_butterfly3d_lattice(net) : build_butterfly3d(net), {}};
    });
    svg.title =
        fmt::format("3D {}, {} processors, {}", b.pyramid() ? "fat-pyramid" : "butterfly fat-tree",
                    b.processors, lattice ? "3D lattice" : "layered");
    levels = net.levels();
  } else {
    const auto& net = run.laid_out.emplace<ButterflyFatTree>(b.processors, b.pyramid(), b.parents,
                                                             b.mesh_diagonals);
    const bool regular = style == LayoutStyle::kFoldAndSquash;
    if (b.alpha && !regular)
      throw InputError(3408,
                       "--alpha applies to a butterfly network's fold-and-squash layout only");
    require_layout_memory(net, regular, spec.drc);
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<2>{
          regular ? build_fold_and_squash(net, processor_side(b)) : build_centred_butterfly(net),
          {}};
    });
    svg.title = fmt::format("{}, {} processors, {}", b.kind, b.processors,
                            regular ? "fold-and-squash" : "H-tree placement");
    levels = net.levels();
  }
  for (int l = 0; l <= levels; ++l) svg.level_labels.push_back(fmt::format("switch level {}", l));
}

void build_competing(const LayoutSpec& spec, const CompetingParams& c, LayoutRun& run,
                     SvgOptions& svg) {
  if (is_file_kind(c.kind)) {
    if (!c.file)
      throw InputError(5402, "a network of kind file needs --network-file FILE (or file:)");
    run.laid_out = read_network_file(*c.file);
  } else {
    run.laid_out = make_competing(c.kind, c.processors, spec.seed);
    validate(*run.network(), c.kind);
  }
  const CompetingNetwork& net = *run.network();
  const bool cube = run.style == LayoutStyle::kCube;
  require_layout_memory(net, cube, spec.drc);
  if (cube)
    run.times.build = timed([&] { run.drawn = DrawnLayout<3>{build_grid3d(net), {}}; });
  else
    run.times.build = timed([&] { run.drawn = DrawnLayout<2>{build_channel_layout(net), {}}; });
  svg.title = fmt::format("{} network, {} processors, {}", net.kind, net.processors(),
                          cube ? "3D grid" : "channel layout");
  svg.level_labels = {"wires"};
}

// Builds the layout of the spec's network and the title and legend of its picture.
void build(const LayoutSpec& spec, LayoutRun& run, SvgOptions& svg, const ProgressFn& within) {
  if (spec.switch_model == SwitchModel::kPartial &&
      !std::holds_alternative<FatTreeParams>(spec.network))
    throw InputError(5452, fmt::format("--switch-model partial draws the switches of a fat-tree; "
                                       "a {} has none to draw, leave the switch model ideal",
                                       network_kind_name(spec.network)));
  if (const auto* ft = std::get_if<FatTreeParams>(&spec.network))
    build_fat_tree(spec, *ft, run, svg, within);
  else if (const auto* b = std::get_if<ButterflyParams>(&spec.network))
    build_butterfly(spec, *b, run, svg);
  else
    build_competing(spec, std::get<CompetingParams>(spec.network), run, svg);
}

}  // namespace

namespace {

// The size a 3D layout is compared with: Theorem 4 for a fat-tree; n lg^(3/2) n for the 3D
// butterfly fat-tree (GL §6); n for a 3D mesh (volume Theta(n)). 2D layouts have none.
template <int D>
std::optional<double> reference_size(const LayoutRun& run) {
  if constexpr (D == 2) {
    return std::nullopt;
  } else {
    const double n = static_cast<double>(run.processors());
    if (const auto* tree = run.tree()) return theorem4_volume(*tree);
    if (run.butterfly3d()) return n * std::pow(std::max(1.0, std::log2(n)), 1.5);
    return n;
  }
}

template <int D>
void write_files(const LayoutSpec& spec, LayoutRun& run, const Layout<D>& layout,
                 const OutputPaths& out, const SvgOptions& svg, const ProgressFn& within = {});

// The GDS top cell's label (docs/layout.md): "fat-tree n=1024 capacity=universal style=h-tree",
// and the technology when there is one.
std::string gds_label(const LayoutSpec& spec, const LayoutRun& run) {
  std::string label = fmt::format("{} n={}", run.kind(), run.processors());
  if (run.tree())
    label += fmt::format(" capacity={}", to_string(run.tree()->capacity_params().profile));
  label += fmt::format(" style={}", to_string(run.style));
  if (spec.technology) label += " technology=" + spec.technology->name;
  // GDS text is printable ASCII (a network file's kind is ours, a technology's name is not).
  for (char& c : label)
    if (c < ' ' || c > '~') c = '?';
  return label.substr(0, 512);
}

// The rest of run_layout once the layout is built: metrics, DRC, JSON and the files.
template <int D>
void finish(const LayoutSpec& spec, LayoutRun& run, const Layout<D>& layout,
            LayoutMetrics<D>& metrics, const SvgOptions& svg, const ProgressFn& progress,
            const ProgressFn& within) {
  const auto step = [&](std::string_view what, std::uint64_t done) {
    if (progress) progress(what, done, 4);
  };
  step("metrics", 1);
  run.times.metrics = timed([&] { metrics = measure(layout); });
  require_finite_physical(spec, run);  // before the DRC's time and any file
  run.warnings = physical_warnings(spec, run);
  step(spec.drc == DrcMode::kNone ? "no DRC" : "DRC", 2);
  run.times.drc = timed([&] {
    if (spec.drc == DrcMode::kHierarchical || spec.drc == DrcMode::kBoth)
      run.drc.push_back(check_hierarchical(layout, memory_beside(layout)));
    if (spec.drc == DrcMode::kFlat || spec.drc == DrcMode::kBoth)
      run.drc.push_back(check_flat(layout, memory_beside(layout)));
  });
  run.reference_size = reference_size<D>(run);
  if constexpr (D == 2)
    if (const auto* b = run.butterfly())
      run.wire_kinds = measure_wire_kinds(layout, b->levels() + 1);
  step("files", 3);
  write_files(spec, run, layout, spec.output, svg, within);
  step("done", 4);
}

template <int D>
void write_files(const LayoutSpec& spec, LayoutRun& run, const Layout<D>& layout,
                 const OutputPaths& out, const SvgOptions& svg, const ProgressFn& within) {
  if (out.svg) run.times.svg = timed([&] { write_svg(layout, *out.svg, svg); });
  if constexpr (D == 3)
    if (out.html) {
      View3dOptions view{svg.title};
      view.leaves_first = run.butterfly3d() != nullptr;  // its levels count from the processors
      write_view3d_html(layout, *out.html, view);
    }
  if (out.gds) {
    GdsOptions gds = gds_options(spec.technology);
    gds.label = gds_label(spec, run);
    gds.progress = within;
    run.times.gds = timed([&] { write_gds(layout, *out.gds, gds); });
  }
  if (out.json)
    run.times.json = timed([&] { write_file_atomically(*out.json, layout_json(spec, run)); });
}

}  // namespace

LayoutRun run_layout(const LayoutSpec& spec, const ProgressFn& progress, const ProgressFn& within) {
  LayoutRun run;
  run.style = resolved_style(spec);
  if (spec.output.html && !is_3d(run.style))
    throw InputError(5403, "the HTML view (--html) is written for 3D layouts; use --style cube");
  require_outputs_writable(spec, spec.output);
  SvgOptions svg;
  if (progress) progress("build", 0, 4);
  build(spec, run, svg, within);
  run.title = svg.title;
  run.level_labels = svg.level_labels;
  std::visit([&](auto& d) { finish(spec, run, d.layout, d.metrics, svg, progress, within); },
             run.drawn);
  return run;
}

// FTV-5404: the Python module's writers (LayoutResult.write_html); the CLI's --html is FTV-5403.
void write_layout_outputs(const LayoutSpec& spec, LayoutRun& run, const OutputPaths& out) {
  if (out.html && run.dimensions() != 3)
    throw InputError(5404, "the HTML view is written for 3D layouts; lay out with style cube");
  require_outputs_writable(spec, out);
  SvgOptions svg;
  svg.title = run.title;
  svg.level_labels = run.level_labels;
  std::visit([&](auto& d) { write_files(spec, run, d.layout, out, svg); }, run.drawn);
}

}  // namespace ftvlsi
