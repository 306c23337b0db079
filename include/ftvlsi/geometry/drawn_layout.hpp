#pragma once
// A drawn layout and the metrics measured from it, in D dimensions, and the choice of either
// dimension that a run's result holds (docs/geometry.md).
#include <variant>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {

template <int D>
struct DrawnLayout {
  Layout<D> layout;
  LayoutMetrics<D> metrics;
};

using AnyDrawnLayout = std::variant<DrawnLayout<2>, DrawnLayout<3>>;

// The drawn layout if it has D dimensions, else null.
template <int D>
const DrawnLayout<D>* drawn_as(const AnyDrawnLayout& drawn) {
  return std::get_if<DrawnLayout<D>>(&drawn);
}

// A layout together with its measured metrics.
template <int D>
DrawnLayout<D> drawn_and_measured(Layout<D> layout) {
  DrawnLayout<D> d{std::move(layout), {}};
  d.metrics = measure(d.layout);
  return d;
}

}  // namespace ftvlsi
