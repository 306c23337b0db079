// Technologies: unit conversions, processor areas, switch areas and the wire-delay model
// (docs/technology.md), checked by hand and against Greenberg's conditions.
#include "ftvlsi/tech/technology.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/route/delay_model.hpp"

using namespace ftvlsi;

namespace {

Technology simple(bool repeaters) {
  Technology t;
  t.name = "simple";
  t.grid_unit_um = 1;  // 1000 units per mm
  t.wire = {1000, 100, 2000, 5, repeaters, 0};
  t.clock_mhz = 500;
  t.processor_mm2 = 0.01;
  return t;
}

}  // namespace

TEST_CASE("technology: mm, mm² and the processor area in grid units") {
  Technology t = simple(false);
  CHECK(t.mm(1000) == doctest::Approx(1.0));
  CHECK(t.mm2(1e6) == doctest::Approx(1.0));
  CHECK(t.mm3(1e9) == doctest::Approx(1.0));
  CHECK(t.processor_alpha() == 10000);  // 0.01 mm² = 10^4 µm²
  t.grid_unit_um = 0.46;
  // ceil(0.01 mm² / 0.2116 µm²) = ceil(47258.97...)
  CHECK(t.processor_alpha() == 47259);
  CHECK(t.clock_ns() == doctest::Approx(2.0));
  CHECK(t.switch_ns() == doctest::Approx(2.0));
  t.switch_delay_ns = 0.5;
  CHECK(t.switch_ns() == doctest::Approx(0.5));
}

TEST_CASE("technology: a crossbar's area is crosspoints times inputs times outputs") {
  SwitchArea s;
  s.crosspoint_um2 = 2.5;
  CHECK(s.of(4, 6) == doctest::Approx(60.0));
  SwitchArea f;
  f.fixed_um2 = 100;
  CHECK(f.of(4, 6) == doctest::Approx(100.0));
  CHECK(f.of(400, 600) == doctest::Approx(100.0));
}

TEST_CASE("technology: an unrepeated RC wire is Elmore's quadratic, so C2 fails") {
  const Technology t = simple(false);
  const DelayModel w = wire_delay_model(t);
  CHECK(w.kind == DelayModel::Kind::kWire);
  // L = 1 mm (1000 units): 0.69 Rd Cd + 0.69 (Rd c + r Cd) L + 0.38 r c L², in fs then ns.
  const double fs = 0.69 * 2000 * 5 + 0.69 * (2000 * 100 + 1000 * 5) * 1 + 0.38 * 1000 * 100;
  CHECK(w(1000) == doctest::Approx(fs * 1e-6));
  const double fs2 = 0.69 * 2000 * 5 + 0.69 * (2000 * 100 + 1000 * 5) * 3 + 0.38 * 1000 * 100 * 9;
  CHECK(t.wire_ns(3000) == doctest::Approx(fs2 * 1e-6));
  const auto v = check_regularity(w);
  CHECK(v.nondecreasing);
  CHECK_FALSE(v.c1);
  CHECK_FALSE(v.c2);
}

TEST_CASE("technology: a repeated wire is linear (Bakoglu), so C1 and C2 hold") {
  const Technology t = simple(true);
  const DelayModel w = wire_delay_model(t);
  CHECK(w.c2 == 0);
  const double per_mm_fs = 2.5 * std::sqrt(2000.0 * 5 * 1000 * 100);
  CHECK(w(2000) - w(1000) == doctest::Approx(per_mm_fs * 1e-6));
  const auto v = check_regularity(w);
  CHECK(v.c1);
  CHECK(v.c2);
  CHECK(v.c2_from == 1);
  // Greenberg's C2 itself, on a grid: w(d + x) / w(d) <= (d + x) / d.
  for (double d = 1; d < 1e7; d *= 3)
    for (double x = 0; x < 1e7; x = x * 2 + 1) CHECK(w(d + x) / w(d) <= (d + x) / d + 1e-12);
}

TEST_CASE("technology: a transmission line is time of flight, linear from zero") {
  Technology t = simple(false);
  t.wire.ns_per_mm = 0.0071;
  CHECK(t.wire_ns(1000) == doctest::Approx(0.0071));
  CHECK(t.wire_ns(0) == 0);
  CHECK(check_regularity(wire_delay_model(t)).c2);
}

TEST_CASE("technology: the wire model's text form parses back to the same model") {
  const DelayModel w = wire_delay_model(simple(false));
  const DelayModel back = parse_delay_model(w.name());
  CHECK(back.kind == DelayModel::Kind::kWire);
  CHECK(back.c0 == w.c0);
  CHECK(back.c1 == w.c1);
  CHECK(back.c2 == w.c2);
  CHECK(parse_delay_model("wire:0,1,0")(5) == 5);
  for (const char* bad : {"wire:", "wire:1,2", "wire:1,2,3,4", "wire:-1,1,1", "wire:0,0,0"})
    CHECK_THROWS_AS(parse_delay_model(bad), InputError);
}
