#pragma once
// Point colours: the contract that lets a 3D lattice layout overlap its instances, the 3D
// counterpart of line colours (docs/design.md §3.5, §3.9).
//
// Every grid point has a colour, periodic with the period along each axis: point p has colour
// at(p) = colour[(x mod px) + px ((y mod py) + py (z mod pz))], or kNone (no shape may use it).
// A wire's points all have one wire colour, except its two ends, which may also have the colour
// of a node that the wire's colour may pierce (the node it ends on); a node's points all have
// one node colour. Shapes of different colours then share a point only where a wire ends on a
// node, so a hierarchical check may let a parent's wires run through its children's boxes.
// A colour is local (used by the own shapes of one cell definition) or a pattern: drawn by
// several cells, each on a lattice (Cell::lattice, in periods of this table) that is a multiple
// of the pattern's period (ColourRule::period, also in periods of this table), so that every
// wire of the colour is a translate of one of a few classes (src/geometry/drc_lattice3.cpp).
//
// A builder usually derives the colours from lines: with x-lines at (y, z) both even, y-lines at
// x even and z odd and z-lines at x and y odd, lines of different families never share a point,
// so each (family, cross-section) may take its own colour, and a wire turns from one line to the
// next by a unit step.
#include <array>
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/line_colours.hpp"
#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi {

struct PointColours {
  static constexpr std::int32_t kNone = -1;
  std::array<Coord, 3> period{};
  std::vector<std::int32_t> colour;  // period[0] * period[1] * period[2] entries, x fastest
  std::vector<ColourRule> rules;     // kNode or kLocalWire

  std::size_t index(Point<3> p) const {
    const auto m = [](Coord v, Coord q) { return static_cast<std::size_t>(((v % q) + q) % q); };
    return m(p.x(), period[0]) +
           static_cast<std::size_t>(period[0]) *
               (m(p.y(), period[1]) + static_cast<std::size_t>(period[1]) * m(p.z(), period[2]));
  }
  std::int32_t at(Point<3> p) const { return colour[index(p)]; }
  bool is_node(std::int32_t c) const {
    return c >= 0 && static_cast<std::size_t>(c) < rules.size() &&
           rules[c].kind == ColourRule::Kind::kNode;
  }
  bool may_pierce(std::int32_t node_colour, std::int32_t wire_colour) const {
    if (!is_node(node_colour)) return false;
    for (std::int32_t c : rules[node_colour].pierce)
      if (c == wire_colour) return true;
    return false;
  }
};

}  // namespace ftvlsi
