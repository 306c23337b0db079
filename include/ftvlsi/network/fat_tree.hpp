#pragma once
// The binary fat-tree on n = 2^L processors (Leiserson §IV, docs/design.md §2.1).
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/network/capacity.hpp"

namespace ftvlsi {

// Largest processor count any network accepts; beyond it every layout is absurd.
inline constexpr std::uint64_t kMaxProcessors = std::uint64_t{1} << 40;

// The level of the lowest node above leaves a and b of a tree of `levels` levels (the root is
// level 0; `levels` when a == b): where a message from a to b turns, and the deepest level at
// which two messages from a and b share their up channels.
constexpr int common_level(int levels, std::uint32_t a, std::uint32_t b) {
  return levels - static_cast<int>(std::bit_width(a ^ b));
}

struct FatTreeParams {
  std::uint64_t processors = 1024;
  CapacityParams capacity;
};

class FatTree {
 public:
  // Validates the parameters (power-of-two size, the profile's ranges) and computes the
  // capacities; throws InputError with one sentence on bad input.
  explicit FatTree(const FatTreeParams& params);

  std::uint64_t processors() const { return n_; }
  int levels() const { return levels_; }  // L
  const CapacityParams& capacity_params() const { return params_.capacity; }
  // cap(k) for k = 0..L.
  const std::vector<std::uint64_t>& capacities() const { return caps_; }
  std::uint64_t capacity(int k) const { return caps_.at(k); }
  // Number of nodes at level k: 2^k.
  std::uint64_t nodes_at(int k) const { return std::uint64_t{1} << k; }
  // Wires incident to a level-k switch (k < L): its parent channel and two child channels,
  // both directions.
  std::uint64_t switch_degree(int k) const;
  // Leiserson's component count: a node with m incident wires has Theta(m) components;
  // components = sum over switches of m.
  std::uint64_t components() const;
  // Total wires of all channels (2 cap(k) per channel, 2^k channels at level k).
  std::uint64_t total_wires() const;

 private:
  FatTreeParams params_;
  std::uint64_t n_;
  int levels_;
  std::vector<std::uint64_t> caps_;
};

// Throws InputError naming the nearest powers of `base` when n is not one (or is out of range).
void require_power_size(std::uint64_t n, unsigned base, const std::string& network);

}  // namespace ftvlsi
