#pragma once
// A wire's path in the form a cell stores it (geometry/layout.hpp, Cell::add_wire): no repeated
// point, and no middle point on a straight run, so every segment turns at both ends.
#include <initializer_list>
#include <span>
#include <vector>

#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi {

// `points` without repeats, and with every point between two on one axis-parallel line dropped.
template <int D>
std::vector<Point<D>> simplified_path(std::span<const Point<D>> points) {
  std::vector<Point<D>> out;
  for (const Point<D>& p : points) {
    if (!out.empty() && out.back() == p) continue;
    if (out.size() >= 2) {
      const Point<D>& a = out[out.size() - 2];
      const Point<D>& b = out.back();
      int same = 0;
      for (int axis = 0; axis < D; ++axis) same += a[axis] == b[axis] && b[axis] == p[axis];
      if (same == D - 1) out.pop_back();  // a, b, p on one line
    }
    out.push_back(p);
  }
  return out;
}

inline std::vector<Point<3>> simplified_path(std::initializer_list<Point<3>> points) {
  return simplified_path(std::span<const Point<3>>(points.begin(), points.size()));
}

}  // namespace ftvlsi
