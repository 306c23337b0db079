#include "ftvlsi/route/transit_latency.hpp"

#include <algorithm>
#include <cmath>

#include "ftvlsi/core/finite.hpp"
#include "ftvlsi/geometry/metrics.hpp"

namespace ftvlsi {
namespace {

// How often each cell is placed in the flattened layout.
std::vector<std::uint64_t> placements(const Layout<3>& layout) {
  std::vector<std::uint64_t> n(layout.cells.size(), 0);
  walk_instances(layout, layout.top, Transform<3>{}, 0,
                 [&](std::int32_t cell, const Transform<3>&, int) { return ++n[cell], true; });
  return n;
}

}  // namespace

std::vector<CableLengths> cable_lengths(const Layout<3>& layout) {
  std::vector<CableLengths> out(static_cast<std::size_t>(std::max(0, layout.wire_levels)));
  const auto times = placements(layout);
  for (std::size_t c = 0; c < layout.cells.size(); ++c) {
    const Cell<3>& cell = layout.cells[c];
    for (std::size_t w = 0; w < cell.wire_count(); ++w) {
      const auto pts = cell.wire(w);
      const double drawn = static_cast<double>(wire_length<3>(pts));
      double sq = 0;
      for (int a = 0; a < 3; ++a) {
        const double d = static_cast<double>(pts.back()[a] - pts.front()[a]);
        sq += d * d;
      }
      CableLengths& l = out[cell.wire_level[w]];
      l.cables += times[c];
      l.drawn_max = std::max(l.drawn_max, drawn);
      l.straight_max = std::max(l.straight_max, std::sqrt(sq));
      l.drawn_mean += drawn * times[c];
      l.straight_mean += std::sqrt(sq) * times[c];
    }
  }
  for (auto& l : out)
    if (l.cables) l.drawn_mean /= l.cables, l.straight_mean /= l.cables;
  return out;
}

TransitLatency transit_latency(const TransitNetwork& net, const HollowCube& cube,
                               const TransitTiming& timing) {
  TransitLatency t;
  t.cables = cable_lengths(cube.layout);
  const auto& shape = net.shape();
  const double mm = timing.packaging.grid_mm, mm_per_ns = 10 * timing.signal_cm_per_ns;
  const double stage_ns = timing.cycles_per_stage * timing.cycle_ns();
  const bool hybrid = shape.leaf_clusters > 0;
  for (int c = 0; c < shape.classes(); ++c) {
    const auto st = net.stages_of_class(c);
    LatencyRow r;
    r.locality_class = c;
    r.processors = shape.processors_by_class[c];
    r.router_stages = st.total();
    r.router_stages_without_shortcuts = st.naive_total();
    r.up_stages = st.up;
    r.down_stages = st.down;
    r.cluster_stages = st.cluster;
    // The unit-tree stage of the common ancestor; small leaves are stage 0 without a cable.
    const int stage = c == 0 ? -1 : (c - 1) / 3;
    r.cable_levels = c == 0 ? 0 : hybrid ? stage + 1 : stage;
    for (int k = 0; k < r.cable_levels && k < static_cast<int>(t.cables.size()); ++k) {
      const CableLengths& l = t.cables[k];
      r.wire_mm_max += 2 * mm * (timing.straight ? l.straight_max : l.drawn_max);
      r.wire_mm_mean += 2 * mm * (timing.straight ? l.straight_mean : l.drawn_mean);
    }
    r.latency_ns = r.router_stages * stage_ns + r.wire_mm_max / mm_per_ns;
    r.latency_ns_mean = r.router_stages * stage_ns + r.wire_mm_mean / mm_per_ns;
    t.rows.push_back(r);
  }
  // A flat bidelta: one stage per base-4 digit; its middle stages span the whole machine, so a
  // connection crosses at least the longest top-level cable's span out and back.
  for (std::uint64_t reach = 1; reach < shape.processors; reach *= 4) ++t.bidelta_stages;
  double span = 0, span_mean = 0;
  if (!t.cables.empty()) {
    const CableLengths& top = t.cables.back();
    span = 2 * mm * (timing.straight ? top.straight_max : top.drawn_max);
    span_mean = 2 * mm * (timing.straight ? top.straight_mean : top.drawn_mean);
  }
  t.bidelta_latency_ns = t.bidelta_stages * stage_ns + span / mm_per_ns;
  t.bidelta_latency_ns_mean = t.bidelta_stages * stage_ns + span_mean / mm_per_ns;
  // With the timing file's ranges (io/transit_timing.hpp) every latency is finite; one that is
  // not is refused, never written.
  for (const double ns : {t.bidelta_latency_ns, t.bidelta_latency_ns_mean})
    require_finite(3606, ns, "a transit latency",
                   "choose a faster clock_mhz or signal_cm_per_ns, or fewer cycles_per_stage, in "
                   "the timing file");
  for (const LatencyRow& r : t.rows)
    require_finite(3606, r.latency_ns, "a transit latency",
                   "choose a faster clock_mhz or signal_cm_per_ns, or fewer cycles_per_stage, in "
                   "the timing file");
  return t;
}

}  // namespace ftvlsi
