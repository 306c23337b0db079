#include "ftvlsi/network/fat_tree.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

TEST_SUITE("fat_tree") {
  TEST_CASE("a size that is not a power of two names the nearest valid sizes") {
    FatTreeParams params;
    params.processors = 1000;
    try {
      FatTree tree(params);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      const std::string what = e.what();
      CHECK(what.find("512") != std::string::npos);
      CHECK(what.find("1024") != std::string::npos);
    }
    params.processors = 0;
    CHECK_THROWS_AS(FatTree{params}, InputError);
    params.processors = kMaxProcessors * 2;
    CHECK_THROWS_AS(FatTree{params}, InputError);
  }

  TEST_CASE("components sum the incident wires of every switch") {
    FatTreeParams params;
    params.processors = 8;
    params.capacity.profile = CapacityProfile::kFull;
    const FatTree tree(params);
    CHECK(tree.levels() == 3);
    CHECK(tree.capacities() == std::vector<std::uint64_t>{8, 4, 2, 1});
    // Level 0: 2*8 + 4*4 = 32; level 1: 2 * (2*4 + 4*2) = 32; level 2: 4 * (2*2 + 4*1) = 32.
    CHECK(tree.components() == 96);
    CHECK(tree.total_wires() == 2 * (8 + 2 * 4 + 4 * 2 + 8 * 1));
  }
}
