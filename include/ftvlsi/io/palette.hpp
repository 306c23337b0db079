#pragma once
// Categorical colours for any number of series or levels, generated rather than listed so that
// none repeats: hues a golden angle apart (each new hue falls in the widest gap left by the ones
// before it), lightness alternating through a dark, a middle and a light step so that colours
// whose hues come close (8 or 13 indices apart) still differ.
#include <cstddef>
#include <string>

namespace ftvlsi {

// The i-th colour as "#rrggbb"; the same i gives the same colour.
std::string categorical_colour(std::size_t i);

}  // namespace ftvlsi
