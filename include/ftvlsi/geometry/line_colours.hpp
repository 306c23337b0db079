#pragma once
// Line colours: the contract that lets a regular ("lattice") layout overlap its instances.
//
// Every grid row and column has a colour, periodic with the pitch: row y has colour
// row[y mod pitch], column x colour col[x mod pitch]. A wire keeps to the lines of one wire
// colour (horizontal segments on its rows, vertical ones on its columns); a node's rows all
// have one node colour, and its columns have that colour or one of the wire colours allowed
// to pierce it (the wires that end on it). Shapes of different colours then meet only where a
// piercing wire reaches a node, so a hierarchical check may let a parent's wires run through
// its children's boxes. Each colour is either
//   local    - used by the own shapes of a single cell definition, or
//   pattern  - a lattice pattern with the given period: every wire of the colour, wherever it
//              is drawn, is a translate of one of a few classes, checked once on a window.
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi {

struct ColourRule {
  enum class Kind : std::uint8_t { kNode, kLocalWire, kPatternWire };
  Kind kind = Kind::kLocalWire;
  Coord period = 0;                  // kPatternWire: the lattice period (both axes)
  std::vector<std::int32_t> pierce;  // kNode: the wire colours that may end on such a node
};

struct LineColours {
  Coord pitch = 0;
  std::vector<std::int32_t> row, col;  // size pitch; indices into rules
  std::vector<ColourRule> rules;

  static Coord mod(Coord v, Coord m) { return ((v % m) + m) % m; }
  std::int32_t row_colour(Coord y) const { return row[mod(y, pitch)]; }
  std::int32_t col_colour(Coord x) const { return col[mod(x, pitch)]; }
  bool is_node(std::int32_t c) const { return rules[c].kind == ColourRule::Kind::kNode; }
};

}  // namespace ftvlsi
