#pragma once
// A hierarchical layout on the Thompson grid in D = 2 or 3 dimensions (docs/geometry.md): cells
// hold nodes (closed boxes), wires (Manhattan polylines on integer tracks) and placed instances
// of other cells. The wiring model is the dimension's:
//   2D  a wire's segments along x lie on wiring layer 0, those along y on layer 1, and every
//       bend is a via; wires on different layers cross freely;
//   3D  every grid point of a wire belongs to that wire alone; wiring plane z is the set of grid
//       points with that z, and a wire's unit steps along z are its vias.
//
// A wire's two ends are its terminals. A named terminal is an own node of the cell or a pin of
// one of its instances; a cell exports pins (points on the boundary of one of its own nodes, on
// the boundary of the cell's bounding box), and a parent's wire ends exactly on one. A layout
// with line colours (lattice layouts) may also re-export a pin of one of its instances, and its
// pins may lie inside its box: the parent's wires reach them along lines of their own colour.
// A terminal left to geometry (the 3D layouts) is wherever the end lands: on a node's boundary,
// on an instance's boundary where the instance offers an end of its own, or, below the top cell,
// on the cell's own boundary, which makes it a pin the parent may continue.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ftvlsi/geometry/layout_style.hpp"
#include "ftvlsi/geometry/line_colours.hpp"
#include "ftvlsi/geometry/point_colours.hpp"
#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi {

enum class NodeKind : std::uint8_t { kProcessor, kSwitch, kInterface };
enum class WireDir : std::uint8_t { kUp, kDown };

// One end of a wire: an own node of the cell (instance = -1, index = node), a pin of an
// instance (index = pin of the instance's cell), or an end left to geometry (instance = -2).
struct Terminal {
  std::int32_t instance = -1;
  std::int32_t index = 0;
  static Terminal node(std::int32_t n) { return {-1, n}; }
  static Terminal pin(std::int32_t inst, std::int32_t p) { return {inst, p}; }
  static Terminal by_geometry() { return {-2, -1}; }
  bool is_node() const { return instance == -1; }
  bool is_pin() const { return instance >= 0; }
  bool is_geometric() const { return instance == -2; }
};

template <int D>
struct Pin {
  Point<D> at;
  std::int32_t node = 0;   // own node the pin belongs to (-1: a re-exported pin)
  std::int32_t level = 0;  // channel level of the wire that attaches here
  WireDir dir = WireDir::kUp;
  std::int32_t via_instance = -1;  // a re-exported pin: pin via_pin of instance via_instance
  std::int32_t via_pin = -1;
  bool reexported() const { return via_instance >= 0; }
};

template <int D>
struct Instance {
  std::int32_t cell = 0;
  Transform<D> transform;
};

template <int D>
struct Cell {
  std::string name;
  // Nodes, struct of arrays.
  std::vector<Box<D>> node_box;
  std::vector<NodeKind> node_kind;
  std::vector<std::int32_t> node_level;
  // Wires, struct of arrays; wire i has points [wire_start[i], wire_start[i + 1]).
  std::vector<std::uint32_t> wire_start{0};
  std::vector<Point<D>> wire_points;
  std::vector<std::int32_t> wire_level;
  std::vector<WireDir> wire_dir;
  std::vector<Terminal> wire_from;
  std::vector<Terminal> wire_to;
  std::vector<Instance<D>> instances;
  std::vector<Pin<D>> pins;
  Box<D> bbox;  // set by Layout::finalize()
  // Lattice layouts: the cell's local origin is congruent to the global origin modulo this
  // (every instance of it is placed at a multiple); 0 when the layout has no line colours. In a
  // 3D lattice layout it counts periods of the point colours along each axis.
  Coord lattice = 0;

  std::int32_t add_node(const Box<D>& box, NodeKind kind, std::int32_t level);
  // Without named terminals, the wire is connected by geometry.
  std::int32_t add_wire(std::span<const Point<D>> points, std::int32_t level,
                        WireDir dir = WireDir::kUp, Terminal from = Terminal::by_geometry(),
                        Terminal to = Terminal::by_geometry());
  std::int32_t add_instance(std::int32_t cell, const Transform<D>& t);
  // Room for `wires` more wires of `points` points in all.
  void reserve_wires(std::size_t wires, std::size_t points);

  std::size_t node_count() const { return node_box.size(); }
  std::size_t wire_count() const { return wire_level.size(); }
  std::span<const Point<D>> wire(std::size_t i) const {
    return {wire_points.data() + wire_start[i], wire_points.data() + wire_start[i + 1]};
  }
};

// Flattened totals of one cell (own shapes plus all instances, recursively).
struct FlatCounts {
  std::uint64_t nodes = 0;
  std::uint64_t wires = 0;
  std::uint64_t segments = 0;
  std::uint64_t vias = 0;
};

template <int D>
struct Layout {
  static constexpr int dimensions = D;
  LayoutStyle style = LayoutStyle::kHTree;  // how the builder drew it
  int wire_levels = 0;                      // per-level arrays have this many entries
  std::vector<Cell<D>> cells;               // a cell's instances refer only to cells before it
  std::int32_t top = -1;
  std::optional<LineColours> colours;         // set for lattice layouts (instances may overlap)
  std::optional<PointColours> point_colours;  // set for 3D lattice layouts

  // Computes every cell's bounding box, bottom-up.
  void finalize();
  // Computes one cell's bounding box; its instances' cells must be final already.
  void finalize_cell(std::size_t c);
  // Flattened counts per cell (index = cell id).
  std::vector<FlatCounts> flat_counts() const;
};

// The vias of one wire under the dimension's wiring model: one at every bend in 2D, one per
// unit step along z in 3D.
template <int D>
std::uint64_t wire_vias(std::span<const Point<D>> points) {
  if constexpr (D == 2) {
    return points.size() - 2;
  } else {
    std::uint64_t vias = 0;
    for (std::size_t i = 1; i < points.size(); ++i)
      vias += static_cast<std::uint64_t>(std::llabs(points[i].z() - points[i - 1].z()));
    return vias;
  }
}

// The own node a pin of `cell` belongs to, following re-exported pins: (cell id, node index).
template <int D>
std::pair<std::int32_t, std::int32_t> pin_node(const Layout<D>& layout, std::int32_t cell,
                                               std::int32_t pin);

// Bytes the layout's cells hold (their vectors' capacities): what a later phase's memory estimate
// adds to its own (docs/memory-limits.md).
template <int D>
std::uint64_t layout_bytes(const Layout<D>& layout);

// The depth of the instance tree below the top cell (0: the top cell places nothing).
template <int D>
int instance_depth(const Layout<D>& layout);

// Walks the instance tree depth first. `enter(cell, transform, depth)` returns whether to
// descend into that cell's instances.
template <int D, class Enter>
void walk_instances(const Layout<D>& layout, std::int32_t cell, const Transform<D>& t, int depth,
                    Enter&& enter) {
  if (!enter(cell, t, depth)) return;
  for (const auto& inst : layout.cells[cell].instances)
    walk_instances(layout, inst.cell, t.compose(inst.transform), depth + 1, enter);
}

extern template struct Cell<2>;
extern template struct Cell<3>;
extern template struct Layout<2>;
extern template struct Layout<3>;

}  // namespace ftvlsi
