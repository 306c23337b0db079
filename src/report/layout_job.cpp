#include "ftvlsi/report/layout_job.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
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

namespace ftvlsi {
namespace {

// Bytes per flattened wire for the flat DRC: the flat copy plus about four boxes per wire
// (two segments, two contacts), each held by us and twice by CGAL's sweep.
constexpr std::uint64_t kFlatDrcBytesPerWire = 600;

template <class F>
double timed(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

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
       {"JSON output", out.json},
       {"HTML output", out.html}});
  if (out.html) require_writable(*out.html, "HTML");
  if (out.svg) require_writable(*out.svg, "SVG");
  if (out.gds) require_writable(*out.gds, "GDS");
  if (out.json) require_writable(*out.json, "JSON");
}

void require_memory(const FatTree& tree, DrcMode drc) {
  const std::uint64_t need = estimate_run_bytes(tree, drc);
  const std::uint64_t have = available_memory_bytes();
  if (need > have) {
    throw InputError(8001, fmt::format("this layout needs an estimated {:.2f} GiB of memory but "
                                       "only {:.2f} GiB are available; "
                                       "choose fewer processors, a thinner capacity profile{}",
                                       need / 1073741824.0, have / 1073741824.0,
                                       drc == DrcMode::kFlat || drc == DrcMode::kBoth
                                           ? " or the hierarchical DRC"
                                           : ""));
  }
}

// A butterfly network's layout: the H-tree placement is one flat cell (about 1.2 kB a wire
// with its hierarchical DRC); the lattice holds each level's wires once (every region alike),
// and a flat DRC flattens either (about 400 bytes a wire more).
void require_memory(const ButterflyFatTree& net, bool lattice, DrcMode drc) {
  u128 need = 0;
  if (lattice) {
    for (int l = 1; l <= net.levels(); ++l)
      need += static_cast<u128>(net.switches_per_node(l)) *
              (4 + 16 * net.parents(l) * net.levels()) * 300;
  } else {
    need += static_cast<u128>(net.wire_count()) * 1200;  // 1.7 GiB for 4^9 measured
  }
  if (drc == DrcMode::kFlat || drc == DrcMode::kBoth)
    need += static_cast<u128>(net.wire_count()) * 400;
  const std::uint64_t have = available_memory_bytes();
  if (need > have)
    throw InputError(
        8002,
        fmt::format(
            "this layout needs an estimated {:.2f} GiB of memory but only {:.2f} GiB are "
            "available; "
            "choose fewer processors or fewer parents per switch{}",
            static_cast<double>(need) / 1073741824.0, have / 1073741824.0,
            drc == DrcMode::kFlat || drc == DrcMode::kBoth ? ", or the hierarchical DRC" : ""));
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

void build_fat_tree(const LayoutSpec& spec, const FatTreeParams& ft, LayoutRun& run,
                    SvgOptions& svg) {
  run.tree.emplace(ft);
  const bool cube = is_3d(resolved_style(spec));
  if (cube) {
    const bool slab = resolved_style(spec) == LayoutStyle::kSlab;
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<3>{slab ? build_slab_cube(*run.tree) : build_cube(*run.tree), {}};
    });
  } else {
    require_memory(*run.tree, spec.drc);
    run.times.build = timed([&] { run.drawn = DrawnLayout<2>{build_h_tree(*run.tree), {}}; });
  }
  svg.title = fmt::format("fat-tree, {} processors, {} capacities, {}", run.tree->processors(),
                          to_string(ft.capacity.profile), cube ? "cube (3D)" : "H-tree");
  svg.level_labels = level_labels(*run.tree);
}

// Fold-and-squash processors are squares of side ceil(sqrt alpha) (1 by default).
Coord processor_side(const ButterflyParams& b) {
  if (!b.alpha) return 1;
  return static_cast<Coord>(ceil_sqrt(*b.alpha));
}

void build_butterfly(const LayoutSpec& spec, const ButterflyParams& b, LayoutRun& run,
                     SvgOptions& svg) {
  const LayoutStyle style = resolved_style(spec);
  int levels = 0;
  if (is_3d(style)) {
    if (!b.parents.empty())
      throw InputError(
          5401, "--parents applies to the 2D butterfly networks; the 3D ones have 4 parents");
    if (b.mesh_diagonals)
      throw InputError(5405,
                       "--mesh-diagonals applies to the 2D fat-pyramid; the 3D one has the "
                       "6-neighbour mesh");
    run.butterfly3d.emplace(b.processors, b.pyramid());
    const bool lattice = style == LayoutStyle::kCube;
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<3>{lattice ? build_butterfly3d_lattice(*run.butterfly3d)
                                         : build_butterfly3d(*run.butterfly3d),
                                 {}};
    });
    svg.title =
        fmt::format("3D {}, {} processors, {}", b.pyramid() ? "fat-pyramid" : "butterfly fat-tree",
                    b.processors, lattice ? "3D lattice" : "layered");
    levels = run.butterfly3d->levels();
  } else {
    run.butterfly.emplace(b.processors, b.pyramid(), b.parents, b.mesh_diagonals);
    const bool regular = style == LayoutStyle::kFoldAndSquash;
    if (b.alpha && !regular)
      throw InputError(3408,
                       "--alpha applies to a butterfly network's fold-and-squash layout only");
    require_memory(*run.butterfly, regular, spec.drc);
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<2>{regular ? build_fold_and_squash(*run.butterfly, processor_side(b))
                                         : build_centred_butterfly(*run.butterfly),
                                 {}};
    });
    svg.title = fmt::format("{}, {} processors, {}", b.kind, b.processors,
                            regular ? "fold-and-squash" : "H-tree placement");
    levels = run.butterfly->levels();
  }
  for (int l = 0; l <= levels; ++l) svg.level_labels.push_back(fmt::format("switch level {}", l));
}

void build_competing(const LayoutSpec& spec, const CompetingParams& c, LayoutRun& run,
                     SvgOptions& svg) {
  if (is_file_kind(c.kind)) {
    if (!c.file)
      throw InputError(5402, "a network of kind file needs --network-file FILE (or file:)");
    run.network = read_network_file(*c.file);
  } else {
    run.network = make_competing(c.kind, c.processors, spec.seed);
    validate(*run.network, c.kind);
  }
  const bool cube = resolved_style(spec) == LayoutStyle::kCube;
  if (cube)
    run.times.build = timed([&] { run.drawn = DrawnLayout<3>{build_grid3d(*run.network), {}}; });
  else
    run.times.build = timed([&] {
      run.drawn = DrawnLayout<2>{build_channel_layout(*run.network), {}};
    });
  svg.title = fmt::format("{} network, {} processors, {}", run.network->kind,
                          run.network->processors(), cube ? "3D grid" : "channel layout");
  svg.level_labels = {"wires"};
}

// Builds the layout of the spec's network and the title and legend of its picture.
void build(const LayoutSpec& spec, LayoutRun& run, SvgOptions& svg) {
  if (const auto* ft = std::get_if<FatTreeParams>(&spec.network))
    build_fat_tree(spec, *ft, run, svg);
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
    if (run.tree) return theorem4_volume(*run.tree);
    if (run.butterfly3d) return n * std::pow(std::max(1.0, std::log2(n)), 1.5);
    return n;
  }
}

template <int D>
void write_files(const LayoutSpec& spec, LayoutRun& run, const Layout<D>& layout,
                 const OutputPaths& out, const SvgOptions& svg);

// The rest of run_layout once the layout is built: metrics, DRC, JSON and the files.
template <int D>
void finish(const LayoutSpec& spec, LayoutRun& run, const Layout<D>& layout,
            LayoutMetrics<D>& metrics, const SvgOptions& svg, const ProgressFn& progress) {
  const auto step = [&](std::string_view what, std::uint64_t done) {
    if (progress) progress(what, done, 4);
  };
  step("metrics", 1);
  run.times.metrics = timed([&] { metrics = measure(layout); });
  step(spec.drc == DrcMode::kNone ? "no DRC" : "DRC", 2);
  run.times.drc = timed([&] {
    if (spec.drc == DrcMode::kHierarchical || spec.drc == DrcMode::kBoth)
      run.drc.push_back(check_hierarchical(layout));
    if (spec.drc == DrcMode::kFlat || spec.drc == DrcMode::kBoth)
      run.drc.push_back(check_flat(layout, available_memory_bytes()));
  });
  run.reference_size = reference_size<D>(run);
  if constexpr (D == 2)
    if (run.butterfly) run.wire_kinds = measure_wire_kinds(layout, run.butterfly->levels() + 1);
  step("files", 3);
  write_files(spec, run, layout, spec.output, svg);
  step("done", 4);
}

template <int D>
void write_files(const LayoutSpec& spec, LayoutRun& run, const Layout<D>& layout,
                 const OutputPaths& out, const SvgOptions& svg) {
  if (out.svg) run.times.svg = timed([&] { write_svg(layout, *out.svg, svg); });
  if constexpr (D == 3)
    if (out.html) write_view3d_html(layout, *out.html, {svg.title, 200000});
  if (out.gds) run.times.gds = timed([&] { write_gds(layout, *out.gds); });
  if (out.json)
    run.times.json = timed([&] { write_file_atomically(*out.json, layout_json(spec, run)); });
}

}  // namespace

LayoutRun run_layout(const LayoutSpec& spec, const ProgressFn& progress) {
  const LayoutStyle style = resolved_style(spec);
  if (spec.output.html && !is_3d(style))
    throw InputError(5403, "the HTML view (--html) is written for 3D layouts; use --style cube");
  require_outputs_writable(spec, spec.output);
  LayoutRun run;
  SvgOptions svg;
  if (progress) progress("build", 0, 4);
  build(spec, run, svg);
  run.title = svg.title;
  run.level_labels = svg.level_labels;
  std::visit([&](auto& d) { finish(spec, run, d.layout, d.metrics, svg, progress); }, run.drawn);
  return run;
}

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
