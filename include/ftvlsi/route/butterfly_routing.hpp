#pragma once
// Routing on a butterfly fat-tree or fat-pyramid (Greenberg & Leiserson §6, Greenberg §4,
// docs/design.md §5.5). A message climbs from its processor, taking a random parent at
// every level, until the node it has reached holds its destination (the apex); on a fat-pyramid
// it leaves the tree earlier, at the first level l >= 1 where the destination's level-l node is
// adjacent (horizontally, vertically or diagonally) to its own, by one of the two mesh wires to
// the same-numbered switch of that node. From there it follows the unique path down. Every wire is
// a channel of capacity 1 in each direction. A delivery cycle resolves the up wires level by
// level from the processors, then the mesh wires, then the down wires from the top; one message
// passes each directed wire (chosen at random, or the lowest-numbered with priority switches),
// and a wire won in one phase stays held for the rest of the cycle (a 2D diagonal's second mesh
// edge is taken one phase after the edges of messages with a single mesh edge).
//
// The same rules route the 3D butterfly fat-tree and the 3D fat-pyramid (docs/simulate3d.md):
// "adjacent" is Chebyshev distance 1 between the level-l nodes' coordinates (a face, edge or
// corner neighbour), and the 6-neighbour mesh takes one hop per axis the nodes differ along, in
// the order x, y, z, each in a mesh phase of its own axis (up to three mesh edges: the 3D
// counterpart of Greenberg 1990 §4's two edges for a diagonal). Processors are in Morton order.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/network/butterfly_fat_tree.hpp"
#include "ftvlsi/network/butterfly_fat_tree3d.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/message_set.hpp"
#include "ftvlsi/route/route_algorithm.hpp"
#include "ftvlsi/route/timing.hpp"

namespace ftvlsi {

// Where a message turns: the level of its apex or mesh shortcut, and whether it is a shortcut.
struct ButterflyTurn {
  int level = 0;
  bool mesh = false;
};
ButterflyTurn butterfly_turn(const ButterflyFatTree& net, std::uint32_t src, std::uint32_t dst);
ButterflyTurn butterfly_turn(const ButterflyFatTree3d& net, std::uint32_t src, std::uint32_t dst);

// The load factor: the most messages on one channel divided by its wires, over the channels
// above every level-l node (2^l wires, l = 0 .. m-1, up and down) and, on a fat-pyramid, the
// directed mesh channels between adjacent level-l nodes (2^l wires).
// 3D: the tree channel above a level-l node has 4^l wires, a directed mesh channel between
// adjacent level-l nodes s_l = 4^(l-1).
double butterfly_load_factor(const ButterflyFatTree& net, const MessageSet& messages);
double butterfly_load_factor(const ButterflyFatTree3d& net, const MessageSet& messages);

// Optional timing: the layout length of every wire of net.graph(), in its order (a view: the
// lengths outlive the routing call).
struct ButterflyTiming {
  MessageTiming timing;
  std::span<const std::uint64_t> wire_length;
};

// GREEDY sends every undelivered message in every cycle, with fresh random parents. RANDOM'
// is GL §6's variant of Fig. 7 for this network: for z = 1, 2, 4, ..., (k + 1) lg n times over,
// every undelivered message picks one of the next z cycles at random (|M| <= n^k); O(lambda lg^2 n)
// cycles with high probability. Throws GeometryError if the messages are not all delivered
// within `max_cycles`.
enum class ButterflyAlgorithm { kGreedy, kRandomPrime };
// The names are RouteAlgorithm's (route/route_algorithm.hpp) for the same two algorithms.
inline constexpr NameTable<ButterflyAlgorithm, 2> kButterflyAlgorithmNames{{
    {ButterflyAlgorithm::kGreedy, to_string(RouteAlgorithm::kGreedy)},
    {ButterflyAlgorithm::kRandomPrime, to_string(RouteAlgorithm::kRandomPrime)},
}};
constexpr std::string_view to_string(ButterflyAlgorithm a) {
  return name_of(kButterflyAlgorithmNames, a);
}

// How a climbing message picks its parent: at random (GL §6: every wire of a channel equally
// likely), or always the first (the lowest-numbered switch above it; `ftvlsi check`'s control for
// GL-§6: a channel's 2^l wires then carry what one wire can).
enum class ParentChoice { kRandom, kFirst };

// A cycle sending at least `parallel_cycle` messages draws their paths on two threads; the
// results are the same whatever the threshold (tests compare).
inline constexpr std::size_t kButterflyParallelCycle = std::size_t{1} << 14;

RouteResult route_butterfly(const ButterflyFatTree& net, const MessageSet& messages,
                            ButterflyAlgorithm algorithm, SwitchPolicy policy, std::uint64_t seed,
                            std::uint64_t max_cycles, const ButterflyTiming* timing = nullptr,
                            ParentChoice parents = ParentChoice::kRandom,
                            std::size_t parallel_cycle = kButterflyParallelCycle);

RouteResult route_butterfly(const ButterflyFatTree3d& net, const MessageSet& messages,
                            ButterflyAlgorithm algorithm, SwitchPolicy policy, std::uint64_t seed,
                            std::uint64_t max_cycles, const ButterflyTiming* timing = nullptr,
                            ParentChoice parents = ParentChoice::kRandom,
                            std::size_t parallel_cycle = kButterflyParallelCycle);

namespace detail {
// route_butterfly drawing every path of a cycle before its first phase, on one lane: the order
// whose draws and results the first-phase-first routing reproduces (the tests compare them; it is
// also what a network whose nodes of a level draw differently gets).
RouteResult route_butterfly_paths_first(const ButterflyFatTree& net, const MessageSet& messages,
                                        ButterflyAlgorithm algorithm, SwitchPolicy policy,
                                        std::uint64_t seed, const ButterflyTiming* timing,
                                        ParentChoice parents);
RouteResult route_butterfly_paths_first(const ButterflyFatTree3d& net, const MessageSet& messages,
                                        ButterflyAlgorithm algorithm, SwitchPolicy policy,
                                        std::uint64_t seed, const ButterflyTiming* timing,
                                        ParentChoice parents);
}  // namespace detail

RouteResult route_butterfly_greedy(const ButterflyFatTree& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles,
                                   const ButterflyTiming* timing = nullptr);
RouteResult route_butterfly_greedy(const ButterflyFatTree3d& net, const MessageSet& messages,
                                   SwitchPolicy policy, std::uint64_t seed,
                                   std::uint64_t max_cycles,
                                   const ButterflyTiming* timing = nullptr);

// One attempt's path of every message, as the router draws it from `seed` (for tests and
// inspection): the nodes visited, from the source to the destination, and the wires of graph()
// between them, in order. A message to itself has one node and no wire.
struct ButterflyPath {
  std::vector<std::uint32_t> nodes;
  std::vector<std::uint32_t> wires;
};
std::vector<ButterflyPath> butterfly_paths(const ButterflyFatTree& net, const MessageSet& messages,
                                           std::uint64_t seed);
std::vector<ButterflyPath> butterfly_paths(const ButterflyFatTree3d& net,
                                           const MessageSet& messages, std::uint64_t seed,
                                           ParentChoice parents = ParentChoice::kRandom);
namespace detail {
// The same paths found by walking graph()'s adjacency instead of by arithmetic on its numbering
// (the reference butterfly_routing3d_test compares the router with).
std::vector<ButterflyPath> butterfly_paths_on_graph(const ButterflyFatTree3d& net,
                                                    const MessageSet& messages, std::uint64_t seed,
                                                    ParentChoice parents);
}  // namespace detail

}  // namespace ftvlsi
