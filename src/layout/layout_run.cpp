#include "ftvlsi/layout/layout_run.hpp"

namespace ftvlsi {

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

std::uint64_t LayoutRun::processors() const {
  return std::visit(Overloaded{[](std::monostate) -> std::uint64_t { return 0; },
                               [](const auto& net) -> std::uint64_t { return net.processors(); }},
                    laid_out);
}

std::string LayoutRun::kind() const {
  return std::visit(Overloaded{[](std::monostate) -> std::string { return ""; },
                               [](const FatTree&) -> std::string { return "fat-tree"; },
                               [](const CompetingNetwork& n) -> std::string { return n.kind; },
                               [](const ButterflyFatTree& b) -> std::string {
                                 return b.pyramid() ? "fat-pyramid" : "butterfly-fat-tree";
                               },
                               [](const ButterflyFatTree3d& b) -> std::string {
                                 return b.pyramid() ? "fat-pyramid-3d" : "butterfly-fat-tree-3d";
                               }},
                    laid_out);
}

std::uint64_t LayoutRun::wires() const {
  return std::visit([](const auto& d) { return d.metrics.wires; }, drawn);
}

std::string LayoutRun::grid_size() const {
  if (const auto* d = drawn_as<3>())
    return std::to_string(d->metrics.width) + " x " + std::to_string(d->metrics.height) + " x " +
           std::to_string(d->metrics.depth);
  const auto& m = std::get<DrawnLayout<2>>(drawn).metrics;
  return std::to_string(m.width) + " x " + std::to_string(m.height);
}

bool LayoutRun::drc_clean() const {
  for (const auto& r : drc)
    if (!r.clean()) return false;
  return true;
}

}  // namespace ftvlsi
