#include "ftvlsi/report/simulate_job.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <tuple>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/geometry/metrics.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/plot_svg.hpp"
#include "ftvlsi/layout/channel_layout.hpp"
#include "ftvlsi/layout/fold_and_squash.hpp"
#include "ftvlsi/layout/channel_wires.hpp"
#include "ftvlsi/layout/cube.hpp"
#include "ftvlsi/layout/h_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/offline.hpp"
#include "ftvlsi/route/timing.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

// Everything that does not depend on the delay model: R and its layout, the host and its layout,
// the mapping and R's one-step message set.
struct Prepared {
  CompetingNetwork net;
  std::vector<std::uint64_t> competing_length;  // per wire of R, in R's layout
  std::uint64_t area_competing = 0;
  std::uint64_t competing_alpha = 0;  // mean processor box area in R's layout
  MessageSet messages;
  std::vector<std::uint32_t> message_wire;  // the wire of R each message stands for
  std::uint64_t area_host = 0;
  std::uint64_t host_alpha = 0;  // mean processor box area in the host's layout
  int dimensions = 2;            // 3: areas are volumes (Theorem 10's pipeline)
  double load_factor = 0;
  // Fat-tree host: the tree and the length of every channel wire in its H-tree layout.
  std::optional<FatTree> tree;
  ChannelWireLengths channel_wires;
  std::optional<double> congestion;
  // Fat-pyramid host: the network and the length of every wire of its graph.
  std::optional<ButterflyFatTree> pyramid;
  std::vector<std::uint64_t> wire_length;
};

void check_spec(const SimulateSpec& s) {
  if (s.host != "fat-tree" && s.host != "fat-pyramid")
    throw InputError(fmt::format("unknown host '{}'; --host takes fat-tree or fat-pyramid", s.host));
  if (s.algorithm != "greedy" && s.algorithm != "random" && s.algorithm != "offline" &&
      s.algorithm != "random-prime")
    throw InputError(fmt::format(
        "unknown algorithm '{}' for ftvlsi simulate; valid algorithms are greedy, random, offline "
        "(fat-tree host) and random-prime (fat-pyramid host)",
        s.algorithm));
  if (s.host == "fat-pyramid" && s.algorithm != "greedy" && s.algorithm != "random-prime")
    throw InputError(fmt::format(
        "a fat-pyramid host is routed with --algorithm greedy or random-prime (random parents "
        "up, one mesh shortcut); '{}' needs a fat-tree host",
        s.algorithm));
  if (s.host == "fat-tree" && s.algorithm == "random-prime")
    throw InputError(
        "random-prime on a fat-tree host needs channels of capacity lg n; use ftvlsi route for "
        "that, or --host fat-pyramid");
  if (s.competing == "file" && !s.network_file)
    throw InputError("--competing file needs --network-file FILE naming the network to read");
  if (s.data_bits > (1u << 20))
    throw InputError("--data-bits must be at most 2^20");
  if (s.competing_alpha && *s.competing_alpha > (std::uint64_t{1} << 32))
    throw InputError("--competing-alpha must be at most 2^32 (a processor of side 65536)");
  if (s.host == "fat-pyramid" && (s.competing == "mesh3d"))
    throw InputError(
        "a 3D competing network needs the volume-universal fat-tree host (--host fat-tree); "
        "there is no 3D fat-pyramid yet");
}

std::uint64_t least_power(std::uint64_t n, std::uint64_t base) {
  std::uint64_t p = 1;
  while (p < n) p *= base;
  return p;
}

// Greenberg's processors for a host of n leaves: area lg^2 n (side lg n), so that the host's area
// is Theta(A) for A = n lg^2 n (Greenberg 1990 §3, Corollary 3.5; §4's fold-and-squash blocks).
std::uint64_t greenberg_side(std::uint64_t n) { return static_cast<std::uint64_t>(lg(n)); }

std::uint64_t mean_processor_area(const LayoutMetrics<2>& m, std::uint64_t processors) {
  return (m.processor_size + processors / 2) / std::max<std::uint64_t>(1, processors);
}

template <int D>
std::vector<std::uint64_t> wire_lengths(const Cell<D>& cell) {
  std::vector<std::uint64_t> out(cell.wire_count());
  for (std::size_t w = 0; w < cell.wire_count(); ++w) out[w] = wire_length(cell.wire(w));
  return out;
}

void add_one_step(Prepared& p, const std::vector<std::uint64_t>& leaf) {
  for (std::uint32_t w = 0; w < p.net.wires.size(); ++w) {
    const auto [a, b] = p.net.wires[w];
    const auto la = static_cast<std::uint32_t>(leaf[a]), lb = static_cast<std::uint32_t>(leaf[b]);
    p.messages.push_back({la, lb});
    p.messages.push_back({lb, la});
    p.message_wire.push_back(w);
    p.message_wire.push_back(w);
  }
}

// Leiserson's Theorem 10 end to end: a 3D network on its own grid layout, decomposed on it and
// mapped onto the volume-universal fat-tree, which is laid out as a cube; "area" here is volume.
Prepared prepare_volume_universal(const SimulateSpec& s, DecomposeRun r) {
  Prepared p;
  p.dimensions = 3;
  p.net = std::move(r.net);
  p.competing_length = wire_lengths(r.drawing3->cells[r.drawing3->top]);
  FTVLSI_ASSERT(p.competing_length.size() == p.net.wires.size());
  p.area_competing = r.layout3->volume();
  p.tree.emplace(r.host);
  const Layout<3> host = build_cube(*p.tree);
  p.area_host = measure(host).volume();
  p.channel_wires = cube_channel_wires(*p.tree, host);
  add_one_step(p, r.leaf);
  p.load_factor = load_factor(channel_loads(p.messages, p.tree->levels()), *p.tree);
  p.congestion = congestion_parameter(*p.tree);
  (void)s;
  return p;
}

Prepared prepare_fat_tree(const SimulateSpec& s) {
  DecomposeSpec d;
  d.network = s.competing;
  d.processors = s.processors;
  d.network_file = s.network_file;
  d.host_capacity = s.capacity;
  const std::uint64_t side = greenberg_side(least_power(s.processors, 2));
  if (!s.alpha_given) d.host_capacity.alpha = side * side;
  d.host_alpha_given = true;
  d.competing_alpha = s.competing_alpha.value_or(d.host_capacity.alpha);
  d.host_capacity_given = s.capacity_given;
  d.mapping = s.mapping;
  d.seed = s.seed;
  DecomposeRun r = run_decompose(d);
  if (r.drawing3) return prepare_volume_universal(s, std::move(r));
  if (!r.drawing)
    throw InputError(fmt::format(
        "ftvlsi simulate needs a competing network with a layout: a 2D one, or a 3D one whose "
        "wires join grid neighbours; '{}' is {}D without one",
        r.net.kind, r.net.dimensions));
  Prepared p;
  p.net = std::move(r.net);
  const Cell<2>& drawn = r.drawing->cells[r.drawing->top];
  p.competing_length = wire_lengths(drawn);
  FTVLSI_ASSERT(p.competing_length.size() == p.net.wires.size());
  p.area_competing = r.layout->area();
  p.competing_alpha = mean_processor_area(*r.layout, p.net.processors());
  p.tree.emplace(r.host);
  const Layout<2> host = build_h_tree(*p.tree);
  const LayoutMetrics<2> host_metrics = measure(host);
  p.area_host = host_metrics.area();
  p.host_alpha = mean_processor_area(host_metrics, p.tree->processors());
  p.channel_wires = h_tree_channel_wires(*p.tree, host);
  add_one_step(p, r.leaf);
  p.load_factor = load_factor(channel_loads(p.messages, p.tree->levels()), *p.tree);
  p.congestion = congestion_parameter(*p.tree);
  return p;
}

CompetingNetwork make_net(const SimulateSpec& s) {
  if (s.competing == "file") return read_network_file(*s.network_file);  // checked in check_spec
  CompetingNetwork net = make_competing(s.competing, s.processors, s.seed);
  validate(net, s.competing);
  return net;
}

// Processors onto the fat-pyramid's sqrt n x sqrt n leaf grid in the order of their places in
// R's layout: sorted by x into columns of ceil(N / side) processors, each column sorted by y.
// A mesh lands on the grid exactly.
std::vector<std::uint64_t> grid_mapping(const CompetingNetwork& net, std::uint64_t side) {
  const std::uint64_t count = net.processors();
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  auto pos = [&](std::uint32_t p) { return net.position[p]; };
  std::sort(order.begin(), order.end(), [&](auto a, auto b) {
    return std::tuple(pos(a)[0], pos(a)[1], a) < std::tuple(pos(b)[0], pos(b)[1], b);
  });
  const std::uint64_t per = (count + side - 1) / side;
  std::vector<std::uint64_t> leaf(count);
  for (std::uint64_t c = 0; c * per < count; ++c) {
    const auto begin = order.begin() + static_cast<std::ptrdiff_t>(c * per);
    const auto end = order.begin() + static_cast<std::ptrdiff_t>(std::min(count, (c + 1) * per));
    std::sort(begin, end, [&](auto a, auto b) {
      return std::tuple(pos(a)[1], pos(a)[0], a) < std::tuple(pos(b)[1], pos(b)[0], b);
    });
    for (auto it = begin; it != end; ++it) leaf[*it] = static_cast<std::uint64_t>(it - begin) * side + c;
  }
  return leaf;
}

Prepared prepare_fat_pyramid(const SimulateSpec& s) {
  Prepared p;
  p.net = make_net(s);
  if (p.net.dimensions != 2)
    throw InputError(fmt::format(
        "ftvlsi simulate needs a two-dimensional competing network with a layout; '{}' is {}D",
        p.net.kind, p.net.dimensions));
  const std::uint64_t n = least_power(p.net.processors(), 4);
  const auto side = static_cast<Coord>(greenberg_side(n));
  ChannelNotes notes;
  notes.processor_area = s.competing_alpha.value_or(static_cast<std::uint64_t>(side * side));
  const Layout<2> drawing = build_channel_layout(p.net, notes);
  const Cell<2>& drawn = drawing.cells[drawing.top];
  for (std::size_t q = 0; q < p.net.processors(); ++q)
    p.net.position[q] = {drawn.node_box[q].lo[0], drawn.node_box[q].lo[1], 0};
  p.competing_length = wire_lengths(drawn);
  const LayoutMetrics<2> competing = measure(drawing);
  p.area_competing = competing.area();
  p.competing_alpha = mean_processor_area(competing, p.net.processors());
  p.pyramid.emplace(n, true, std::vector<int>{}, s.mesh_diagonals);
  const LayoutMetrics<2> host = measure(build_fold_and_squash(*p.pyramid, side));
  p.area_host = host.area();
  p.host_alpha = mean_processor_area(host, n);
  p.wire_length = fold_and_squash_wire_lengths(*p.pyramid, side);
  add_one_step(p, grid_mapping(p.net, std::uint64_t{1} << p.pyramid->levels()));
  p.load_factor = butterfly_load_factor(*p.pyramid, p.messages);
  return p;
}

Prepared prepare(const SimulateSpec& s) {
  check_spec(s);
  return s.host == "fat-tree" ? prepare_fat_tree(s) : prepare_fat_pyramid(s);
}

// The worst case beside the real wires: every message charged the longest wire of each channel
// level it crosses (an upper bound on its round trip, whatever wires it gets).
std::vector<double> round_trip_bounds(const Prepared& p, const MessageTiming& t) {
  const int levels = p.tree->levels();
  const std::vector<std::uint64_t> longest = p.channel_wires.max_by_level();
  std::vector<double> delay_from(levels + 2, 0);  // from the leaf up to the channel of level k
  for (int k = levels; k >= 0; --k)
    delay_from[k] = delay_from[k + 1] + t.delay(static_cast<double>(longest[k]));
  std::vector<double> round_trip(p.messages.size(), 0);
  for (std::size_t i = 0; i < p.messages.size(); ++i) {
    const auto [a, b] = p.messages[i];
    if (a == b) continue;
    const int turn = levels - (32 - __builtin_clz(a ^ b));  // level of the common ancestor
    const std::size_t wires = 2 * static_cast<std::size_t>(levels - turn);
    round_trip[i] = t.round_trip(2 * delay_from[turn + 1], wires - 1);
  }
  return round_trip;
}

// Routes the prepared message set on the fat-tree, timing every message from the H-tree wires it
// occupies in each cycle.
RouteResult route_fat_tree(const Prepared& p, const SimulateSpec& s, const MessageTiming& t) {
  const FatTree& tree = *p.tree;
  DeliverySimulator sim(tree, p.messages, s.policy, s.seed);
  sim.set_wire_timing(p.channel_wires, t);
  sim.set_round_trip_bounds(round_trip_bounds(p, t));
  RouteResult r;
  if (s.algorithm == "greedy") {
    r = route_greedy(sim, p.messages.size(), s.max_cycles);
  } else if (s.algorithm == "random") {
    r = route_random(sim, p.messages.size(), tree.processors(),
                     {std::nullopt, std::nullopt, *p.congestion, s.seed + 1}, s.max_cycles);
  } else {
    bool lossless = false;
    r = route_schedule(sim, p.messages.size(), offline_schedule(tree, p.messages), lossless);
    FTVLSI_ASSERT(lossless);
  }
  r.path_length = sim.take_path_lengths();
  r.elapsed_bound = sim.elapsed_bound();
  return r;
}

SimulateResult simulate(const Prepared& p, const SimulateSpec& s, const DelayModel& delay,
                        const RegularityVerdict& verdict) {
  SimulateResult out;
  out.host = s.host;
  out.competing = p.net.kind;
  out.algorithm = s.algorithm;
  out.delay_model = delay.name();
  out.processors = p.net.processors();
  out.host_processors = p.tree ? p.tree->processors() : p.pyramid->processors();
  out.area_competing = p.area_competing;
  out.area_host = p.area_host;
  out.host_alpha = p.host_alpha;
  out.competing_alpha = p.competing_alpha;
  out.area_ratio = static_cast<double>(p.area_host) / static_cast<double>(p.area_competing);
  out.messages = p.messages.size();
  out.bits = 1 + static_cast<std::uint64_t>(lg(out.host_processors)) + s.data_bits;
  out.load_factor = p.load_factor;
  out.congestion = p.congestion;
  const MessageTiming timing{delay, s.switch_delay, static_cast<double>(out.bits)};
  RouteResult r;
  if (p.tree) {
    r = route_fat_tree(p, s, timing);
  } else {
    const ButterflyTiming bt{timing, p.wire_length};
    r = route_butterfly(*p.pyramid, p.messages,
                        s.algorithm == "greedy" ? ButterflyAlgorithm::kGreedy
                                                : ButterflyAlgorithm::kRandomPrime,
                        s.policy, s.seed, s.max_cycles, &bt);
  }
  out.delivery_cycles = r.cycles;
  out.time_host = r.elapsed;
  if (p.tree) out.time_host_bound = r.elapsed_bound;
  for (auto len : p.competing_length) {
    out.competing_wire_length_max = std::max(out.competing_wire_length_max, len);
    out.time_competing =
        std::max(out.time_competing, timing.round_trip(delay(static_cast<double>(len)), 0));
  }
  out.slowdown = out.time_competing > 0 ? out.time_host / out.time_competing : 0;
  const double lg_a = std::log2(static_cast<double>(std::max<std::uint64_t>(2, p.area_competing)));
  for (std::size_t i = 0; i < p.messages.size(); ++i) {
    const std::uint64_t d = p.competing_length[p.message_wire[i]];
    out.path_length_max = std::max(out.path_length_max, r.path_length[i]);
    const double host = static_cast<double>(r.path_length[i]);
    if (d > 0) out.path_stretch_max = std::max(out.path_stretch_max, host / static_cast<double>(d));
    out.path_stretch_bound = std::max(out.path_stretch_bound, host / (static_cast<double>(d) + lg_a));
  }
  auto& j = out.json;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["competing"] = out.competing;
  j["processors"] = out.processors;
  j["host"] = out.host;
  j["host_processors"] = out.host_processors;
  if (p.tree) {
    j["host_capacity_profile"] = std::string(to_string(p.tree->capacity_params().profile));
    j["host_capacities"] = p.tree->capacities();
    j["mapping"] = std::string(to_string(s.mapping));
  } else {
    j["mapping"] = "grid";
    j["mesh_diagonals"] = p.pyramid->mesh_diagonals();
  }
  j["dimensions"] = p.dimensions;
  if (p.dimensions == 3) {
    // Leiserson's Theorem 10: the slowdown is O(lg^3 n).
    const double lg_n = std::max(1.0, std::log2(static_cast<double>(out.host_processors)));
    j["volume_competing"] = out.area_competing;
    j["volume_host"] = out.area_host;
    j["slowdown_over_lg3_n"] = out.slowdown / (lg_n * lg_n * lg_n);
  }
  j["area_competing"] = out.area_competing;
  j["area_host"] = out.area_host;
  j["area_ratio"] = out.area_ratio;
  j["host_alpha"] = out.host_alpha;
  j["competing_alpha"] = out.competing_alpha;
  j["algorithm"] = out.algorithm;
  j["switch"] = s.policy == SwitchPolicy::kRandom ? "random" : "priority";
  j["seed"] = s.seed;
  j["delay_model"] = out.delay_model;
  j["delay_conditions"] = {{"nondecreasing", verdict.nondecreasing},
                           {"c1", verdict.c1},
                           {"c2", verdict.c2},
                           {"decided", std::string(to_string(verdict.decided))}};
  j["message_bits"] = out.bits;
  j["switch_delay"] = s.switch_delay;
  j["messages"] = out.messages;
  j["load_factor"] = out.load_factor;
  j["congestion_parameter"] = out.congestion ? ordered_json(*out.congestion) : ordered_json();
  j["delivery_cycles"] = out.delivery_cycles;
  j["delivered"] = r.delivered;
  j["time_host"] = out.time_host;
  if (out.time_host_bound) {
    // Every message charged the longest wire of each level it crosses: the old, looser figure.
    j["time_host_bound"] = *out.time_host_bound;
    j["slowdown_bound"] = out.time_competing > 0 ? *out.time_host_bound / out.time_competing : 0;
  }
  j["time_competing"] = out.time_competing;
  j["slowdown"] = out.slowdown;
  j["path_length_max"] = out.path_length_max;
  j["competing_wire_length_max"] = out.competing_wire_length_max;
  j["path_stretch_max"] = out.path_stretch_max;
  j["path_stretch_over_d_plus_lg_a"] = out.path_stretch_bound;
  return out;
}

std::string csv_of(const std::vector<SimulateResult>& rows) {
  std::string out =
      "host,delay_model,processors,area_competing,area_host,area_ratio,host_alpha,"
      "competing_alpha,messages,load_factor,delivery_cycles,time_host,time_competing,slowdown,"
      "path_length_max,path_stretch_max\n";
  for (const auto& r : rows)
    out += fmt::format("{},{},{},{},{},{:.4f},{},{},{},{:.4f},{},{:.1f},{:.1f},{:.4f},{},{:.4f}\n",
                       r.host, r.delay_model, r.processors, r.area_competing, r.area_host,
                       r.area_ratio, r.host_alpha, r.competing_alpha, r.messages, r.load_factor,
                       r.delivery_cycles, r.time_host, r.time_competing, r.slowdown,
                       r.path_length_max, r.path_stretch_max);
  return out;
}

std::vector<SweepTrend> trends_of(const SweepSpec& spec, const std::vector<SimulateResult>& rows) {
  std::vector<SweepTrend> out;
  for (const auto& host : spec.hosts)
    for (const auto& delay : spec.delays) {
      std::vector<const SimulateResult*> pts;
      for (const auto& r : rows)
        if (r.host == host && r.delay_model == delay.name()) pts.push_back(&r);
      if (pts.empty()) continue;
      SweepTrend t{host, delay.name()};
      for (const auto* r : pts) {
        t.area_ratio_min = t.area_ratio_min == 0 ? r->area_ratio : std::min(t.area_ratio_min, r->area_ratio);
        t.area_ratio_max = std::max(t.area_ratio_max, r->area_ratio);
      }
      auto per = [](const SimulateResult& r, bool sqrt_a) {
        const double a = static_cast<double>(r.area_competing);
        return r.slowdown / (sqrt_a ? std::sqrt(a) : std::log2(a));
      };
      t.per_sqrt_a_first = per(*pts.front(), true), t.per_sqrt_a_last = per(*pts.back(), true);
      t.per_lg_a_first = per(*pts.front(), false), t.per_lg_a_last = per(*pts.back(), false);
      // Least squares over the larger half of the sizes (at least two points).
      const std::size_t from = pts.size() >= 4 ? pts.size() / 2 : 0;
      double sx = 0, sy = 0, sxx = 0, sxy = 0, k = 0;
      for (std::size_t i = from; i < pts.size(); ++i) {
        const double x = std::log(static_cast<double>(pts[i]->area_competing));
        const double y = std::log(pts[i]->slowdown);
        sx += x, sy += y, sxx += x * x, sxy += x * y, ++k;
      }
      const double den = k * sxx - sx * sx;
      t.slope = den > 0 ? (k * sxy - sx * sy) / den : 0;
      out.push_back(t);
    }
  return out;
}

// "slowdown-linear.svg"; characters a file name should not hold become '-'.
std::string plot_file(const std::string& delay) {
  std::string name = "slowdown-" + delay + ".svg";
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') c = '-';
  return name;
}

const SweepTrend* find_trend(const SweepResult& r, const std::string& host,
                             const std::string& delay) {
  for (const auto& t : r.trends)
    if (t.host == host && t.delay_model == delay) return &t;
  return nullptr;
}

}  // namespace

SimulateResult run_simulate(const SimulateSpec& spec) {
  if (spec.json) require_writable(*spec.json, "JSON");
  const Prepared p = prepare(spec);
  SimulateResult r = simulate(p, spec, spec.delay, check_regularity(spec.delay));
  if (spec.json) write_file_atomically(*spec.json, r.json.dump(2) + "\n");
  return r;
}

std::string sweep_markdown(const SweepResult& r, const std::optional<std::string>& plot_prefix) {
  std::string md;
  md +=
      "Each row routes the competing network's one-step message set (every wire one message "
      "each way) on the host, times every delivery cycle from the wires the messages cross in "
      "the host's layout, and divides by one step of the competing network on its own layout "
      "under the same delay model. A is the competing network's measured layout area. Both "
      "networks are built from processors of equal area α (Greenberg 1990 §3: lg² n unless "
      "given); the host's area over A is the area ratio.\n\n"
      "| host | delay | N | α | A | host area | area ratio | λ | cycles | T_host | T_R | slowdown Δ "
      "| Δ/√A | Δ/lg A | longest path | stretch |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& x : r.rows) {
    const double a = static_cast<double>(x.area_competing);
    md += fmt::format(
        "| {} | {} | {} | {} | {} | {} | {:.2f} | {:.2f} | {} | {:.0f} | {:.0f} | {:.2f} | {:.3f} | "
        "{:.3f} | {} | {:.1f} |\n",
        x.host, x.delay_model, x.processors, x.competing_alpha, x.area_competing, x.area_host,
        x.area_ratio, x.load_factor,
        x.delivery_cycles, x.time_host, x.time_competing, x.slowdown, x.slowdown / std::sqrt(a),
        x.slowdown / std::log2(a), x.path_length_max, x.path_stretch_max);
  }
  md +=
      "\nGrowth: the least-squares slope of log Δ against log A over the larger half of the "
      "sizes (√A growth has slope 0.5; polylogarithmic growth tends to 0).\n\n"
      "| host | delay | slope | Δ/√A first → last | Δ/lg A first → last | area ratio min … max |\n"
      "|---|---|---:|---|---|---|\n";
  for (const auto& t : r.trends)
    md += fmt::format("| {} | {} | {:.3f} | {:.3f} → {:.3f} | {:.3f} → {:.3f} | {:.2f} … {:.2f} |\n",
                      t.host, t.delay_model, t.slope, t.per_sqrt_a_first, t.per_sqrt_a_last,
                      t.per_lg_a_first, t.per_lg_a_last, t.area_ratio_min, t.area_ratio_max);
  const auto* ft = find_trend(r, "fat-tree", "linear");
  const auto* fp = find_trend(r, "fat-pyramid", "linear");
  if (ft && fp) {
    md += fmt::format(
        "\n**Headline (Greenberg §1, §4).** Under linear delay the fat-tree's slowdown grows with "
        "slope {:.2f} in log A (√A: 0.5; Δ/√A goes {:.3f} → {:.3f}), the fat-pyramid's with "
        "slope {:.2f} (Δ/lg A goes {:.3f} → {:.3f}).",
        ft->slope, ft->per_sqrt_a_first, ft->per_sqrt_a_last, fp->slope, fp->per_lg_a_first,
        fp->per_lg_a_last);
    const auto* fu = find_trend(r, "fat-tree", "unit");
    const auto* pu = find_trend(r, "fat-pyramid", "unit");
    if (fu && pu)
      md += fmt::format(
          " Under unit delay both stay polylogarithmic: slopes {:.2f} (fat-tree) and {:.2f} "
          "(fat-pyramid).",
          fu->slope, pu->slope);
    md += "\n";
  }
  if (plot_prefix) {
    md += "\n";
    std::vector<std::string> seen;
    for (const auto& x : r.rows)
      if (std::find(seen.begin(), seen.end(), x.delay_model) == seen.end()) {
        seen.push_back(x.delay_model);
        md += fmt::format("![slowdown under {} delay]({}{})\n", x.delay_model, *plot_prefix,
                          plot_file(x.delay_model));
      }
  }
  return md;
}

SweepResult run_simulate_sweep(const SweepSpec& spec) {
  if (spec.json) require_writable(*spec.json, "JSON");
  if (spec.sizes.empty() || spec.hosts.empty() || spec.delays.empty())
    throw InputError("a sweep needs at least one size, one host and one delay model");
  SweepResult out;
  std::vector<RegularityVerdict> verdicts;  // per delay model, checked once
  for (const auto& delay : spec.delays) verdicts.push_back(check_regularity(delay));
  for (auto n : spec.sizes)
    for (const auto& host : spec.hosts) {
      SimulateSpec s = spec.base;
      s.processors = n;
      s.host = host;
      const Prepared p = prepare(s);
      for (std::size_t d = 0; d < spec.delays.size(); ++d)
        out.rows.push_back(simulate(p, s, spec.delays[d], verdicts[d]));
    }
  out.trends = trends_of(spec, out.rows);
  out.csv = csv_of(out.rows);
  // With a report folder, the Markdown links the plots written beside it.
  out.markdown = fmt::format(
      "# Simulation overhead: {} network, one step on each host\n\n{}", spec.base.competing,
      sweep_markdown(out, spec.report_dir ? std::optional<std::string>("") : std::nullopt));
  if (spec.report_dir) {
    const std::filesystem::path dir(*spec.report_dir);
    make_directory(*spec.report_dir, "--report");
    for (const auto& delay : spec.delays) {
      std::vector<PlotSeries> series;
      for (const auto& host : spec.hosts) {
        PlotSeries ps{host, {}, false};
        for (const auto& r : out.rows)
          if (r.host == host && r.delay_model == delay.name())
            ps.points.push_back({static_cast<double>(r.area_competing), r.slowdown});
        series.push_back(std::move(ps));
      }
      // Reference curves through the first point of the first host: sqrt A and lg A.
      if (!series.empty() && !series.front().points.empty()) {
        const auto [a0, d0] = series.front().points.front();
        PlotSeries sq{"∝ √A", {}, true}, lga{"∝ lg A", {}, true};
        for (const auto& [a, d] : series.front().points) {
          sq.points.push_back({a, d0 * std::sqrt(a / a0)});
          lga.points.push_back({a, d0 * std::log2(a) / std::log2(a0)});
        }
        series.push_back(std::move(sq));
        series.push_back(std::move(lga));
      }
      const std::string name = plot_file(delay.name());
      write_file_atomically(
          (dir / name).string(),
          plot_svg(series, {fmt::format("Slowdown simulating a {} ({} delay)", spec.base.competing,
                                        delay.name()),
                            "A (competing network's layout area)", "slowdown Δ = T_host / T_R"}));
      out.files.push_back(name);
    }
    write_file_atomically((dir / "simulate.csv").string(), out.csv);
    write_file_atomically((dir / "simulate.md").string(), out.markdown);
    out.files.push_back("simulate.csv");
    out.files.push_back("simulate.md");
  }
  if (spec.json) {
    ordered_json j = ordered_json::array();
    for (const auto& r : out.rows) j.push_back(r.json);
    write_file_atomically(*spec.json, j.dump(2) + "\n");
  }
  return out;
}

}  // namespace ftvlsi
