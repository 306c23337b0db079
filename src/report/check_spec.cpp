#include "ftvlsi/report/check_spec.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/technology_spec.hpp"

namespace ftvlsi {

CheckOptions check_options(const CheckChoices& c, FrontEnd front) {
  if (c.quick && c.full)
    throw InputError(1017, fmt::format("give {} or {}, not both", spelled("quick", front),
                                       spelled("full", front)));
  CheckOptions o;
  o.ids = c.ids;
  o.full = c.full;
  o.controls = c.controls;
  if (c.seed) o.seed = parse_unsigned(*c.seed, spelled("seed", front));
  if (c.tiny) o.tiny = parse_positive(*c.tiny, spelled("tiny", front));
  if (c.technology) o.technology = load_technology(*c.technology);
  if (c.shard) o.shard = parse_shard(*c.shard);
  if (c.jobs) o.jobs = parse_positive(*c.jobs, spelled("jobs", front));
  return o;
}

}  // namespace ftvlsi
