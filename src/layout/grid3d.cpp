#include "ftvlsi/layout/grid3d.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {

long double estimate_grid3d_bytes(std::uint64_t processors, std::uint64_t wires) {
  // One box a processor, one segment a wire, with their attributes. Measured with the network
  // (which the caller adds): a mesh3d of 2^18 processors peaks at 100 MiB (this gives 105 MiB),
  // of 2^21 at 751 MiB (792 MiB).
  constexpr long double kBytesPerProcessor = 50, kBytesPerWire = 100;
  return (1 << 20) + processors * kBytesPerProcessor + wires * kBytesPerWire;
}

namespace {

void require_processors(const CompetingNetwork& net) {
  if (net.processors() == 0) throw InputError(5121, "the network has no processors");
}

// The cube of the processor at grid place q (a position times `scale`: the pitch for a grid
// place, 1 for a cube corner).
Box<3> cube_at(const std::array<std::int64_t, 3>& q, Coord side, Coord scale) {
  Box<3> b;
  for (int a = 0; a < 3; ++a) b.lo[a] = scale * q[a], b.hi[a] = b.lo[a] + side;
  return b;
}
Box<3> cube_at(const std::array<std::int64_t, 3>& q, Coord side) {
  return cube_at(q, side, grid3d_pitch(side));
}

// The drawing, shape by shape: processor p's cube (sink.processor, in processor order), then
// wire w's segment (sink.wire, in wire order). build_grid3d stores it, measure_grid3d sums it.
// With `placed` the positions are the cube corners (grid places times the pitch).
template <class Sink>
void draw_grid(const CompetingNetwork& net, Coord side, Sink& sink, bool placed = false) {
  FTVLSI_ASSERT(side >= 2);
  const Coord pitch = placed ? 1 : grid3d_pitch(side);  // from a position to its cube's corner
  const std::int64_t step = placed ? grid3d_pitch(side) : 1;  // between grid neighbours
  require_processors(net);
  for (std::size_t p = 0; p < net.processors(); ++p)
    sink.processor(cube_at(net.position[p], side, pitch));
  for (const auto& [u, v] : net.wires) {
    const auto& pu = net.position[u];
    const auto& pv = net.position[v];
    int axis = -1;
    std::int64_t apart = 0;
    for (int a = 0; a < 3; ++a)
      if (pu[a] != pv[a]) axis = a, apart += std::llabs(pu[a] - pv[a]);
    if (apart != step)
      throw InputError(
          5122,
          fmt::format(
              "the cube style draws 3D networks whose wires join grid neighbours; the wire {} - {} "
              "of this {} does not",
              u, v, net.kind));
    const auto& lo = pu[axis] < pv[axis] ? pu : pv;
    Point<3> from{pitch * lo[0] + side / 2, pitch * lo[1] + side / 2, pitch * lo[2] + side / 2};
    from[axis] = pitch * lo[axis] + side;
    Point<3> to = from;
    to[axis] += 1;
    sink.wire(from, to);
  }
}

}  // namespace

Layout<3> build_grid3d(const CompetingNetwork& net, Coord side) {
  Layout<3> layout;
  layout.style = LayoutStyle::kCube;
  layout.wire_levels = 1;
  struct Store {
    Cell<3> cell;
    void processor(const Box<3>& b) { cell.add_node(b, NodeKind::kProcessor, 0); }
    void wire(const Point<3>& from, const Point<3>& to) {
      const Point<3> pts[2] = {from, to};
      cell.add_wire(pts, 0);
    }
  } store;
  store.cell.name = net.kind;
  draw_grid(net, side, store);
  layout.cells.push_back(std::move(store.cell));
  layout.top = 0;
  layout.finalize();
  return layout;
}

Grid3dVolume::Grid3dVolume(const CompetingNetwork& net) {
  require_processors(net);
  lo_ = hi_ = net.position.front();
  for (const auto& q : net.position)
    for (int a = 0; a < 3; ++a) lo_[a] = std::min(lo_[a], q[a]), hi_[a] = std::max(hi_[a], q[a]);
}

std::uint64_t Grid3dVolume::at(Coord side) const {
  FTVLSI_ASSERT(side >= 2);
  return box_size(cube_at(lo_, side).united(cube_at(hi_, side)));
}

Grid3dMeasure measure_grid3d(const CompetingNetwork& net, Coord side, bool lengths, bool placed) {
  // The sums measure() takes over build_grid3d's one cell: its processors' cubes and its one-
  // segment wires (a segment along the last axis its ends differ on, a via per unit of z).
  struct Sum {
    Grid3dMeasure m;
    bool lengths;
    unsigned __int128 processor_size = 0, length = 0;
    std::uint64_t processors = 0, wires = 0, vias = 0, longest = 0;
    std::array<std::uint64_t, 3> segments{};
    void processor(const Box<3>& b) {
      m.bbox = m.bbox.united(b);
      ++processors;
      unsigned __int128 size = 1;
      for (int a = 0; a < 3; ++a) size *= static_cast<unsigned __int128>(b.extent(a));
      processor_size += size;
    }
    void wire(const Point<3>& from, const Point<3>& to) {
      m.bbox = m.bbox.united(Box<3>::at(from)).united(Box<3>::at(to));
      const Point<3> pts[2] = {from, to};
      const std::uint64_t len = wire_length<3>(pts);
      int axis = 0;
      for (int a = 1; a < 3; ++a)
        if (to[a] != from[a]) axis = a;
      ++segments[static_cast<std::size_t>(axis)];
      vias += wire_vias<3>(pts);
      ++wires;
      length += len;
      longest = std::max(longest, len);
      if (lengths) m.wire_length.push_back(len);
    }
  } sum{{Box<3>::none(), 0, {}, {}}, lengths};
  if (lengths) sum.m.wire_length.reserve(net.wires.size());
  draw_grid(net, side, sum, placed);
  sum.m.volume = box_size(sum.m.bbox);
  LayoutMetrics<3>& m = sum.m.metrics;
  m.bbox = sum.m.bbox;
  m.width = static_cast<std::uint64_t>(m.bbox.extent(0));
  m.height = static_cast<std::uint64_t>(m.bbox.extent(1));
  m.depth = static_cast<std::uint64_t>(m.bbox.extent(2));
  m.size = sum.m.volume;
  m.processor_size = layout_total(sum.processor_size, "processor volume");
  m.processor_fraction =
      m.size == 0 ? 0.0 : static_cast<double>(m.processor_size) / static_cast<double>(m.size);
  m.layers = static_cast<int>(m.depth + 1);
  m.processors = m.nodes = sum.processors;
  m.segments_by_axis = sum.segments;
  m.segments = sum.wires;
  m.vias = sum.vias;
  m.wires = sum.wires;
  m.wires_by_level = {sum.wires};
  m.wire_length_total = layout_total(sum.length, "wire length");
  m.wire_length_total_by_level = {m.wire_length_total};
  m.wire_length_max = sum.longest;
  m.wire_length_max_by_level = {sum.longest};
  m.cells = 1;
  return std::move(sum.m);
}

}  // namespace ftvlsi
