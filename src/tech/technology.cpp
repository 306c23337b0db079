#include "ftvlsi/tech/technology.hpp"

#include <fmt/format.h>

#include <cmath>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

constexpr double kOhmFemtofaradToNs = 1e-6;  // 1 Ω · 1 fF = 1 fs

}  // namespace

double SwitchArea::of(std::uint64_t inputs, std::uint64_t outputs) const {
  if (crosspoint_um2 > 0)
    return crosspoint_um2 * static_cast<double>(inputs) * static_cast<double>(outputs);
  return fixed_um2;
}

double Technology::mm3(double grid_volume) const {
  const double u = grid_unit_um / 1000.0;
  return grid_volume * u * u * u;
}

std::int64_t Technology::database_units_per_grid() const {
  return std::llround(grid_unit_um / database_unit_um);
}

std::uint64_t Technology::processor_alpha() const {
  const double units = processor_mm2 / unit_mm2();
  // A count past 2^62 would not convert exactly (a double beyond 2^64 does not convert at all).
  if (!(units <= std::ldexp(1.0, 62)))
    throw InputError(3602,
                     fmt::format("the technology's processor area of {:g} mm^2 is {:.3g} grid "
                                 "units of {:g} um squared, more than the 2^62 an --alpha may "
                                 "be; check processor_mm2 and grid_unit_um in the technology file",
                                 processor_mm2, units, grid_unit_um));
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(units - 1e-9)));
}

// docs/technology.md: an RC wire of length L mm, driven through Rd into a receiver of Cd:
//   unrepeated (Elmore): 0.69 Rd Cd + 0.69 (Rd c + r Cd) L + 0.38 r c L^2;
//   optimally repeated (Bakoglu & Meindl 1985): 0.69 Rd Cd + 2.5 sqrt(Rd Cd r c) L.
// A transmission line: L · ns_per_mm. The model is in grid units: L = d · unit.
WirePolynomial Technology::wire_polynomial() const {
  WirePolynomial m;
  const double u = grid_unit_um / 1000.0;
  if (wire.ns_per_mm > 0) {
    m.c1 = wire.ns_per_mm * u;
    return m;
  }
  const double rd = wire.driver_ohm, cd = wire.driver_ff, r = wire.r_ohm_per_mm,
               c = wire.c_ff_per_mm;
  m.c0 = 0.69 * rd * cd * kOhmFemtofaradToNs;
  if (wire.repeaters) {
    m.c1 = 2.5 * std::sqrt(rd * cd * r * c) * kOhmFemtofaradToNs * u;
  } else {
    m.c1 = 0.69 * (rd * c + r * cd) * kOhmFemtofaradToNs * u;
    m.c2 = 0.38 * r * c * kOhmFemtofaradToNs * u * u;
  }
  return m;
}

}  // namespace ftvlsi
