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

}  // namespace ftvlsi::test
