#pragma once
// Computed physical quantities (mm², ns, delays, simulated times) are written only when they are
// finite numbers: a figure that overflowed a double is refused with the input that made it
// overflow (docs/error-ids.md, FTV-36xx), never written as null, inf or a clamped integer.
#include <string_view>

namespace ftvlsi {

// Returns `value` when it is finite; otherwise throws InputError `id`: "{quantity} is not a
// finite number (it overflows a double); {cause}". `cause` names the input and what to change.
double require_finite(int id, double value, std::string_view quantity, std::string_view cause);

}  // namespace ftvlsi
