#include "ftvlsi/core/system.hpp"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <cstdint>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;
using ftvlsi::test::MemoryLimit;

TEST_SUITE("system") {
  TEST_CASE("a memory limit is a whole number of bytes with an optional binary suffix") {
    CHECK(parse_memory_limit("1") == 1);
    CHECK(parse_memory_limit("268435456") == 268435456);
    CHECK(parse_memory_limit("18446744073709551615") == UINT64_MAX);
    CHECK(parse_memory_limit("1K") == 1024);
    CHECK(parse_memory_limit("512m") == 512ull << 20);
    CHECK(parse_memory_limit("3G") == 3ull << 30);
    CHECK(parse_memory_limit("16777215T") == 16777215ull << 40);
  }

  TEST_CASE("anything else is refused with FTV-8010") {
    for (const char* text :
         {"", "abc", "-1", "+1", "1e3", "1.5G", "0", "0K", " 1", "1 ", "12x", "1KB", "1P",
          "18446744073709551616", "16777216T", "99999999999999999999"}) {
      CAPTURE(text);
      CHECK(error_id([&] { parse_memory_limit(text); }) == 8010);
    }
  }

  TEST_CASE("the environment overrides the machine's figure, and a bad value throws") {
    {
      const MemoryLimit limit("2M");
      CHECK(available_memory_bytes() == 2u << 20);
      CHECK_NOTHROW(check_memory_limit_setting());
    }
    {
      const MemoryLimit limit("lots");
      CHECK(error_id([] { available_memory_bytes(); }) == 8010);
      CHECK(error_id([] { check_memory_limit_setting(); }) == 8010);
    }
    CHECK(available_memory_bytes() > 0);
    CHECK_NOTHROW(check_memory_limit_setting());
  }
}
