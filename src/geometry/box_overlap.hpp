#pragma once
// All intersecting pairs among closed boxes, by CGAL's box_intersection_d sweep. Private to the
// geometry module so that CGAL is compiled in one translation unit only.
#include <cstdint>
#include <functional>
#include <vector>

#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi::detail {

// Calls on_pair(i, j) once for every pair i != j of boxes whose closed extents intersect.
template <int D>
void for_each_overlap(const std::vector<Box<D>>& boxes,
                      const std::function<void(std::uint32_t, std::uint32_t)>& on_pair);

}  // namespace ftvlsi::detail
