#pragma once
// A fabrication technology: what one Thompson-grid unit, a processor, a switch and a wire are in
// µm, mm², ns (docs/technology.md). Layouts are drawn and measured in grid units; a technology
// converts the measured figures and gives the wire's delay polynomial, which route/delay_model.hpp
// turns into the wire-delay model that Greenberg's C1 and C2 are judged on (wire_delay_model).
// io/technology_spec.hpp reads it from a YAML file.
#include <cstdint>
#include <string>
#include <vector>

#include "ftvlsi/core/name_table.hpp"

namespace ftvlsi {

// Where a layout's drawn processor area comes from (docs/technology.md): an alpha in grid units
// (given, or the network's default), or the technology's processor_mm2 (`--technology` without
// `--alpha`, or `--alpha technology`).
enum class ProcessorAreaSource { kAlpha, kTechnology };
inline constexpr NameTable<ProcessorAreaSource, 2> kProcessorAreaSourceNames{{
    {ProcessorAreaSource::kAlpha, "alpha"},
    {ProcessorAreaSource::kTechnology, "technology"},
}};
constexpr std::string_view to_string(ProcessorAreaSource source) {
  return name_of(kProcessorAreaSourceNames, source);
}

struct RoutingLayer {
  std::string name;
  double pitch_um = 0;  // track pitch: wire width + spacing
};

// A switch's area from its ports: a crossbar of inputs × outputs crosspoints, or a fixed size.
struct SwitchArea {
  double crosspoint_um2 = 0;  // crossbar: area per crosspoint
  double fixed_um2 = 0;       // a fixed block (used when crosspoint_um2 is 0)
  double of(std::uint64_t inputs, std::uint64_t outputs) const;  // µm²
};

// A wire's delay: RC with a driver (Elmore; optimally repeated after Bakoglu), or a matched
// transmission line's time of flight.
struct WireDelay {
  double r_ohm_per_mm = 0, c_ff_per_mm = 0;  // RC wire
  double driver_ohm = 0, driver_ff = 0;      // driver output resistance, gate input capacitance
  bool repeaters = false;                    // optimally repeated: linear in the length
  double ns_per_mm = 0;                      // > 0: time of flight (linear), RC ignored
};

// A wire's delay in ns over its length d in grid units: c0 + c1 d + c2 d^2 (ns, ns per unit, ns per
// unit²), the delay model wire:c0,c1,c2.
struct WirePolynomial {
  double c0 = 0, c1 = 0, c2 = 0;
  double operator()(double d) const { return c0 + d * (c1 + d * c2); }
};

struct Technology {
  std::string name, description;
  std::vector<std::string> sources;  // where the figures are published
  double grid_unit_um = 1;           // one Thompson-grid track: the coarser routing pitch
  std::vector<RoutingLayer> layers;  // the first two carry horizontal / vertical wires
  double via_um = 0;
  // GDS (docs/layout.md): the database unit, of which a grid unit is a whole number, and the
  // width of a drawn wire (0: as wide as the via it turns through).
  double database_unit_um = 0.001;
  double wire_width_um = 0;
  SwitchArea switch_area;
  double processor_mm2 = 1;
  WireDelay wire;
  double clock_mhz = 100;
  double switch_delay_ns = 0;  // 0: one clock period
  // The file it was read from (io/technology_spec.hpp's load_technology), empty otherwise: an
  // input that no output of the run may overwrite.
  std::string file;

  double mm(double grid_length) const { return grid_length * grid_unit_um / 1000.0; }
  double mm2(double grid_area) const { return grid_area * unit_mm2(); }
  double mm3(double grid_volume) const;
  double unit_mm2() const { return (grid_unit_um / 1000.0) * (grid_unit_um / 1000.0); }
  double clock_ns() const { return 1e3 / clock_mhz; }
  double switch_ns() const { return switch_delay_ns > 0 ? switch_delay_ns : clock_ns(); }
  // Database units per grid unit, and a drawn wire's width in µm (docs/layout.md).
  std::int64_t database_units_per_grid() const;
  double drawn_wire_width_um() const { return wire_width_um > 0 ? wire_width_um : via_um; }
  // The processor area in grid units (`--alpha technology`): processor_mm2 / unit², rounded up.
  std::uint64_t processor_alpha() const;
  // The wire's delay in ns over grid units (route/delay_model.hpp's wire_delay_model gives it as
  // the delay model wire:c0,c1,c2).
  WirePolynomial wire_polynomial() const;
  // The delay in ns of one wire of `grid_length` units.
  double wire_ns(double grid_length) const { return wire_polynomial()(grid_length); }
};

}  // namespace ftvlsi
