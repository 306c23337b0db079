#include "ftvlsi/io/numbers.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

TEST_SUITE("numbers") {
  TEST_CASE("integers and lists parse, and bad text names what it was") {
    CHECK(parse_positive("1024", "--processors") == 1024);
    CHECK(parse_unsigned("0", "--seed") == 0);
    CHECK(parse_positive_list("4,2,1", "--capacities entry") ==
          std::vector<std::uint64_t>{4, 2, 1});
    CHECK(split_list("a;;b", ';').size() == 3);
    for (const char* bad : {"0", "-3", "12x", "", "99999999999999999999999"}) {
      CAPTURE(bad);
      try {
        parse_positive(bad, "--processors");
        FAIL("expected an InputError");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).find("--processors") != std::string::npos);
      }
    }
    CHECK_THROWS_AS(parse_positive_list("4,,1", "--capacities entry"), InputError);
  }
}
