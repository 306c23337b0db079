// The generated categorical palette: well-formed, deterministic, never repeating, and with
// neighbours (and the first dozen, which most plots use) far apart.
#include "ftvlsi/io/palette.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <regex>
#include <set>
#include <string>

using namespace ftvlsi;

namespace {

std::array<double, 3> rgb(const std::string& hex) {
  return {static_cast<double>(std::stoi(hex.substr(1, 2), nullptr, 16)),
          static_cast<double>(std::stoi(hex.substr(3, 2), nullptr, 16)),
          static_cast<double>(std::stoi(hex.substr(5, 2), nullptr, 16))};
}

double distance(const std::string& a, const std::string& b) {
  const auto x = rgb(a), y = rgb(b);
  return std::hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

// Relative luminance-like brightness, 0..255: how light a colour reads on white.
double brightness(const std::string& c) {
  const auto x = rgb(c);
  return 0.2126 * x[0] + 0.7152 * x[1] + 0.0722 * x[2];
}

}  // namespace

TEST_SUITE("palette") {
  TEST_CASE("every colour is #rrggbb and the same index gives the same colour") {
    const std::regex hex("#[0-9a-f]{6}");
    for (std::size_t i = 0; i < 500; ++i) {
      CAPTURE(i);
      CHECK(std::regex_match(categorical_colour(i), hex));
      CHECK(categorical_colour(i) == categorical_colour(i));
    }
  }

  TEST_CASE(
      "no colour repeats over the first 200 levels (the old palettes cycled after 8 and 10)") {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < 200; ++i) CHECK(seen.insert(categorical_colour(i)).second);
  }

  TEST_CASE("neighbouring levels always differ clearly, and the first twelve all do") {
    for (std::size_t i = 0; i + 1 < 200; ++i) {
      CAPTURE(i);
      CHECK(distance(categorical_colour(i), categorical_colour(i + 1)) > 60);
    }
    for (std::size_t i = 0; i < 12; ++i)
      for (std::size_t j = i + 1; j < 12; ++j) {
        CAPTURE(i);
        CAPTURE(j);
        CHECK(distance(categorical_colour(i), categorical_colour(j)) > 40);
      }
  }

  TEST_CASE("every colour stays dark enough to read as a thin line on white") {
    for (std::size_t i = 0; i < 200; ++i) {
      CAPTURE(i);
      CHECK(brightness(categorical_colour(i)) < 215);
    }
  }
}
