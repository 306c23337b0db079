#pragma once
// The `cube` style: a binary fat-tree on the 3D grid (docs/design.md §3.5), one cell per
// level. The cell of a level-k node splits along axis a = k mod 3: its two children sit on either
// side of a slab that holds the node's switch, the second child mirrored so that both face it.
// A child's up channel ends in pins on its face towards the slab; the switch covers those pins
// with its two faces along a and is joined to them by straight wires one unit long; the node's
// own up channel leaves the switch's face along p = (k + 2) mod 3 as straight wires through the
// slab to the cell's face, where they become the cell's pins (the parent splits along p). Every
// wire is a straight segment, so no two ever cross; the slabs of all levels add up along each
// axis, which gives the recursive-octant bound O(w^(3/2) lg^3 (n/w)) rather than Theorem 4's
// O((w lg(n/w))^(3/2)) (measured in the README).
#include <cstdint>

#include "ftvlsi/geometry/layout.hpp"
#include "ftvlsi/network/fat_tree.hpp"
#include "ftvlsi/network/partial_concentrator.hpp"

namespace ftvlsi {

// Theorem 4's construction (`--style cube`): every switch spans its children's whole
// cross-section, so a level-k slab is only about cap(k) / side thick (docs/theorem4.md).
Layout<3> build_cube(const FatTree& tree);
// With SwitchModel::kPartial every node's switch is drawn inside a box O(√m) on every side
// (Leiserson 1985 §IV, Lemma 3 in 3D; docs/design.md §3.5): its three concentrator switches built
// from Pippenger's partial concentrators (seeded by `seed`, one design per level and kind, as in
// the H-tree), their components on the box's bottom face and every link routed above it in
// layer pairs. Both directions of every channel are drawn; the box's bottom face takes the left
// child's pins, its top the mirrored right child's, and the node's own channel leaves through
// its face along p.
Layout<3> build_cube(const FatTree& tree, SwitchModel model, std::uint64_t seed);
// The negative control of `ftvlsi check` L-L3: the same switches with every wire in a layer pair
// of its own, so a box is Θ(m) high instead of O(√m).
Layout<3> build_cube_unpacked_switches(const FatTree& tree, std::uint64_t seed);
// The slab construction (`--style slab`): switches about sqrt(cap(k)) across, so every level's
// slab is about sqrt(cap(k)) thick.
Layout<3> build_slab_cube(const FatTree& tree);

// Bytes either construction needs, estimated before anything is allocated (docs/memory-limits.md).
std::uint64_t estimate_cube_bytes(const FatTree& tree);
// The wires the partial-switch cube draws in its level cells, bounded from the switches' shapes
// (every concentrator level input at its full degree 6) before anything is built: the basis of
// its memory estimate (report/layout_job.cpp).
std::uint64_t estimate_partial_cube_links(const FatTree& tree);
// Leiserson's Theorem 4 volume (w lg(n/w))^(3/2) for root capacity w (lg(n/w) at least 1).
double theorem4_volume(const FatTree& tree);

}  // namespace ftvlsi
