#include "ftvlsi/route/delivery.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <exception>
#include <memory>
#include <numeric>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/lanes.hpp"
#include "switched_delivery.hpp"

// The data layout (docs/routing.md, "The simulator's data layout"). A cycle's messages are
// records in flat arrays, grouped by the channel they contend for at the current level and, within
// a channel, in the order sent (the record's key is its place in the list sent, so the priority
// switch passes the lowest keys and the random switch shuffles in key order):
//   - up: {key, src, dst}, sorted by (src, key) once per cycle; going up a level merges the two
//     children's runs of every node, and a message whose path turns there moves to the turning
//     list of its down channel instead;
//   - down: {key, dst}; going down a level splits a parent's run by the next bit of dst and merges
//     each half with the messages that turn into that child;
//   - with wire timing both carry the delays and lengths of the wires won so far (TimedUp,
//     TimedDown), so that a step's update is part of the record's copy, not a fetch by key.
// A concentrator that gets more than cap messages passes cap of them: going down the survivors
// move to the front of the channel's run, still in key order, and the rest of the run is marked
// dead (key kDead), which ends the run for the next level's merge; going up the up step skips
// dead records anywhere, so a random switch's small channel marks its dropped ones where they
// stand. Every level is one streaming pass; no per-message allocation. In a sparse cycle a record
// alone in its up channels joins the arrays only at the level where it meets another or turns
// (lift_alone; docs/routing.md, "Lifting lone messages").
//
// Random switches draw from one SplitMix64 stream, in a fixed order that does not depend on how
// the work is split: level by level in path order, and within a level only the channels that get
// more than cap messages, each drawing exactly cap numbers (a partial Fisher-Yates shuffle), in
// ascending channel order when more than an eighth of the level's channels are used, else in the
// order of each channel's lowest key. Since SplitMix64's state advances by a constant per draw, a
// channel's draws start at state + rank * cap * gamma, where rank is its place in that order: the
// channels of a level can be resolved in any order, by either lane.
//
// Two lanes (threads) split every level between them at a node boundary near the middle of the
// level's messages, and meet at a barrier between levels; each writes its own part of the next
// level's array. A cycle smaller than the parallel threshold runs on one lane. Either way the
// records, the draws and hence the survivors are the same.

namespace ftvlsi {
namespace {

constexpr std::uint32_t kDead = 0xFFFFFFFFu;    // the key of a record dropped by its concentrator
constexpr std::uint32_t kChosen = 0x80000000u;  // while a random switch compacts its survivors
constexpr std::uint64_t kNoPath = UINT64_MAX;   // the path length of a message to itself
constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;  // SplitMix64's increment per draw
// 0, 1, ..., 63: a small channel's shuffle starts from it (one copy instead of a loop).
constexpr std::array<std::uint8_t, 64> kFirst64 = [] {
  std::array<std::uint8_t, 64> a{};
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::uint8_t>(i);
  return a;
}();

struct Up {
  std::uint32_t key, src, dst;
};
struct Down {
  std::uint32_t key, dst;
};
// A timed cycle's records carry their wire timing from level to level: the delays of the wires
// won so far, their lengths and their count (a path's length fits 40 bits, set_wire_timing checks
// its bound; its wires 24). A step's update is then part of the record's own copy instead of a
// fetch from a table by key, which the channel order scatters.
struct Timed {
  static constexpr int kLengthBits = 40;
  double delay = 0;
  std::uint64_t packed = 0;  // the length in the low 40 bits, the wires above (one word to write)
  static Timed first(double delay, std::uint64_t length) {
    return {delay, length + (std::uint64_t{1} << kLengthBits)};
  }
  void add(double wire_delay, std::uint64_t length) {
    delay += wire_delay;
    packed += length + (std::uint64_t{1} << kLengthBits);
  }
  std::uint64_t length() const { return packed & ((std::uint64_t{1} << kLengthBits) - 1); }
  std::uint64_t wires() const { return packed >> kLengthBits; }
};
struct TimedUp {
  std::uint32_t key, src, dst;
  Timed t;
};
struct TimedDown {
  std::uint32_t key, dst;
  Timed t;
};
template <class R>
constexpr bool kTimed = std::is_same_v<R, TimedUp> || std::is_same_v<R, TimedDown>;
// An up record turning into its down channels.
Down down_of(const Up& r) {
  return {r.key, r.dst};
}
TimedDown down_of(const TimedUp& r) {
  return {r.key, r.dst, r.t};
}
template <class U>
using DownOf = decltype(down_of(std::declval<const U&>()));

template <class R>
struct Span {
  R* data = nullptr;
  std::size_t size = 0;
  R* begin() const { return data; }
  R* end() const { return data + size; }
};

// Up to two parts of a level, one per lane that wrote it, in channel order.
template <class R>
struct Parts {
  std::array<Span<R>, 2> part{};
  std::size_t total() const { return part[0].size + part[1].size; }
};

// A level's capacity and counts while a lane scans it.
struct Tally {
  std::uint64_t cap;
  std::uint64_t touched = 0, steps = 0;
};

// A channel that got more messages than its capacity, resolved once its draws' place is known:
// its run within the lane's output. Deep levels list about one a channel, so it is kept to 8
// bytes: the run's first record gives the channel and the lowest key, and the place in the draw
// order is the list's own in a dense level (concentrate_level).
struct Overflow {
  std::uint32_t start, count;
};

// A level's overflowing channels. Deep levels list about one a channel, so the scans append
// with a store (the compiler would not inline std::vector's push_back into them: 13 % of a
// GREEDY run went to the call); the storage grows geometrically and is kept.
class OverflowList {
 public:
  [[gnu::always_inline]] void add(const Overflow& o) {
    if (size_ == capacity_) [[unlikely]]
      grow();
    store_[size_++] = o;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  Overflow& operator[](std::size_t i) { return store_[i]; }
  const Overflow* begin() const { return store_.get(); }
  const Overflow* end() const { return store_.get() + size_; }

 private:
  // Left uninitialized beyond size_: only the pages written are taken from the system.
  [[gnu::noinline]] void grow() {
    capacity_ = std::max<std::size_t>(64, 2 * capacity_);
    auto bigger = std::make_unique_for_overwrite<Overflow[]>(capacity_);
    std::copy(store_.get(), store_.get() + size_, bigger.get());
    store_ = std::move(bigger);
  }
  std::unique_ptr<Overflow[]> store_;
  std::size_t size_ = 0, capacity_ = 0;
};

// The end of the run of records whose `channel(record)` equals that of *first, in [first, last):
// exponential then binary search (deep runs hold a message or two, top ones millions).
template <class R, class Channel>
R* run_end(R* first, R* last, Channel channel) {
  const auto c = channel(*first);
  // Most runs are short: look at a few records first.
  R* r = first + 1;
  for (int i = 0; i < 8; ++i, ++r)
    if (r == last || channel(*r) != c) return r;
  std::size_t step = 1;
  R* lo = r - 1;  // channel(*lo) == c
  while (true) {
    if (static_cast<std::size_t>(last - lo) <= step) break;
    if (channel(lo[step]) != c) {
      last = lo + step;
      break;
    }
    lo += step;
    step *= 2;
  }
  return std::partition_point(lo, last, [&](const R& x) { return channel(x) == c; });
}

// [0, n) in one part per lane: lane l takes [h[l], h[l + 1]).
std::array<std::size_t, 3> lane_halves(int lanes, std::size_t n) {
  return {0, lanes == 2 ? n / 2 : n, n};
}

// The first of the records [0, count), in source order, of the node (src >> shift) holding the
// middle one: where two lanes split them at a node boundary.
template <class R>
std::size_t node_split(const R* recs, std::size_t count, int shift) {
  if (count == 0) return 0;
  const std::uint32_t node = recs[count / 2].src >> shift;
  return static_cast<std::size_t>(
      std::lower_bound(recs, recs + count, node,
                       [shift](const R& r, std::uint32_t v) { return (r.src >> shift) < v; }) -
      recs);
}

// Sorts [first, last) by key when [first, sorted) already is (an insertion sort: runs are short).
template <class R>
void insert_by_key(R* first, R* sorted, R* last) {
  for (R* x = sorted; x < last; ++x)
    for (R* y = x; y != first && y[-1].key > y->key; --y) std::swap(y[-1], *y);
}

// Two threads meeting between levels. A lane that fails sets `abort`; the other returns from its
// next wait, so neither waits forever.
class LaneBarrier {
 public:
  bool wait() {
    const std::uint32_t gen = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) == 1) {
      arrived_.store(0, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_acq_rel);
      generation_.notify_one();
    } else {
      // Spin a little (levels are short), then sleep until the other lane arrives or fails.
      for (int spin = 0; generation_.load(std::memory_order_acquire) == gen; ++spin) {
        if (abort.load(std::memory_order_acquire)) return false;
        if (spin > 256) generation_.wait(gen, std::memory_order_acquire);
      }
    }
    return !abort.load(std::memory_order_acquire);
  }
  // A failing lane stops the other's wait.
  void fail() {
    abort.store(true, std::memory_order_release);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    generation_.notify_all();
  }
  // Before a cycle (a failed one may have left a lane counted).
  void reset() {
    arrived_.store(0);
    abort.store(false);
  }
  std::atomic<bool> abort{false};

 private:
  std::atomic<std::uint32_t> arrived_{0}, generation_{0};
};

}  // namespace

// One cycle's buffers, kept from cycle to cycle so that their memory is reused.
struct DeliverySimulator::Cycle {
  // Per lane: its part of the current level, what it learnt there, and its turning messages.
  struct alignas(64) Lane {  // a cache line of its own: each lane writes its counts often
    OverflowList overflow;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> by_key;  // (min key, overflow index)
    std::uint64_t touched = 0, steps = 0;
    double slowest = 0;
    std::vector<Down> turn, left_turn;  // T_k for every k, appended from k = L down to 1
    std::vector<Up> merge_left;         // a big node's left child, while merging
    std::vector<TimedDown> timed_turn, timed_left_turn;  // the same in a timed cycle
    std::vector<TimedUp> timed_merge_left;
    std::vector<std::size_t> turn_at;    // T_k = turn[turn_at[k], turn_at[k - 1])
    std::vector<std::uint32_t> shuffle;  // a random switch's positions
    // Where the lane's part of a level lies in each buffer (the level read and the level written
    // use different entries, so a lane never changes what the other may still be reading).
    std::array<std::size_t, 2> out_begin{}, out_size{};
    // The list of record type R: `timed` in a timed cycle, else `plain`.
    template <class R, class PlainList, class TimedList>
    static auto& of(PlainList& plain, TimedList& timed) {
      if constexpr (kTimed<R>)
        return timed;
      else
        return plain;
    }
    template <class D>
    std::vector<D>& turns() {
      return of<D>(turn, timed_turn);
    }
    template <class D>
    std::vector<D>& left_turns() {
      return of<D>(left_turn, timed_left_turn);
    }
    template <class U>
    std::vector<U>& merge_lefts() {
      return of<U>(merge_left, timed_merge_left);
    }
  };
  // Two raw buffers of 32-bit words, read as Up or Down records (TimedUp, TimedDown). Left
  // uninitialized: only the pages a cycle writes are taken from the system, and a dense cycle
  // writes the second one only as far as the leaf channels' survivors reach.
  std::array<std::unique_ptr<std::uint32_t[]>, 2> buffer;
  std::size_t buffer_words = 0;
  std::array<Lane, 2> lane;
  std::vector<std::uint8_t> delivered;      // per key
  std::vector<std::uint32_t> radix;         // counts
  std::vector<std::uint32_t> radix_second;  // lane 1's counts, when it writes half the records
  // When cycle() resolves the leaf channels: per lane and source, a countdown to the lane's
  // record that passes (UINT32_MAX: none) beside the survivor's place (one fetch a record); and
  // the survivors' keys renumbered in key order (`compact`): key_of[key] is the survivor's place
  // in the list sent.
  struct LeafPick {
    std::uint32_t countdown, place;
  };
  std::array<std::vector<LeafPick>, 2> leaf_pick;
  std::vector<std::uint32_t> key_of;
  bool compact = false;
  // With wire timing, per key: a delivered record's path length, stored as it arrives (in
  // channel order) and handed to its message in key order by cycle(); kNoPath for a message to
  // its own processor.
  std::vector<std::uint64_t> length_of;
  LaneBarrier barrier;
  int lanes = 1;
  std::array<std::exception_ptr, 2> failure;  // per lane
  // Records alone in their up channels from the leaves to level f + 1, lifted past those levels
  // (lift_alone): lifted[lift_at[f], lift_at[f + 1]) join the up step at level f, in source
  // order. lift_at[k] is also how many channels they use at level k (those with f < k, one
  // each). Empty when nothing is lifted.
  std::vector<Up> lifted;
  std::vector<std::size_t> lift_at, lift_next;
  // The levels L, L - 1, ... whose channels cannot get more records than their capacity, passed
  // in one scan (LaneWork::pass_bottom); 0 when the cycle goes level by level from the leaves.
  // With keys_by_source the records' keys ascend in source order, so a node's are in key order.
  int passed = 0;
  bool keys_by_source = false;

  template <class R>
  R* records(int b) {
    return reinterpret_cast<R*>(buffer[b].get());
  }
};

namespace {

// What a lane needs to resolve a level, shared by both lanes.
struct LevelContext {
  int levels;
  SwitchPolicy policy;
  const std::vector<std::uint64_t>* cap;
  const ChannelWireLengths* wires;
  const std::vector<std::array<std::array<std::vector<double>, 2>, 2>>* delay;
  const MessageTiming* timing;
  // With wire timing: a record dropped on its first channel (up at level L) has won nothing, so
  // its negative acknowledgment takes 2 head(0, 0) + 1 (add_nack's value for an empty record;
  // LaneWork::time_channel).
  double first_nack;
};

}  // namespace

DeliverySimulator::DeliverySimulator(const FatTree& tree, const MessageSet& messages,
                                     SwitchPolicy policy, std::uint64_t seed)
    : tree_(tree),
      messages_(messages),
      policy_(policy),
      rng_state_(seed),
      cap_(tree.capacities()),
      work_(std::make_unique<Cycle>()),
      seed_(seed) {}

DeliverySimulator::~DeliverySimulator() = default;
DeliverySimulator::DeliverySimulator(DeliverySimulator&&) noexcept = default;

void DeliverySimulator::use_partial_switches(std::uint64_t seed) {
  FTVLSI_ASSERT(!wires_ && round_trip_bound_.empty());
  switched_ = std::make_unique<SwitchedDelivery>(tree_, messages_, policy_, seed_);
  switched_->use_partial_switches(seed);
}

std::vector<std::uint64_t> DeliverySimulator::take_path_lengths() {
  return switched_ ? switched_->take_path_lengths() : std::move(path_length_);
}

void DeliverySimulator::set_round_trip_bounds(std::vector<double> by_turn_level) {
  FTVLSI_ASSERT(by_turn_level.size() == static_cast<std::size_t>(tree_.levels()));
  if (switched_)
    switched_->set_round_trip_bounds(std::move(by_turn_level));
  else
    round_trip_bound_ = std::move(by_turn_level);
}

std::uint64_t DeliverySimulator::lost_in_switches() const {
  return switched_ ? switched_->lost_in_switches() : 0;
}

void DeliverySimulator::set_wire_timing(const ChannelWireLengths& wires,
                                        const MessageTiming& timing) {
  FTVLSI_ASSERT(wires.table.size() == static_cast<std::size_t>(tree_.levels()) + 1);
  if (switched_) {  // cycles run there: the streaming tables stay empty
    switched_->set_wire_timing(wires, timing);
    return;
  }
  // A path takes at most one wire of each channel level up and one down (Timed's room).
  unsigned __int128 longest = 0;
  for (const std::uint64_t most : wires.max_by_level())
    longest += 2 * static_cast<unsigned __int128>(most);
  FTVLSI_ASSERT(longest < (std::uint64_t{1} << 40));
  wires_ = &wires;
  timing_ = timing;
  delay_ = channel_delays(wires, timing);
  path_length_.assign(messages_.size(), 0);
}

namespace {

// The work of one lane on one cycle. Levels are resolved in two phases: gather (merge the
// previous level's runs into this level's, counting steps and finding the overflowing channels)
// and concentrate (the overflowing channels pass cap messages each, once their draws' place in
// the random stream is known; with priority switches right away).
template <class UpRecord>
class LaneWork {
 public:
  using Up = UpRecord;
  using Down = DownOf<UpRecord>;
  using Cycle = DeliverySimulator::Cycle;
  LaneWork(Cycle& cycle, int id, const LevelContext& ctx, std::uint64_t rng_state)
      : c_(cycle), id_(id), me_(cycle.lane[id]), ctx_(ctx), rng_state_(rng_state) {}

  // Resolves every level of a cycle whose up records, sorted by (src, key), fill buffer `in`
  // [0, count). With `leaves_done` the leaf channels were resolved as the records were written
  // (cycle()): the records are their survivors, lane 0's part, and the run starts a level up.
  // Returns false if the other lane failed.
  bool run(int in, std::size_t count, bool leaves_done) {
    const int levels = ctx_.levels;
    me_.turns<Down>().clear();
    me_.turn_at.assign(static_cast<std::size_t>(levels) + 2, 0);
    // Level L: the runs of the sorted records, in place; or the levels that cannot overflow at
    // once.
    int cur = in;
    int top = levels - 1;                // the first level the up steps below reach
    if (!kTimed<Up> && c_.passed > 0) {  // run_levels passes none with wire timing
      if (!pass_bottom(in, count, leaves_done)) return false;
      cur = 1 - in;
      top = levels - c_.passed - 1;
    } else if (leaves_done) {
      out_ = in;
    } else {
      Up* recs = c_.records<Up>(in);
      const auto src = [](const Up& r) { return r.src; };
      std::size_t lo = 0, hi = count;
      if (c_.lanes == 2) (id_ == 0 ? hi : lo) = node_split(recs, count, 0);
      begin_level();
      out_ = in;
      me_.out_begin[in] = lo, me_.out_size[in] = hi - lo;
      Tally tally = begin_tally(levels);
      for (Up* r = recs + lo; r != recs + hi;) {
        Up* e = run_end(r, recs + hi, src);
        finish_run(tally, recs + lo, r, e, levels, r->src, true);
        r = e;
      }
      end_tally(tally);
      if (!concentrate_level(recs + lo, levels, true)) return false;
    }
    // Up from level k + 1 to level k, down to k = 0 (where every message turns).
    for (int k = top; k >= 0; --k) {
      if (!check_cancel()) return false;
      me_.turn_at[static_cast<std::size_t>(k) + 1] = me_.turns<Down>().size();
      const Parts<Up> parts = level_parts<Up>(cur);
      begin_level();
      Up* out = c_.records<Up>(1 - cur);
      out_ = 1 - cur;
      up_step(parts, out, k);
      me_.turn_at[static_cast<std::size_t>(k)] = me_.turns<Down>().size();
      if (k > 0 && !concentrate_level(out + me_.out_begin[out_], k, true)) return false;
      if (k == 0 && !sync()) return false;  // every lane's T_1 is complete
      cur = 1 - cur;
    }
    // Down from level 1 to level L.
    for (int k = 1; k <= levels; ++k) {
      if (!check_cancel()) return false;
      const Parts<Down> parts = k == 1 ? Parts<Down>{} : level_parts<Down>(cur);
      begin_level();
      Down* out = c_.records<Down>(1 - cur);
      out_ = 1 - cur;
      down_step(parts, out, k);
      if (!concentrate_level(out + me_.out_begin[out_], k, false)) return false;
      cur = 1 - cur;
    }
    // The survivors of the leaf channels are delivered (with wire timing: their round trips and
    // path lengths).
    Down* out = c_.records<Down>(cur);
    for (std::size_t i = 0; i < me_.out_size[cur]; ++i) {
      const Down& r = out[me_.out_begin[cur] + i];
      if (r.key == kDead) continue;
      const std::uint32_t sent_at = c_.compact ? c_.key_of[r.key] : r.key;
      c_.delivered[sent_at] = 1;
      if constexpr (kTimed<Down>) {
        me_.slowest = std::max(me_.slowest, ctx_.timing->round_trip(r.t.delay, r.t.wires() - 1));
        c_.length_of[r.key] = r.t.length();
      }
    }
    return true;
  }

  std::uint64_t rng_state() const { return rng_state_; }

 private:
  // A level's scan then counts into a Tally (begin_tally … end_tally), which sets me_.touched.
  void begin_level() { me_.overflow.clear(); }
  Tally begin_tally(int level) const { return {(*ctx_.cap)[static_cast<std::size_t>(level)]}; }
  void end_tally(const Tally& tally) {
    me_.touched = tally.touched;
    me_.steps += tally.steps;
  }

  bool check_cancel() {
    if (id_ == 0) poll_cancel();
    return !c_.barrier.abort.load(std::memory_order_relaxed);
  }
  bool sync() { return c_.lanes == 1 || c_.barrier.wait(); }

  // The previous level's parts: each lane's output in the buffer `b`.
  template <class R>
  Parts<R> level_parts(int b) {
    Parts<R> p;
    R* recs = c_.records<R>(b);
    for (int l = 0; l < c_.lanes; ++l)
      p.part[static_cast<std::size_t>(l)] = {recs + c_.lane[l].out_begin[b],
                                             c_.lane[l].out_size[b]};
    return p;
  }

  // A run of a channel at `level`, [first, last) in the lane's output `base`: counted, and either
  // listed as overflowing or passed whole (each record on the wire of its place).
  // The counts go to the level's tally, a local of the scan (so they stay in registers), and are
  // stored when the scan ends.
  template <class R>
  [[gnu::always_inline]] void finish_run(Tally& tally, R* base, R* first, R* last, int level,
                                         std::uint64_t channel, bool up) {
    const auto count = static_cast<std::size_t>(last - first);
    if (count == 0) return;
    ++tally.touched;
    tally.steps += count;
    if (count > tally.cap) {
      me_.overflow.add(
          {static_cast<std::uint32_t>(first - base), static_cast<std::uint32_t>(count)});
    } else if constexpr (kTimed<R>) {
      for (std::size_t i = 0; i < count; ++i) add_wire(first[i], level, channel, up, i);
    }
  }

  template <class R>
  void add_wire(R& r, int level, std::uint64_t channel, bool up, std::size_t wire) {
    const auto k = static_cast<std::size_t>(level);
    const int dir = up ? 0 : 1;
    const double delay = (*ctx_.delay)[k][channel & 1][dir][wire];
    const std::uint64_t length = ctx_.wires->table[k][channel & 1][dir][wire];
    if (up && level == ctx_.levels)  // a record's first wire starts its timing (cycle())
      r.t = Timed::first(delay, length);
    else
      r.t.add(delay, length);
  }
  template <class R>
  void add_nack(const R& r) {
    const Timed& t = r.t;
    me_.slowest = std::max(me_.slowest, 2 * ctx_.timing->head(t.delay, t.wires()) + 1);
  }
  // With wire timing, an overflowing channel's outcome: the records run[at(i)], i < cap, pass on
  // wire i, the rest (to o.count) are acknowledged negatively. A record dropped on its first
  // channel (up at level L) has won nothing, so all of those heads are ctx_.first_nack.
  template <class R, class At>
  void time_channel(R* run, const Overflow& o, int level, bool up, std::uint32_t cap, At at) {
    if constexpr (kTimed<R>) {
      // The channel at `level` above the run's sources (up records) or destinations (down).
      const int shift = ctx_.levels - level;
      std::uint64_t channel = 0;
      if constexpr (std::is_same_v<R, TimedUp>)
        channel = std::uint64_t{run[0].src} >> shift;
      else
        channel = std::uint64_t{run[0].dst} >> shift;
      for (std::uint32_t i = 0; i < cap; ++i) add_wire(run[at(i)], level, channel, up, i);
      if (up && level == ctx_.levels) {
        me_.slowest = std::max(me_.slowest, ctx_.first_nack);
        return;
      }
      for (std::uint32_t i = cap; i < o.count; ++i) add_nack(run[at(i)]);
    }
  }

  // Places the level's overflowing channels in the random stream, resolves them and advances the
  // stream past the level. Returns false if the other lane failed.
  template <class R>
  bool concentrate_level(R* base, int level, bool up) {
    const std::uint64_t cap = (*ctx_.cap)[static_cast<std::size_t>(level)];
    if (ctx_.policy == SwitchPolicy::kRandom) {
      if (!sync()) return false;  // both lanes' overflows are known
      const Cycle::Lane& other = c_.lane[1 - id_];
      const bool two = c_.lanes == 2;
      const std::uint64_t touched =
          me_.touched + (two ? other.touched : 0) +
          (up && !c_.lift_at.empty() ? c_.lift_at[static_cast<std::size_t>(level)] : 0);
      const std::uint64_t total = me_.overflow.size() + (two ? other.overflow.size() : 0);
      // More than an eighth of the channels in use: ascending channel order; else by lowest key.
      const bool dense = touched > (std::uint64_t{1} << level) / 8;
      const std::size_t mine = me_.overflow.size();
      if (dense) {
        // Lane 1's channels follow lane 0's.
        const std::uint64_t base_rank = two && id_ == 1 ? other.overflow.size() : 0;
        for (std::size_t i = 0; i < mine; ++i)
          resolve(base + me_.overflow[i].start, me_.overflow[i], level, up,
                  rng_state_ + (base_rank + i) * cap * kGamma);
      } else if (total > 0) {
        // A run's first record has its lowest key (runs are in key order, and nothing of this
        // level is resolved yet).
        me_.by_key.clear();
        for (std::uint32_t i = 0; i < mine; ++i)
          me_.by_key.push_back({base[me_.overflow[i].start].key, i});
        std::sort(me_.by_key.begin(), me_.by_key.end());
        if (!sync()) return false;  // both lanes' lists are sorted
        // Each channel's place in the draw order: its own list's before it, and the other
        // lane's with a lower key (the channels are independent, so in this order they resolve).
        std::size_t j = 0;
        for (std::size_t i = 0; i < me_.by_key.size(); ++i) {
          if (two)
            while (j < other.by_key.size() && other.by_key[j].first < me_.by_key[i].first) ++j;
          const Overflow& o = me_.overflow[me_.by_key[i].second];
          resolve(base + o.start, o, level, up, rng_state_ + (i + j) * cap * kGamma);
        }
      }
      rng_state_ += total * cap * kGamma;
    } else {
      for (const Overflow& o : me_.overflow) resolve(base + o.start, o, level, up, 0);
    }
    return sync();  // the level is complete before anyone reads it
  }

  // One overflowing channel's ideal concentrator: cap of its records pass (a uniform random
  // subset by a partial Fisher-Yates shuffle of the key order, or the lowest keys), the i-th of
  // them on wire i; the others are dropped and get a negative acknowledgment. The survivors move
  // to the front of the run in key order and the rest of the run is marked dead; going up, a
  // random switch's channel of at most 64 records marks the dropped ones where they stand.
  template <class R>
  [[gnu::always_inline]] void resolve(R* run, const Overflow& o, int level, bool up,
                                      std::uint64_t state) {
    const std::uint32_t count = o.count;
    const auto cap = static_cast<std::uint32_t>((*ctx_.cap)[static_cast<std::size_t>(level)]);
    if (ctx_.policy == SwitchPolicy::kPriority) {
      time_channel(run, o, level, up, cap, [](std::uint32_t i) { return i; });
      for (std::uint32_t i = cap; i < count; ++i) run[i].key = kDead;
      return;
    }
    SplitMix64 rng(state);
    if (count <= 64) {
      // A small channel: the shuffle in bytes, the survivors as a bit mask.
      std::array<std::uint8_t, 64> pos = kFirst64;
      std::uint64_t chosen = 0;
      for (std::uint32_t i = 0; i < cap; ++i) {
        std::swap(pos[i], pos[i + static_cast<std::uint32_t>(rng.below(count - i))]);
        chosen |= std::uint64_t{1} << pos[i];
      }
      time_channel(run, o, level, up, cap, [&pos](std::uint32_t i) { return pos[i]; });
      if (up) {
        // Going up the next scan skips dead records wherever they stand: mark, do not move.
        // Without a branch (which survives is random): a dropped record's key ORs with all ones.
        static_assert(kDead == 0xFFFFFFFFu);
        for (std::uint32_t i = 0; i < count; ++i)
          run[i].key |= static_cast<std::uint32_t>((chosen >> i) & 1) - 1u;
        return;
      }
      std::uint32_t w = 0;
      for (; chosen != 0; chosen &= chosen - 1) run[w++] = run[std::countr_zero(chosen)];
      for (; w < count; ++w) run[w].key = kDead;
      return;
    }
    auto& pos = me_.shuffle;
    pos.resize(count);
    std::iota(pos.begin(), pos.end(), 0u);
    for (std::uint32_t i = 0; i < cap; ++i)
      std::swap(pos[i], pos[i + static_cast<std::uint32_t>(rng.below(count - i))]);
    time_channel(run, o, level, up, cap, [&pos](std::uint32_t i) { return pos[i]; });
    for (std::uint32_t i = 0; i < cap; ++i) run[pos[i]].key |= kChosen;
    std::uint32_t w = 0;
    for (std::uint32_t i = 0; i < count; ++i)
      if (run[i].key & kChosen) {
        run[w] = run[i];
        run[w++].key &= ~kChosen;
      }
    for (; w < count; ++w) run[w].key = kDead;
  }

  // The bottom c_.passed = D levels at once (docs/routing.md, "The levels that cannot overflow"):
  // no channel there gets more records than its capacity, so every record passes them and nothing
  // is drawn. From the records of buffer `in` [0, count), in source order (each source's in key
  // order; with `leaves_done` the leaf channels' survivors, whose level-L steps cycle() counted),
  // it writes the runs of the channels at level f = L - D, each in key order, to the other buffer,
  // and the records that turn below f to the turning lists T_L ... T_{f+1}. The lanes split at a
  // node of level f. Returns false if the other lane failed.
  bool pass_bottom(int in, std::size_t count, bool leaves_done) {
    const int levels = ctx_.levels;
    const int passed = c_.passed;
    const int f = levels - passed;
    const Up* recs = c_.records<Up>(in);
    std::size_t lo = 0, hi = count;
    if (c_.lanes == 2) (id_ == 0 ? hi : lo) = node_split(recs, count, passed);
    begin_level();
    out_ = 1 - in;
    Up* out = c_.records<Up>(out_);
    std::size_t& out_begin = me_.out_begin[out_];
    out_begin = lo;
    // The lane's part of the output, [lo, hi): the continuing records from its front, the turning
    // ones from its back (together they are at most the records read).
    Up* w = out + lo;
    Up* back = out + hi;
    Tally tally = begin_tally(f);
    const std::uint64_t below_f = static_cast<std::uint64_t>(passed - (leaves_done ? 1 : 0));
    std::uint64_t steps = 0;
    // A record turning below f, at the node of level t: its turning list is T_{t + 1}, by the
    // down channel there, then by key. A node's turning records are kept at the back in the
    // reverse of that order (read backwards they come in it).
    const auto turn_level = [levels](const Up& r) { return common_level(levels, r.src, r.dst); };
    const auto later_turn = [&](const Up& a, const Up& b) {
      const int ta = turn_level(a), tb = turn_level(b);
      if (ta != tb) return ta > tb;
      const std::uint32_t ca = a.dst >> (levels - ta - 1), cb = b.dst >> (levels - tb - 1);
      if (ca != cb) return ca > cb;
      return a.key > b.key;
    };
    const auto by_key = [](const Up& a, const Up& b) { return a.key < b.key; };
    for (std::size_t i = lo; i < hi;) {
      const std::uint32_t node = recs[i].src >> passed;
      Up* first = w;
      Up* const node_back = back;
      for (; i < hi && (recs[i].src >> passed) == node; ++i) {
        const Up& r = recs[i];
        if (((r.src ^ r.dst) >> passed) != 0)
          *w++ = r;
        else
          *--back = r;
      }
      // The node's continuing records in key order (each source's are already).
      if (!c_.keys_by_source) {
        if (w - first > 16)
          std::sort(first, w, by_key);
        else
          insert_by_key(first, first, w);
      }
      steps += below_f * static_cast<std::uint64_t>(w - first);
      for (const Up* t = back; t != node_back; ++t)
        steps += static_cast<std::uint64_t>(levels - turn_level(*t)) - (leaves_done ? 1 : 0);
      if (node_back - back > 1) std::sort(back, node_back, later_turn);
      finish_run(tally, out + out_begin, first, w, f, node, true);
    }
    end_tally(tally);
    me_.steps += steps;
    me_.out_size[out_] = static_cast<std::size_t>(w - (out + out_begin));
    // The turning records to their lists: T_L first, then T_{L-1}, ..., T_{f+1}.
    std::vector<Down>& turn = me_.turns<Down>();
    std::array<std::size_t, 64> at{};  // by turn level t: where T_{t+1}'s next record goes
    const Up* const back_end = out + hi;
    for (const Up* t = back; t != back_end; ++t) ++at[static_cast<std::size_t>(turn_level(*t))];
    std::size_t total = 0;
    for (int t = levels - 1; t >= f; --t) {
      const std::size_t here = at[static_cast<std::size_t>(t)];
      at[static_cast<std::size_t>(t)] = total;
      me_.turn_at[static_cast<std::size_t>(t) + 1] = total;
      total += here;
    }
    me_.turn_at[static_cast<std::size_t>(f)] = total;
    turn.resize(total);
    for (const Up* t = back_end; t != back;) {
      --t;
      turn[at[static_cast<std::size_t>(turn_level(*t))]++] = down_of(*t);
    }
    return concentrate_level(out + out_begin, f, true);
  }

  // Up from level k + 1 to level k: the records of node j's children merge in key order; those
  // whose destination is below j turn there (into the down channel at level k + 1 beside their
  // own) and the rest use the up channel (k, j). The turning ones are kept by destination channel
  // (the right child's first), in key order.
  void up_step(const Parts<Up>& parts, Up* out, int k) {
    if (k == 0)
      up_step_at<true>(parts, out, k);
    else
      up_step_at<false>(parts, out, k);
  }
  // kRoot: k = 0, where every message turns and two lanes split by child instead of by node.
  template <bool kRoot>
  void up_step_at(const Parts<Up>& parts, Up* out, int k) {
    const int levels = ctx_.levels;
    const int shift = levels - k - 1;  // channel at level k + 1 = src >> shift
    const auto channel = [shift](const Up& r) { return r.src >> shift; };
    // This lane's share: the nodes j in [lo, hi); at k = 0 lane 0 takes the right child's
    // messages (they turn into down channel 0) and lane 1 the left's.
    std::uint64_t lo = 0, hi = UINT64_MAX;
    int child_mask = 3;
    const std::size_t total = parts.total();
    if (c_.lanes == 2) {
      if (k == 0) {
        child_mask = id_ == 0 ? 2 : 1;
      } else if (total > 0) {
        const std::size_t half = total / 2;
        const Up& median = half < parts.part[0].size
                               ? parts.part[0].data[half]
                               : parts.part[1].data[half - parts.part[0].size];
        const std::uint64_t mid = channel(median) >> 1;
        (id_ == 0 ? hi : lo) = mid;
      } else if (id_ == 1) {
        lo = hi = UINT64_MAX;  // only lifted records join: lane 0 takes them all
      }
    }
    // Where the lane writes: after everything lane 0 reads (an output never outgrows its input).
    std::size_t before = 0;
    std::array<Span<Up>, 2> mine{};
    for (std::size_t p = 0; p < 2; ++p) {
      const Span<Up>& s = parts.part[p];
      const auto parent_below = [&](std::uint64_t bound) {
        return static_cast<std::size_t>(
            std::partition_point(s.begin(), s.end(),
                                 [&](const Up& r) { return (channel(r) >> 1) < bound; }) -
            s.begin());
      };
      const std::size_t a = lo == 0 ? 0 : parent_below(lo);
      const std::size_t b = hi == UINT64_MAX ? s.size : parent_below(hi);
      mine[p] = {s.data + a, b - a};
      before += a;
    }
    // The lifted records joining at this level, cut at the same nodes (untimed cycles only).
    Span<Up> mine_lifted{};
    if constexpr (!kTimed<Up>)
      if (!c_.lift_at.empty()) {
        const auto at = static_cast<std::size_t>(k);
        Up* const from = c_.lifted.data() + c_.lift_at[at];
        Up* const to = c_.lifted.data() + c_.lift_at[at + 1];
        const auto node_below = [&](std::uint64_t bound) {
          return std::partition_point(from, to,
                                      [&](const Up& r) { return (channel(r) >> 1) < bound; });
        };
        Up* const a = lo == 0 ? from : node_below(lo);
        Up* const b = hi == UINT64_MAX ? to : node_below(hi);
        mine_lifted = {a, static_cast<std::size_t>(b - a)};
        before += static_cast<std::size_t>(a - from);
      }
    std::size_t& out_begin = me_.out_begin[out_];
    out_begin = id_ == 0 || k == 0 ? 0 : before;
    Up* w = out + out_begin;
    // One scan over the lane's records (both parts, in channel order). A node's records arrive
    // as its left child's run, then its right child's, each in key order: the continuing ones
    // are written out as they come and merged when the node ends (an insertion sort when few,
    // else a merge with the left ones copied aside); the turning ones go to T_{k+1}, the right
    // child's first (they turn into down channel 2j, the left's into 2j + 1).
    const int down_shift = levels - k;  // the node at level k above dst = dst >> down_shift
    const int node_shift = shift + 1;   // node at level k = src >> node_shift
    std::vector<Down>& turn = me_.turns<Down>();
    std::vector<Down>& left_turn = me_.left_turns<Down>();
    left_turn.clear();
    Tally tally = begin_tally(k);
    std::uint64_t j = UINT64_MAX;
    Up* first = w;  // the node's continuing records
    Up* mid = w;    // ... the right child's from here
    bool in_right = false;
    const auto end_node = [&]() __attribute__((always_inline)) {
      if (j == UINT64_MAX) return;
      if (!left_turn.empty()) {
        turn.insert(turn.end(), left_turn.begin(), left_turn.end());
        left_turn.clear();
      }
      if (!in_right) mid = w;
      if (mid != first && mid != w) {
        if (w - first <= 16) {
          insert_by_key(first, mid, w);
        } else {
          // The output never passes the right child's next record, so it merges in place.
          std::vector<Up>& left = me_.merge_lefts<Up>();
          left.assign(first, mid);
          const Up* a = left.data();
          const Up* ae = a + left.size();
          const Up* b = mid;
          Up* o = first;
          while (a != ae && b != w) *o++ = a->key < b->key ? *a++ : *b++;
          while (a != ae) *o++ = *a++;
        }
      }
      if (!kRoot) finish_run(tally, out + out_begin, first, w, k, j, true);
    };
    const auto visit = [&](const Up& r) __attribute__((always_inline)) {
      const std::uint64_t node = r.src >> node_shift;
      if (node != j) {
        end_node();
        j = node;
        first = mid = w;
        in_right = false;
      }
      const bool right = (r.src >> shift) & 1;
      if (right && !in_right) {
        in_right = true;
        mid = w;
      }
      if (kRoot && !(child_mask & (right ? 2 : 1))) return;
      if (kRoot || (std::uint64_t{r.dst} >> down_shift) == node)
        (right ? turn : left_turn).push_back(down_of(r));
      else
        *w++ = r;
    };
    // Dropped records (anywhere in their run going up: resolve marks a small random channel's
    // where they stand) are skipped: a node of dropped records only is never opened, as if it
    // were empty. Lifted records joining here are each alone in their channel at level k + 1, so
    // they go between the runs, in source order.
    const Up* lift = mine_lifted.begin();
    const Up* const lift_end = mine_lifted.end();
    if (lift == lift_end) {
      for (std::size_t p = 0; p < 2; ++p)
        for (const Up& r : mine[p])
          if (r.key != kDead) visit(r);
    } else {
      for (std::size_t p = 0; p < 2; ++p)
        for (const Up& r : mine[p]) {
          if (r.key == kDead) continue;
          while (lift != lift_end && lift->src < r.src) visit(*lift++);
          visit(r);
        }
      while (lift != lift_end) visit(*lift++);
    }
    end_node();
    end_tally(tally);
    me_.out_size[out_] = static_cast<std::size_t>(w - (out + out_begin));
  }

  // Down from level k - 1 to level k: child c of node j takes j's records whose dst is below c,
  // merged in key order with the records that turn into c.
  void down_step(const Parts<Down>& parts, Down* out, int k) {
    const int levels = ctx_.levels;
    const int shift = levels - k;  // channel at level k = dst >> shift
    const auto child = [shift](const Down& r) { return std::uint64_t{r.dst} >> shift; };
    const auto parent = [&](const Down& r) { return child(r) >> 1; };
    // T_k from both lanes.
    Parts<Down> turn;
    for (int l = 0; l < c_.lanes; ++l) {
      Cycle::Lane& from = c_.lane[l];
      const std::size_t a = from.turn_at[static_cast<std::size_t>(k)];
      const std::size_t b = from.turn_at[static_cast<std::size_t>(k) - 1];
      turn.part[static_cast<std::size_t>(l)] = {from.turns<Down>().data() + a, b - a};
    }
    // This lane's children: [lo, hi), split at a node (k >= 2) near the middle of the parents'
    // records, or at k = 1 one child each.
    std::uint64_t lo = 0, hi = UINT64_MAX;
    if (c_.lanes == 2) {
      std::uint64_t mid = 1;
      if (k >= 2) {
        const Parts<Down>& by = parts.total() > 0 ? parts : turn;
        const std::size_t total = by.total(), half = total / 2;
        mid = 0;
        if (total > 0) {
          const Down& median = half < by.part[0].size ? by.part[0].data[half]
                                                      : by.part[1].data[half - by.part[0].size];
          mid = (parts.total() > 0 ? parent(median) : child(median) >> 1) * 2;
        }
      }
      (id_ == 0 ? hi : lo) = mid;
    }
    std::size_t before = 0;
    const auto slice = [&](const Parts<Down>& in, auto key, std::uint64_t from, std::uint64_t to,
                           bool count_before) {
      std::array<Span<Down>, 2> mine{};
      for (std::size_t p = 0; p < 2; ++p) {
        const Span<Down>& s = in.part[p];
        const auto below = [&](std::uint64_t bound) {
          return static_cast<std::size_t>(
              std::partition_point(s.begin(), s.end(),
                                   [&](const Down& r) { return key(r) < bound; }) -
              s.begin());
        };
        const std::size_t a = from == 0 ? 0 : below(from);
        const std::size_t b = to == UINT64_MAX ? s.size : below(to);
        mine[p] = {s.data + a, b - a};
        if (count_before) before += a;
      }
      return mine;
    };
    const auto my_parts = slice(parts, parent, lo / 2, hi == UINT64_MAX ? hi : (hi + 1) / 2, true);
    const auto my_turn = slice(turn, child, lo, hi, true);
    std::size_t& out_begin = me_.out_begin[out_];
    out_begin = id_ == 0 ? 0 : before;
    Down* w = out + out_begin;
    Tally tally = begin_tally(k);
    std::size_t dp = 0, tp = 0;
    Down* d = my_parts[0].data;
    Down* t = my_turn[0].data;
    const auto skip = [](const std::array<Span<Down>, 2>& in, std::size_t& p, Down*& r) {
      while (p < 2 && r == in[p].end()) {
        ++p;
        r = p < 2 ? in[p].data : nullptr;
      }
    };
    skip(my_parts, dp, d);
    skip(my_turn, tp, t);
    while (dp < 2 || tp < 2) {
      const std::uint64_t j =
          std::min(dp < 2 ? parent(*d) : UINT64_MAX, tp < 2 ? child(*t) >> 1 : UINT64_MAX);
      Span<Down> from{};
      if (dp < 2 && parent(*d) == j) {
        Down* e = run_end(d, my_parts[dp].end(), parent);
        from = {d, static_cast<std::size_t>(e - d)};
        d = e;
        skip(my_parts, dp, d);
      }
      for (std::uint64_t c = 2 * j; c <= 2 * j + 1; ++c) {
        Span<Down> joining{};
        if (tp < 2 && child(*t) == c) {
          Down* e = run_end(t, my_turn[tp].end(), child);
          joining = {t, static_cast<std::size_t>(e - t)};
          t = e;
          skip(my_turn, tp, t);
        }
        if (c < lo || c >= hi) continue;
        Down* first = w;
        w = merge_down(from, joining, w, c, shift);
        finish_run(tally, out + out_begin, first, w, k, c, false);
      }
    }
    end_tally(tally);
    me_.out_size[out_] = static_cast<std::size_t>(w - (out + out_begin));
  }

  static Down* merge_down(Span<Down> from, Span<Down> joining, Down* w, std::uint64_t c,
                          int shift) {
    const Down* a = from.begin();
    const Down* ae = from.end();
    const auto next = [&] {
      for (; a != ae; ++a) {
        if (a->key == kDead) {
          a = ae;
          break;
        }
        if ((std::uint64_t{a->dst} >> shift) == c) break;
      }
    };
    next();
    const Down* b = joining.begin();
    const Down* be = joining.end();
    while (a != ae && b != be) {
      if (a->key < b->key) {
        *w++ = *a++;
        next();
      } else {
        *w++ = *b++;
      }
    }
    for (; a != ae; ++a, next()) *w++ = *a;
    for (; b != be; ++b) *w++ = *b;
    return w;
  }

  Cycle& c_;
  int id_;
  Cycle::Lane& me_;
  const LevelContext& ctx_;
  std::uint64_t rng_state_;
  int out_ = 0;  // the buffer the current level is written to
};

// The most levels a dense cycle's records are counted into source order in one pass (cycle()).
constexpr int kOnePassLevels = 22;
// A dense cycle's leaf channels of one wire are resolved as its records are written when its
// sending sources send at least 5/2 records on average (cycle()).
constexpr std::uint64_t kLeafDropTimesTwo = 5;
// ... 3/2 with wire timing, whose records (32 bytes) cost more to write and scan at level L: the
// 3D headline's fat-tree row routes in 2.2–2.8 s against 2.5–2.9 s at 5/2 (measured alternately).
constexpr std::uint64_t kTimedLeafDropTimesTwo = 3;

// Sorts the up records [0, count) of buffer `in` by src, keeping key order within a source (they
// arrive in key order), with the other buffer as scratch; returns the buffer that holds the result.
// cycle() calls it only when the records are out of order (it learns that as it writes them).
template <class Up>
int sort_by_source(DeliverySimulator::Cycle& c, int in, std::size_t count, int levels) {
  const int passes = (levels + 10) / 11;
  const int bits = (levels + passes - 1) / passes;
  const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
  auto& counts = c.radix;
  for (int pass = 0, shift = 0; pass < passes; ++pass, shift += bits) {
    Up* from = c.records<Up>(in);
    Up* to = c.records<Up>(1 - in);
    counts.assign(std::size_t{1} << bits, 0);
    for (std::size_t i = 0; i < count; ++i) ++counts[(from[i].src >> shift) & mask];
    std::uint32_t sum = 0;
    for (auto& n : counts) {
      const std::uint32_t here = n;
      n = sum;
      sum += here;
    }
    for (std::size_t i = 0; i < count; ++i) to[counts[(from[i].src >> shift) & mask]++] = from[i];
    in = 1 - in;
  }
  return in;
}

// Lifts the records that are alone in their up channels (docs/routing.md, "Lifting lone
// messages"). The channel at level k above a leaf s is s >> (L - k), so two records share their
// channels exactly at the levels k <= L - bit_width(s ^ s'): in source order a record's deepest
// shared level, sh, is that of a neighbour, and it turns at the node of level
// tl = L - bit_width(src ^ dst). Below f = max(sh, tl) it is alone in every channel it uses, and
// with every capacity at least one it passes them with nothing drawn: a record with f <= L - 2
// leaves the level-L array for `lifted` (bucketed by f, in source order) and joins the up step at
// level f; its steps at levels L .. f + 1 are counted here. Returns the records kept.
std::size_t lift_alone(DeliverySimulator::Cycle& c, int in, std::size_t count, int levels,
                       std::uint64_t& steps) {
  Up* recs = c.records<Up>(in);
  // Reads records i - 1 .. i + 1; the compaction below writes only below i.
  const auto lift_level = [&](std::size_t i) {
    int f = common_level(levels, recs[i].src, recs[i].dst);
    if (i > 0) f = std::max(f, common_level(levels, recs[i].src, recs[i - 1].src));
    if (i + 1 < count) f = std::max(f, common_level(levels, recs[i].src, recs[i + 1].src));
    return f;
  };
  const auto top = static_cast<std::size_t>(levels);
  c.lift_at.assign(top + 1, 0);
  std::size_t lifted = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const int f = lift_level(i);
    if (f <= levels - 2) ++c.lift_at[static_cast<std::size_t>(f) + 1], ++lifted;
  }
  if (lifted == 0) {
    c.lift_at.clear();
    return count;
  }
  for (std::size_t k = 1; k <= top; ++k) c.lift_at[k] += c.lift_at[k - 1];
  c.lifted.resize(lifted);
  std::vector<std::size_t>& next = c.lift_next;
  next.assign(c.lift_at.begin(), c.lift_at.end());
  std::size_t kept = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const int f = lift_level(i);
    if (f <= levels - 2) {
      c.lifted[next[static_cast<std::size_t>(f)]++] = recs[i];
      steps += static_cast<std::uint64_t>(levels - f);
    } else {
      recs[kept++] = recs[i];
    }
  }
  return kept;
}

}  // namespace

// Resolves the levels of a cycle whose `count` up records fill buffer `in` in source order (from
// level L - 1 when `leaves_done`, cycle()'s leaf channels resolved as they were written); returns
// the slowest negative acknowledgment of the lanes and adds their steps.
double DeliverySimulator::run_levels(int in, std::size_t count, bool leaves_done,
                                     std::uint32_t most_from_one, bool keys_by_source) {
  Cycle& c = *work_;
  const int levels = tree_.levels();
  // Lone records skip the levels where they cannot meet another: in sparse cycles only (the
  // store then holds at most n/16 records, within the memory estimate's room), without wire
  // timing (a wire per level to charge) and with every capacity at least one.
  c.lift_at.clear();
  std::size_t kept = count;
  std::uint64_t lifted_steps = 0;
  if (!leaves_done && !wires_ && count * 16 <= tree_.processors() &&
      *std::min_element(cap_.begin(), cap_.end()) >= 1)
    kept = lift_alone(c, in, count, levels, lifted_steps);
  // The bottom levels no channel of which can overflow: a channel at level k gathers the records
  // of 2^(L - k) sources, at most most_from_one each (docs/routing.md, "The levels that cannot
  // overflow"). Not with wire timing (a record's wire is its place in each channel) nor beside
  // lifting; the top level passed leaves at least level 1 to the scans. From the leaves' survivors
  // (level L resolved in cycle()) it is worth it from two levels.
  c.passed = 0;
  if (!wires_ && c.lift_at.empty() && most_from_one > 0) {
    for (int k = levels; k >= 2; --k) {
      const int below = levels - k;  // the channel gathers 2^below sources
      if (below >= 32 ||
          (std::uint64_t{most_from_one} << below) > cap_[static_cast<std::size_t>(k)])
        break;
      ++c.passed;
    }
    if (leaves_done && c.passed < 2) c.passed = 0;
  }
  levels_passed_ += static_cast<std::uint64_t>(c.passed);
  c.keys_by_source = keys_by_source;
  const LevelContext ctx{
      levels, policy_, &cap_, wires_, &delay_, &timing_, wires_ ? 2 * timing_.head(0, 0) + 1 : 0};
  c.lanes = count >= parallel_threshold_ ? 2 : 1;
  c.failure = {};
  c.barrier.reset();
  for (auto& lane : c.lane) {
    lane.steps = 0, lane.slowest = 0, lane.out_begin = lane.out_size = {};
    // Room for every turning message: only the pages written count (8 bytes a message, 24 with
    // wire timing).
    if (wires_)
      lane.timed_turn.reserve(count);
    else
      lane.turn.reserve(count);
  }
  if (leaves_done) c.lane[0].out_size[in] = count;  // the survivors, lane 0's part
  std::array<std::uint64_t, 2> state{rng_state_, rng_state_};
  const auto work = [&](int id) {
    const auto run = [&](auto lane) {
      if (lane.run(in, kept, leaves_done)) state[static_cast<std::size_t>(id)] = lane.rng_state();
    };
    try {
      if (wires_)
        run(LaneWork<TimedUp>(c, id, ctx, rng_state_));
      else
        run(LaneWork<Up>(c, id, ctx, rng_state_));
    } catch (...) {
      c.failure[static_cast<std::size_t>(id)] = std::current_exception();
      c.barrier.fail();
    }
  };
  if (c.lanes == 2) {
    std::thread second(work, 1);
    work(0);
    second.join();
  } else {
    work(0);
  }
  for (const auto& failure : c.failure)
    if (failure) std::rethrow_exception(failure);
  rng_state_ = state[0];
  steps_ += lifted_steps;
  double slowest = 0;
  for (int l = 0; l < c.lanes; ++l) {
    steps_ += c.lane[l].steps;
    slowest = std::max(slowest, c.lane[l].slowest);
  }
  return slowest;
}

std::vector<std::uint32_t> DeliverySimulator::cycle(const std::vector<std::uint32_t>& sent) {
  if (switched_) {
    auto delivered = switched_->cycle(sent);
    steps_ = switched_->steps();
    elapsed_ = switched_->elapsed();
    elapsed_bound_ = switched_->elapsed_bound();
    if (observer_) observer_(sent, delivered);
    return delivered;
  }
  FTVLSI_ASSERT(sent.size() < kChosen);
  Cycle& c = *work_;
  const std::size_t m = sent.size();
  const int levels = tree_.levels();
  // The records, in key order; a message to its own processor is delivered at once.
  const std::size_t words = (wires_ ? sizeof(TimedUp) : sizeof(Up)) / 4 * m + 8;
  if (c.buffer_words < words) {
    for (auto& b : c.buffer) b.reset(new std::uint32_t[words]);  // default-initialized
    c.buffer_words = words;
  }
  c.delivered.assign(m, 0);
  c.compact = false;
  // The path lengths per key are sized once the keys are known (before the records are written).
  const auto size_lengths = [&](std::size_t keys) {
    if (wires_) c.length_of.resize(keys);
  };
  bool leaves_done = false;  // the leaf channels resolved as the records are written
  std::size_t count = 0;
  std::uint64_t turns = 0;  // bit k: a message sent turns at level k (with round-trip bounds)
  // The records of sent[from, to): record r of them, sent[i], gets the key key(r, i) and goes to
  // place(source, r, key, i), unless that is kSkip (a message its leaf channel drops, when the
  // leaves are resolved here); a message to its own processor is delivered at once. Returns how
  // many were written and the turn levels' bits.
  constexpr std::size_t kSkip = SIZE_MAX;
  const auto sent_key = [](std::size_t, std::size_t i) { return static_cast<std::uint32_t>(i); };
  // What write_as wrote: how many records, the turn levels' bits, whether their sources ascend
  // (from first_src to last_src) and, if they do, the most records of one source (most_run; the
  // last source's run is last_run records long).
  struct Written {
    std::size_t here = 0;
    std::uint64_t turn_bits = 0;
    bool in_order = true;
    std::uint32_t first_src = 0, last_src = 0;
    std::uint32_t last_run = 0, most_run = 0;
  };
  // With wire timing a record's first wire (up from its processor, level L) starts its timing:
  // here when the leaves are resolved here, else where level L is (LaneWork::add_wire).
  // A small p-subset of a large set is scattered over it: fetch ahead (a list of an eighth of
  // the set or more reads about a cache line a message anyway). The turn levels only matter for
  // the round-trip bounds.
  const bool scattered = 8 * m < messages_.size();
  const bool bounded = !round_trip_bound_.empty();
  const auto write_as = [&]<class U>(U* recs, std::size_t from, std::size_t to, auto&& place,
                                     auto&& key) {
    Written w;
    for (std::size_t i = from; i < to; ++i) {
      if (scattered && i + 16 < m) __builtin_prefetch(&messages_[sent[i + 16]]);
      const auto [s, d] = messages_[sent[i]];
      if (s == d) {
        c.delivered[i] = 1;
        if (wires_ && !leaves_done) c.length_of[i] = kNoPath;
        continue;
      }
      if (bounded) w.turn_bits |= std::uint64_t{1} << common_level(levels, s, d);
      const std::uint32_t k = key(w.here, i);
      const std::size_t at = place(s, w.here, k, i);
      if (at == kSkip) continue;
      if constexpr (kTimed<U>) {
        const auto top = static_cast<std::size_t>(levels);
        recs[at] = {k, s, d,
                    leaves_done
                        ? Timed::first(delay_[top][s & 1][0][0], wires_->table[top][s & 1][0][0])
                        : Timed{}};
      } else {
        recs[at] = {k, s, d};
      }
      if (w.here == 0) w.first_src = s;
      w.in_order = w.in_order && s >= w.last_src;
      w.last_run = s == w.last_src ? w.last_run + 1 : 1;  // from 0 for the first
      w.most_run = std::max(w.most_run, w.last_run);
      w.last_src = s;
      ++w.here;
    }
    return w;
  };
  const auto write_records = [&](std::size_t from, std::size_t to, auto&& place, auto&& key) {
    return wires_ ? write_as(c.records<TimedUp>(0), from, to, place, key)
                  : write_as(c.records<Up>(0), from, to, place, key);
  };
  // A cycle sending n messages or more, on a tree of up to 2^kOnePassLevels leaves, is written
  // in source order at once (a counting sort by source, stable, so in the order sort_by_source
  // gives): the radix sort's two passes would write both buffers in full, this writes one, and
  // its counts (4 bytes a leaf) take less than the other's 12 a message. Records already in
  // source order are written as they come.
  bool by_source = levels <= kOnePassLevels && m >= tree_.processors();
  bool in_order = false;  // known to be in source order already
  // The most records one source sends, when known (else 0): the levels whose channels cannot get
  // more than their capacity are passed in one scan (run_levels).
  std::uint32_t most_from_one = 0;
  std::uint64_t leaf_steps = 0;  // with leaves_done: the records' steps on their leaf channels
  double leaf_slowest = 0;       // ... and a dropped one's negative acknowledgment
  if (by_source) {
    in_order = true;
    for (std::size_t i = 0, last = 0; i < m && in_order; ++i) {
      const auto [s, d] = messages_[sent[i]];
      if (s == d) continue;
      in_order = s >= last;
      last = s;
    }
    by_source = !in_order;
  }
  if (by_source) {
    // On two lanes for a big cycle, each counting and writing its half: lane 1's records of a
    // source go after lane 0's, so the order is the one-lane order.
    const std::size_t n = tree_.processors();
    const int lanes = m >= parallel_threshold_ ? 2 : 1;
    const std::array<std::size_t, 3> half = lane_halves(lanes, m);
    c.radix.assign(n + 1, 0);
    c.radix_second.assign(lanes == 2 ? n + 1 : 0, 0);
    run_lanes(lanes, [&](int l) {
      std::vector<std::uint32_t>& counts = l == 0 ? c.radix : c.radix_second;
      for (std::size_t i = half[l]; i < half[l + 1]; ++i) {
        if (i + 16 < m) __builtin_prefetch(&messages_[sent[i + 16]]);
        const auto [s, d] = messages_[sent[i]];
        if (s != d) ++counts[s + 1];
      }
    });
    const auto sent_by = [&](std::size_t s) {
      return std::pair{c.radix[s + 1], lanes == 2 ? c.radix_second[s + 1] : 0};
    };
    // A dense cycle on leaf channels of one wire is resolved here (docs/routing.md, "The leaf
    // channels while writing"): LaneWork would draw, in ascending source order (a dense level's
    // order), one number for each source sending two or more, and keep the record it picks.
    // Two lanes take half of the sources each (lane 1's ranks and places follow lane 0's).
    const std::array<std::size_t, 3> src = lane_halves(lanes, n);
    std::array<std::uint64_t, 2> touched{0, 0}, overflowing{0, 0}, sends_of{0, 0};
    if (cap_[static_cast<std::size_t>(levels)] == 1) {
      run_lanes(lanes, [&](int l) {
        std::uint64_t used = 0, over = 0, sends = 0;  // locals: the lanes share a cache line
        for (std::size_t s = src[l]; s < src[l + 1]; ++s) {
          const auto [first, second] = sent_by(s);
          used += first + second != 0;
          over += first + second > 1;
          sends += first + second;
        }
        touched[l] = used, overflowing[l] = over, sends_of[l] = sends;
      });
      // concentrate_level's test of a dense level; and only where the leaves drop most records
      // (2.5 or more a sending source on average): with fewer, writing every record and
      // scanning level L was measured faster (a uniform set of 2n messages on 2^20 leaves, GREEDY:
      // 34–39 s against 40–42 s).
      const std::uint64_t using_leaves = touched[0] + touched[1];
      leaves_done = using_leaves > (std::uint64_t{1} << levels) / 8 &&
                    2 * (sends_of[0] + sends_of[1]) >=
                        (wires_ ? kTimedLeafDropTimesTwo : kLeafDropTimesTwo) * using_leaves;
    }
    std::uint32_t placed = 0;
    std::array<std::uint32_t, 2> key_base{};  // with leaves_done: each lane's first new key
    if (leaves_done) {
      // Each lane gets a countdown to its record that passes, and the survivors are placed in
      // source order.
      for (int l = 0; l < lanes; ++l) c.leaf_pick[static_cast<std::size_t>(l)].resize(n);
      std::array<std::uint32_t, 2> first_wins{0, 0};  // winners among lane 0's records
      run_lanes(lanes, [&](int l) {
        std::uint64_t rank = l == 1 ? overflowing[0] : 0;
        auto place = static_cast<std::uint32_t>(l == 1 ? touched[0] : 0);
        std::uint32_t wins = 0;
        for (std::size_t s = src[l]; s < src[l + 1]; ++s) {
          const auto [first, second] = sent_by(s);
          const std::uint32_t sends = first + second;
          std::uint32_t pick = 0;  // the priority switch's: the lowest key
          if (sends > 1 && policy_ == SwitchPolicy::kRandom)
            pick = static_cast<std::uint32_t>(SplitMix64(rng_state_ + rank * kGamma).below(sends));
          rank += sends > 1;
          c.leaf_pick[0][s] = {sends > 0 && pick < first ? pick : UINT32_MAX, place};
          wins += sends > 0 && pick < first;
          if (lanes == 2)
            c.leaf_pick[1][s] = {sends > 0 && pick >= first ? pick - first : UINT32_MAX, place};
          place += sends > 0;
        }
        first_wins[static_cast<std::size_t>(l)] = wins;
      });
      placed = static_cast<std::uint32_t>(touched[0] + touched[1]);
      most_from_one = 1;  // the leaf channels' survivors
      leaf_steps = sends_of[0] + sends_of[1];
      const std::uint64_t overflows = overflowing[0] + overflowing[1];
      rng_state_ += overflows * kGamma;  // cap = 1 draw each
      c.compact = true;
      c.key_of.resize(placed);
      key_base = {0, first_wins[0] + first_wins[1]};
      if (wires_ && overflows > 0) leaf_slowest = 2 * timing_.head(0, 0) + 1;
    } else {
      // The counts become each lane's first place per source.
      for (std::size_t s = 0; s < n; ++s) {
        const auto [first, second] = sent_by(s);
        c.radix[s] = placed;
        if (lanes == 2) c.radix_second[s] = placed + first;
        placed += first + second;
        most_from_one = std::max(most_from_one, first + second);
      }
    }
    size_lengths(leaves_done ? placed : m);
    std::array<std::size_t, 2> written{0, 0};
    std::array<std::uint64_t, 2> turned{0, 0};
    run_lanes(lanes, [&](int l) {
      std::vector<std::uint32_t>& next = l == 0 ? c.radix : c.radix_second;
      const Written done =
          leaves_done ? write_records(
                            half[l], half[l + 1],
                            [&](std::uint32_t s, std::size_t, std::uint32_t key, std::size_t i) {
                              Cycle::LeafPick& pick = c.leaf_pick[static_cast<std::size_t>(l)][s];
                              if (pick.countdown-- != 0) return kSkip;
                              c.key_of[key] = static_cast<std::uint32_t>(i);
                              return std::size_t{pick.place};
                            },
                            [&](std::size_t here, std::size_t) {
                              return key_base[l] + static_cast<std::uint32_t>(here);
                            })
                      : write_records(
                            half[l], half[l + 1],
                            [&next](std::uint32_t s, std::size_t, std::uint32_t, std::size_t) {
                              return next[s]++;
                            },
                            sent_key);
      written[static_cast<std::size_t>(l)] = done.here;
      turned[static_cast<std::size_t>(l)] = done.turn_bits;
    });
    count = written[0] + written[1];
    turns = turned[0] | turned[1];
  } else {
    // In the order sent, on two lanes for a big cycle: lane 1 writes from the middle of the
    // buffer and its records move down after lane 0's if lane 0 skipped any (messages to their own
    // processor). Whether the sources ascend is learnt as they are written, so that sort_by_source
    // need not read the records to find it out.
    size_lengths(m);
    const int lanes = m >= parallel_threshold_ ? 2 : 1;
    const std::array<std::size_t, 3> half = lane_halves(lanes, m);
    std::array<Written, 2> done{};
    run_lanes(lanes, [&](int l) {
      const auto lane = static_cast<std::size_t>(l);
      const std::size_t base = half[lane];
      done[lane] = write_records(
          base, half[lane + 1],
          [base](std::uint32_t, std::size_t here, std::uint32_t, std::size_t) {
            return base + here;
          },
          sent_key);
    });
    count = done[0].here;
    turns = done[0].turn_bits;
    in_order = done[0].in_order;
    most_from_one = done[0].most_run;  // meaningful only if in order (below)
    if (lanes == 2) {
      const Written& second = done[1];
      if (count < half[1] && second.here > 0) {
        const std::size_t words = (wires_ ? sizeof(TimedUp) : sizeof(Up)) / 4;
        std::uint32_t* recs = c.buffer[0].get();
        std::memmove(recs + count * words, recs + half[1] * words,
                     second.here * words * sizeof(std::uint32_t));
      }
      in_order = in_order && second.in_order &&
                 (count == 0 || second.here == 0 || done[0].last_src <= second.first_src);
      // A source both lanes wrote sends at most the sum of the lanes' longest runs (too many
      // only passes fewer levels at once).
      most_from_one = count > 0 && second.here > 0 && done[0].last_src == second.first_src
                          ? most_from_one + second.most_run
                          : std::max(most_from_one, second.most_run);
      count += second.here;
      turns |= second.turn_bits;
    }
    if (!in_order) most_from_one = 0;  // the records are sorted below: unknown
  }
  if (!round_trip_bound_.empty()) {  // the slowest bound of the turn levels present
    double slowest_bound = 0;
    for (int k = 0; k < levels; ++k)
      if ((turns >> k) & 1)
        slowest_bound = std::max(slowest_bound, round_trip_bound_[static_cast<std::size_t>(k)]);
    elapsed_bound_ += slowest_bound;
  }
  double slowest = leaf_slowest;
  steps_ += leaf_steps;
  if (count > 0) {
    const int in = by_source || in_order ? 0
                   : wires_              ? sort_by_source<TimedUp>(c, 0, count, levels)
                                         : sort_by_source<Up>(c, 0, count, levels);
    // Written in the order sent with their sources ascending, the records' keys (their places
    // sent) ascend with their sources.
    slowest = std::max(slowest,
                       run_levels(in, count, leaves_done, most_from_one, !by_source && in_order));
  }
  // The delivered messages, ascending, with their path lengths (their round trips are in
  // `slowest`). When the leaves were resolved here and no message went to its own processor,
  // only the survivors can have arrived: their keys run in the order sent.
  // Two lanes take half of the list each: they count their deliveries, then write them after
  // lane 0's.
  const bool by_key = c.compact && leaf_steps == m;
  const std::size_t items = by_key ? count : m;
  const int lanes = items >= parallel_threshold_ ? 2 : 1;
  const std::array<std::size_t, 3> half = lane_halves(lanes, items);
  const auto sent_at = [&](std::size_t item) -> std::size_t {
    return by_key ? c.key_of[item] : item;
  };
  std::array<std::size_t, 2> arrived{0, 0};
  run_lanes(lanes, [&](int l) {
    const auto lane = static_cast<std::size_t>(l);
    std::size_t here = 0;
    for (std::size_t item = half[lane]; item < half[lane + 1]; ++item)
      here += c.delivered[sent_at(item)];
    arrived[lane] = here;
  });
  std::vector<std::uint32_t> delivered(arrived[0] + arrived[1]);
  run_lanes(lanes, [&](int l) {
    const auto lane = static_cast<std::size_t>(l);
    std::uint32_t* to = delivered.data() + (lane == 1 ? arrived[0] : 0);
    for (std::size_t item = half[lane]; item < half[lane + 1]; ++item) {
      const std::size_t i = sent_at(item);
      if (!c.delivered[i]) continue;
      *to++ = sent[i];
    }
  });
  // The path lengths on one lane, in the order of the keys: a list sent may name a message
  // twice, and then the later copy's length is the one kept. Every message sent has its entry
  // when its key is its place; when the keys were renumbered only the survivors have one.
  if (wires_) {
    const auto deliver = [&](std::size_t i, std::uint64_t length) {
      if (c.delivered[i] && length != kNoPath) path_length_[sent[i]] = length;
    };
    if (c.compact)
      for (std::size_t key = 0; key < count; ++key) deliver(c.key_of[key], c.length_of[key]);
    else
      for (std::size_t i = 0; i < m; ++i) deliver(i, c.length_of[i]);
  }
  elapsed_ += slowest;
  if (observer_) observer_(sent, delivered);
  return delivered;
}

}  // namespace ftvlsi
