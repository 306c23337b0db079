#include "ftvlsi/route/offline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <optional>
#include <span>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "ftvlsi/core/radix_sort.hpp"
#include "ftvlsi/route/channel_loads.hpp"

namespace ftvlsi {
namespace {

int turn_level(const FatTree& tree, const Message& m) {
  return m.first == m.second ? -1 : common_level(tree.levels(), m.first, m.second);
}

constexpr std::uint32_t kNone = UINT32_MAX;

// A set being halved: its message ids in set order (ascending), and its messages in the two
// orders the pairing walks, by source leaf and by destination leaf, ties in set order, each entry
// (leaf, place in `ids`). Halving splits all three stably, so the orders pass to the halves as
// they are: only the group a schedule starts from is sorted.
struct SortedSet {
  std::vector<std::uint32_t> ids;
  std::array<std::vector<std::pair<std::uint32_t, std::uint32_t>>, 2> by;  // source, destination
};

// Matching-and-tracing over flat arrays, its scratch kept across the calls of one schedule.
// Messages are named by their place in the set being halved, never by id, so nothing grows with
// the whole message set.
class Tracer {
 public:
  Tracer(const FatTree& tree, const MessageSet& messages) : tree_(tree), messages_(messages) {}

  // The set `ids` with its two orders.
  SortedSet sorted(std::vector<std::uint32_t> ids) const {
    SortedSet s;
    for (int side = 0; side < 2; ++side) {
      auto& by = s.by[static_cast<std::size_t>(side)];
      by.resize(ids.size());
      for (std::uint32_t i = 0; i < ids.size(); ++i) {
        const Message& m = messages_[ids[i]];
        by[i] = {side == 0 ? m.first : m.second, i};
      }
      // By leaf, ties in set order: the entries come in set order, so a stable sort by leaf
      // gives the order of a sort by (leaf, place).
      radix_sort(by, tree_.levels(), [](const auto& e) { return e.first; });
    }
    s.ids = std::move(ids);
    return s;
  }

  std::pair<SortedSet, SortedSet> halve(const SortedSet& set) {
    const std::vector<std::uint32_t>& ids = set.ids;
    FTVLSI_ASSERT(!ids.empty());
    const int level = turn_level(tree_, messages_[ids.front()]);
    partner_.assign(ids.size(), {kNone, kNone});
    for (int side = 0; side < 2; ++side)
      pair_up(set.by[static_cast<std::size_t>(side)], side, level);
    // The two matchings make paths and even cycles: colour them alternately, walking each from
    // the first of its messages in set order, a message's source partner before its destination
    // partner.
    colour_.assign(ids.size(), -1);
    for (std::uint32_t start = 0; start < ids.size(); ++start) {
      poll_cancel();
      if (colour_[start] >= 0) continue;
      stack_.assign(1, start);
      colour_[start] = 0;
      while (!stack_.empty()) {
        const std::uint32_t v = stack_.back();
        stack_.pop_back();
        for (const std::uint32_t w : partner_[v]) {
          if (w == kNone || colour_[w] >= 0) continue;
          colour_[w] = static_cast<std::int8_t>(1 - colour_[v]);
          stack_.push_back(w);
        }
      }
    }
    // Each message's place in its half: its rank among its colour in set order.
    std::pair<SortedSet, SortedSet> halves;
    std::array<SortedSet*, 2> half{&halves.first, &halves.second};
    rank_.resize(ids.size());
    for (std::uint32_t i = 0; i < ids.size(); ++i) {
      auto& to = half[static_cast<std::size_t>(colour_[i])]->ids;
      rank_[i] = static_cast<std::uint32_t>(to.size());
      to.push_back(ids[i]);
    }
    for (std::size_t side = 0; side < 2; ++side) {
      for (SortedSet* h : half) h->by[side].reserve(h->ids.size());
      for (const auto& [leaf, place] : set.by[side])
        half[static_cast<std::size_t>(colour_[place])]->by[side].push_back({leaf, rank_[place]});
    }
    return halves;
  }

 private:
  // Pairs the messages bottom-up in the tree of their source (or destination) leaves, up to the
  // children of the turning nodes at `level`: every subtree keeps at most one unpaired message.
  // In each subtree the messages meet in leaf order, ties in set order (the order of `by`).
  void pair_up(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& by, int slot,
               int level) {
    open_.assign(by.begin(), by.end());
    const int levels = tree_.levels();
    for (int l = levels;;) {
      // Pair neighbours in the same level-l subtree (leaves compared without their last
      // levels - l bits); keep the rest. Two kept neighbours whose leaves differ in their w-th
      // bit from the right at this level first share a subtree w levels up, so the levels up to
      // the nearest such meeting pair nothing and are skipped: `gap` is the least w over the
      // neighbours as they were kept (a superset of the final neighbours, so never too far).
      const int shift = levels - l;
      int gap = levels;
      std::size_t kept = 0;
      for (std::size_t i = 0; i < open_.size(); ++i) {
        poll_cancel();
        const auto entry = open_[i];
        if (kept > 0) {
          const std::uint64_t apart = std::uint64_t{open_[kept - 1].first ^ entry.first} >> shift;
          if (apart == 0) {
            const std::uint32_t a = open_[kept - 1].second, b = entry.second;
            partner_[a][slot] = b, partner_[b][slot] = a;
            --kept;
            continue;
          }
          gap = std::min(gap, static_cast<int>(std::bit_width(apart)));
        }
        open_[kept++] = entry;
      }
      open_.resize(kept);
      if (l == level + 1 || kept < 2) break;
      l = std::max(l - gap, level + 1);
    }
  }

  const FatTree& tree_;
  const MessageSet& messages_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> open_;  // (leaf, place in the set)
  std::vector<std::array<std::uint32_t, 2>> partner_;          // source and destination partner
  std::vector<std::int8_t> colour_;
  std::vector<std::uint32_t> stack_, rank_;
};

// A set's load on one directed channel: the channel (level k >= 1, node j: u = 2^k + j, plus 2n
// when down), the load and the channel's capacity.
struct Demand {
  std::uint32_t channel, load, cap;
};

// cap(k) per level, where capacities above |M| act as |M|, so that every load and capacity fits 32
// bits.
std::vector<std::uint32_t> clamped_capacities(const FatTree& tree, const MessageSet& messages) {
  std::vector<std::uint32_t> cap;
  for (int k = 0; k <= tree.levels(); ++k)
    cap.push_back(
        static_cast<std::uint32_t>(std::min<std::uint64_t>(tree.capacity(k), messages.size())));
  return cap;
}

// A set's loads, one Demand per directed channel it uses; reuses one dense scratch count of 4n
// entries, so a set costs what it carries.
class DemandBuilder {
 public:
  DemandBuilder(const FatTree& tree, const MessageSet& messages)
      : tree_(tree),
        messages_(messages),
        two_n_(std::uint64_t{2} << tree.levels()),
        cap_(clamped_capacities(tree, messages)) {
    count_.assign(2 * two_n_, 0);
  }
  // The loads on the levels 1 … `deepest`.
  std::vector<Demand>& operator()(std::span<const Message> set, int deepest) {
    const int levels = std::min(tree_.levels(), deepest);
    used_.clear();
    for (const Message& m : set) {
      poll_cancel();
      const int turn = turn_level(tree_, m);
      for (int k = turn + 1; turn >= 0 && k <= levels; ++k) {
        count(up_channel(k, m.first));
        count(down_channel(k, m.second));
      }
    }
    // By level, root side first (a counting sort): the order CycleFill checks the top levels in.
    std::array<std::uint32_t, 66> at{};
    for (const std::uint32_t u : used_) ++at[level_of(u) + 1];
    for (std::size_t k = 1; k < at.size(); ++k) at[k] += at[k - 1];
    demand_.resize(used_.size());
    for (const std::uint32_t u : used_) {
      const int k = level_of(u);
      demand_[at[k]++] = {u, count_[u], cap_[k]};
      count_[u] = 0;
    }
    return demand_;
  }
  std::uint32_t cap(int k) const { return cap_[static_cast<std::size_t>(k)]; }
  int level_of(std::uint32_t u) const {
    return std::bit_width(u >= two_n_ ? u - two_n_ : std::uint64_t{u}) - 1;
  }
  // Whether the messages `set` fit beside a cycle's loads (`load`, per directed channel) on the
  // levels `order` (in that order). Each level is counted in full and the count stops at the
  // first channel over its capacity.
  bool fits_beside(std::span<const Message> set, std::span<const int> order,
                   const std::vector<std::uint32_t>& load) {
    for (const int k : order) {
      poll_cancel();
      used_.clear();
      bool fits = true;
      for (std::size_t i = 0; i < set.size() && fits; ++i) {
        const Message& m = set[i];
        const int turn = turn_level(tree_, m);
        if (turn < 0 || turn >= k) continue;
        const std::uint64_t up = up_channel(k, m.first), down = down_channel(k, m.second);
        fits = count(up) + load[up] <= cap_[k] && count(down) + load[down] <= cap_[k];
      }
      for (const std::uint32_t u : used_) count_[u] = 0;
      if (!fits) return false;
    }
    return true;
  }
  // Whether a message of `set` uses a channel at level k that `full(u)` says is full.
  template <class Full>
  bool meets_full(std::span<const Message> set, int k, Full&& full) const {
    return std::any_of(set.begin(), set.end(), [&](const Message& m) {
      const int turn = turn_level(tree_, m);
      return turn >= 0 && turn < k &&
             (full(up_channel(k, m.first)) || full(down_channel(k, m.second)));
    });
  }
  // Adds the messages' loads on the levels `from` … L to a cycle's, calling `first(u)` on each
  // channel u it is the first to load and `full(u)` on each it fills to its capacity.
  template <class First, class Full>
  void add_to(std::span<const Message> set, int from, std::vector<std::uint32_t>& load,
              First&& first, Full&& full) const {
    const int levels = tree_.levels();
    for (const Message& m : set) {
      const int turn = turn_level(tree_, m);
      for (int k = std::max(turn + 1, from); turn >= 0 && k <= levels; ++k)
        for (const std::uint64_t u : {up_channel(k, m.first), down_channel(k, m.second)}) {
          if (load[u]++ == 0) first(u);
          if (load[u] == cap_[k]) full(u);
        }
    }
  }

 private:
  // The directed channels above a leaf at level k (see Demand).
  std::uint64_t up_channel(int k, std::uint32_t leaf) const {
    return (std::uint64_t{1} << k) + (leaf >> (tree_.levels() - k));
  }
  std::uint64_t down_channel(int k, std::uint32_t leaf) const {
    return two_n_ + up_channel(k, leaf);
  }
  // One more message on channel u; its count so far.
  std::uint32_t count(std::uint64_t u) {
    if (count_[u] == 0) used_.push_back(static_cast<std::uint32_t>(u));
    return ++count_[u];
  }

  const FatTree& tree_;
  const MessageSet& messages_;
  std::uint64_t two_n_;
  std::vector<std::uint32_t> cap_;  // per level
  std::vector<std::uint32_t> count_, used_;
  std::vector<Demand> demand_;
};

// Whether a set of one turning group is one-cycle (every directed channel's load at most its
// capacity), from its orders by source and by destination leaf. A level-k channel's load is a run
// of equal leaf prefixes (leaf >> (L - k)) in its side's order, so a level is one scan straight
// through the two orders, with no count per channel. The levels are scanned from the turn down
// and the scan stops at the first run over its capacity: a set that does not fit mostly overflows
// just below where its messages turn. A channel's subtree holds its children's, so the runs only
// shorten going down: once a level's longest run is within every capacity below it, the set fits.
class OneCycleTest {
 public:
  OneCycleTest(const FatTree& tree, const MessageSet& messages)
      : levels_(tree.levels()),
        tree_(tree),
        messages_(messages),
        cap_(clamped_capacities(tree, messages)),
        least_below_(levels_ + 1) {
    std::uint32_t least = UINT32_MAX;
    for (int k = levels_; k >= 0; --k) {
      least_below_[static_cast<std::size_t>(k)] = least;
      least = std::min(least, cap_[static_cast<std::size_t>(k)]);
    }
  }

  bool operator()(const SortedSet& set) const {
    const auto size = static_cast<std::uint32_t>(set.ids.size());
    const int turn = turn_level(tree_, messages_[set.ids.front()]);
    FTVLSI_ASSERT(turn >= 0);  // a turning group holds no message to its own processor
    // No channel carries more messages than the set has.
    if (size <= least_below_[static_cast<std::size_t>(turn)]) return true;
    for (int k = turn + 1; k <= levels_; ++k) {
      poll_cancel();
      const std::uint32_t cap = cap_[static_cast<std::size_t>(k)];
      const int shift = levels_ - k;
      std::uint32_t longest = 0;
      for (const auto& by : set.by) {
        std::uint32_t last = by.front().first >> shift, run = 0;
        for (const auto& entry : by) {
          const std::uint32_t prefix = entry.first >> shift;
          run = prefix == last ? run + 1 : 1;
          last = prefix;
          if (run > cap) return false;
          longest = std::max(longest, run);
        }
      }
      if (longest <= least_below_[static_cast<std::size_t>(k)]) return true;
    }
    return true;
  }

 private:
  int levels_;
  const FatTree& tree_;
  const MessageSet& messages_;
  std::vector<std::uint32_t> cap_;          // per level
  std::vector<std::uint32_t> least_below_;  // per level k: the least capacity of levels k+1 … L
};

// Theorem 1's first fit, one delivery cycle at a time (docs/routing.md, "The first fit, one cycle
// at a time"). First fit puts each set, in order, into the first cycle whose loads still take it.
// Filling cycle 0 first (every set in order joins it if it fits beside those that joined before
// it), then cycle 1 from the sets left, and so on, gives the same cycles: whether a set joins
// cycle c depends only on the sets before it that joined c, and a set meets cycles 0, 1, … in the
// same order either way. So one cycle's loads are held at a time, a count per directed channel,
// instead of every cycle's (at 2^20 processors, 8n uniform messages: 6,108 cycles, 4.4 GiB).
//
// A set waits between cycles with a copy of its messages and its loads on the channels of the
// top levels (1 … kTop), root side first; most sets that do not fit a cycle overflow one of those,
// mostly the first, read from a few counts that stay in cache. Below the top, the levels are
// checked in order of capacity, least first (ties root side first): the cycle's channels there
// fill soonest. On the first of them the set is rejected if it uses a channel the cycle has filled
// (a bit per channel), without counting; then the levels are counted one at a time. A taken set's
// loads below the top join the cycle's only when a later set gets that far, and the scan passes
// over a block of waiting sets whose summary shows every one overflowing (docs/routing.md, "Both
// cores, and less counting").
class CycleFill {
 public:
  CycleFill(const FatTree& tree, const MessageSet& messages, DemandBuilder& demand)
      : tree_(tree),
        messages_(messages),
        demand_(demand),
        levels_(tree.levels()),
        top_(std::min(tree.levels(), kTop)),
        load_(std::size_t{4} << tree.levels(), 0),
        full_(load_.size() / 64 + 1, 0) {
    load_[kGone] = UINT32_MAX;
    for (int k = top_ + 1; k <= levels_; ++k) order_.push_back(k);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](int a, int b) { return tree.capacity(a) < tree.capacity(b); });
  }

  // Puts set number `index` on the waiting list.
  void wait(std::uint32_t index, const std::vector<std::uint32_t>& set) {
    Waiting w{index, top_pool_.size(), 0, messages_pool_.size(), 0};
    for (const auto id : set) messages_pool_.push_back(messages_[id]);
    w.messages_end = messages_pool_.size();
    for (const Demand& d : demand_(messages_of(w), top_))
      top_pool_.push_back({d.channel, d.cap - d.load});
    w.top_end = top_pool_.size();
    // The deep levels it uses, in order_'s order: those below its highest turn.
    int highest = levels_;
    for (const Message& m : messages_of(w))
      if (const int turn = turn_level(tree_, m); turn >= 0) highest = std::min(highest, turn);
    w.highest_used = static_cast<std::uint8_t>(highest + 1);
    waiting_.push_back(w);
    // Channel 0 is no channel: its load stays 0.
    first_.push_back(w.top_begin < w.top_end ? top_pool_[w.top_begin] : Room{0, 0});
  }
  bool done() const { return waiting_.size() == gone_; }

  // Fills the next cycle from the waiting sets, in order; returns the numbers of those it took.
  const std::vector<std::uint32_t>& fill() {
    taken_.clear();
    // Most sets overflow their first top channel: that test reads first_ straight through, in a
    // loop of its own (a set taken earlier is marked there: kGone always overflows).
    // A block of sets is passed over whole when its summary shows every one of them overflowing.
    if (summary_.size() * kBlock < waiting_.size()) summarize();
    const Room* first = first_.data();
    const std::uint32_t* load = load_.data();
    for (std::size_t block = 0; block < waiting_.size(); block += kBlock) {
      if (block % 4096 == 0) poll_cancel();
      const Summary& s = summary_[block / kBlock];
      if (s.count <= kSummaryMost &&
          std::all_of(s.rooms.begin(), s.rooms.begin() + s.count,
                      [&](const Room& r) { return load[r.channel] > r.room; }))
        continue;
      const std::size_t end = std::min(waiting_.size(), block + kBlock);
      for (std::size_t i = block; i < end; ++i)
        if (load[first[i].channel] <= first[i].room) take_if_fits(i);
    }
    FTVLSI_ASSERT(!taken_.empty() || done());  // a cycle takes at least its first set
    for (const std::uint32_t u : touched_) load_[u] = 0, full_[u / 64] = 0;
    touched_.clear();
    deep_waiting_.clear();
    // The taken sets leave the list once they are a quarter of it.
    if (4 * gone_ > waiting_.size()) {
      std::size_t kept = 0;
      for (std::size_t i = 0; i < waiting_.size(); ++i)
        if (first_[i].channel != kGone) first_[kept] = first_[i], waiting_[kept++] = waiting_[i];
      waiting_.resize(kept);
      first_.resize(kept);
      gone_ = 0;
      summary_.clear();
    }
    return taken_;
  }

 private:
  static constexpr int kTop = 7;
  // Channel 1 is no channel (level-k channels are 2^k + j, k >= 1): its load stays at the most.
  static constexpr std::uint32_t kGone = 1;
  struct Waiting {
    std::uint32_t set;                         // its number among the sets
    std::size_t top_begin, top_end;            // its loads on the top levels, in top_pool_
    std::size_t messages_begin, messages_end;  // its messages, in messages_pool_
    std::uint8_t highest_used = 0;             // the highest level its messages use
  };
  // A set's load on a channel, as the most the cycle may already carry there.
  struct Room {
    std::uint32_t channel, room;
  };

  // A block of kBlock waiting sets in brief: each first top channel its sets use (up to
  // kSummaryMost of them; more and there is no summary) with the most room any of them leaves
  // there. A set the cycle takes stays in its block's summary until the list is compacted, which
  // only makes the summary pass over less.
  static constexpr std::size_t kBlock = 64;
  static constexpr std::uint32_t kSummaryMost = 4;
  struct Summary {
    std::uint32_t count = 0;
    std::array<Room, kSummaryMost> rooms{};
  };
  void summarize() {
    summary_.assign((waiting_.size() + kBlock - 1) / kBlock, {});
    for (std::size_t i = 0; i < waiting_.size(); ++i) {
      Summary& s = summary_[i / kBlock];
      const Room r = first_[i];
      if (r.channel == kGone || s.count > kSummaryMost) continue;
      const auto same = std::find_if(s.rooms.begin(), s.rooms.begin() + s.count,
                                     [&](const Room& q) { return q.channel == r.channel; });
      if (same != s.rooms.begin() + s.count)
        same->room = std::max(same->room, r.room);
      else if (s.count < kSummaryMost)
        s.rooms[s.count++] = r;
      else
        s.count = kSummaryMost + 1;
    }
  }

  // Takes waiting set i into the cycle if it fits. Its loads on the top levels join the cycle's at
  // once; those below wait until a later set needs them (most cycles take one or two sets, and
  // most sets that meet a cycle with sets in it overflow a top channel).
  [[gnu::noinline]] void take_if_fits(std::size_t i) {
    const Waiting& w = waiting_[i];
    if (!fits(w)) return;
    for (std::size_t t = w.top_begin; t < w.top_end; ++t) {
      const auto [u, room] = top_pool_[t];
      if (load_[u] == 0) touched_.push_back(u);
      load_[u] += demand_.cap(demand_.level_of(u)) - room;  // the set's load there
    }
    deep_waiting_.push_back(i);
    taken_.push_back(w.set);
    first_[i] = {kGone, 0};
    ++gone_;
  }
  // The loads below the top of the sets taken since the last call join the cycle's.
  void add_deep_loads() {
    for (const std::size_t j : deep_waiting_)
      demand_.add_to(
          messages_of(waiting_[j]), top_ + 1, load_,
          [this](std::uint64_t u) { touched_.push_back(static_cast<std::uint32_t>(u)); },
          [this](std::uint64_t u) { full_[u / 64] |= std::uint64_t{1} << (u % 64); });
    deep_waiting_.clear();
  }
  bool fits(const Waiting& w) {
    for (std::size_t t = w.top_begin; t < w.top_end; ++t)
      if (load_[top_pool_[t].channel] > top_pool_[t].room) return false;
    // Every set is one-cycle, so it fits a cycle that has none yet.
    if (taken_.empty()) return true;
    add_deep_loads();
    deep_.clear();
    for (const int k : order_)
      if (k >= w.highest_used) deep_.push_back(k);
    const std::span<const Message> set = messages_of(w);
    if (!deep_.empty() && demand_.meets_full(set, deep_.front(), [this](std::uint64_t u) {
          return (full_[u / 64] >> (u % 64)) & 1;
        }))
      return false;
    return demand_.fits_beside(set, deep_, load_);
  }
  std::span<const Message> messages_of(const Waiting& w) const {
    return {messages_pool_.data() + w.messages_begin, w.messages_end - w.messages_begin};
  }

  const FatTree& tree_;
  const MessageSet& messages_;
  DemandBuilder& demand_;
  int levels_, top_;
  std::vector<int> order_;           // the levels below the top, least capacity first
  std::vector<int> deep_;            // a set's levels among them, while it is checked
  std::vector<std::uint32_t> load_;  // the cycle's load per directed channel (Demand's numbering)
  std::vector<std::uint64_t> full_;  // a bit per directed channel: the cycle fills it
  std::vector<std::uint32_t> touched_, taken_;
  std::vector<Waiting> waiting_;
  std::vector<Room> first_;  // per waiting set: its first top load (none: channel 0; taken: kGone)
  std::vector<Summary> summary_;  // per block of first_ (empty: to be made)
  std::size_t gone_ = 0;          // the taken sets still on the list
  std::vector<Room> top_pool_;
  std::vector<Message> messages_pool_;
  std::vector<std::size_t> deep_waiting_;  // taken sets whose loads below the top are not added
};

// From this many messages on, a turning-level group is halved on two lanes: its first halving
// here, then each half depth first on a lane of its own (the sets are the same).
constexpr std::size_t kLanesFrom = std::size_t{1} << 15;

int lanes_for(int lanes, std::size_t messages) {
  FTVLSI_ASSERT(lanes >= 0 && lanes <= 2);
  return lanes != 0 ? lanes : messages >= kLanesFrom ? 2 : 1;
}

// Theorem 1's halving of `set`, depth first: a one-cycle set is kept, any other halved, its first
// half's sets before its second's.
void halve_down(Tracer& tracer, const OneCycleTest& one_cycle, SortedSet set,
                std::vector<std::vector<std::uint32_t>>& out) {
  std::vector<SortedSet> pending;
  pending.push_back(std::move(set));
  while (!pending.empty()) {
    SortedSet next = std::move(pending.back());
    pending.pop_back();
    if (one_cycle(next)) {
      out.push_back(std::move(next.ids));
      continue;
    }
    auto [a, b] = tracer.halve(next);
    pending.push_back(std::move(b));
    pending.push_back(std::move(a));
  }
}

// The messages by the level where their paths turn, from the root; those to their own processor
// go to `self`.
std::vector<std::vector<std::uint32_t>> turning_groups(const FatTree& tree,
                                                       const MessageSet& messages,
                                                       std::vector<std::uint32_t>& self) {
  std::vector<std::vector<std::uint32_t>> by_level(tree.levels());
  for (std::uint32_t id = 0; id < messages.size(); ++id) {
    const int turn = turn_level(tree, messages[id]);
    (turn < 0 ? self : by_level[turn]).push_back(id);
  }
  return by_level;
}

// Halves the turning groups a group at a time. A group goes whole to `down(tracer, set, -1)`,
// unless two lanes run, it is large enough and `splits(set)`: then it is halved here and its
// halves go side by side to `down(tracer, half, 0)` and `down(tracer, half, 1)`, each lane with
// its own tracer, and `joined()` follows.
template <class Splits, class Down, class Joined>
void halve_groups(const FatTree& tree, const MessageSet& messages,
                  std::vector<std::vector<std::uint32_t>>& groups, int lanes, Splits&& splits,
                  Down&& down, Joined&& joined) {
  // Two lanes asked for (the tests ask) split every group of two or more messages.
  const std::size_t split_from = lanes == 2 ? 2 : kLanesFrom;
  lanes = lanes_for(lanes, messages.size());
  Tracer tracer(tree, messages);
  std::optional<Tracer> second;  // lane 1's
  for (auto& group : groups) {
    if (group.empty()) continue;
    SortedSet set = tracer.sorted(std::move(group));
    if (lanes == 1 || set.ids.size() < split_from || !splits(set)) {
      down(tracer, std::move(set), -1);
      continue;
    }
    auto [a, b] = tracer.halve(set);
    set = {};
    if (!second) second.emplace(tree, messages);
    run_lanes(2, [&](int l) {
      if (l == 0)
        down(tracer, std::move(a), 0);
      else
        down(*second, std::move(b), 1);
    });
    joined();
  }
}

}  // namespace

std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> matching_and_tracing(
    const FatTree& tree, const MessageSet& messages, const std::vector<std::uint32_t>& ids) {
  Tracer tracer(tree, messages);
  auto [a, b] = tracer.halve(tracer.sorted(ids));
  return {std::move(a.ids), std::move(b.ids)};
}

std::vector<std::vector<std::uint32_t>> offline_sets(const FatTree& tree,
                                                     const MessageSet& messages, int lanes) {
  std::vector<std::uint32_t> self;
  auto groups = turning_groups(tree, messages, self);
  const OneCycleTest one_cycle(tree, messages);
  // A group that does not fit has its halves' sets made side by side, the second's after the
  // first's.
  std::vector<std::vector<std::uint32_t>> sets, second;
  halve_groups(
      tree, messages, groups, lanes, [&](const SortedSet& set) { return !one_cycle(set); },
      [&](Tracer& tracer, SortedSet set, int half) {
        halve_down(tracer, one_cycle, std::move(set), half == 1 ? second : sets);
      },
      [&] {
        for (auto& s : second) sets.push_back(std::move(s));
        second.clear();
      });
  if (!self.empty()) {
    if (sets.empty()) sets.emplace_back();
    auto& first = sets.front();
    first.insert(first.end(), self.begin(), self.end());
    std::sort(first.begin(), first.end());
  }
  return sets;
}

std::vector<std::vector<std::uint32_t>> merge_one_cycle_sets(
    const FatTree& tree, const MessageSet& messages,
    const std::vector<std::vector<std::uint32_t>>& sets) {
  DemandBuilder demand(tree, messages);
  CycleFill fill(tree, messages, demand);
  for (std::uint32_t i = 0; i < sets.size(); ++i)
    if (!sets[i].empty()) fill.wait(i, sets[i]);
  std::vector<std::vector<std::uint32_t>> cycles;
  while (!fill.done()) {
    auto& cycle = cycles.emplace_back();
    for (const std::uint32_t i : fill.fill())
      cycle.insert(cycle.end(), sets[i].begin(), sets[i].end());
    std::sort(cycle.begin(), cycle.end());
  }
  return cycles;
}

std::vector<std::vector<std::uint32_t>> offline_schedule(const FatTree& tree,
                                                         const MessageSet& messages, int lanes) {
  return merge_one_cycle_sets(tree, messages, offline_sets(tree, messages, lanes));
}

namespace {

// Halves `set` `depth` times, putting the pieces into out[first], out[first + 1], ...
void split_into(Tracer& tracer, SortedSet set, int depth, std::size_t first,
                std::vector<std::vector<std::uint32_t>>& out) {
  if (set.ids.empty()) return;
  if (depth == 0) {
    auto& cycle = out[first];
    cycle.insert(cycle.end(), set.ids.begin(), set.ids.end());
    return;
  }
  auto [a, b] = tracer.halve(set);
  set = {};  // the halves hold it now
  const std::size_t half = std::size_t{1} << (depth - 1);
  split_into(tracer, std::move(a), depth - 1, first, out);
  split_into(tracer, std::move(b), depth - 1, first + half, out);
}

}  // namespace

WideSchedule offline_schedule_wide(const FatTree& tree, const MessageSet& messages, int lanes) {
  const int levels = tree.levels();
  const std::uint64_t lgn = static_cast<std::uint64_t>(std::max(1, levels));
  for (int k = 0; k <= levels; ++k)
    if (tree.capacity(k) <= lgn)
      throw InputError(6141, fmt::format("the Corollary 2 schedule needs every channel's capacity "
                                         "above lg n = {}; level {} has "
                                         "{} (try --capacity constant --constant {})",
                                         lgn, k, tree.capacity(k), 2 * lgn));
  // lambda': the load factor on a tree of the fictitious capacities cap - lg n.
  FatTreeParams fictitious;
  fictitious.processors = tree.processors();
  fictitious.capacity.profile = CapacityProfile::kCustom;
  for (int k = 0; k <= levels; ++k) fictitious.capacity.custom.push_back(tree.capacity(k) - lgn);
  WideSchedule w;
  w.lambda_prime = load_factor(messages, FatTree(fictitious));
  int depth = 0;
  while (static_cast<double>(std::uint64_t{1} << depth) < w.lambda_prime) ++depth;
  w.sets = std::uint64_t{1} << depth;
  std::vector<std::vector<std::uint32_t>> cycles(w.sets);
  std::vector<std::uint32_t> self;
  auto groups = turning_groups(tree, messages, self);
  // A large group's two halves are split side by side, each into its own range of cycles (the
  // first half's pieces go to cycles 0 … S/2 - 1, the second's to the rest).
  halve_groups(
      tree, messages, groups, lanes, [&](const SortedSet&) { return depth > 0; },
      [&](Tracer& tracer, SortedSet set, int half) {
        if (half < 0)
          split_into(tracer, std::move(set), depth, 0, cycles);
        else
          split_into(tracer, std::move(set), depth - 1,
                     static_cast<std::size_t>(half) << (depth - 1), cycles);
      },
      [] {});
  cycles.front().insert(cycles.front().end(), self.begin(), self.end());
  std::erase_if(cycles, [](const auto& c) { return c.empty(); });
  w.unmerged = cycles.size();
  // Set i of every group shares cycle i; two such cycles may still fit together.
  w.cycles = merge_one_cycle_sets(tree, messages, cycles);
  return w;
}

}  // namespace ftvlsi
