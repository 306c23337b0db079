#include "ftvlsi/core/name_table.hpp"

#include <doctest/doctest.h>

using namespace ftvlsi;

namespace {

enum class Colour { kRed, kGreen, kBlue };

// kGreen has an alias, printed by its first row.
constexpr NameTable<Colour, 4> kColourNames{{
    {Colour::kRed, "red"},
    {Colour::kGreen, "green"},
    {Colour::kBlue, "blue"},
    {Colour::kGreen, "lime"},
}};

}  // namespace

TEST_SUITE("name_table") {
  TEST_CASE("a value prints by its first row and parses by any of its rows") {
    static_assert(name_of(kColourNames, Colour::kGreen) == "green");
    CHECK(name_of(kColourNames, Colour::kBlue) == "blue");
    CHECK(value_of(kColourNames, "lime") == Colour::kGreen);
    CHECK(value_of(kColourNames, "green") == Colour::kGreen);
    CHECK_FALSE(value_of(kColourNames, "Red").has_value());
    CHECK_FALSE(value_of(kColourNames, "").has_value());
  }

  TEST_CASE("the list of names keeps the table's order and joins the last one as asked") {
    CHECK(names_of(kColourNames) == "red, green, blue, lime");
    CHECK(names_of(kColourNames, " or ") == "red, green, blue or lime");
    constexpr NameTable<Colour, 1> one{{{Colour::kRed, "red"}}};
    CHECK(names_of(one, " or ") == "red");
  }
}
