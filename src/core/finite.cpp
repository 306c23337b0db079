#include "ftvlsi/core/finite.hpp"

#include <fmt/format.h>

#include <cmath>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

double require_finite(int id, double value, std::string_view quantity, std::string_view cause) {
  if (std::isfinite(value)) return value;
  throw InputError(
      id, fmt::format("{} is not a finite number (it overflows a double); {}", quantity, cause));
}

}  // namespace ftvlsi
