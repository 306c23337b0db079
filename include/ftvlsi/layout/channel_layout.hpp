#pragma once
// A Thompson-grid layout of any 2D competing network (docs/design.md §3.8): processors keep the
// row and column order of their placement, channels run below every row and left of every
// column, and every wire is a Manhattan path
//     source's bottom pin -> down to a track of the source row's channel -> along it to a track
//     of the destination column's channel -> along that to the destination's row -> right into
//     the destination's left pin,
// so every wire has exactly four segments and three vias. Tracks are shared by wires whose spans
// along the channel are disjoint (left-edge interval packing); a span that ends in a crossing
// channel is taken to cover that whole channel, which keeps the packing independent of the other
// direction's. Processors are squares of side 1 + their largest number of pins on one edge, or
// ceil(sqrt(processor_area)) when that is larger (to compare networks built from processors of
// equal area, Greenberg 1990 §3).
// For a mesh this gives area Theta(N) and wires of length O(1); for a hypercube the channels
// grow with the long wires (area O(N^2)).
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

// What the router cannot know from a plain network: node kinds and levels, wire levels.
struct ChannelNotes {
  std::vector<NodeKind> kind;            // per node; empty: all processors
  std::vector<std::int32_t> node_level;  // per node; empty: 0
  std::vector<std::int32_t> wire_level;  // per wire; empty: 0
  int wire_levels = 1;
  LayoutStyle style = LayoutStyle::kChannel;
  std::uint64_t processor_area = 1;  // the least area of a processor's box
};

// Bytes build_channel_layout needs for a network of `processors` and `wires`, estimated before
// anything is allocated (docs/memory-limits.md).
long double estimate_channel_layout_bytes(std::uint64_t processors, std::uint64_t wires);

// Throws InputError for 3D networks.
Layout<2> build_channel_layout(const CompetingNetwork& net, const ChannelNotes& notes = {});

}  // namespace ftvlsi
