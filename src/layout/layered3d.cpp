#include "ftvlsi/layout/layered3d.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {
namespace {

constexpr Coord kNodeTop = 2;  // node boxes span z = 0 .. 2
constexpr Coord kFirstPlane = kNodeTop + 1;

// Disjoint closed intervals on one line, for first-fit packing.
class Line {
 public:
  bool free(Coord a, Coord b) const {
    auto it = spans_.upper_bound(b);  // first span starting after b
    if (it == spans_.begin()) return true;
    --it;
    return it->second < a;
  }
  void take(Coord a, Coord b) { spans_[a] = b; }

 private:
  std::map<Coord, Coord> spans_;  // start -> end
};

// Gives every wire a pair of planes (x run on the first, y run on the second): the longest runs
// first, each on the lowest pair where its row and column spans are still free.
std::vector<int> plane_pairs(const std::vector<std::array<Coord, 4>>& ends) {
  std::vector<std::size_t> order(ends.size());
  std::iota(order.begin(), order.end(), 0);
  auto span = [&](std::size_t w) {
    return std::llabs(ends[w][0] - ends[w][2]) + std::llabs(ends[w][1] - ends[w][3]);
  };
  std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return span(a) > span(b); });
  std::vector<std::map<Coord, Line>> rows, columns;  // per pair: odd row / odd column -> spans
  std::vector<int> pair_of(ends.size(), 0);
  for (auto w : order) {
    const auto [xs, ys, xd, yd] = ends[w];
    const Coord row = ys + 1, column = xd + 1;
    const Coord x0 = std::min(xs, column), x1 = std::max(xs, column);
    const Coord y0 = std::min(row, yd), y1 = std::max(row, yd);
    std::size_t k = 0;
    for (;; ++k) {
      if (k == rows.size()) rows.emplace_back(), columns.emplace_back();
      if (rows[k][row].free(x0, x1) && columns[k][column].free(y0, y1)) break;
    }
    rows[k][row].take(x0, x1);
    columns[k][column].take(y0, y1);
    pair_of[w] = static_cast<int>(k);
  }
  return pair_of;
}

}  // namespace

Layout<3> build_layered3d(const Layered3dInput& in) {
  const std::size_t nodes = in.slot.size();
  std::vector<std::uint32_t> degree(nodes, 0);
  for (const auto& [a, b] : in.wires) ++degree[a], ++degree[b];
  const std::uint32_t most = nodes ? *std::max_element(degree.begin(), degree.end()) : 0;
  // A box of side 2q + 2 has q x q interior points with even offsets.
  const Coord q =
      std::max<Coord>(1, static_cast<Coord>(ceil_sqrt(std::max<std::uint32_t>(1, most))));
  const Coord side = 2 * q + 2, pitch = side + 2;
  Layout<3> layout;
  layout.style = LayoutStyle::kCube;
  layout.wire_levels = in.wire_levels;
  Cell<3> cell;
  cell.name = in.name;
  std::vector<Point<3>> corner(nodes);
  for (std::size_t v = 0; v < nodes; ++v) {
    corner[v] = {in.slot[v][0] * pitch, in.slot[v][1] * pitch, 0};
    cell.add_node({corner[v], {corner[v][0] + side, corner[v][1] + side, kNodeTop}}, in.kind[v],
                  in.level[v]);
  }
  std::vector<std::uint32_t> used(nodes, 0);
  auto pin = [&](std::uint32_t v) {
    const std::uint32_t i = used[v]++;
    return std::array<Coord, 2>{corner[v][0] + 2 + 2 * static_cast<Coord>(i % q),
                                corner[v][1] + 2 + 2 * static_cast<Coord>(i / q)};
  };
  // Longest runs first, so the packing fills the low planes with them.
  std::vector<std::array<Coord, 4>> ends(in.wires.size());
  for (std::size_t w = 0; w < in.wires.size(); ++w) {
    const auto s = pin(in.wires[w].first), d = pin(in.wires[w].second);
    ends[w] = {s[0], s[1], d[0], d[1]};
  }
  const std::vector<int> pair_of = plane_pairs(ends);
  for (std::size_t w = 0; w < in.wires.size(); ++w) {
    const auto [xs, ys, xd, yd] = ends[w];
    const Coord x = kFirstPlane + 2 * pair_of[w], y = x + 1;
    const Point<3> pts[8] = {{xs, ys, kNodeTop},  {xs, ys, x},         {xs, ys + 1, x},
                             {xd + 1, ys + 1, x}, {xd + 1, ys + 1, y}, {xd + 1, yd, y},
                             {xd, yd, y},         {xd, yd, kNodeTop}};
    cell.add_wire(pts, in.wire_level[w]);
  }
  layout.cells.push_back(std::move(cell));
  layout.top = 0;
  layout.finalize();
  return layout;
}

}  // namespace ftvlsi
