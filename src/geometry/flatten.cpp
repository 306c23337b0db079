#include "ftvlsi/geometry/flatten.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

template <int D>
struct Flattener {
  const Layout<D>& layout;
  FlatLayout<D>& out;

  // Appends the cell's nodes and wires; returns the global node id of each of its pins.
  std::vector<std::uint64_t> add(std::int32_t cell_id, const Transform<D>& t, std::uint64_t path) {
    poll_cancel();
    const Cell<D>& cell = layout.cells[cell_id];
    const std::uint64_t first_node = out.node_box.size();
    for (std::size_t i = 0; i < cell.node_count(); ++i) {
      out.node_box.push_back(t.apply(cell.node_box[i]));
      out.node_kind.push_back(cell.node_kind[i]);
      out.node_level.push_back(cell.node_level[i]);
      out.node_path.push_back(path);
    }
    std::vector<std::vector<std::uint64_t>> child_pins(cell.instances.size());
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const auto& inst = cell.instances[i];
      const std::uint64_t child_path = cell.instances.size() == 2 ? path * 2 + i : path;
      child_pins[i] = add(inst.cell, t.compose(inst.transform), child_path);
    }
    auto resolve = [&](const Terminal& term) -> std::uint64_t {
      if (term.is_node()) return first_node + term.index;
      if (term.is_geometric()) return kNoNode;
      return child_pins[term.instance][term.index];
    };
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      for (const Point<D>& p : cell.wire(w)) out.wire_points.push_back(t.apply(p));
      out.wire_start.push_back(out.wire_points.size());
      out.wire_level.push_back(cell.wire_level[w]);
      out.wire_dir.push_back(cell.wire_dir[w]);
      out.wire_from_node.push_back(resolve(cell.wire_from[w]));
      out.wire_to_node.push_back(resolve(cell.wire_to[w]));
    }
    std::vector<std::uint64_t> pins;
    pins.reserve(cell.pins.size());
    for (const Pin<D>& p : cell.pins)
      pins.push_back(p.reexported() ? child_pins[p.via_instance][p.via_pin] : first_node + p.node);
    return pins;
  }
};

}  // namespace

template <int D>
std::uint64_t flat_bytes(const Layout<D>& layout) {
  const FlatCounts fc = layout.flat_counts()[layout.top];
  const std::uint64_t points = fc.segments + fc.wires;
  return fc.nodes * (sizeof(Box<D>) + 1 + 4 + 8) + fc.wires * (8 + 4 + 1 + 16) +
         points * sizeof(Point<D>);
}

template <int D>
FlatLayout<D> flatten(const Layout<D>& layout, std::uint64_t max_bytes) {
  const std::uint64_t need = flat_bytes(layout);
  if (need > max_bytes) {
    throw InputError(
        8003,
        fmt::format(
            "flattening this layout needs about {:.1f} GiB but at most {:.1f} GiB may be used; use "
            "the hierarchical DRC or a smaller network",
            need / 1073741824.0, max_bytes / 1073741824.0));
  }
  FlatLayout<D> out;
  const FlatCounts fc = layout.flat_counts()[layout.top];
  out.node_box.reserve(fc.nodes);
  out.wire_level.reserve(fc.wires);
  out.wire_points.reserve(fc.segments + fc.wires);
  Flattener<D>{layout, out}.add(layout.top, Transform<D>{}, 0);
  return out;
}

template FlatLayout<2> flatten(const Layout<2>&, std::uint64_t);
template FlatLayout<3> flatten(const Layout<3>&, std::uint64_t);
template std::uint64_t flat_bytes(const Layout<2>&);
template std::uint64_t flat_bytes(const Layout<3>&);

}  // namespace ftvlsi
