#pragma once
// Private to the two lattice checks (drc_lattice.cpp in 2D with line colours, drc_lattice3.cpp in
// 3D with point colours): the rules that do not depend on how colours are laid over the grid.
#include <fmt/format.h>

#include <cstdint>
#include <set>
#include <vector>

#include "drc_shapes.hpp"
#include "ftvlsi/geometry/line_colours.hpp"

namespace ftvlsi::detail {

// The meeting pairs of a lattice cell's shapes: in 2D one sweep per wiring layer (a segment of
// one layer crosses the other's freely), in 3D one sweep.
template <int D, class OnPair>
void for_each_lattice_pair(const Shapes<D>& s, OnPair&& on_pair) {
  if constexpr (D == 2)
    for_each_candidate_pair(s, on_pair);
  else
    for_each_overlap(s.box, on_pair);
}

// A cell's own shapes against each other (short, crossing, overlap, pin), as in the opaque
// hierarchical check but without its instances, which keep to other colours.
template <int D>
void check_own_shapes(const Cell<D>& cell, Recorder& rec, DrcReport& report) {
  Shapes<D> s;
  for (std::size_t w = 0; w < cell.wire_count(); ++w)
    add_segments(s, cell.wire(w), w, rec, cell.name);
  for (std::size_t n = 0; n < cell.node_count(); ++n) s.add(cell.node_box[n], ShapeKind::kNode, n);
  for (std::size_t p = 0; p < cell.pins.size(); ++p)
    if (!cell.pins[p].reexported()) s.add(Box<D>::at(cell.pins[p].at), ShapeKind::kPin, p);
  for_each_lattice_pair(
      s, [&](std::uint32_t i, std::uint32_t j) { judge_own_pair(cell, s, i, j, rec); });
  report.shapes_checked += s.box.size();
}

// A node colour pierced by a local wire colour of another cell: that cell must be the only place
// where the node's cell is instantiated, so that its piercing check saw every pair. `owner`: per
// colour, the one cell using it, or -1.
template <int D>
void check_pierce_owners(const Layout<D>& layout, const std::vector<ColourRule>& rules,
                         const std::vector<std::int32_t>& owner, Recorder& rec) {
  std::vector<std::set<std::int32_t>> parents(layout.cells.size());
  for (std::size_t ci = 0; ci < layout.cells.size(); ++ci)
    for (const Instance<D>& inst : layout.cells[ci].instances)
      parents[inst.cell].insert(static_cast<std::int32_t>(ci));
  const auto local_wire = [&](std::int32_t c) {
    return c >= 0 && static_cast<std::size_t>(c) < rules.size() &&
           rules[c].kind == ColourRule::Kind::kLocalWire;
  };
  for (std::size_t s = 0; s < rules.size(); ++s) {
    if (rules[s].kind != ColourRule::Kind::kNode || owner[s] < 0) continue;
    for (std::int32_t c : rules[s].pierce) {
      if (!local_wire(c) || owner[c] < 0 || owner[c] == owner[s]) continue;
      const auto& ps = parents[owner[s]];
      if (ps.size() != 1 || *ps.begin() != owner[c])
        rec.add("colour", layout.cells[owner[s]].name,
                fmt::format("nodes of colour {} are pierced by colour {} of a cell that is not "
                            "their only parent",
                            s, c),
                Box<D>{});
    }
  }
}

// Both checks' order: the colours first, then every cell definition once (placement, pins, own
// shapes, piercing), then each pattern colour once.
template <int D, class Checker>
void run_lattice_check(const Layout<D>& layout, Checker& checker, Recorder& rec,
                       DrcReport& report) {
  if (!checker.table_ok()) return;
  checker.collect_colours();
  check_pierce_owners(layout, checker.colour_rules(), checker.owner, rec);
  for (std::size_t ci = 0; ci < layout.cells.size(); ++ci) {
    const Cell<D>& cell = layout.cells[ci];
    checker.check_placement(cell, static_cast<std::int32_t>(ci) == layout.top);
    check_lattice_pins(layout, cell, rec);
    check_own_shapes(cell, rec, report);
    checker.check_piercing(static_cast<std::int32_t>(ci));
    ++report.cells_checked;
  }
  checker.check_patterns();
}

}  // namespace ftvlsi::detail
