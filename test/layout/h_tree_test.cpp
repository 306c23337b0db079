#include "ftvlsi/layout/h_tree.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <unordered_map>

#include "ftvlsi/geometry/drc.hpp"
#include "ftvlsi/geometry/flatten.hpp"
#include "ftvlsi/geometry/metrics.hpp"

using namespace ftvlsi;

namespace {

constexpr std::uint64_t kMemory = std::uint64_t{4} << 30;

FatTree make_tree(CapacityProfile profile, std::uint64_t n, std::uint64_t alpha = 1) {
  FatTreeParams params;
  params.processors = n;
  params.capacity.profile = profile;
  params.capacity.alpha = alpha;
  params.capacity.constant = 2;
  if (profile == CapacityProfile::kCustom) {
    // A profile that grows by three per level from the leaves.
    const int levels = static_cast<int>(std::log2(static_cast<double>(n)));
    for (int k = 0; k <= levels; ++k) params.capacity.custom.push_back(1 + 3 * (levels - k));
  }
  return FatTree(params);
}

// Finds the node whose boundary holds a point, from the geometry alone.
class NodeLookup {
 public:
  explicit NodeLookup(const FlatLayout<2>& flat) {
    for (std::size_t n = 0; n < flat.node_box.size(); ++n) {
      const Box<2>& b = flat.node_box[n];
      for (Coord x = b.lo[0]; x <= b.hi[0]; ++x) add({x, b.lo[1]}, n), add({x, b.hi[1]}, n);
      for (Coord y = b.lo[1]; y <= b.hi[1]; ++y) add({b.lo[0], y}, n), add({b.hi[0], y}, n);
    }
  }
  // -1 when no node, -2 when more than one.
  std::int64_t at(Point<2> p) const {
    const auto it = map_.find(key(p));
    return it == map_.end() ? -1 : it->second;
  }

 private:
  static std::uint64_t key(Point<2> p) {
    return (static_cast<std::uint64_t>(p.x() + (1 << 30)) << 32) ^
           static_cast<std::uint64_t>(p.y() + (1 << 30));
  }
  void add(Point<2> p, std::size_t n) {
    auto [it, inserted] = map_.emplace(key(p), static_cast<std::int64_t>(n));
    if (!inserted && it->second != static_cast<std::int64_t>(n)) it->second = -2;
  }
  std::unordered_map<std::uint64_t, std::int64_t> map_;
};

const std::vector<std::uint64_t> kSizes = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};

}  // namespace

TEST_SUITE("h_tree") {
  TEST_CASE("every channel of capacity c is drawn as 2c wires that join the right nodes") {
    for (CapacityProfile profile : all_capacity_profiles()) {
      for (std::uint64_t n : {1, 2, 8, 64, 512}) {
        CAPTURE(to_string(profile));
        CAPTURE(n);
        const FatTree tree = make_tree(profile, n);
        const FlatLayout<2> flat = flatten(build_h_tree(tree), kMemory);
        const NodeLookup lookup(flat);
        // Per channel (child level k, child index j): wires up and down.
        std::map<std::pair<int, std::uint64_t>, std::pair<std::uint64_t, std::uint64_t>> count;
        bool all_joined = true;
        for (std::size_t w = 0; w < flat.wire_count(); ++w) {
          const auto a = lookup.at(flat.wire(w).front());
          const auto b = lookup.at(flat.wire(w).back());
          if (a < 0 || b < 0) {
            all_joined = false;
            continue;
          }
          const int k = flat.wire_level[w];
          // The lower end is the level-k node, the upper one its parent (or the pad).
          const auto child = flat.node_level[a] == k ? a : b;
          const auto parent = child == a ? b : a;
          CHECK(flat.node_level[child] == k);
          if (k == 0) {
            CHECK(flat.node_kind[parent] == NodeKind::kInterface);
          } else {
            CHECK(flat.node_level[parent] == k - 1);
            CHECK(flat.node_path[parent] == flat.node_path[child] / 2);
          }
          auto& c = count[{k, flat.node_path[child]}];
          (flat.wire_dir[w] == WireDir::kUp ? c.first : c.second) += 1;
        }
        CHECK(all_joined);
        std::size_t channels = 0;
        for (int k = 0; k <= tree.levels(); ++k) {
          for (std::uint64_t j = 0; j < tree.nodes_at(k); ++j) {
            const auto c = count[{k, j}];
            CHECK(c.first == tree.capacity(k));
            CHECK(c.second == tree.capacity(k));
            ++channels;
          }
        }
        CHECK(count.size() == channels);
      }
    }
  }

  TEST_CASE("layouts of every profile are DRC clean for n = 1 .. 2^12, hierarchically and flat") {
    for (CapacityProfile profile : all_capacity_profiles()) {
      for (std::uint64_t n : kSizes) {
        CAPTURE(to_string(profile));
        CAPTURE(n);
        const Layout<2> layout = build_h_tree(make_tree(profile, n));
        const DrcReport hier = check_hierarchical(layout);
        CHECK(hier.violations == 0);
        if (n <= 1024 || profile != CapacityProfile::kFull) {
          const DrcReport flat = check_flat(layout, kMemory);
          CHECK(flat.violations == 0);
          if (!flat.samples.empty())
            MESSAGE(flat.samples.front().rule << " " << flat.samples.front().detail);
        }
        if (!hier.samples.empty())
          MESSAGE(hier.samples.front().rule << " " << hier.samples.front().detail);
      }
    }
  }

  TEST_CASE("measured metrics equal a recount over the flattened geometry") {
    for (CapacityProfile profile : {CapacityProfile::kLinearSize, CapacityProfile::kUniversal,
                                    CapacityProfile::kFull, CapacityProfile::kConstant}) {
      for (std::uint64_t n : {2, 32, 1024}) {
        const FatTree tree = make_tree(profile, n, 4);
        const Layout<2> layout = build_h_tree(tree);
        const LayoutMetrics<2> m = measure(layout);
        const FlatLayout<2> flat = flatten(layout, kMemory);
        std::vector<std::uint64_t> total(tree.levels() + 1), longest(tree.levels() + 1);
        Box<2> bbox = flat.node_box.front();
        for (const Box<2>& b : flat.node_box) bbox = bbox.united(b);
        std::uint64_t vias = 0;
        for (std::size_t w = 0; w < flat.wire_count(); ++w) {
          const auto pts = flat.wire(w);
          std::uint64_t len = 0;
          for (std::size_t i = 0; i + 1 < pts.size(); ++i)
            len +=
                std::llabs(pts[i + 1].x() - pts[i].x()) + std::llabs(pts[i + 1].y() - pts[i].y());
          for (const Point<2>& p : pts) bbox = bbox.united(Box<2>::at(p));
          total[flat.wire_level[w]] += len;
          longest[flat.wire_level[w]] = std::max(longest[flat.wire_level[w]], len);
          vias += pts.size() - 2;
        }
        CHECK(m.wire_length_total_by_level == total);
        CHECK(m.wire_length_max_by_level == longest);
        CHECK(m.wires == flat.wire_count());
        CHECK(m.wires == tree.total_wires());
        CHECK(m.vias == vias);
        CHECK(m.bbox == bbox);
        CHECK(m.area() == static_cast<std::uint64_t>(bbox.width() * bbox.height()));
        CHECK(m.processors == n);
        CHECK(m.switches == n - 1);
        CHECK(m.components == tree.components());
        CHECK(m.layers == (n == 1 ? 1 : 2));
      }
    }
  }

  TEST_CASE("the side length obeys S(k) = 2 S(k+2) + Theta(cap) for every profile") {
    for (CapacityProfile profile : all_capacity_profiles()) {
      for (std::uint64_t n : {std::uint64_t{1} << 13, std::uint64_t{1} << 14}) {
        CAPTURE(to_string(profile));
        const FatTree tree = make_tree(profile, n);
        const Layout<2> layout = build_h_tree(tree);
        // Cell of level k is cells[L - k]; its canonical width is the side along its split.
        const int levels = tree.levels();
        auto side = [&](int k) { return layout.cells[levels - k].bbox.width(); };
        for (int k = 0; k + 2 <= levels - 1; ++k) {
          CAPTURE(k);
          const Coord m =
              static_cast<Coord>(std::max(4 * tree.capacity(k + 1), 2 * tree.capacity(k)));
          const Coord extra = side(k) - 2 * side(k + 2);
          CHECK(extra >= m);
          CHECK(extra <= 4 * m + 8);
        }
      }
    }
  }

  TEST_CASE("linear-size area stays Theta(n alpha) and area-universal Theta(n lg^2 n)") {
    double linear_prev = 0, universal_prev = 0;
    for (std::uint64_t n = 1 << 8; n <= (1 << 20); n *= 4) {
      const LayoutMetrics<2> lin =
          measure(build_h_tree(make_tree(CapacityProfile::kLinearSize, n, 16)));
      const LayoutMetrics<2> uni =
          measure(build_h_tree(make_tree(CapacityProfile::kAreaUniversal, n)));
      const double lgn = std::log2(static_cast<double>(n));
      const double linear_ratio = static_cast<double>(lin.area()) / (16.0 * n);
      const double universal_ratio = static_cast<double>(uni.area()) / (n * lgn * lgn);
      MESSAGE("n=" << n << " linear area/(n alpha)=" << linear_ratio
                   << " area-universal area/(n lg^2 n)=" << universal_ratio);
      CHECK(linear_ratio < 40);
      CHECK(universal_ratio < 10);
      // The ratios settle: no more than 25% growth per factor of four once n is moderate.
      if (linear_prev > 0) CHECK(linear_ratio <= linear_prev * 1.25);
      if (universal_prev > 0) CHECK(universal_ratio <= universal_prev * 1.25);
      linear_prev = linear_ratio;
      universal_prev = universal_ratio;
    }
  }

  TEST_CASE("the layout is hierarchical: one cell per level plus the top") {
    const Layout<2> layout = build_h_tree(make_tree(CapacityProfile::kLinearSize, 1 << 20));
    CHECK(layout.cells.size() == 22);
    CHECK(measure(layout).processors == (1u << 20));
  }
}

TEST_SUITE("h_tree control") {
  TEST_CASE("the stretched-switch H-tree (L-L3's control) is clean and its switches are wider") {
    for (std::uint64_t n : {4, 64, 1024}) {
      CAPTURE(n);
      const FatTree tree = make_tree(CapacityProfile::kAreaUniversal, n);
      const Layout<2> plain = build_h_tree(tree);
      const Layout<2> wide = build_h_tree_stretched_switches(tree, 3);
      CHECK(check_hierarchical(wide).violations == 0);
      CHECK(check_flat(wide, kMemory).violations == 0);
      // Every switch is 3x as wide (side + 2 = 3 (plain side + 2) - 2), the wires the same.
      std::uint64_t wires_plain = 0, wires_wide = 0;
      for (std::size_t c = 0; c < plain.cells.size(); ++c) {
        wires_plain += plain.cells[c].wire_count();
        wires_wide += wide.cells[c].wire_count();
        for (std::size_t i = 0; i < plain.cells[c].node_count(); ++i) {
          if (plain.cells[c].node_kind[i] != NodeKind::kSwitch) continue;
          CHECK(wide.cells[c].node_box[i].width() + 2 ==
                3 * (plain.cells[c].node_box[i].width() + 2) - 2);
        }
      }
      CHECK(wires_wide == wires_plain);
    }
  }
}
