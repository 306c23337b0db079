#include "box_overlap.hpp"

#include <CGAL/Box_intersection_d/Box_with_handle_d.h>
#include <CGAL/box_intersection_d.h>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <vector>

#include "ftvlsi/core/cancel.hpp"

// CGAL ships sweep sentinels for int, float and double only; our grid coordinates are int64.
namespace CGAL::Box_intersection_d {
template <>
struct box_limits<long> {
  static long inf() { return std::numeric_limits<long>::min(); }
  static long sup() { return std::numeric_limits<long>::max(); }
};
}  // namespace CGAL::Box_intersection_d

namespace ftvlsi::detail {
namespace {

template <int D>
using CgalBox = CGAL::Box_intersection_d::Box_with_handle_d<Coord, D, std::uint32_t,
                                                            CGAL::Box_intersection_d::ID_EXPLICIT>;

// CGAL's predicates for closed boxes, with a cancellation poll (core/cancel.hpp) every 1024
// comparisons of its sorts and in each step of its scans' outer loops: on millions of boxes
// either runs for seconds without a callback. (A poll in every comparison costs the hierarchical
// DRC 7 %; the partitions, a few linear passes between two sorts, are left alone.)
template <int D>
struct PolledTraits : CGAL::Box_intersection_d::Predicate_traits_d<
                          CGAL::Box_intersection_d::Box_traits_d<CgalBox<D>>, true> {
  using Base = CGAL::Box_intersection_d::Predicate_traits_d<
      CGAL::Box_intersection_d::Box_traits_d<CgalBox<D>>, true>;
  class Compare {
   public:
    explicit Compare(int dim) : dim_(dim) {}
    bool operator()(const CgalBox<D>& a, const CgalBox<D>& b) const {
      if ((++count_ & 1023) == 0) poll_cancel();
      return Base::is_lo_less_lo(a, b, dim_);
    }

   private:
    int dim_;
    mutable unsigned count_ = 0;
  };
  static bool is_lo_less_lo(const CgalBox<D>& a, const CgalBox<D>& b, int dim) {
    poll_cancel();
    return Base::is_lo_less_lo(a, b, dim);
  }
};

// Every pair of boxes of [a) and [b) that meet (`complete`: also the pairs within one range, for
// two copies of the same boxes), closed boxes, CGAL's sweep.
template <int D, class OnPair>
void cgal_pairs(std::vector<CgalBox<D>>& a, std::vector<CgalBox<D>>& b, bool complete,
                const OnPair& on_pair) {
  CGAL::box_intersection_custom_predicates_d(
      a.begin(), a.end(), b.begin(), b.end(),
      [&](const CgalBox<D>& x, const CgalBox<D>& y) {
        poll_cancel();
        on_pair(x.handle(), y.handle());
      },
      PolledTraits<D>(), std::ptrdiff_t{100},
      complete ? CGAL::Box_intersection_d::COMPLETE : CGAL::Box_intersection_d::BIPARTITE);
}

template <int D>
std::vector<CgalBox<D>> cgal_boxes(const std::vector<Box<D>>& boxes,
                                   const std::vector<std::uint32_t>& which) {
  std::vector<CgalBox<D>> out;
  out.reserve(which.size());
  for (const std::uint32_t i : which) {
    poll_cancel();
    Point<D> lo = boxes[i].lo, hi = boxes[i].hi;  // CGAL takes them as mutable arrays
    out.emplace_back(lo.c.data(), hi.c.data(), i);
  }
  return out;
}

constexpr std::size_t kCopySlice = 1 << 16;

template <int D>
void cgal_self(const std::vector<Box<D>>& boxes, const std::vector<std::uint32_t>& which,
               const std::function<void(std::uint32_t, std::uint32_t)>& on_pair) {
  // Two copies, as CGAL's box_self_intersection_d makes: the sweep reorders each range. A copy
  // keeps each box's ID (CGAL numbers the boxes it constructs), which tells a box from itself.
  // Copied in slices between polls: the first touch of hundreds of MB takes a while.
  auto b = cgal_boxes(boxes, which);
  std::vector<CgalBox<D>> copy;
  copy.reserve(b.size());
  for (std::size_t at = 0; at < b.size(); at += kCopySlice) {
    poll_cancel();
    copy.insert(copy.end(), b.begin() + at, b.begin() + std::min(b.size(), at + kCopySlice));
  }
  cgal_pairs(b, copy, true, on_pair);
}

// ---- 3D: segments by lines and planes ------------------------------------------------------
// A 3D layout's shapes are mostly segments: boxes thin along two axes. CGAL's sweep compares
// every pair of boxes that share their extent along its sweep axis, which for millions of
// parallel segments in one plane is quadratic; here segments on one line are sorted along it,
// and segments along two different axes meet only in a plane they share, found by a sweep
// (the classic orthogonal segment intersection). Boxes that are not segments go to CGAL, among
// themselves and against the segments.

// C: the coordinate type, 32 bits when every box fits (half the memory of the sweep's records).
template <class C>
struct Thin {
  C f0, f1;  // its coordinates along the other two axes, in axis order
  C lo, hi;  // its extent along `axis`
  std::uint32_t id;
  std::uint8_t axis;  // the axis it runs along (a point: 0)
};

// The run axis of a box thin along at least two axes, or -1.
int thin_axis(const Box<3>& b) {
  int wide = -1, count = 0;
  for (int a = 0; a < 3; ++a)
    if (b.lo[a] != b.hi[a]) wide = a, ++count;
  if (count > 1) return -1;
  return count == 0 ? 0 : wide;
}

// Pairs on one line: sorted by line, then by start; each meets the active ones still reaching it.
template <class C>
void same_line_pairs(std::vector<Thin<C>>& thin,
                     const std::function<void(std::uint32_t, std::uint32_t)>& on_pair) {
  std::sort(thin.begin(), thin.end(), polled([](const Thin<C>& a, const Thin<C>& b) {
              return std::tie(a.axis, a.f0, a.f1, a.lo, a.id) <
                     std::tie(b.axis, b.f0, b.f1, b.lo, b.id);
            }));
  std::vector<std::pair<C, std::uint32_t>> active;  // (hi, id) on the current line
  for (std::size_t i = 0; i < thin.size(); ++i) {
    poll_cancel();
    const Thin<C>& t = thin[i];
    if (i == 0 || t.axis != thin[i - 1].axis || t.f0 != thin[i - 1].f0 || t.f1 != thin[i - 1].f1)
      active.clear();
    std::erase_if(active, [&](const auto& a) { return a.first < t.lo; });
    for (const auto& a : active) on_pair(a.second, t.id);
    active.push_back({t.hi, t.id});
  }
}

// Segments along axis a against segments along axis b (a < b) in the planes of the third axis:
// a sweep along a; a-segments enter at lo and leave after hi, keyed by their b coordinate; a
// b-segment at a = x asks for the keys within its extent.
template <class C>
void crossing_pairs(const std::vector<Thin<C>>& thin, int a, int b,
                    const std::function<void(std::uint32_t, std::uint32_t)>& on_pair) {
  const int c = 3 - a - b;
  // The coordinate along `axis` of a thin box not running along it.
  auto at = [](const Thin<C>& t, int axis) {
    const int first = t.axis == 0 ? 1 : 0;  // f0 is along the lowest axis that is not t.axis
    return axis == first ? t.f0 : t.f1;
  };
  struct Event {
    C plane, pos, k0, k1;
    std::uint32_t id;
    std::uint8_t type;  // 0 enter, 1 ask, 2 leave
  };
  std::size_t count = 0;
  for (const Thin<C>& t : thin) count += t.axis == a ? 2 : t.axis == b ? 1 : 0;
  std::vector<Event> ev;
  ev.reserve(count);
  for (const Thin<C>& t : thin) {
    if (t.axis == a) {
      ev.push_back({at(t, c), t.lo, at(t, b), 0, t.id, 0});
      ev.push_back({at(t, c), t.hi, at(t, b), 0, t.id, 2});
    } else if (t.axis == b) {
      ev.push_back({at(t, c), at(t, a), t.lo, t.hi, t.id, 1});
    }
  }
  std::sort(ev.begin(), ev.end(), polled([](const Event& x, const Event& y) {
              return std::tie(x.plane, x.pos, x.type, x.id) <
                     std::tie(y.plane, y.pos, y.type, y.id);
            }));
  std::multimap<C, std::uint32_t> active;
  for (std::size_t i = 0; i < ev.size(); ++i) {
    poll_cancel();
    const Event& e = ev[i];
    if (i > 0 && e.plane != ev[i - 1].plane) active.clear();
    if (e.type == 0) {
      active.emplace(e.k0, e.id);
    } else if (e.type == 1) {
      for (auto it = active.lower_bound(e.k0); it != active.end() && it->first <= e.k1; ++it)
        on_pair(it->second, e.id);
    } else {
      auto [from, to] = active.equal_range(e.k0);
      for (auto it = from; it != to; ++it)
        if (it->second == e.id) {
          active.erase(it);
          break;
        }
    }
  }
}

template <class C>
void overlap3(const std::vector<Box<3>>& boxes,
              const std::function<void(std::uint32_t, std::uint32_t)>& on_pair) {
  std::vector<Thin<C>> thin;
  std::vector<std::uint32_t> fat;
  thin.reserve(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const Box<3>& bx = boxes[i];
    const int axis = thin_axis(bx);
    const auto id = static_cast<std::uint32_t>(i);
    if (axis < 0) {
      fat.push_back(id);
      continue;
    }
    const int o0 = axis == 0 ? 1 : 0, o1 = axis == 2 ? 1 : 2;
    thin.push_back({static_cast<C>(bx.lo[o0]), static_cast<C>(bx.lo[o1]),
                    static_cast<C>(bx.lo[axis]), static_cast<C>(bx.hi[axis]), id,
                    static_cast<std::uint8_t>(axis)});
  }
  for (const auto& [a, b] : {std::pair{0, 1}, std::pair{0, 2}, std::pair{1, 2}})
    crossing_pairs(thin, a, b, on_pair);
  same_line_pairs(thin, on_pair);
  if (fat.empty()) return;
  // A few fat boxes (a cell's nodes and instances, usually): every segment against each.
  if (fat.size() <= 32) {
    for (const Thin<C>& t : thin) {
      poll_cancel();
      for (const std::uint32_t f : fat)
        if (boxes[t.id].intersects(boxes[f])) on_pair(t.id, f);
    }
    cgal_self(boxes, fat, on_pair);
    return;
  }
  std::vector<std::uint32_t> thin_ids;
  thin_ids.reserve(thin.size());
  for (const Thin<C>& t : thin) thin_ids.push_back(t.id);
  std::vector<Thin<C>>().swap(thin);
  auto segments = cgal_boxes(boxes, thin_ids);
  auto others = cgal_boxes(boxes, fat);
  cgal_pairs(segments, others, false, on_pair);
  cgal_self(boxes, fat, on_pair);
}

bool fits_32_bits(const std::vector<Box<3>>& boxes) {
  constexpr Coord lo = std::numeric_limits<std::int32_t>::min();
  constexpr Coord hi = std::numeric_limits<std::int32_t>::max();
  for (const Box<3>& b : boxes)
    for (int a = 0; a < 3; ++a)
      if (b.lo[a] < lo || b.hi[a] > hi) return false;
  return true;
}

}  // namespace

template <int D>
void for_each_overlap(const std::vector<Box<D>>& boxes,
                      const std::function<void(std::uint32_t, std::uint32_t)>& on_pair) {
  if constexpr (D == 3) {
    if (fits_32_bits(boxes))
      overlap3<std::int32_t>(boxes, on_pair);
    else
      overlap3<Coord>(boxes, on_pair);
  } else {
    std::vector<std::uint32_t> all(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) all[i] = static_cast<std::uint32_t>(i);
    cgal_self(boxes, all, on_pair);
  }
}

template void for_each_overlap(const std::vector<Box<2>>&,
                               const std::function<void(std::uint32_t, std::uint32_t)>&);
template void for_each_overlap(const std::vector<Box<3>>&,
                               const std::function<void(std::uint32_t, std::uint32_t)>&);

}  // namespace ftvlsi::detail
