#include "box_overlap.hpp"

#include <CGAL/Box_intersection_d/Box_with_handle_d.h>
#include <CGAL/box_intersection_d.h>

#include <limits>
#include <vector>

// CGAL ships sweep sentinels for int, float and double only; our grid coordinates are int64.
namespace CGAL::Box_intersection_d {
template <>
struct box_limits<long> {
  static long inf() { return std::numeric_limits<long>::min(); }
  static long sup() { return std::numeric_limits<long>::max(); }
};
}  // namespace CGAL::Box_intersection_d

namespace ftvlsi::detail {

template <int D>
void for_each_overlap(const std::vector<Box<D>>& boxes,
                      const std::function<void(std::uint32_t, std::uint32_t)>& on_pair) {
  using CgalBox =
      CGAL::Box_intersection_d::Box_with_handle_d<Coord, D, std::uint32_t,
                                                  CGAL::Box_intersection_d::ID_EXPLICIT>;
  std::vector<CgalBox> cgal_boxes;
  cgal_boxes.reserve(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    Point<D> lo = boxes[i].lo, hi = boxes[i].hi;  // CGAL takes them as mutable arrays
    cgal_boxes.emplace_back(lo.c.data(), hi.c.data(), static_cast<std::uint32_t>(i));
  }
  CGAL::box_self_intersection_d(
      cgal_boxes.begin(), cgal_boxes.end(),
      [&](const CgalBox& a, const CgalBox& b) { on_pair(a.handle(), b.handle()); },
      std::ptrdiff_t{100}, CGAL::Box_intersection_d::CLOSED);
}

template void for_each_overlap(const std::vector<Box<2>>&,
                               const std::function<void(std::uint32_t, std::uint32_t)>&);
template void for_each_overlap(const std::vector<Box<3>>&,
                               const std::function<void(std::uint32_t, std::uint32_t)>&);

}  // namespace ftvlsi::detail
