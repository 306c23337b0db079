#include "ftvlsi/decomp/bisection.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <numeric>
#include <optional>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "ftvlsi/core/radix_sort.hpp"
#include "ftvlsi/decomp/half_balance.hpp"
#include "ftvlsi/decomp/multilevel.hpp"
#include "ftvlsi/decomp/refinement.hpp"

namespace ftvlsi {
namespace {

struct Piece {
  std::uint32_t lo = 0, hi = 0;  // range of `seq`
  std::uint64_t index = 0;       // among the 2^level pieces of its level
  std::uint64_t above = 0;       // the largest load made by the top-level splits of its ancestors
};

struct Window {
  std::int64_t cut = INT64_MAX;
  int axis = 0;
  std::uint32_t t = 0;
};

// One lane's bisector. The pieces are independent: each lane splits those it takes with its
// own sides and scratch (the processors outside its piece are kOutside to it) and sums its own
// counts; the lines `seq` and the leaves are shared, each piece writing only its own range.
struct Bisector {
  const Adjacency& adj;
  const BisectionOptions& options;
  const CompetingNetwork& net;
  // Per axis, the processors sorted by that coordinate; each piece is the same range in all.
  std::array<std::vector<std::uint32_t>, 3>& seq;
  std::vector<std::uint64_t>& leaf;
  std::vector<std::uint8_t> side;
  RefineScratch scratch;
  MultilevelScratch ml;
  HalfBalanceScratch halves;
  std::vector<std::uint8_t> start, pairs;  // the sides before refinement, after the pair swaps
  std::vector<std::uint32_t> ones;         // split(): a line's side-1 processors, in order
  BisectionMapping out;                    // the lane's counts (its leaf stays empty)
  // choose(): the boundaries of the splits tried, and which is the chosen one's (-1: not counted).
  std::vector<std::uint32_t> ends[2];
  int known = -1;
  std::vector<std::pair<Piece, int>> stack;  // finish(): pieces still to split, with their level
  std::vector<Piece> children;
  int top_levels = 0;  // options.multilevel_top: the levels whose splits may be multilevel
  // No self-loop and no parallel wires (Adjacency::simple): the window's cut and the balancing's
  // bandwidths are exact, and the multilevel split may take them instead of counting again.
  bool simple = false;

  Bisector(const Adjacency& a, const BisectionOptions& o, const CompetingNetwork& network,
           std::array<std::vector<std::uint32_t>, 3>& lines, std::vector<std::uint64_t>& leaves)
      : adj(a),
        options(o),
        net(network),
        seq(lines),
        leaf(leaves),
        side(network.processors(), kOutside),
        scratch(network.processors()),
        halves(network.processors()) {
    if (options.multilevel_top) {
      // floor(lg lg n) levels, at least one: at 65,536 processors the pieces of 8,192 and more.
      const auto lg = static_cast<unsigned>(std::bit_width(network.processors()) - 1);
      top_levels = std::max(1, static_cast<int>(std::bit_width(lg)) - 1);
    }
  }

  std::uint32_t reach_of(std::uint32_t b) const {
    return options.cut_aware
               ? static_cast<std::uint32_t>(std::min(b / kWindowFraction, kWindowReach))
               : 0;
  }

  // Moves pearl v to side s, keeping `cut` (wires between the sides) current.
  void move(std::uint32_t v, std::uint8_t s, std::int64_t& cut) {
    for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
      const std::uint8_t t = side[adj.next[e]];
      if (t == kOutside) continue;
      cut += t == s ? -1 : 1;
    }
    side[v] = s;
  }

  // The windows of h pearls on the circle of line `p` starting within reach of 0; the sides
  // end as they were scanned last, not restored.
  Window scan(std::span<const std::uint32_t> p, std::uint32_t h, int axis, std::int64_t cut) {
    const auto b = static_cast<std::uint32_t>(p.size());
    Window best{cut, axis, 0};
    const std::int64_t cut0 = cut;
    const std::uint32_t reach = reach_of(b);
    for (std::uint32_t t = 1; t <= reach; ++t) {  // forward: t = 1 .. reach
      poll_cancel();
      move(p[t - 1], 1, cut);
      move(p[(t - 1 + h) % b], 0, cut);
      if (cut < best.cut) best = {cut, axis, t};
    }
    for (std::uint32_t k = 0; k < b; ++k) side[p[k]] = k < h ? 0 : 1;  // back to t = 0
    cut = cut0;
    for (std::uint32_t k = 1; k <= reach; ++k) {  // backward: t = b - k
      poll_cancel();
      move(p[b - k], 0, cut);
      move(p[(b - k + h) % b], 1, cut);
      if (cut < best.cut) best = {cut, axis, b - k};
    }
    return best;
  }

  // Wires from `zero` (all of side 0) to side 1: the cut, counted from one side only. `ends`
  // gets the split's boundary as the refinement takes it: the processors of `zero` with a wire
  // across, and the processors across (once per wire).
  std::int64_t wires_to_side1(std::span<const std::uint32_t> zero,
                              std::vector<std::uint32_t>& ends) const {
    ends.clear();
    std::int64_t cut = 0;
    for (auto v : zero) {
      const std::int64_t before = cut;
      for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e) {
        const std::uint32_t u = adj.next[e];
        if (side[u] == 1) [[unlikely]]
          ++cut, ends.push_back(u);
      }
      if (cut != before) ends.push_back(v);
    }
    return cut;
  }

  std::int64_t extent(int d, std::uint32_t lo, std::uint32_t hi) const {
    return net.position[seq[d][hi - 1]][d] - net.position[seq[d][lo]][d];
  }

  // The axes to try, longest first (the geometric split is its median), then every other
  // axis along which the piece is at least half as long (only the longest without cut_aware).
  int axes(std::uint32_t lo, std::uint32_t hi, std::array<int, 3>& order) const {
    std::array<std::int64_t, 3> ext{};
    for (int d = 0; d < net.dimensions; ++d) order[d] = d, ext[d] = extent(d, lo, hi);
    for (int i = 1; i < net.dimensions; ++i)  // insertion sort, stable
      for (int j = i; j > 0 && ext[order[j]] > ext[order[j - 1]]; --j)
        std::swap(order[j], order[j - 1]);
    int count = 1;
    while (options.cut_aware && count < net.dimensions && 2 * ext[order[count]] >= ext[order[0]])
      ++count;
    return count;
  }

  // Side 0: the best window over the lines tried (ties: the longest axis, then t = 0). With
  // one line the cuts are counted from the geometric split's (its cut is not needed to compare);
  // `relative` says so.
  Window choose(std::uint32_t lo, std::uint32_t hi, std::uint32_t h, bool& relative) {
    std::array<int, 3> order{};
    const int count = axes(lo, hi, order);
    relative = count == 1;
    Window best;
    int trial = 0;
    known = -1;
    for (int i = 0; i < count; ++i) {
      const std::span<const std::uint32_t> p(seq[order[i]].data() + lo, hi - lo);
      for (std::uint32_t k = 0; k < p.size(); ++k) side[p[k]] = k < h ? 0 : 1;
      const auto cut = relative ? 0 : wires_to_side1(p.first(h), ends[trial]);
      if (i == 0) out.cut_geometric += cut;
      const Window w = reach_of(hi - lo) > 0 ? scan(p, h, order[i], cut) : Window{cut, order[i], 0};
      if (w.cut < best.cut) {
        best = w;
        known = !relative && w.t == 0 ? trial : -1;  // the boundary counted is the window's
        if (known >= 0) trial = 1 - trial;
      }
    }
    const std::span<const std::uint32_t> p(seq[best.axis].data() + lo, hi - lo);
    // Side 0: the window of h pearls from place t around the circle (no division per pearl).
    const auto b = static_cast<std::uint32_t>(p.size());
    for (std::uint32_t k = 0; k < b; ++k) {
      const std::uint32_t from_t = k >= best.t ? k - best.t : k + b - best.t;
      side[p[k]] = from_t < h ? 0 : 1;
    }
    return best;
  }

  // The larger of the two halves' bandwidths (wires leaving each, to the other half or out of
  // the piece).
  std::uint64_t half_bandwidth(std::span<const std::uint32_t> p) const {
    std::uint64_t bw[2] = {0, 0};
    for (auto v : p)
      for (std::uint32_t e = adj.start[v]; e < adj.start[v + 1]; ++e)
        bw[side[v]] += side[adj.next[e]] != side[v];
    return std::max(bw[0], bw[1]);
  }

  // The leaf of a lone processor in half `index` made at `level`: it keeps descending into
  // second halves.
  static std::uint64_t lone_leaf(std::uint64_t index, int level, int levels) {
    return ((index + 1) << (levels - level - 1)) - 1;
  }

  // A piece of two processors joined by at most one wire: every axis tried cuts the same wires,
  // so the first (the longest) wins the tie, and the refinement has nothing to gain from swapping
  // them. The split that axis's order gives, as split() would make it, without its scans;
  // false for a pair of parallel wires (whose swap the refinement books as a gain).
  bool split_pair(const Piece& piece, int level, int levels) {
    const std::uint32_t lo = piece.lo;
    std::array<int, 3> order{};
    axes(lo, lo + 2, order);
    const std::uint32_t first = seq[order[0]][lo], second = seq[order[0]][lo + 1];
    std::uint64_t wires = 0;
    for (std::uint32_t e = adj.start[first]; e < adj.start[first + 1]; ++e)
      wires += adj.next[e] == second;
    if (wires > 1) return false;
    for (int d = 0; d < net.dimensions; ++d)
      if (seq[d][lo] != first) std::swap(seq[d][lo], seq[d][lo + 1]);
    out.cut_geometric += wires;
    out.cut_chosen += wires;
    out.cut_refined += wires;
    out.cut_balanced += wires;
    ++out.splits;
    leaf[first] = lone_leaf(2 * piece.index, level, levels);
    leaf[second] = lone_leaf(2 * piece.index + 1, level, levels);
    return true;
  }

  void split(const Piece& piece, std::vector<Piece>& next, int level, int levels) {
    const std::uint32_t lo = piece.lo, hi = piece.hi, h = (hi - lo) / 2;
    if (hi - lo == 2 && options.direct_pairs && split_pair(piece, level, levels)) return;
    bool relative = false;
    const Window window = choose(lo, hi, h, relative);
    const std::span<const std::uint32_t> p(seq[0].data() + lo, hi - lo);
    std::int64_t gain = 0, chosen = window.cut;
    // On the top levels, where the tree's largest loads are made, the multilevel split is tried
    // beside the pair swaps' for the root and when theirs (not yet balanced) would carry 1.1 times
    // the largest load its ancestors' top-level splits made (after balancing), and taken when its
    // load is below 9/10 of theirs; pieces of kCoarsest processors or fewer never try it.
    const bool top = !options.multilevel && level < top_levels;
    start.clear();
    if ((options.multilevel || top) && p.size() > kCoarsest)
      for (auto v : p) start.push_back(side[v]);
    std::int64_t initial = -1;  // the chosen split's cut, counted by the refinement's first scan
    if (options.refine_passes > 0) {
      const SplitBoundary found{ends[known < 0 ? 0 : known], window.cut};
      out.swaps += refine_split(adj, p, side, scratch, options.refine_passes, &gain, &initial,
                                known >= 0 ? &found : nullptr);
    }
    if (relative) {  // the window's cut was relative to the geometric split's
      chosen = initial >= 0 ? initial : static_cast<std::int64_t>(split_cut(adj, p, side));
      out.cut_geometric += chosen - window.cut;
    }
    out.cut_chosen += chosen;
    const std::uint64_t pairs_score = start.empty() ? 0 : half_bandwidth(p);
    if (!start.empty() && (options.multilevel || pairs_score * 10 >= piece.above * 11)) {
      // The multilevel split from the same start, if its larger half-bandwidth is smaller (on
      // the top levels: below 9/10 of the pair swaps', and with FM passes on the processors
      // themselves, whose smoother boundary the splits below inherit).
      pairs.clear();
      for (auto v : p) pairs.push_back(side[v]);
      for (std::size_t i = 0; i < p.size(); ++i) side[p[i]] = start[i];
      const std::int64_t multilevel_gain = refine_split_multilevel(
          adj, p, side, scratch, ml,
          {.finest_fm = top, .start_cut = simple ? chosen : -1, .simple = simple});
      const std::uint64_t score = half_bandwidth(p);
      out.multilevel_tried += top;
      if (top ? score * 10 < pairs_score * 9 : score < pairs_score)
        gain = multilevel_gain, out.multilevel_kept += top;
      else
        for (std::size_t i = 0; i < p.size(); ++i) side[p[i]] = pairs[i];
    }
    out.cut_refined += static_cast<std::uint64_t>(chosen - gain);
    std::int64_t balanced_change = 0;
    std::int64_t load = -1;  // the split's larger half-bandwidth, when the balancing's is exact
    if (options.balance_halves && options.refine_passes > 0 && p.size() >= 3) {
      const HalfBalance balance = balance_halves(adj, p, side, halves, kHalfBalanceSwaps, &scratch);
      out.balance_swaps += balance.swaps;
      balanced_change = balance.cut_change;
      if (simple) load = std::max(balance.bandwidth[0], balance.bandwidth[1]);
    }
    out.cut_balanced += static_cast<std::uint64_t>(chosen - gain + balanced_change);
    if (top && load < 0) load = static_cast<std::int64_t>(half_bandwidth(p));
    const std::uint64_t above =
        top ? std::max(piece.above, static_cast<std::uint64_t>(load)) : piece.above;
    // Side 0 first; every axis's line stays sorted (a stable partition through the lane's own
    // buffer: std::stable_partition would allocate one per call, millions of times).
    for (int d = 0; d < net.dimensions; ++d) {
      std::uint32_t* const line = seq[d].data();
      ones.clear();
      std::uint32_t w = lo;
      for (std::uint32_t i = lo; i < hi; ++i) {
        const std::uint32_t v = line[i];
        if (side[v] == 0)
          line[w++] = v;
        else
          ones.push_back(v);
      }
      std::copy(ones.begin(), ones.end(), line + w);
    }
    for (auto v : p) side[v] = kOutside;
    ++out.splits;
    const Piece halves[2] = {{lo, lo + h, 2 * piece.index, above},
                             {lo + h, hi, 2 * piece.index + 1, above}};
    for (const Piece& c : halves) {
      if (c.hi - c.lo >= 2)
        next.push_back(c);
      else if (c.hi - c.lo == 1)
        leaf[seq[0][c.lo]] = lone_leaf(c.index, level, levels);
    }
  }

  // Splits `piece` (at `level`) and all its descendants, depth first (depth_first_below).
  void finish(const Piece& piece, int level, int levels) {
    stack.clear();
    stack.push_back({piece, level});
    while (!stack.empty()) {
      const auto [p, at] = stack.back();
      stack.pop_back();
      children.clear();
      split(p, children, at, levels);
      for (auto c = children.rbegin(); c != children.rend(); ++c) stack.push_back({*c, at + 1});
    }
  }
};

}  // namespace

namespace {

// The network's places with processors renumbered in cutting-tree order (new number i is old
// tree.order[i]), so that a piece's processors and their adjacency lists lie close together in
// memory; `rank` gets the new numbers. Its wires are left out: the adjacency renumbers them.
CompetingNetwork in_tree_order(const CompetingNetwork& net, const CuttingTree& tree,
                               std::vector<std::uint32_t>& rank) {
  CompetingNetwork r;
  r.dimensions = net.dimensions;
  rank.resize(net.processors());
  r.position.resize(net.processors());
  for (std::uint32_t i = 0; i < tree.order.size(); ++i) {
    rank[tree.order[i]] = i;
    r.position[i] = net.position[tree.order[i]];
  }
  return r;
}

}  // namespace

BisectionMapping balanced_bisection(const CompetingNetwork& original, const CuttingTree& tree,
                                    int levels, const BisectionOptions& options) {
  const std::uint64_t n = original.processors();
  FTVLSI_ASSERT(n <= (std::uint64_t{1} << levels));
  std::vector<std::uint32_t> rank;
  const CompetingNetwork net = in_tree_order(original, tree, rank);
  const int lanes = n >= options.parallel_from ? 2 : 1;
  // The adjacency on the first lane, the lines on the last (the same one for small networks).
  std::optional<Adjacency> wires;
  std::array<std::vector<std::uint32_t>, 3> seq;
  run_lanes(lanes, [&](int lane) {
    if (lane == 0) wires.emplace(n, original.wires, [&](std::uint32_t v) { return rank[v]; });
    if (lane != lanes - 1) return;
    // Ties along an axis in cutting-tree order, which is now the processor numbers' order (the
    // radix sort is stable).
    for (int d = 0; d < net.dimensions; ++d) {
      seq[d].resize(n);
      std::iota(seq[d].begin(), seq[d].end(), 0u);
      std::int64_t lo = INT64_MAX, hi = INT64_MIN;
      for (const auto& q : net.position) lo = std::min(lo, q[d]), hi = std::max(hi, q[d]);
      radix_sort(seq[d], key_bits(static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo)),
                 [&](std::uint32_t x) {
                   return static_cast<std::uint64_t>(net.position[x][d]) -
                          static_cast<std::uint64_t>(lo);
                 });
    }
  });
  const Adjacency& adj = *wires;
  std::vector<std::uint64_t> in_order(n, 0);
  std::vector<Bisector> lane;
  const bool simple = (options.multilevel || options.multilevel_top) && adj.simple();
  for (int l = 0; l < lanes; ++l) {
    lane.emplace_back(adj, options, net, seq, in_order);
    lane.back().simple = simple;
  }
  // The pieces still to split, shared by the lanes: a lane takes the largest, splits it and puts
  // its halves back (a piece of at most depth_first_below processors it finishes to the end), so
  // neither lane waits for the other at a level's end (a level's pieces differ in work, most on
  // the top levels where some try the multilevel split and others do not), and the last pieces
  // are the small ones (taking the last one put back left a large piece for the end). Each piece is
  // split the same on either lane and in any order (it reads and writes only its own range of the
  // lines and its own processors' leaves, and carries what it needs from its parent), and the
  // lanes' counts are sums, so the mapping and counts are the same (tests compare).
  const auto larger_first = [](const std::pair<Piece, int>& a, const std::pair<Piece, int>& b) {
    return a.first.hi - a.first.lo < b.first.hi - b.first.lo;  // a max-heap of sizes
  };
  // Lane l splits `piece` into `halves`, or finishes it depth first when it is small.
  const auto split_or_finish = [&](int l, const Piece& piece, int level,
                                   std::vector<Piece>& halves) {
    halves.clear();
    if (piece.hi - piece.lo <= options.depth_first_below)
      lane[l].finish(piece, level, levels);
    else
      lane[l].split(piece, halves, level, levels);
  };
  std::vector<std::pair<Piece, int>> work;  // (piece, its level)
  if (n >= 2) {
    // The root on the calling thread, which polls for cancellation (the other lane does not).
    std::vector<Piece> halves;
    split_or_finish(0, {0, static_cast<std::uint32_t>(n), 0}, 0, halves);
    for (const Piece& h : halves) work.push_back({h, 1});
    std::make_heap(work.begin(), work.end(), larger_first);
  } else {
    in_order[0] = (std::uint64_t{1} << levels) - 1;
  }
  std::mutex guard;
  std::condition_variable changed;
  int busy = 0;         // lanes splitting a piece taken from `work`
  bool failed = false;  // a lane threw: the other stops at its next piece
  run_lanes(lanes, [&](int l) {
    std::vector<Piece> halves;
    try {
      for (;;) {
        std::pair<Piece, int> taken;
        {
          std::unique_lock lock(guard);
          const auto ready = [&] { return failed || !work.empty() || busy == 0; };
          // The calling thread polls for cancellation while it waits, every 10 ms.
          while (!ready()) {
            if (l != 0) {
              changed.wait(lock, ready);
            } else if (!changed.wait_for(lock, std::chrono::milliseconds(10), ready)) {
              lock.unlock();
              poll_cancel();
              lock.lock();
            }
          }
          if (failed || work.empty()) return;  // empty with no lane busy: every piece is split
          std::pop_heap(work.begin(), work.end(), larger_first);
          taken = work.back();
          work.pop_back();
          ++busy;
        }
        if (l == 0) poll_cancel();
        const auto& [piece, level] = taken;
        split_or_finish(l, piece, level, halves);
        {
          std::lock_guard lock(guard);
          for (const Piece& h : halves) {
            work.push_back({h, level + 1});
            std::push_heap(work.begin(), work.end(), larger_first);
          }
          --busy;
        }
        changed.notify_all();
      }
    } catch (...) {
      {
        std::lock_guard lock(guard);
        failed = true;
      }
      changed.notify_all();
      throw;
    }
  });
  FTVLSI_ASSERT(work.empty());
  BisectionMapping out = std::move(lane[0].out);
  for (std::size_t l = 1; l < lane.size(); ++l) {
    out.splits += lane[l].out.splits;
    out.swaps += lane[l].out.swaps;
    out.cut_geometric += lane[l].out.cut_geometric;
    out.cut_chosen += lane[l].out.cut_chosen;
    out.cut_refined += lane[l].out.cut_refined;
    out.cut_balanced += lane[l].out.cut_balanced;
    out.balance_swaps += lane[l].out.balance_swaps;
    out.multilevel_tried += lane[l].out.multilevel_tried;
    out.multilevel_kept += lane[l].out.multilevel_kept;
  }
  out.leaf.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) out.leaf[tree.order[i]] = in_order[i];
  return out;
}

}  // namespace ftvlsi
