#include "ftvlsi/route/transit_run.hpp"

namespace ftvlsi {

bool TransitLayoutRun::drc_clean() const {
  for (const auto& r : drc)
    if (!r.clean()) return false;
  return true;
}

}  // namespace ftvlsi
