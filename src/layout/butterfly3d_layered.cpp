#include "ftvlsi/layout/butterfly3d_layered.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "ftvlsi/layout/layered3d.hpp"

namespace ftvlsi {

long double estimate_butterfly3d_layered_bytes(const ButterflyFatTree3d& net) {
  // Seven segments a wire and the plane packing's intervals, about 600 bytes a wire with the
  // graph and the nodes' slots (measured: 8^5 processors, 63488 wires, peak at 32 MiB; this
  // gives 37 MiB).
  constexpr long double kBytesPerWire = 600;
  return (1 << 20) + static_cast<long double>(net.wires()) * kBytesPerWire;
}

Layout<3> build_butterfly3d(const ButterflyFatTree3d& net) {
  const ButterflyFatTree3dGraph g = net.graph();
  auto morton3 = [](const std::array<std::int64_t, 3>& c) {
    std::uint64_t m = 0;
    for (int i = 0; i < 21; ++i)
      for (int a = 0; a < 3; ++a) m |= static_cast<std::uint64_t>((c[a] >> i) & 1) << (3 * i + a);
    return m;
  };
  std::vector<std::uint32_t> order(g.level.size());
  for (std::uint32_t v = 0; v < order.size(); ++v) order[v] = v;
  std::sort(order.begin(), order.end(), [&](auto a, auto b) {
    return std::pair(morton3(g.cell[a]), g.level[a]) < std::pair(morton3(g.cell[b]), g.level[b]);
  });
  Layered3dInput in;
  in.name = "butterfly3d";
  in.slot.resize(order.size());
  for (std::uint64_t i = 0; i < order.size(); ++i) {
    Coord u = 0, v = 0;  // the 2D Morton curve: even bits of i to u, odd bits to v
    for (int b = 0; b < 32; ++b) {
      u |= static_cast<Coord>((i >> (2 * b)) & 1) << b;
      v |= static_cast<Coord>((i >> (2 * b + 1)) & 1) << b;
    }
    in.slot[order[i]] = {u, v};
  }
  for (int l : g.level) {
    in.kind.push_back(l == 0 ? NodeKind::kProcessor : NodeKind::kSwitch);
    in.level.push_back(l);
  }
  in.wires = g.wires;
  in.wire_level = g.wire_level;
  in.wire_levels = net.levels() + 1;
  return build_layered3d(in);
}

}  // namespace ftvlsi
