#pragma once
// A simulation of a competing network's step on a universal host (docs/design.md §6.4): its
// parameters, its typed result, and a sweep's. report/simulate_job.hpp runs them;
// io/simulate_report.hpp writes their JSON, CSV and Markdown.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/core/progress.hpp"
#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/network/capacity.hpp"
#include "ftvlsi/network/host_kind.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "ftvlsi/route/route_algorithm.hpp"
#include "ftvlsi/tech/technology.hpp"

namespace ftvlsi {

struct SimulateSpec {
  std::string competing = "mesh";
  std::uint64_t processors = 256;
  std::optional<std::string> network_file;  // competing = "file"
  HostKind host = HostKind::kFatTree;
  CapacityParams capacity;      // fat-tree host; linear-size by default
  bool capacity_given = false;  // else a 3D competing network gets Theorem 10's universal host
  bool alpha_given = false;     // else the host's processors have Greenberg's area lg^2 n
  // kTechnology: the 2D host's processors have the technology's area (--technology without
  // --alpha, or --alpha technology; docs/technology.md), and R's are padded from it.
  ProcessorAreaSource processor_area_source = ProcessorAreaSource::kAlpha;
  // The area of R's processors in its channel layout (a 3D R: their volume on its grid). By
  // default R's processors are padded, from the host's processor area up, until R's total area
  // (volume) is the host's within [0.8, 1.25]: Greenberg 1990 §3 and Leiserson 1985, Theorem 10
  // compare networks of equal area (volume) (docs/measurements.md).
  std::optional<std::uint64_t> competing_alpha;
  // R's processors, when they differ from the host's: `processors` then sizes the fat-tree host
  // (the least power of two of leaves at least that), and R has this many, mapped by the balanced
  // (or geometric) mapping about equally onto the leaves, several on a leaf when R has more
  // (Greenberg 1990 §3's small processors, §5's larger networks). 2D R, fat-tree host only.
  std::optional<std::uint64_t> competing_processors;
  // A given mapping of R's processors onto the fat-tree's leaves (check's controls); else
  // `mapping`.
  std::optional<std::vector<std::uint64_t>> leaf;
  bool mesh_diagonals = false;  // fat-pyramid host: diagonal mesh wires (not Greenberg's mesh)
  // Charge a message for crossing each host switch: half of the switch box's span (the sum of
  // its sides) is added to every wire at each switch it ends on (docs/simulate3d.md §4).
  bool switch_span = false;
  // The fat-tree host's switches (2D only): ideal concentrators, or Pippenger's partial
  // concentrators drawn inside the H-tree's switches and routed through by max-flow, a message
  // with no free path lost in the switch and sent again (route --switch-model, docs/simulate.md).
  SwitchModel switch_model = SwitchModel::kIdeal;
  // R's message set: t full steps (every wire a message each way, t times over), which R
  // delivers in t times its slowest round trip (Greenberg & Leiserson 1986, Theorem 10's t;
  // `ftvlsi check` GL-T10). The CLI and Python run one step.
  std::uint64_t steps = 1;
  // Fat-tree host. `balanced`, not decompose's `balanced-top`: the meshes simulate sweeps never
  // keep a multilevel split, whose trial would raise the 2^21 3D rows' peak by about 400 MiB.
  MappingKind mapping = MappingKind::kBalanced;
  // greedy, random or offline (fat-tree host); greedy or random-prime (fat-pyramid host)
  RouteAlgorithm algorithm = RouteAlgorithm::kGreedy;
  SwitchPolicy policy = SwitchPolicy::kRandom;
  DelayModel delay{DelayModel::Kind::kLinear};
  std::uint64_t data_bits = 32;  // a message: M bit + address + data
  double switch_delay = 1;
  std::uint64_t seed = 1;
  std::uint64_t max_cycles = 1000000;
  std::optional<std::string> json;
  // With a technology (docs/technology.md) the delay model, the switch delay and the bit time
  // are its own, so every time is in ns.
  std::optional<Technology> technology;
};

struct SimulateResult {
  std::string host, competing, algorithm, delay_model;
  std::uint64_t processors = 0, host_processors = 0;
  std::uint64_t area_competing = 0, area_host = 0;
  std::uint64_t host_alpha = 0, competing_alpha = 0;  // processor areas as drawn (mean per box)
  // Where the host's processor area came from: the technology's only for 2D hosts (a 3D host's
  // processors keep their volume).
  ProcessorAreaSource processor_area_source = ProcessorAreaSource::kAlpha;
  double area_ratio = 0;  // area_host / area_competing
  std::uint64_t messages = 0, bits = 0;
  double load_factor = 0;
  std::optional<double> congestion;  // fat-tree host only
  std::uint64_t delivery_cycles = 0;
  double time_host = 0, time_competing = 0, slowdown = 0;
  // The most of R's processors on one host leaf, which that leaf's processor runs one after
  // another: a step of R costs it mapping_load steps of computation (Greenberg 1990 §3).
  std::uint64_t mapping_load = 1;
  // δ, the delivery time of R's one-step set on the host in bit-times (time_host / the bit time),
  // and the time of one delivery cycle in bit-times (δ / delivery_cycles): from the drawn wires
  // under the delay model and the switch delay.
  double delta_bit_times = 0, cycle_bit_times = 0;
  // max(slowdown, mapping_load): communication and the computation of the shared leaves
  // (Greenberg 1990, Theorem 3.3's max{δ, α_F / α_R}).
  double slowdown_with_compute = 0;
  // Fat-tree host: T_host with every message charged the longest wire of each level it crosses.
  std::optional<double> time_host_bound;
  std::uint64_t path_length_max = 0, competing_wire_length_max = 0;
  double path_stretch_max = 0;    // max over messages of host path length / R's wire length
  double path_stretch_bound = 0;  // max over messages of host path length / (d + lg A)
  // What ran, as io/simulate_report.hpp reports it.
  std::optional<std::string> host_capacity_profile;  // fat-tree host
  std::vector<std::uint64_t> host_capacities;        // fat-tree host
  std::string mapping;                               // balanced, geometric or grid
  std::optional<bool> mesh_diagonals;                // fat-pyramid host
  int dimensions = 2;                                // 3: areas are volumes (Theorem 10)
  bool switch_span = false;                          // switches' spans charged as wire
  SwitchModel switch_model = SwitchModel::kIdeal;    // fat-tree host
  // Partial switches: the messages the ideal concentrators would have passed that found no
  // free path through a switch, over every cycle (each was sent again in a later cycle).
  std::uint64_t lost_in_switches = 0;
  SwitchPolicy policy = SwitchPolicy::kRandom;
  std::uint64_t seed = 1, delivered = 0;
  double switch_delay = 1;
  RegularityVerdict delay_conditions;
  std::optional<Technology> technology;  // times in ns, lengths and areas convertible
};

struct SweepSpec {
  SimulateSpec base;  // competing network, algorithm, bits, seed...
  std::vector<std::uint64_t> sizes{64, 256, 1024, 4096, 16384, 65536};
  std::vector<HostKind> hosts{HostKind::kFatTree, HostKind::kFatPyramid};
  std::vector<DelayModel> delays{{DelayModel::Kind::kUnit},
                                 {DelayModel::Kind::kLog},
                                 {DelayModel::Kind::kSqrt},
                                 {DelayModel::Kind::kLinear}};
  std::optional<std::string> report_dir;  // simulate.md, simulate.csv, slowdown-<delay>.svg
  std::optional<std::string> json;
  // Only this slice of the (size, host) items, in the order size-major; a partial shard writes
  // simulate-shard-K-of-N.json into report_dir instead of the report (docs/cluster.md).
  Shard shard;
  ProgressFn progress;  // called as each (size, host) item starts and when all are done
};

// The growth of the slowdown over a sweep, per host and delay model: the least-squares slope of
// log(slowdown) against log(A) over the larger half of the sizes, and the ratios to sqrt A and
// lg A at the smallest and largest size. For a 3D competing network A is its volume V, and the
// ratios to the cube root of V (the 3D counterpart of sqrt A) are kept too; lg A is then lg V.
struct SweepTrend {
  std::string host, delay_model;
  double slope = 0;
  double per_sqrt_a_first = 0, per_sqrt_a_last = 0;
  double per_lg_a_first = 0, per_lg_a_last = 0;
  double area_ratio_min = 0, area_ratio_max = 0;     // host area / A over the sweep
  int dimensions = 2;                                // of the competing network
  double per_cbrt_v_first = 0, per_cbrt_v_last = 0;  // 3D only: slowdown / V^(1/3)
};

struct SweepResult {
  std::vector<SimulateResult> rows;
  std::vector<SweepTrend> trends;
  std::vector<std::string> files;  // written into report_dir
};

}  // namespace ftvlsi
