// Memory estimates against the limit: a refusal carries the estimate and the available figure
// in the unit that reads best, and an estimate at the limit passes.
#include "ftvlsi/core/memory_budget.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;
using ftvlsi::test::error_id;
using ftvlsi::test::MemoryLimit;

TEST_SUITE("memory_budget") {
  TEST_CASE("an estimate over the limit is refused with the estimate and the available figure") {
    const MemoryLimit limit("1M");
    CHECK_NOTHROW(require_memory(8020, 1 << 20, "this", "choose less"));
    try {
      require_memory(8020, 3.5L * (1 << 20), "routing this", "choose fewer messages");
      FAIL("no refusal");
    } catch (const InputError& e) {
      CHECK(e.id() == 8020);
      CHECK(std::string(e.what()) ==
            "routing this needs an estimated 3.5 MiB of memory but only 1.0 MiB are available; "
            "choose fewer messages (FTVLSI_MEMORY_LIMIT sets the limit)");
    }
    CHECK(error_id([] { require_memory(8020, 11, 10, "x", "y"); }) == 8020);
  }

  TEST_CASE("byte counts read in the unit that fits") {
    CHECK(memory_text(300) == "300 bytes");
    CHECK(memory_text(1536) == "1.5 KiB");
    CHECK(memory_text(95.4L * (1 << 20)) == "95.4 MiB");
    CHECK(memory_text(6.0L * (1 << 30)) == "6.00 GiB");
  }

  TEST_CASE("an estimate passes exactly when it is at most the available bytes") {
    std::mt19937_64 rng(0x8e8);
    for (int i = 0; i < 1000; ++i) {
      const std::uint64_t have = rng() >> (rng() % 64);
      const long double bytes = static_cast<long double>(have) + (static_cast<int>(rng() % 5) - 2);
      CAPTURE(have);
      CHECK((error_id([&] { require_memory(8020, bytes, have, "x", "y"); }) == 0) ==
            (bytes <= static_cast<long double>(have)));
    }
  }

  TEST_CASE("a byte count's unit is the largest of bytes, KiB, MiB and GiB it reaches") {
    std::mt19937_64 rng(0xb17e);
    for (int i = 0; i < 2000; ++i) {
      const long double bytes = static_cast<long double>(rng() >> (rng() % 64));
      const std::string text = memory_text(bytes);
      CAPTURE(text);
      const char* unit = bytes >= 1073741824.0L ? " GiB"
                         : bytes >= 1048576.0L  ? " MiB"
                         : bytes >= 1024.0L     ? " KiB"
                                                : " bytes";
      REQUIRE(text.size() > std::string(unit).size());
      CHECK(text.substr(text.size() - std::string(unit).size()) == unit);
      // The number read back is the byte count in that unit, rounded to the printed digits.
      const double scale = bytes >= 1073741824.0L ? 1073741824.0
                           : bytes >= 1048576.0L  ? 1048576.0
                           : bytes >= 1024.0L     ? 1024.0
                                                  : 1.0;
      const double half_digit = scale == 1073741824.0 ? 0.005 : scale == 1.0 ? 0.5 : 0.05;
      const double shown = std::stod(text.substr(0, text.size() - std::string(unit).size()));
      CHECK(std::abs(shown - static_cast<double>(bytes) / scale) <= half_digit * 1.0001);
    }
  }

  TEST_CASE("running out of memory is FTV-8000, naming what ran out and the limit's variable") {
    const Error e = out_of_memory_error("the call");
    CHECK(e.id() == 8000);
    const std::string what = e.what();
    CHECK(what.find("the call needed more memory") != std::string::npos);
    CHECK(what.find("FTVLSI_MEMORY_LIMIT") != std::string::npos);
  }
}
