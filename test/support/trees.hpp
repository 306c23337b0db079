#pragma once
// Small fat-trees for tests: n processors with a given profile (`constant` for the constant one).
#include <cstdint>

#include "ftvlsi/network/fat_tree.hpp"

namespace ftvlsi::test {

inline FatTree tree_of(std::uint64_t n, CapacityProfile profile, std::uint64_t constant = 1) {
  FatTreeParams p;
  p.processors = n;
  p.capacity.profile = profile;
  p.capacity.constant = constant;
  return FatTree(p);
}

// A universal fat-tree on n processors with root capacity w.
inline FatTree universal_tree(std::uint64_t n, std::uint64_t w) {
  FatTreeParams p;
  p.processors = n;
  p.capacity.profile = CapacityProfile::kUniversal;
  p.capacity.root_capacity = w;
  return FatTree(p);
}

}  // namespace ftvlsi::test
