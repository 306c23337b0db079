#pragma once
// The concentrator switch of a fat-tree node with real insides (Leiserson 1985 §IV,
// docs/design.md §2.7): Pippenger's (r, 2r/3, 3/4) partial concentrator graphs — bipartite,
// inputs of degree at most 6, outputs of degree at most 9, any k ≤ αs inputs connected to k
// outputs by vertex-disjoint paths — pasted outputs to inputs for any concentration ratio in
// constant depth, with O(r) components; and a verifier of that property by max-flow.
//
// The graphs are probabilistic: a drawing is verified (exhaustively over every subset of at most
// αs inputs for small r; by seeded random subsets and the hardest subsets a greedy search finds
// for larger r) and re-drawn with the next seed when it fails.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi {

// What a fat-tree switch is in a layout: an opaque box with ideal concentrators, or the partial
// concentrators below drawn inside it (`layout --switch-model`).
enum class SwitchModel { kIdeal, kPartial };
inline constexpr NameTable<SwitchModel, 2> kSwitchModelNames{{
    {SwitchModel::kIdeal, "ideal"},
    {SwitchModel::kPartial, "partial"},
}};
constexpr std::string_view to_string(SwitchModel m) {
  return name_of(kSwitchModelNames, m);
}

// Pippenger's parameters as Leiserson §IV states them.
inline constexpr int kConcentratorInputDegree = 6;
inline constexpr int kConcentratorOutputDegree = 9;
// α = 3/4: a level with s outputs connects any floor(3s/4) inputs.
std::uint64_t concentrator_guarantee(std::uint64_t outputs);

// One bipartite level: inputs 0..inputs-1, outputs 0..outputs-1; each input's outputs sorted,
// stored as compressed rows.
struct ConcentratorLevel {
  std::uint32_t inputs = 0, outputs = 0;
  std::vector<std::uint32_t> offset;  // inputs + 1 entries
  std::vector<std::uint32_t> target;  // the output of each edge
  std::span<const std::uint32_t> neighbours(std::uint32_t input) const {
    return {target.data() + offset[input], target.data() + offset[input + 1]};
  }
  std::uint64_t edges() const { return target.size(); }
  int max_input_degree() const;
  int max_output_degree() const;
};

// A concentrator switch: r inputs onto s outputs through `levels`, each level's outputs the next
// level's inputs. No levels when r ≤ s: input i is wired straight to output i, a full
// concentrator with no components.
struct ConcentratorSwitch {
  std::uint32_t inputs = 0, outputs = 0;
  std::vector<ConcentratorLevel> levels;
  std::uint64_t seed = 0;  // the seed of the drawing that was accepted
  int tries = 1;           // drawings made, the accepted one included
  int depth() const { return static_cast<int>(levels.size()); }
  // Components: the crosspoints (edges) of every level, Leiserson's O(m).
  std::uint64_t components() const;
  // floor(αs): any this many inputs connect to distinct outputs.
  std::uint64_t guarantee() const { return concentrator_guarantee(outputs); }
};

// The widths of a cascade from r down to s: r, then ceil(2/3) of the previous while that is
// still more than 3s/2, then s; every level concentrates by at most 3/2 (so its outputs have
// degree ≤ 9; the one exception, 2 onto 1, merges into degree 2). Just {r, s} when r ≤ 3s/2, and
// {r} when r ≤ s.
std::vector<std::uint32_t> cascade_widths(std::uint32_t inputs, std::uint32_t outputs);

// One level drawn from `seed`, r ≤ 3s/2 (or r ≤ 2): every input takes 6 edge ends, the 6r ends are
// spread over the s outputs as evenly as possible (at most ceil(6r/s) ≤ 9 each), and a seeded
// random permutation pairs input ends with output ends (Pippenger's union of random matchings);
// parallel edges merge, so degrees stay ≤ 6 and ≤ 9. Unverified. `input_degree` below 6 draws
// sparser graphs than Pippenger's, which fail more often (the tests of the re-drawing use it).
ConcentratorLevel draw_concentrator_level(std::uint32_t inputs, std::uint32_t outputs,
                                          std::uint64_t seed,
                                          int input_degree = kConcentratorInputDegree);
// The whole cascade drawn from `seed`, unverified.
ConcentratorSwitch draw_concentrator(std::uint32_t inputs, std::uint32_t outputs,
                                     std::uint64_t seed,
                                     int input_degree = kConcentratorInputDegree);

// The control of the verifier and of check L-IV: a single level where each input has degree 1
// (input i to output i mod s), which any two inputs congruent mod s defeat.
ConcentratorSwitch weak_concentrator(std::uint32_t inputs, std::uint32_t outputs);

// A full crossbar, the concentrator the paper avoids: one level, every input joined to every
// output (r·s crosspoints, Θ(m²) components), straight wires when r ≤ s. It connects any s
// inputs; the control of check L-L3's partial-switch series, whose drawn side grows like m².
ConcentratorSwitch crossbar_concentrator(std::uint32_t inputs, std::uint32_t outputs);

// The most vertex-disjoint paths from the given inputs (distinct, < inputs) to the outputs, by
// max-flow (Dinic, unit capacities on every vertex and edge). With `assigned`, the output each
// input reaches (or UINT32_MAX when it is among the unconnected).
std::uint64_t disjoint_paths(const ConcentratorSwitch& sw, std::span<const std::uint32_t> inputs,
                             std::vector<std::uint32_t>* assigned = nullptr);

// A switch's flow network built once, for connecting many input sets through it (the delivery
// simulator's partial switches): connect() is disjoint_paths() without the rebuilding.
class ConcentratorRouter {
 public:
  explicit ConcentratorRouter(const ConcentratorSwitch& sw);
  ~ConcentratorRouter();
  ConcentratorRouter(ConcentratorRouter&&) noexcept;
  ConcentratorRouter& operator=(ConcentratorRouter&&) noexcept;
  std::uint64_t connect(std::span<const std::uint32_t> inputs,
                        std::vector<std::uint32_t>* assigned = nullptr);

 private:
  struct Flow;
  std::unique_ptr<Flow> flow_;
};

struct VerifyParams {
  std::uint64_t seed = 1;
  std::uint32_t exhaustive_up_to = 12;  // every subset when the level has at most this many inputs
  int random_subsets = 48;              // seeded random subsets of the whole switch
  int greedy_starts = 3;                // greedy searches per level
};

struct ConcentratorVerdict {
  bool exhaustive = false;    // every subset of every level was tried
  std::uint64_t subsets = 0;  // subsets tried
  // The worst subset found: its size and how many of it connected (equal when none failed).
  std::uint64_t worst_size = 0, worst_routed = 0;
  // A subset that fails (empty when none did): inputs of level `failed_level`, or of the whole
  // switch when it is -1.
  std::vector<std::uint32_t> counterexample;
  int failed_level = -1;
  bool holds() const { return counterexample.empty(); }
  // The fewest connected over the size among the subsets tried (1 when every one connects).
  double worst_fraction() const {
    return worst_size == 0 ? 1.0 : static_cast<double>(worst_routed) / worst_size;
  }
};

// Tests the partial-concentrator property: every level on its own (any floor(3 s_l / 4) of its
// inputs connect), exhaustively when it has at most `exhaustive_up_to` inputs and otherwise by
// seeded random subsets and greedy searches for the hardest subset (grown one input at a time,
// each time the input that adds the fewest new outputs, i.e. most reduces the slack |N(S)| − |S|
// of Hall's condition, the max-flow's cut; a subset that stops connecting is a counterexample);
// then the whole cascade on random subsets of at most floor(3s/4) inputs.
ConcentratorVerdict verify_concentrator(const ConcentratorSwitch& sw, const VerifyParams& params);

struct BuildParams {
  VerifyParams verify;
  int max_tries = 16;
  int input_degree = kConcentratorInputDegree;
};
// Draws and verifies, re-drawing with the next seed (seed + 1, …) up to `max_tries` times; throws
// InputError when no drawing holds (the sizes are too small for the probabilistic construction).
ConcentratorSwitch build_concentrator(std::uint32_t inputs, std::uint32_t outputs,
                                      std::uint64_t seed, const BuildParams& params = {});

// What a channel of partial-concentrator switches is guaranteed to pass, Leiserson §IV's
// "capacity α × wires": the same tree with every capacity ⌊3 cap(k) / 4⌋ (at least 1; a switch
// onto one wire is a full concentrator). A schedule one-cycle on it loses nothing in the real
// switches (route and simulate --algorithm offline --switch-model partial, check L-T1).
FatTree guaranteed_capacities(const FatTree& tree);

// The three concentrator switches of a level-k node of a fat-tree (Leiserson Fig. 3): up (both
// children's up channels onto the parent's) and down to each child (the parent's down channel
// and the sibling's up channel onto the child's down channel).
enum class SwitchKind { kUp, kDownLeft, kDownRight };
struct SwitchShape {
  SwitchKind kind;
  std::uint32_t inputs, outputs;
};
std::vector<SwitchShape> node_switches(const FatTree& tree, int level);
// The seed of one design: every node of a level uses the same drawn switch of each kind.
std::uint64_t switch_seed(std::uint64_t seed, int level, SwitchKind kind);

}  // namespace ftvlsi
