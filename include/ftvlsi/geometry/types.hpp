#pragma once
// Integer grid geometry: points, boxes and the eight axis-preserving transforms of GDSII.
#include <algorithm>
#include <cstdint>

namespace ftvlsi {

using Coord = std::int64_t;

struct Point {
  Coord x = 0;
  Coord y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

// A closed axis-parallel box [x0, x1] x [y0, y1]; a degenerate box is a segment or a point.
struct Box {
  Coord x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  friend bool operator==(const Box&, const Box&) = default;

  static Box around(Point a, Point b) {
    return {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
  }
  Coord width() const { return x1 - x0; }
  Coord height() const { return y1 - y0; }
  bool contains(Point p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
  bool on_boundary(Point p) const {
    return contains(p) && (p.x == x0 || p.x == x1 || p.y == y0 || p.y == y1);
  }
  bool intersects(const Box& o) const {
    return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1;
  }
  Box intersection(const Box& o) const {
    return {std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
  }
  Box united(const Box& o) const {
    return {std::min(x0, o.x0), std::min(y0, o.y0), std::max(x1, o.x1), std::max(y1, o.y1)};
  }
};

// GDSII's transform: optional mirror about the x axis, then a rotation by 90 * rotation
// degrees counter-clockwise, then a translation.
struct Transform {
  int rotation = 0;  // 0..3, quarter turns counter-clockwise
  bool mirror = false;
  Point offset{};

  Point apply(Point p) const {
    if (mirror) p.y = -p.y;
    Point r = p;
    switch (rotation & 3) {
      case 1:
        r = {-p.y, p.x};
        break;
      case 2:
        r = {-p.x, -p.y};
        break;
      case 3:
        r = {p.y, -p.x};
        break;
      default:
        break;
    }
    return {r.x + offset.x, r.y + offset.y};
  }
  Box apply(const Box& b) const {
    return Box::around(apply(Point{b.x0, b.y0}), apply(Point{b.x1, b.y1}));
  }

  // (this ∘ inner)(p) = this->apply(inner.apply(p)).
  Transform compose(const Transform& inner) const;
};

}  // namespace ftvlsi
