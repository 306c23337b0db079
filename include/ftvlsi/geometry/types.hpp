#pragma once
// Integer grid geometry in D dimensions (2 or 3): points, closed boxes and the transforms that
// map the grid onto itself (docs/geometry.md). One template serves both dimensions, as
// Boost.Geometry's point<T, D> does; loops over the axes unroll at compile time.
#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <limits>

namespace ftvlsi {

using Coord = std::int64_t;

template <int D>
struct Point {
  static_assert(D == 2 || D == 3, "the grid has two or three dimensions");
  std::array<Coord, D> c{};

  constexpr Coord& operator[](int axis) { return c[axis]; }
  constexpr Coord operator[](int axis) const { return c[axis]; }
  constexpr Coord& x() { return c[0]; }
  constexpr Coord x() const { return c[0]; }
  constexpr Coord& y() { return c[1]; }
  constexpr Coord y() const { return c[1]; }
  constexpr Coord& z() requires(D == 3) { return c[2]; }
  constexpr Coord z() const requires(D == 3) { return c[2]; }
  friend constexpr bool operator==(const Point&, const Point&) = default;
  friend constexpr auto operator<=>(const Point&, const Point&) = default;
};

// A closed axis-parallel box: lo <= p <= hi on every axis. A degenerate box is a segment or a
// point. Brace initialisation lists the low corner, then the high one: Box<2>{x0, y0, x1, y1}.
template <int D>
struct Box {
  Point<D> lo, hi;
  friend constexpr bool operator==(const Box&, const Box&) = default;

  static constexpr Box around(Point<D> a, Point<D> b) {
    Box r;
    for (int i = 0; i < D; ++i) r.lo[i] = std::min(a[i], b[i]), r.hi[i] = std::max(a[i], b[i]);
    return r;
  }
  static constexpr Box at(Point<D> p) { return {p, p}; }
  // The neutral element of united(): lo above hi on every axis.
  static constexpr Box none() {
    Box r;
    for (int i = 0; i < D; ++i)
      r.lo[i] = std::numeric_limits<Coord>::max(), r.hi[i] = std::numeric_limits<Coord>::min();
    return r;
  }

  constexpr Coord extent(int axis) const { return hi[axis] - lo[axis]; }
  constexpr Coord width() const { return extent(0); }
  constexpr Coord height() const { return extent(1); }
  constexpr Coord depth() const requires(D == 3) { return extent(2); }
  constexpr bool empty() const {
    for (int i = 0; i < D; ++i)
      if (lo[i] > hi[i]) return true;
    return false;
  }
  constexpr bool contains(Point<D> p) const {
    for (int i = 0; i < D; ++i)
      if (p[i] < lo[i] || p[i] > hi[i]) return false;
    return true;
  }
  constexpr bool interior(Point<D> p) const {
    for (int i = 0; i < D; ++i)
      if (p[i] <= lo[i] || p[i] >= hi[i]) return false;
    return true;
  }
  constexpr bool on_boundary(Point<D> p) const { return contains(p) && !interior(p); }
  constexpr bool intersects(const Box& o) const {
    for (int i = 0; i < D; ++i)
      if (hi[i] < o.lo[i] || o.hi[i] < lo[i]) return false;
    return true;
  }
  constexpr Box intersection(const Box& o) const {
    Box r;
    for (int i = 0; i < D; ++i)
      r.lo[i] = std::max(lo[i], o.lo[i]), r.hi[i] = std::min(hi[i], o.hi[i]);
    return r;
  }
  constexpr Box united(const Box& o) const {
    Box r;
    for (int i = 0; i < D; ++i)
      r.lo[i] = std::min(lo[i], o.lo[i]), r.hi[i] = std::max(hi[i], o.hi[i]);
    return r;
  }
};

// A map of the grid onto itself: output axis a takes input axis axis[a], negated where
// sign[a] < 0, then the offset is added. These signed permutations are all the linear maps that
// keep the grid; in 2D they are GDSII's eight (a mirror about the x axis, then quarter turns),
// and 3D layouts use the mirrors per axis.
template <int D>
struct Transform {
  std::array<std::int8_t, D> axis = identity_axes();
  std::array<std::int8_t, D> sign = unit_signs();
  Point<D> offset{};

  static constexpr Transform translation(Point<D> offset) {
    Transform t;
    t.offset = offset;
    return t;
  }
  // GDSII's transform: mirror about the x axis (y -> -y) when `mirror`, then `rotation`
  // quarter turns counter-clockwise, then the offset.
  static constexpr Transform gds(int rotation, bool mirror, Point<2> offset) requires(D == 2) {
    Transform t;
    if (mirror) t.sign[1] = -1;
    for (int r = 0; r < (rotation & 3); ++r) {  // (x, y) -> (-y, x)
      const Transform before = t;
      t.axis = {before.axis[1], before.axis[0]};
      t.sign = {static_cast<std::int8_t>(-before.sign[1]), before.sign[0]};
    }
    t.offset = offset;
    return t;
  }
  // The inverse of gds(): quarter turns and mirror of the linear part.
  constexpr int gds_rotation() const requires(D == 2) {
    const int a = axis[0] == 0 ? 0 : 1;  // the output axis that the input x axis goes to
    return a == 0 ? (sign[0] > 0 ? 0 : 2) : (sign[1] > 0 ? 1 : 3);
  }
  constexpr bool gds_mirror() const requires(D == 2) {
    return (axis[0] != 0) != (sign[0] * sign[1] < 0);  // the determinant is -1
  }
  constexpr bool is_translation() const { return axis == identity_axes() && sign == unit_signs(); }

  constexpr Point<D> apply(Point<D> p) const {
    Point<D> r;
    for (int a = 0; a < D; ++a) r[a] = sign[a] * p[axis[a]] + offset[a];
    return r;
  }
  constexpr Box<D> apply(const Box<D>& b) const { return Box<D>::around(apply(b.lo), apply(b.hi)); }
  // The point p with apply(p) == q.
  constexpr Point<D> unapply(Point<D> q) const {
    Point<D> p;
    for (int a = 0; a < D; ++a) p[axis[a]] = sign[a] * (q[a] - offset[a]);
    return p;
  }
  // (this ∘ inner)(p) = this->apply(inner.apply(p)).
  constexpr Transform compose(const Transform& inner) const {
    Transform r;
    for (int a = 0; a < D; ++a) {
      r.axis[a] = inner.axis[axis[a]];
      r.sign[a] = static_cast<std::int8_t>(sign[a] * inner.sign[axis[a]]);
    }
    r.offset = apply(inner.offset);
    return r;
  }
  friend constexpr bool operator==(const Transform&, const Transform&) = default;

 private:
  static constexpr std::array<std::int8_t, D> identity_axes() {
    std::array<std::int8_t, D> a{};
    for (int i = 0; i < D; ++i) a[i] = static_cast<std::int8_t>(i);
    return a;
  }
  static constexpr std::array<std::int8_t, D> unit_signs() {
    std::array<std::int8_t, D> s{};
    s.fill(1);
    return s;
  }
};

}  // namespace ftvlsi
