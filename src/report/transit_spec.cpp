#include "ftvlsi/report/transit_spec.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <limits>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/transit_options.hpp"
#include "ftvlsi/io/transit_timing.hpp"

namespace ftvlsi {
namespace {

// --stages and --trials are ints: a larger count is "too large", never wrapped around.
constexpr std::uint64_t kIntMax = std::numeric_limits<int>::max();

}  // namespace

bool is_transit(const std::optional<std::string>& network) {
  return network && *network == "transit";
}

TransitParams transit_params(const TransitOptions& o, FrontEnd front) {
  return parse_transit_params({o.composition, o.leaf, o.stages, o.rn1, o.wiring, o.seed}, front);
}

TransitRouteJobSpec transit_route_spec(const TransitOptions& o, FrontEnd front) {
  TransitRouteJobSpec s;
  s.network = transit_params(o, front);
  s.route.seed = s.network.seed;
  if (o.load) s.route.load = parse_probability(*o.load, spelled("load", front));
  if (o.locality) s.route.locality = parse_locality(*o.locality);
  if (o.trials)
    s.route.trials = static_cast<int>(parse_positive(*o.trials, spelled("trials", front), kIntMax));
  if (o.faults) s.faults.fraction = parse_probability(*o.faults, spelled("faults", front));
  if (o.fault_kind) s.faults.kind = parse_fault_kind(*o.fault_kind);
  s.json = o.json.value_or("-");
  return s;
}

TransitLayoutJobSpec transit_layout_spec(const TransitOptions& o, FrontEnd front) {
  if (o.load || o.locality || o.trials || o.faults || o.fault_kind)
    throw InputError(1031, fmt::format("{}, {}, {} and {} belong to ftvlsi route",
                                       spelled("load", front), spelled("locality", front),
                                       spelled("trials", front), spelled("faults", front)));
  if (o.style && *o.style != to_string(LayoutStyle::kHollowCube))
    throw InputError(
        1032,
        fmt::format("a transit network is packaged as hollow cubes; use {} hollow-cube, not '{}'",
                    spelled("style", front), *o.style));
  TransitLayoutJobSpec s;
  s.network = transit_params(o, front);
  if (o.timing) s.timing = load_transit_timing(*o.timing);
  s.timing_file = o.timing;
  if (o.drc_flag) s.drc = DrcMode::kHierarchical;
  if (o.drc) s.drc = parse_drc_mode(*o.drc, spelled("drc_mode", front));
  s.output.json = o.json;
  s.output.gds = o.gds;
  s.output.html = o.html;
  s.output.svg = o.svg;
  if (!o.json && !o.gds && !o.html && !o.svg) s.output.json = "-";
  return s;
}

}  // namespace ftvlsi
