#pragma once
// Flattening a hierarchical layout: every node and wire in top-level coordinates, with every
// wire's two end nodes resolved through the pins. Used by the flat DRC and the tests; the
// metrics and the writers work on the hierarchy directly.
#include <cstdint>
#include <span>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi {

// A wire end left to geometry has no end node.
inline constexpr std::uint64_t kNoNode = UINT64_MAX;

template <int D>
struct FlatLayout {
  std::vector<Box<D>> node_box;
  std::vector<NodeKind> node_kind;
  std::vector<std::int32_t> node_level;
  // Position of the node in its tree: the path of instance indices from the top, packed as
  // a binary number for binary recursions (index i of instance at depth d contributes a digit).
  std::vector<std::uint64_t> node_path;
  std::vector<std::uint64_t> wire_start{0};
  std::vector<Point<D>> wire_points;
  std::vector<std::int32_t> wire_level;
  std::vector<WireDir> wire_dir;
  std::vector<std::uint64_t> wire_from_node;  // kNoNode: left to geometry
  std::vector<std::uint64_t> wire_to_node;

  std::size_t wire_count() const { return wire_level.size(); }
  std::span<const Point<D>> wire(std::size_t i) const {
    return {wire_points.data() + wire_start[i], wire_points.data() + wire_start[i + 1]};
  }
};

// Throws InputError when the flattened layout would need more than `max_bytes` of memory.
template <int D>
FlatLayout<D> flatten(const Layout<D>& layout, std::uint64_t max_bytes);

// Bytes a flattened copy of `layout` needs.
template <int D>
std::uint64_t flat_bytes(const Layout<D>& layout);

}  // namespace ftvlsi
