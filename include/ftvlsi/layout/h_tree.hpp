#pragma once
// The H-tree layout of a binary fat-tree (docs/design.md §3.3, Greenberg eq. 1) as a hierarchical
// Thompson-grid embedding.
//
// One cell per tree level. The cell of a level-k node holds its two child cells side by side,
// turned a quarter so that their port edges face a central strip; the node's switch sits at the
// end of that strip on the cell's own port edge (its bottom edge). Each child channel's 2 cap
// wires leave the child's switch at its pins, run across the strip and turn down onto the top
// of the switch; the node's own channel leaves from pins on the switch's bottom edge. The
// quarter turns make the split directions alternate, which is the H-tree: the side length
// obeys S(k) = 2 S(k+2) + Theta(cap), and odd L needs nothing special (the last split is
// simply a binary one).
//
// Node sizes (Leiserson Lemma 3): a switch is a square whose side is one less than the number
// of pins on its busier edge, max(4 cap(k+1), 2 cap(k)) - 1, so Theta(m) for m incident wires.
// A processor is a square of side max(ceil(sqrt alpha), 2 cap(L) - 1, 1).
// The root channel ends on an interface pad just below the root switch.
#include <cstdint>

#include "ftvlsi/core/progress.hpp"
#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

namespace ftvlsi {

// `progress`, when given, hears ("level k", done, total) as each level's cell is built, done and
// total counting the pins of the levels built and of all levels (the work grows with them).
Layout<2> build_h_tree(const FatTree& tree, const ProgressFn& progress = {});
// With SwitchModel::kPartial every node's switch is drawn inside: its three concentrator
// switches built from Pippenger's partial concentrators (seeded by `seed`, one design per level
// and kind), every component and port on a line and their wires routed crossbar-style above it
// (Leiserson Lemma 3 in 2D; docs/design.md §3.3). A switch is then Θ(m) a side with a larger
// constant, and the rest of the H-tree is built around it as before.
Layout<2> build_h_tree(const FatTree& tree, SwitchModel model, std::uint64_t seed,
                       const ProgressFn& progress = {});

// A deliberately worse H-tree, the negative control of `ftvlsi check` L-L3: every switch's side
// is `stretch` times the one above (the rest of the construction is unchanged and drawn
// wire-for-wire), so a switch is Theta(stretch * m), no longer Theta(m).
Layout<2> build_h_tree_stretched_switches(const FatTree& tree, std::uint64_t stretch);

// The negative control of L-L3's partial-switch series: every node's switches drawn inside as
// above, but each a full crossbar (every input joined to every output, Θ(m²) components), so a
// switch is Θ(m²) a side.
Layout<2> build_h_tree_crossbar_switches(const FatTree& tree);

// Bytes the hierarchical H-tree of `tree` needs, estimated before anything is allocated.
std::uint64_t estimate_h_tree_bytes(const FatTree& tree);

}  // namespace ftvlsi
