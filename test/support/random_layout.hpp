#pragma once
// Seeded random hierarchical layouts for property tests of the layout model, in 2D or 3D: cells
// of random boxes, Manhattan wires (a bend at every interior point) whose ends are own nodes,
// instance pins or left to geometry, pins on own nodes and re-exported pins, and instances of
// earlier cells under random signed-permutation transforms. They need not be DRC clean.
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi::test {

template <int D>
Transform<D> random_transform(std::mt19937_64& rng) {
  Transform<D> t;
  std::array<std::int8_t, D> axes{};
  for (int a = 0; a < D; ++a) axes[a] = static_cast<std::int8_t>(a);
  std::shuffle(axes.begin(), axes.end(), rng);
  t.axis = axes;
  for (int a = 0; a < D; ++a) {
    t.sign[a] = rng() % 2 ? 1 : -1;
    t.offset[a] = static_cast<Coord>(rng() % 61) - 30;
  }
  return t;
}

template <int D>
Point<D> random_point(std::mt19937_64& rng) {
  Point<D> p;
  for (int a = 0; a < D; ++a) p[a] = static_cast<Coord>(rng() % 41) - 20;
  return p;
}

// A polyline of 2 .. 5 points whose consecutive steps change axis, so every interior point is a
// bend.
template <int D>
std::vector<Point<D>> random_wire(std::mt19937_64& rng) {
  std::vector<Point<D>> pts{random_point<D>(rng)};
  int axis = -1;
  for (int n = 1 + static_cast<int>(rng() % 4); n > 0; --n) {
    int next = static_cast<int>(rng() % D);
    if (next == axis) next = (next + 1) % D;
    axis = next;
    Point<D> p = pts.back();
    p[axis] += (rng() % 2 ? 1 : -1) * static_cast<Coord>(1 + rng() % 9);
    pts.push_back(p);
  }
  return pts;
}

template <int D>
Terminal random_terminal(std::mt19937_64& rng, const Cell<D>& cell,
                         const std::vector<Cell<D>>& cells) {
  const int choice = static_cast<int>(rng() % 3);
  if (choice == 0 && cell.node_count() > 0)
    return Terminal::node(static_cast<std::int32_t>(rng() % cell.node_count()));
  if (choice == 1 && !cell.instances.empty()) {
    const auto i = static_cast<std::int32_t>(rng() % cell.instances.size());
    const auto& pins = cells[cell.instances[i].cell].pins;
    if (!pins.empty()) return Terminal::pin(i, static_cast<std::int32_t>(rng() % pins.size()));
  }
  return Terminal::by_geometry();
}

template <int D>
Layout<D> random_layout(std::mt19937_64& rng, int cell_count) {
  Layout<D> layout;
  layout.wire_levels = 3;
  for (int c = 0; c < cell_count; ++c) {
    Cell<D> cell;
    cell.name = "cell" + std::to_string(c);
    for (int n = static_cast<int>(rng() % 4); n > 0; --n) {
      Box<D> box;
      box.lo = random_point<D>(rng);
      for (int a = 0; a < D; ++a) box.hi[a] = box.lo[a] + static_cast<Coord>(rng() % 6);
      cell.add_node(box, static_cast<NodeKind>(rng() % 3), static_cast<std::int32_t>(rng() % 3));
    }
    for (int i = c == 0 ? 0 : static_cast<int>(rng() % 4); i > 0; --i)
      cell.add_instance(static_cast<std::int32_t>(rng() % c), random_transform<D>(rng));
    for (int w = static_cast<int>(rng() % 4); w > 0; --w) {
      const auto pts = random_wire<D>(rng);
      const Terminal from = random_terminal(rng, cell, layout.cells);
      const Terminal to = random_terminal(rng, cell, layout.cells);
      cell.add_wire(pts, static_cast<std::int32_t>(rng() % 3),
                    rng() % 2 ? WireDir::kUp : WireDir::kDown, from, to);
    }
    for (std::size_t n = 0; n < cell.node_count(); ++n)
      if (rng() % 2) cell.pins.push_back({cell.node_box[n].lo, static_cast<std::int32_t>(n), 0});
    for (std::size_t i = 0; i < cell.instances.size(); ++i) {
      const auto& pins = layout.cells[cell.instances[i].cell].pins;
      if (pins.empty() || rng() % 2) continue;
      Pin<D> p;
      p.node = -1;
      p.via_instance = static_cast<std::int32_t>(i);
      p.via_pin = static_cast<std::int32_t>(rng() % pins.size());
      p.at = cell.instances[i].transform.apply(pins[p.via_pin].at);
      cell.pins.push_back(p);
    }
    if (cell.node_count() == 0 && cell.wire_count() == 0 && cell.instances.empty())
      cell.add_node(Box<D>::at(random_point<D>(rng)), NodeKind::kSwitch, 0);
    layout.cells.push_back(std::move(cell));
  }
  layout.top = cell_count - 1;
  layout.finalize();
  return layout;
}

}  // namespace ftvlsi::test
