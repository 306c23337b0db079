#include "ftvlsi/layout/layout_run.hpp"

namespace ftvlsi {

std::uint64_t LayoutRun::processors() const {
  if (tree) return tree->processors();
  if (butterfly3d) return butterfly3d->processors();
  if (butterfly) return butterfly->processors();
  return network->processors();
}

std::string LayoutRun::kind() const {
  if (tree) return "fat-tree";
  if (butterfly3d) return butterfly3d->pyramid() ? "fat-pyramid-3d" : "butterfly-fat-tree-3d";
  if (butterfly) return butterfly->pyramid() ? "fat-pyramid" : "butterfly-fat-tree";
  return network->kind;
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
