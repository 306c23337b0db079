#include "ftvlsi/io/palette.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace ftvlsi {
namespace {

constexpr double kGoldenAngle = 137.50776405003785;  // degrees: 360 (1 - 1/phi)
constexpr double kFirstHue = 210;                    // a blue, as the old palettes began
constexpr double kSaturation = 0.72;
// Three steps, not two: hues 8 apart come within 20 degrees and would share a step of two.
constexpr double kLightness[] = {0.34, 0.48, 0.60};  // all readable as lines on white

// One channel of HSL to RGB (the CSS Color 3 formulas).
double channel(double p, double q, double t) {
  t -= std::floor(t);
  if (t < 1.0 / 6) return p + (q - p) * 6 * t;
  if (t < 1.0 / 2) return q;
  if (t < 2.0 / 3) return p + (q - p) * (2.0 / 3 - t) * 6;
  return p;
}

int byte(double v) {
  return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255));
}

}  // namespace

std::string categorical_colour(std::size_t i) {
  const double hue = std::fmod(kFirstHue + static_cast<double>(i) * kGoldenAngle, 360.0) / 360.0;
  const double l = kLightness[i % std::size(kLightness)], s = kSaturation;
  const double q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
  return fmt::format("#{:02x}{:02x}{:02x}", byte(channel(p, q, hue + 1.0 / 3)),
                     byte(channel(p, q, hue)), byte(channel(p, q, hue - 1.0 / 3)));
}

}  // namespace ftvlsi
