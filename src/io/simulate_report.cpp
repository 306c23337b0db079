#include "ftvlsi/io/simulate_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "ftvlsi/core/version.hpp"
#include "ftvlsi/route/switch_policy.hpp"

namespace ftvlsi {
namespace {

using nlohmann::ordered_json;

// docs/technology.md: with a technology every time is already in ns; lengths and areas convert.
void add_physical(ordered_json& j, const SimulateResult& out, const Technology& t) {
  j["technology"] = t.name;
  j["processor_area_source"] = std::string(to_string(out.processor_area_source));
  j["time_host_ns"] = out.time_host;
  j["time_competing_ns"] = out.time_competing;
  const bool flat = out.dimensions == 2;
  const auto size = [&](std::uint64_t s) {
    return flat ? t.mm2(static_cast<double>(s)) : t.mm3(static_cast<double>(s));
  };
  j[flat ? "area_host_mm2" : "volume_host_mm3"] = size(out.area_host);
  j[flat ? "area_competing_mm2" : "volume_competing_mm3"] = size(out.area_competing);
  j["path_length_max_mm"] = t.mm(static_cast<double>(out.path_length_max));
  j["competing_wire_length_max_mm"] = t.mm(static_cast<double>(out.competing_wire_length_max));
}

ordered_json row_json(const SimulateResult& out) {
  ordered_json j;
  j["tool"] = {{"name", "ftvlsi"}, {"version", std::string(version())}};
  j["competing"] = out.competing;
  j["processors"] = out.processors;
  j["host"] = out.host;
  j["host_processors"] = out.host_processors;
  if (out.host_capacity_profile) {
    j["host_capacity_profile"] = *out.host_capacity_profile;
    j["host_capacities"] = out.host_capacities;
  }
  j["mapping"] = out.mapping;
  if (out.mesh_diagonals) j["mesh_diagonals"] = *out.mesh_diagonals;
  if (out.switch_span) j["switch_span"] = true;
  if (out.switch_model == SwitchModel::kPartial) {
    j["switch_model"] = std::string(to_string(out.switch_model));
    j["lost_in_switches"] = out.lost_in_switches;
  }
  j["dimensions"] = out.dimensions;
  if (out.dimensions == 3) {
    // Leiserson's Theorem 10: the slowdown is O(lg^3 n).
    const double lg_n = std::max(1.0, std::log2(static_cast<double>(out.host_processors)));
    j["volume_competing"] = out.area_competing;
    j["volume_host"] = out.area_host;
    j["volume_ratio"] = out.area_ratio;  // host volume / R's, padded to about 1 by default
    j["slowdown_over_lg3_n"] = out.slowdown / (lg_n * lg_n * lg_n);
    // The 3D counterparts of sqrt A and lg A (docs/simulate3d.md).
    const double v = std::max(2.0, static_cast<double>(out.area_competing));
    j["slowdown_over_cbrt_v"] = out.slowdown / std::cbrt(v);
    j["slowdown_over_lg_v"] = out.slowdown / std::log2(v);
  }
  j["area_competing"] = out.area_competing;
  j["area_host"] = out.area_host;
  j["area_ratio"] = out.area_ratio;
  j["host_alpha"] = out.host_alpha;
  j["competing_alpha"] = out.competing_alpha;
  j["algorithm"] = out.algorithm;
  j["switch"] = std::string(to_string(out.policy));
  j["seed"] = out.seed;
  j["delay_model"] = out.delay_model;
  j["delay_conditions"] = {{"nondecreasing", out.delay_conditions.nondecreasing},
                           {"c1", out.delay_conditions.c1},
                           {"c2", out.delay_conditions.c2},
                           {"decided", std::string(to_string(out.delay_conditions.decided))}};
  j["message_bits"] = out.bits;
  j["switch_delay"] = out.switch_delay;
  j["messages"] = out.messages;
  j["load_factor"] = out.load_factor;
  j["congestion_parameter"] = out.congestion ? ordered_json(*out.congestion) : ordered_json();
  j["delivery_cycles"] = out.delivery_cycles;
  j["delivered"] = out.delivered;
  j["time_host"] = out.time_host;
  if (out.time_host_bound) {
    // Every message charged the longest wire of each level it crosses: the old, looser figure.
    j["time_host_bound"] = *out.time_host_bound;
    j["slowdown_bound"] = out.time_competing > 0 ? *out.time_host_bound / out.time_competing : 0;
  }
  j["time_competing"] = out.time_competing;
  j["slowdown"] = out.slowdown;
  // Greenberg 1990 §3 and §5: R's processors per host leaf, the slowdown with their computation,
  // and δ (the set's delivery time) and one delivery cycle's time, in bit-times.
  j["mapping_load"] = out.mapping_load;
  j["slowdown_with_compute"] = out.slowdown_with_compute;
  j["delta_bit_times"] = out.delta_bit_times;
  j["cycle_bit_times"] = out.cycle_bit_times;
  j["path_length_max"] = out.path_length_max;
  j["competing_wire_length_max"] = out.competing_wire_length_max;
  j["path_stretch_max"] = out.path_stretch_max;
  j["path_stretch_over_d_plus_lg_a"] = out.path_stretch_bound;
  if (out.technology) add_physical(j, out, *out.technology);
  return j;
}

const SweepTrend* find_trend(const SweepResult& r, HostKind host, DelayModel::Kind delay) {
  const std::string model = DelayModel{delay}.name();
  for (const auto& t : r.trends)
    if (t.host == to_string(host) && t.delay_model == model) return &t;
  return nullptr;
}

}  // namespace

std::string simulate_json(const SimulateResult& r) {
  return row_json(r).dump(2) + "\n";
}

std::string sweep_json(const SweepResult& sweep) {
  ordered_json j = ordered_json::array();
  for (const auto& r : sweep.rows) j.push_back(row_json(r));
  return j.dump(2) + "\n";
}

std::string sweep_csv(const SweepResult& sweep) {
  const auto& rows = sweep.rows;
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

// "slowdown-linear.svg"; characters a file name should not hold become '-'.
std::string slowdown_plot_file(const std::string& delay) {
  std::string name = "slowdown-" + delay + ".svg";
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') c = '-';
  return name;
}

bool is_3d(const SweepResult& r) {
  return !r.rows.empty() && r.rows.front().dimensions == 3;
}

// The 3D counterpart of the headline: the cube root of V for sqrt A, lg V for lg A.
std::string headline3d(const SweepResult& r) {
  std::string md;
  const auto* ft = find_trend(r, HostKind::kFatTree, DelayModel::Kind::kLinear);
  const auto* fp = find_trend(r, HostKind::kFatPyramid, DelayModel::Kind::kLinear);
  if (ft && fp)
    md += fmt::format(
        "\n**3D (volume-universal fat-tree against the 3D fat-pyramid).** Under linear delay the "
        "fat-tree's slowdown grows with slope {:.2f} in log V (∛V: 0.33; Δ/∛V goes {:.3f} → "
        "{:.3f}, Δ/lg V {:.3f} → {:.3f}), the fat-pyramid's with slope {:.2f} (Δ/∛V {:.3f} → "
        "{:.3f}, Δ/lg V {:.3f} → {:.3f}).\n",
        ft->slope, ft->per_cbrt_v_first, ft->per_cbrt_v_last, ft->per_lg_a_first, ft->per_lg_a_last,
        fp->slope, fp->per_cbrt_v_first, fp->per_cbrt_v_last, fp->per_lg_a_first,
        fp->per_lg_a_last);
  md += r.rows.front().switch_span
            ? "\nSwitch spans are charged (`--switch-span`): crossing a switch costs the sum of "
              "its box's sides, as wire (docs/simulate3d.md §4).\n"
            : "\nSwitches are crossed at the switch delay alone; `--switch-span` charges their "
              "spans as wire, which the cube's slab switches make large (docs/simulate3d.md "
              "§4).\n";
  return md;
}

// The growth table of a sweep: Δ against √A and lg A, or for a 3D network against ∛V and lg V.
std::string trend_table(const SweepResult& r, bool three_d) {
  const char* a = three_d ? "V" : "A";
  const char* root = three_d ? "∛V" : "√A";
  std::string md = fmt::format(
      "\nGrowth: the least-squares slope of log Δ against log {0} over the larger half of the "
      "sizes ({1} growth has slope {2}; polylogarithmic growth tends to 0).\n\n"
      "| host | delay | slope | Δ/{1} first → last | Δ/lg {0} first → last | {3} ratio min … max "
      "|\n"
      "|---|---|---:|---|---|---|\n",
      a, root, three_d ? "1/3" : "0.5", three_d ? "volume" : "area");
  for (const auto& t : r.trends)
    md += fmt::format(
        "| {} | {} | {:.3f} | {:.3f} → {:.3f} | {:.3f} → {:.3f} | {:.2f} … {:.2f} |\n", t.host,
        t.delay_model, t.slope, three_d ? t.per_cbrt_v_first : t.per_sqrt_a_first,
        three_d ? t.per_cbrt_v_last : t.per_sqrt_a_last, t.per_lg_a_first, t.per_lg_a_last,
        t.area_ratio_min, t.area_ratio_max);
  return md;
}

// The tables of a sweep over a 3D competing network: V (its volume) for A, ∛V for √A.
std::string sweep_markdown3d(const SweepResult& r) {
  std::string md =
      "Each row routes the 3D competing network's one-step message set (every wire one message "
      "each way) on the host, times every delivery cycle from the wires the messages cross in "
      "the host's 3D layout, and divides by one step of the competing network on its own 3D grid "
      "layout under the same delay model. V is the competing network's measured layout volume, "
      "its processors padded until V is the host's volume within [0.8, 1.25] (Leiserson 1985, "
      "Theorem 10 compares networks of equal volume); the host's volume over V is the volume "
      "ratio.\n\n"
      "| host | delay | N | V | host volume | volume ratio | λ | cycles | T_host | T_R | slowdown "
      "Δ "
      "| Δ/∛V | Δ/lg V | longest path | stretch |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& x : r.rows) {
    const double v = static_cast<double>(x.area_competing);
    md += fmt::format(
        "| {} | {} | {} | {} | {} | {:.2f} | {:.2f} | {} | {:.0f} | {:.0f} | {:.2f} | {:.3f} | "
        "{:.3f} | {} | {:.1f} |\n",
        x.host, x.delay_model, x.processors, x.area_competing, x.area_host, x.area_ratio,
        x.load_factor, x.delivery_cycles, x.time_host, x.time_competing, x.slowdown,
        x.slowdown / std::cbrt(v), x.slowdown / std::log2(v), x.path_length_max,
        x.path_stretch_max);
  }
  md += trend_table(r, true);
  md += headline3d(r);
  return md;
}

// The headline sentence (Greenberg 1990 §1, §4), when the sweep has both hosts.
std::string headline(const SweepResult& r) {
  std::string md;
  const auto* ft = find_trend(r, HostKind::kFatTree, DelayModel::Kind::kLinear);
  const auto* fp = find_trend(r, HostKind::kFatPyramid, DelayModel::Kind::kLinear);
  if (ft && fp) {
    md += fmt::format(
        "\n**Headline (Greenberg §1, §4).** Under linear delay the fat-tree's slowdown grows with "
        "slope {:.2f} in log A (√A: 0.5; Δ/√A goes {:.3f} → {:.3f}), the fat-pyramid's with "
        "slope {:.2f} (Δ/lg A goes {:.3f} → {:.3f}).",
        ft->slope, ft->per_sqrt_a_first, ft->per_sqrt_a_last, fp->slope, fp->per_lg_a_first,
        fp->per_lg_a_last);
    const auto* fu = find_trend(r, HostKind::kFatTree, DelayModel::Kind::kUnit);
    const auto* pu = find_trend(r, HostKind::kFatPyramid, DelayModel::Kind::kUnit);
    if (fu && pu)
      md += fmt::format(
          " Under unit delay both stay polylogarithmic: slopes {:.2f} (fat-tree) and {:.2f} "
          "(fat-pyramid).",
          fu->slope, pu->slope);
    md += "\n";
  }
  return md;
}

std::string sweep_markdown(const SweepResult& r, const std::optional<std::string>& plot_prefix) {
  std::string md;
  if (is_3d(r)) {
    md = sweep_markdown3d(r);
  } else {
    md +=
        "Each row routes the competing network's one-step message set (every wire one message "
        "each way) on the host, times every delivery cycle from the wires the messages cross in "
        "the host's layout, and divides by one step of the competing network on its own layout "
        "under the same delay model. A is the competing network's measured layout area. The "
        "host's processors have area lg² n; the competing network's (α) are padded until the "
        "two total areas are equal within [0.8, 1.25] (Greenberg 1990 §3 compares networks of "
        "equal area; α unless given); the host's area over A is the area ratio.\n\n"
        "| host | delay | N | α | A | host area | area ratio | λ | cycles | T_host | T_R | "
        "slowdown "
        "Δ "
        "| Δ/√A | Δ/lg A | longest path | stretch |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& x : r.rows) {
      const double a = static_cast<double>(x.area_competing);
      md += fmt::format(
          "| {} | {} | {} | {} | {} | {} | {:.2f} | {:.2f} | {} | {:.0f} | {:.0f} | {:.2f} | "
          "{:.3f} "
          "| "
          "{:.3f} | {} | {:.1f} |\n",
          x.host, x.delay_model, x.processors, x.competing_alpha, x.area_competing, x.area_host,
          x.area_ratio, x.load_factor, x.delivery_cycles, x.time_host, x.time_competing, x.slowdown,
          x.slowdown / std::sqrt(a), x.slowdown / std::log2(a), x.path_length_max,
          x.path_stretch_max);
    }
    md += trend_table(r, false);
    md += headline(r);
  }
  if (plot_prefix) {
    md += "\n";
    std::vector<std::string> seen;
    for (const auto& x : r.rows)
      if (std::find(seen.begin(), seen.end(), x.delay_model) == seen.end()) {
        seen.push_back(x.delay_model);
        md += fmt::format("![slowdown under {} delay]({}{})\n", x.delay_model, *plot_prefix,
                          slowdown_plot_file(x.delay_model));
      }
  }
  return md;
}

std::string sweep_document(const SweepResult& sweep, const std::string& competing,
                           bool with_plots) {
  return fmt::format(
      "# Simulation overhead: {} network, one step on each host\n\n{}", competing,
      sweep_markdown(sweep, with_plots ? std::optional<std::string>("") : std::nullopt));
}

}  // namespace ftvlsi
