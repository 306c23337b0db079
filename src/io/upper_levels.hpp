#pragma once
// Private helper of the reduced drawings (io/layout_thumbnail.hpp, io/view3d_html.hpp): which
// upper wire levels of a layout fit a budget of shapes. A drawing of the L upper levels (a binary
// fat-tree's levels 0 .. L-1 from the root; a butterfly fat-tree's, numbered from the processors,
// its L highest) shows every wire and node of those levels and descends into an instance only
// when its subtree holds one of them; a subtree that holds only deeper levels is drawn as the
// outline of its bounding box. So a 32,768-processor cube shows its upper levels whole, and its
// lower levels as boxes instead of a hairball.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

#include "ftvlsi/geometry/layout.hpp"

namespace ftvlsi::upper_levels {

template <int D>
class Plan {
 public:
  // `leaves_first`: level 0 is the processors' end (butterfly fat-trees, fat-pyramids).
  Plan(const Layout<D>& layout, bool leaves_first)
      : layout_(layout), leaves_first_(leaves_first), min_level_(layout.cells.size()) {
    // Cells refer only to cells before them: one pass bottom-up.
    for (std::size_t c = 0; c < layout.cells.size(); ++c) {
      const Cell<D>& cell = layout.cells[c];
      int m = std::numeric_limits<int>::max();
      for (const auto l : cell.wire_level) m = std::min(m, rank(l));
      for (const auto l : cell.node_level) m = std::min(m, rank(l));
      for (const auto& inst : cell.instances) m = std::min(m, min_level_[inst.cell]);
      min_level_[c] = m;
    }
  }

  // A level's place from the top: 0 for the root's end.
  int rank(std::int32_t level) const {
    return leaves_first_ ? layout_.wire_levels - 1 - static_cast<int>(level)
                         : static_cast<int>(level);
  }
  // Whether a drawing of the `levels` upper levels shows a wire or node of `level`.
  bool shows(std::int32_t level, int levels) const { return rank(level) < levels; }

  // Whether a drawing of the `levels` upper levels descends into cell `c`.
  bool descends(std::int32_t c, int levels) const { return min_level_[c] < levels; }

  // The shapes a drawing of levels below `levels` holds from cell `c` down: its nodes and wire
  // segments of those levels, and one outline per subtree it does not descend into.
  std::uint64_t items(std::int32_t c, int levels) {
    if (!descends(c, levels)) return 1;
    if (const auto it = memo_.find({c, levels}); it != memo_.end()) return it->second;
    const Cell<D>& cell = layout_.cells[c];
    std::uint64_t total = 0;
    for (const auto l : cell.node_level) total += shows(l, levels);
    for (std::size_t w = 0; w < cell.wire_count(); ++w)
      if (shows(cell.wire_level[w], levels)) total += cell.wire(w).size() - 1;
    for (const auto& inst : cell.instances) total += items(inst.cell, levels);
    return memo_[{c, levels}] = total;
  }

  // The most levels whose drawing fits `budget` shapes; 0 when level 0 alone does not.
  int levels_within(std::uint64_t budget) {
    int levels = 0;
    while (levels < layout_.wire_levels && items(layout_.top, levels + 1) <= budget) ++levels;
    return levels;
  }

 private:
  const Layout<D>& layout_;
  bool leaves_first_;
  std::vector<int> min_level_;
  std::map<std::pair<std::int32_t, int>, std::uint64_t> memo_;
};

}  // namespace ftvlsi::upper_levels
