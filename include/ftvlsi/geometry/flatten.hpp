#pragma once
// Flattening a hierarchical layout: every node and wire in top-level coordinates, with every
// wire's two end nodes resolved through the pins. Used by the flat DRC, the SVG writer and the
// tests; the metrics and the GDS writer work on the hierarchy directly.
#include <cstdint>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

struct FlatLayout {
  std::vector<Box<2>> node_box;
  std::vector<NodeKind> node_kind;
  std::vector<std::int32_t> node_level;
  // Position of the node in its tree: the path of instance indices from the top, packed as
  // a binary number for binary recursions (index i of instance at depth d contributes a digit).
  std::vector<std::uint64_t> node_path;
  std::vector<std::uint64_t> wire_start{0};
  std::vector<Point<2>> wire_points;
  std::vector<std::int32_t> wire_level;
  std::vector<WireDir> wire_dir;
  std::vector<std::uint64_t> wire_from_node;
  std::vector<std::uint64_t> wire_to_node;

  std::size_t wire_count() const { return wire_level.size(); }
  std::span<const Point<2>> wire(std::size_t i) const {
    return {wire_points.data() + wire_start[i], wire_points.data() + wire_start[i + 1]};
  }
};

// Throws InputError when the flattened layout would need more than `max_bytes` of memory.
FlatLayout flatten(const Layout<2>& layout, std::uint64_t max_bytes);

// Bytes a flattened copy of `layout` needs.
std::uint64_t flat_bytes(const Layout<2>& layout);

}  // namespace ftvlsi
