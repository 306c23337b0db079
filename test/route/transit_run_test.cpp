// A transit layout run is DRC clean when every check that ran found nothing.
#include "ftvlsi/route/transit_run.hpp"

#include <doctest/doctest.h>

using namespace ftvlsi;

TEST_SUITE("transit_run") {
  TEST_CASE("the layout run is DRC clean exactly when no check that ran found a violation") {
    TransitLayoutRun run;
    CHECK(run.drc_clean());  // none ran
    DrcReport hierarchical;
    hierarchical.mode = "hierarchical";
    run.drc.push_back(hierarchical);
    CHECK(run.drc_clean());
    DrcReport flat;
    flat.mode = "flat";
    flat.violations = 3;
    run.drc.push_back(flat);
    CHECK_FALSE(run.drc_clean());
    run.drc.front().violations = 1;
    run.drc.back().violations = 0;
    CHECK_FALSE(run.drc_clean());
  }
}
