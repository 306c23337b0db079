#pragma once
// DeHon's practical fat-tree as a graph of RN1 routers (docs/design.md §2.6): every router, every
// link between an output and an input, and the rule that picks a connection's direction at each
// router. The redundant links between equivalent ports are wired at random (seeded), after
// Leighton, or deterministically (interleaved round robin), for comparison.
//
// Within a logical node the unit trees' layers are laid out router by router: up routers
// [0, 8m), D3 [8m, 12m), D2 [12m, 18m), D1 [18m, 26m). A link goes from an output slot
// (router * 8 + output) to an input slot (router * 8 + input); every set of equivalent inputs
// (a group's inputs, a child's inputs into its parents) is a pool, and the outputs that feed it
// are matched to it in order (deterministic: sources interleaved over their routers, the pool
// port-major over its routers and unit trees) or through a seeded random permutation.
#include <cstdint>
#include <span>
#include <vector>

#include "ftvlsi/network/rn1.hpp"
#include "ftvlsi/network/transit_composition.hpp"

namespace ftvlsi {

enum class RouterRole : std::uint8_t {
  kUp,            // up-routing layer of a unit tree; level = its stage
  kDown,          // down-routing layer; level = fat-tree level it splits (D1 of stage s: 3s + 1)
  kClusterFirst,  // first stage of a bidelta leaf cluster; group = the cluster
  kClusterInner,  // later cluster stages; level = stage (2 ..), group = the cluster
};

inline constexpr std::int64_t kNoLink = -1;
// A link that delivers to processor p, and the processor a delivering link reaches.
constexpr std::int64_t delivery_link(std::uint64_t p) {
  return -static_cast<std::int64_t>(p) - 2;
}
constexpr std::uint64_t delivered_processor(std::int64_t link) {
  return static_cast<std::uint64_t>(-link - 2);
}

class TransitNetwork {
 public:
  explicit TransitNetwork(const TransitParams& params);

  const TransitShape& shape() const { return shape_; }
  Rn1Config rn1() const { return shape_.params.rn1; }
  std::uint64_t processors() const { return shape_.processors; }
  std::uint64_t routers() const { return role_.size(); }

  RouterRole role(std::uint64_t r) const { return role_[r]; }
  int level(std::uint64_t r) const { return level_[r]; }
  std::uint32_t group(std::uint64_t r) const { return group_[r]; }
  // The stack a router belongs to (unit tree or cluster), numbered stage by stage.
  std::uint32_t stack(std::uint64_t r) const { return stack_[r]; }
  std::uint64_t stacks() const { return stack_stage_.size(); }
  int stack_stage(std::uint32_t s) const { return stack_stage_[s]; }

  // Output slot r * 8 + o: the input slot it feeds, kNoLink, or delivery_link(p).
  std::int64_t link(std::uint64_t out_slot) const { return link_[out_slot]; }
  // Processor p's two network inputs: input slots.
  std::int64_t injection(std::uint64_t p, int i) const { return inject_[2 * p + i]; }

  // The leaf unit (processor or cluster) of processor p, and the fat-tree level of the lowest
  // common ancestor of two leaf units (0: the same one).
  std::uint64_t leaf_unit(std::uint64_t p) const;
  int lca_level(std::uint64_t a, std::uint64_t b) const;
  // The locality class of a connection: 0 inside one cluster, else the fat-tree LCA level.
  int locality_class(std::uint64_t src, std::uint64_t dst) const {
    return lca_level(leaf_unit(src), leaf_unit(dst));
  }
  // The direction (0 .. 3) a connection src -> dst asks for at router r.
  int direction(std::uint64_t r, std::uint64_t src, std::uint64_t dst) const;

  // Up routers a connection of class c traverses with the lateral shortcuts, and without them
  // (one per fat-tree level, the naive up path), and the down routers; cluster stages apart.
  struct StageCount {
    int up = 0, down = 0, cluster = 0, naive_up = 0;
    int total() const { return up + down + cluster; }
    int naive_total() const { return naive_up + down + cluster; }
  };
  StageCount stages_of_class(int c) const;

 private:
  void build_stage(int s);
  void build_clusters();
  void wire_unit_tree(std::uint64_t first, int m);
  void match(std::vector<std::int64_t>& sources, std::vector<std::int64_t>& sinks);
  std::uint64_t add_routers(std::uint64_t count, RouterRole role, int level, std::uint32_t group,
                            std::uint32_t stack);

  TransitShape shape_;
  int cluster_size_ = 0;    // 0: small leaves
  int cluster_stages_ = 0;  // 1 + log4(c / 3)
  std::uint64_t rng_state_ = 0;
  std::vector<RouterRole> role_;
  std::vector<std::int16_t> level_;
  std::vector<std::uint32_t> group_;
  std::vector<std::uint32_t> stack_;
  std::vector<int> stack_stage_;
  std::vector<std::int64_t> link_;
  std::vector<std::int64_t> inject_;
  // While building: per node of the stage below, the outputs that go up to its parent and the
  // inputs its parent feeds.
  std::vector<std::vector<std::int64_t>> pending_up_;    // per node of the stage below: outputs
  std::vector<std::vector<std::int64_t>> pending_down_;  // per node below: its down-input pool
};

}  // namespace ftvlsi
