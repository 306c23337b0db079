#pragma once
// A hierarchical Thompson-grid layout: cells hold nodes (boxes), wires (Manhattan polylines on
// integer tracks) and placed instances of other cells. A wire's horizontal segments lie on
// wiring layer 0, its vertical segments on layer 1, and every bend is a via.
//
// Connectivity across the hierarchy goes through pins: a cell exports pins (points on the
// boundary of one of its own nodes, on the boundary of the cell's bounding box), and a wire of
// the parent cell ends exactly on a pin of one of its instances. A layout with line colours
// (lattice layouts) may also re-export a pin of one of its instances, and its pins may lie
// inside its box: the parent's wires reach them along lines of their own colour.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ftvlsi/geometry/line_colours.hpp"
#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi {

enum class NodeKind : std::uint8_t { kProcessor, kSwitch, kInterface };
enum class WireDir : std::uint8_t { kUp, kDown };

// One end of a wire: an own node of the cell (instance = -1, index = node) or a pin of an
// instance (index = pin of the instance's cell).
struct Terminal {
  std::int32_t instance = -1;
  std::int32_t index = 0;
  static Terminal node(std::int32_t n) { return {-1, n}; }
  static Terminal pin(std::int32_t inst, std::int32_t p) { return {inst, p}; }
  bool is_node() const { return instance < 0; }
};

struct Pin {
  Point<2> at;
  std::int32_t node = 0;   // own node the pin belongs to (-1: a re-exported pin)
  std::int32_t level = 0;  // channel level of the wire that attaches here
  WireDir dir = WireDir::kUp;
  std::int32_t via_instance = -1;  // a re-exported pin: pin via_pin of instance via_instance
  std::int32_t via_pin = -1;
  bool reexported() const { return via_instance >= 0; }
};

struct Instance {
  std::int32_t cell = 0;
  Transform<2> transform;
};

struct Cell {
  std::string name;
  // Nodes, struct of arrays.
  std::vector<Box<2>> node_box;
  std::vector<NodeKind> node_kind;
  std::vector<std::int32_t> node_level;
  // Wires, struct of arrays; wire i has points [wire_start[i], wire_start[i + 1]).
  std::vector<std::uint32_t> wire_start{0};
  std::vector<Point<2>> wire_points;
  std::vector<std::int32_t> wire_level;
  std::vector<WireDir> wire_dir;
  std::vector<Terminal> wire_from;
  std::vector<Terminal> wire_to;
  std::vector<Instance> instances;
  std::vector<Pin> pins;
  Box<2> bbox;  // set by Layout::finalize()
  // Lattice layouts: the cell's local origin is congruent to the global origin modulo this
  // (every instance of it is placed at a multiple); 0 when the layout has no line colours.
  Coord lattice = 0;

  std::int32_t add_node(const Box<2>& box, NodeKind kind, std::int32_t level);
  std::int32_t add_wire(std::span<const Point<2>> points, std::int32_t level, WireDir dir,
                        Terminal from, Terminal to);
  std::int32_t add_instance(std::int32_t cell, const Transform<2>& t);

  std::size_t node_count() const { return node_box.size(); }
  std::size_t wire_count() const { return wire_level.size(); }
  std::span<const Point<2>> wire(std::size_t i) const {
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

struct Layout {
  std::string style;
  int dimensions = 2;
  int wiring_layers = 2;
  int wire_levels = 0;      // per-level arrays have this many entries
  std::vector<Cell> cells;  // a cell's instances refer only to cells before it
  std::int32_t top = -1;
  std::optional<LineColours> colours;  // set for lattice layouts (instances may overlap)

  // Computes every cell's bounding box, bottom-up.
  void finalize();
  // Computes one cell's bounding box; its instances' cells must be final already.
  void finalize_cell(std::size_t c);
  // Flattened counts per cell (index = cell id).
  std::vector<FlatCounts> flat_counts() const;
};

// The own node a pin of `cell` belongs to, following re-exported pins: (cell id, node index).
std::pair<std::int32_t, std::int32_t> pin_node(const Layout& layout, std::int32_t cell,
                                               std::int32_t pin);

// Walks the instance tree depth first. `enter(cell, transform, depth)` returns whether to
// descend into that cell's instances.
template <class Enter>
void walk_instances(const Layout& layout, std::int32_t cell, const Transform<2>& t, int depth,
                    Enter&& enter) {
  if (!enter(cell, t, depth)) return;
  for (const auto& inst : layout.cells[cell].instances)
    walk_instances(layout, inst.cell, t.compose(inst.transform), depth + 1, enter);
}

}  // namespace ftvlsi
