#include "ftvlsi/layout/channel_layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <tuple>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {
namespace {

// A place along a channel: (grid index, part, offset); part 0 is the crossing channel (offset
// unknown, so it spans the whole channel), part 1 the processor at that index.
using Key = std::tuple<std::int64_t, int, std::int64_t>;
constexpr std::int64_t kWhole = INT64_MAX;

struct Span {
  Key lo, hi;
  std::size_t wire;
};

// Left-edge packing: the lowest track whose last span ends strictly before this one starts.
std::vector<int> pack(std::vector<Span> spans, std::size_t wires, int& tracks) {
  std::sort(spans.begin(), spans.end(),
            polled([](const Span& a, const Span& b) { return a.lo < b.lo; }));
  std::vector<Key> last;
  std::vector<int> track(wires, -1);
  for (const Span& s : spans) {
    poll_cancel();
    std::size_t t = 0;
    while (t < last.size() && !(last[t] < s.lo)) ++t;
    if (t == last.size())
      last.push_back(s.hi);
    else
      last[t] = s.hi;
    track[s.wire] = static_cast<int>(t);
  }
  tracks = static_cast<int>(last.size());
  return track;
}

std::vector<std::int64_t> ranks(const CompetingNetwork& net, int axis) {
  std::vector<std::int64_t> values;
  for (const auto& p : net.position) values.push_back(p[axis]);
  std::sort(values.begin(), values.end(), polled(std::less<>()));
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::vector<std::int64_t> rank(net.processors());
  for (std::size_t p = 0; p < rank.size(); ++p) {
    poll_cancel();
    rank[p] =
        std::lower_bound(values.begin(), values.end(), net.position[p][axis]) - values.begin();
  }
  return rank;
}

// Where everything goes: every processor's row and column, every wire's pins and tracks, and
// the origin of every row and column of the grid.
struct Plan {
  std::vector<std::int64_t> col, row;
  std::vector<int> out_pin, in_pin, h_track, v_track, h_count, v_count;
  std::vector<Coord> x0, y0;
  int side = 1;
};

Plan plan_channels(const CompetingNetwork& net, const ChannelNotes& notes) {
  Plan plan;
  const std::size_t n = net.processors(), m = net.wires.size();
  const auto col = ranks(net, 0), row = ranks(net, 1);
  plan.col = col, plan.row = row;
  const std::int64_t cols = *std::max_element(col.begin(), col.end()) + 1;
  const std::int64_t rows = *std::max_element(row.begin(), row.end()) + 1;
  // Pins: a wire leaves its lower-numbered end at a bottom pin, enters the other at a left pin.
  std::vector<int> outs(n, 0), ins(n, 0), out_pin(m), in_pin(m);
  for (std::size_t w = 0; w < m; ++w) {
    const auto [a, b] = std::minmax(net.wires[w].first, net.wires[w].second);
    out_pin[w] = outs[a]++;
    in_pin[w] = ins[b]++;
  }
  const int side = static_cast<int>(
      std::max<std::uint64_t>(1 + std::max(*std::max_element(outs.begin(), outs.end()),
                                           *std::max_element(ins.begin(), ins.end())),
                              ceil_sqrt(notes.processor_area)));
  // Track packing per row channel (spans along x) and per column channel (spans along y).
  std::vector<Span> row_spans, col_spans;
  std::vector<std::vector<Span>> by_row(rows), by_col(cols);
  for (std::size_t w = 0; w < m; ++w) {
    poll_cancel();
    const auto [a, b] = std::minmax(net.wires[w].first, net.wires[w].second);
    const Key pin{col[a], 1, out_pin[w]}, channel_lo{col[b], 0, 0}, channel_hi{col[b], 0, kWhole};
    by_row[row[a]].push_back({std::min(pin, channel_lo), std::max(pin, channel_hi), w});
    const Key in{row[b], 1, in_pin[w]}, row_lo{row[a], 0, 0}, row_hi{row[a], 0, kWhole};
    by_col[col[b]].push_back({std::min(in, row_lo), std::max(in, row_hi), w});
  }
  std::vector<int> h_track(m), v_track(m), h_count(rows), v_count(cols);
  for (std::int64_t r = 0; r < rows; ++r) {
    poll_cancel();
    const auto t = pack(by_row[r], m, h_count[r]);
    for (const Span& s : by_row[r]) h_track[s.wire] = t[s.wire];
  }
  for (std::int64_t c = 0; c < cols; ++c) {
    poll_cancel();
    const auto t = pack(by_col[c], m, v_count[c]);
    for (const Span& s : by_col[c]) v_track[s.wire] = t[s.wire];
  }
  // Coordinates: each column is its channel (tracks 1 .. V) then the processors, then a gap.
  std::vector<Coord> x0(cols), y0(rows);
  Coord x = 0, y = 0;
  for (std::int64_t c = 0; c < cols; ++c) x0[c] = x, x += v_count[c] + 1 + side + 1;
  for (std::int64_t r = 0; r < rows; ++r) y0[r] = y, y += h_count[r] + 1 + side + 1;
  plan.out_pin = std::move(out_pin), plan.in_pin = std::move(in_pin);
  plan.h_track = std::move(h_track), plan.v_track = std::move(v_track);
  plan.h_count = std::move(h_count), plan.v_count = std::move(v_count);
  plan.x0 = std::move(x0), plan.y0 = std::move(y0);
  plan.side = side;
  return plan;
}

}  // namespace

long double estimate_channel_layout_bytes(std::uint64_t processors, std::uint64_t wires) {
  // Five points a wire with its attributes and the track packing's intervals, a box a processor.
  // Measured with the network (which the caller adds): a mesh of 2^18 processors peaks at
  // 132 MiB (this gives 158 MiB), of 2^22 at 1395 MiB (2.5 GiB); a hypercube of 2^18 at 653 MiB
  // (645 MiB); a tree of 2^18 leaves at 144 MiB (170 MiB).
  constexpr long double kBytesPerProcessor = 50, kBytesPerWire = 270;
  return (1 << 20) + processors * kBytesPerProcessor + wires * kBytesPerWire;
}

Layout<2> build_channel_layout(const CompetingNetwork& net, const ChannelNotes& notes) {
  if (net.dimensions != 2)
    throw InputError(5111,
                     fmt::format("the {} network is three-dimensional; it can be decomposed but "
                                 "not laid out in the plane (3D layouts come with the cube style)",
                                 net.kind));
  const std::size_t n = net.processors(), m = net.wires.size();
  const Plan plan = plan_channels(net, notes);
  const auto& col = plan.col;
  const auto& row = plan.row;
  const auto &out_pin = plan.out_pin, &in_pin = plan.in_pin;
  const auto &h_track = plan.h_track, &v_track = plan.v_track;
  const auto &h_count = plan.h_count, &v_count = plan.v_count;
  const auto &x0 = plan.x0, &y0 = plan.y0;
  const int side = plan.side;
  Layout<2> layout;
  layout.style = notes.style;
  layout.wire_levels = notes.wire_levels;
  Cell<2> cell;
  cell.name = "NETWORK";
  for (std::size_t p = 0; p < n; ++p) {
    const Coord px = x0[col[p]] + v_count[col[p]] + 1, py = y0[row[p]] + h_count[row[p]] + 1;
    cell.add_node({px, py, px + side, py + side},
                  notes.kind.empty() ? NodeKind::kProcessor : notes.kind[p],
                  notes.node_level.empty() ? 0 : notes.node_level[p]);
  }
  for (std::size_t w = 0; w < m; ++w) {
    const auto [a, b] = std::minmax(net.wires[w].first, net.wires[w].second);
    const Box<2>& from = cell.node_box[a];
    const Box<2>& to = cell.node_box[b];
    const Coord pin_x = from.lo[0] + 1 + out_pin[w], pin_y = to.lo[1] + 1 + in_pin[w];
    const Coord h = y0[row[a]] + 1 + h_track[w], v = x0[col[b]] + 1 + v_track[w];
    const std::array<Point<2>, 5> path{Point<2>{pin_x, from.lo[1]}, Point<2>{pin_x, h},
                                       Point<2>{v, h}, Point<2>{v, pin_y},
                                       Point<2>{to.lo[0], pin_y}};
    cell.add_wire(path, notes.wire_level.empty() ? 0 : notes.wire_level[w], WireDir::kUp,
                  Terminal::node(static_cast<std::int32_t>(a)),
                  Terminal::node(static_cast<std::int32_t>(b)));
  }
  layout.cells.push_back(std::move(cell));
  layout.top = 0;
  layout.finalize();
  return layout;
}

}  // namespace ftvlsi
