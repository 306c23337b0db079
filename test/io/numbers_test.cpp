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

  TEST_CASE("an integer that overflows is too large, with the same words for every option") {
    auto message = [](auto&& parse) {
      try {
        parse();
      } catch (const InputError& e) {
        return error_id_text(e.id()) + ": " + e.what();
      }
      return std::string("no error");
    };
    const std::string big = "18446744073709551616";  // 2^64
    CHECK(message([&] { parse_positive(big, "--processors"); }) ==
          "FTV-1101: --processors is too large: '18446744073709551616' (at most "
          "18446744073709551615)");
    CHECK(message([&] { parse_unsigned(big, "key 'seed'"); }) ==
          "FTV-1101: key 'seed' is too large: '18446744073709551616' (at most "
          "18446744073709551615)");
    CHECK(message([&] { parse_positive_list("4," + big, "--sizes entry"); }).find("FTV-1101") == 0);
    // A bound of the option's own type (an int) is named the same way.
    CHECK(message([&] { parse_positive("4294967297", "--trials", 2147483647); }) ==
          "FTV-1101: --trials is too large: '4294967297' (at most 2147483647)");
    CHECK(parse_unsigned("2147483647", "--stages", 2147483647) == 2147483647);
    // What is not an integer stays "must be".
    CHECK(message([&] { parse_positive(big + "x", "--processors"); }).find("FTV-1103") == 0);
    CHECK(message([&] { parse_positive("-" + big, "--processors"); }).find("FTV-1103") == 0);
  }
}
