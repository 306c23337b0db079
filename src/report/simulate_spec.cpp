// Simulate's spec from its options, for the CLI and the Python module alike
// (report/simulate_job.hpp): kept apart from the job so that the command-line fuzz target links
// the real validation.
#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/report/simulate_job.hpp"

namespace ftvlsi {

void require_capacity_host(HostKind host) {
  if (host != HostKind::kFatTree)
    throw InputError(
        1013,
        "capacity flags apply to a fat-tree host; a fat-pyramid's channels are fixed (sqrt p)");
}

void require_no_delay_beside_technology(bool delay_given) {
  if (delay_given)
    throw InputError(
        1303,
        "--technology sets the wire delay, the switch delay and the clock; leave out --delay, "
        "--delays and --switch-delay");
}

SimulateSpec simulate_spec(const SimulateOptions& a, FrontEnd front) {
  const auto name = [front](std::string_view option) { return spelled(option, front); };
  SimulateSpec s;
  if (a.competing) s.competing = *a.competing;
  if (a.processors) s.processors = parse_positive(*a.processors, name("processors"));
  s.network_file = a.network_file;
  if (a.host) s.host = parse_host_kind(*a.host);
  const SpecOverrides& c = a.capacity;
  if (c.capacity || c.root_capacity || c.alpha || c.constant || c.capacities) {
    require_capacity_host(s.host);
    LayoutSpec host;
    SpecOverrides o = c;
    o.network = "fat-tree";
    apply_overrides(host, o);
    s.capacity = std::get<FatTreeParams>(host.network).capacity;
    s.alpha_given = c.alpha.has_value();
    s.capacity_given = c.capacity.has_value();
    s.processor_area_source = host.processor_area_source;
  }
  if (a.competing_alpha)
    s.competing_alpha = parse_positive(*a.competing_alpha, name("competing_alpha"));
  if (a.competing_processors)
    s.competing_processors = parse_positive(*a.competing_processors, name("competing_processors"));
  if (c.technology) {
    require_no_delay_beside_technology(a.delay || a.delays || a.switch_delay);
    s.technology = load_technology(*c.technology);
    // docs/technology.md: the technology's processor area unless an alpha is given.
    if (!c.alpha) {
      s.capacity.alpha = s.technology->processor_alpha();
      s.alpha_given = true;
      s.processor_area_source = ProcessorAreaSource::kTechnology;
    }
  }
  s.mesh_diagonals = a.mesh_diagonals;
  s.switch_span = a.switch_span;
  if (s.mesh_diagonals && !a.sweep && s.host != HostKind::kFatPyramid)
    throw InputError(1014, fmt::format("{} applies to a fat-pyramid host ({} fat-pyramid)",
                                       name("mesh_diagonals"), name("host")));
  if (a.mapping) s.mapping = parse_mapping_kind(*a.mapping);
  if (a.algorithm) s.algorithm = parse_route_algorithm(*a.algorithm);
  if (a.policy) s.policy = parse_switch_policy(*a.policy);
  if (a.delay) s.delay = parse_delay_model(*a.delay);
  if (a.data_bits) s.data_bits = parse_positive(*a.data_bits, name("data_bits"));
  if (a.switch_delay) s.switch_delay = parse_positive_number(*a.switch_delay, name("switch_delay"));
  if (a.seed) s.seed = parse_positive(*a.seed, name("seed"));
  if (a.max_cycles) s.max_cycles = parse_positive(*a.max_cycles, name("max_cycles"));
  if (c.switch_model) s.switch_model = parse_switch_model(*c.switch_model, name("switch_model"));
  if (s.switch_model == SwitchModel::kPartial && a.sweep)
    throw InputError(6212, fmt::format("{} partial simulates one run on a fat-tree host; a "
                                       "sweep's fat-pyramid rows have switches of their own, so "
                                       "leave out {} or the switch model",
                                       name("switch_model"), name("sweep")));
  return s;
}

}  // namespace ftvlsi
