#pragma once
// The main report's DeHon section (docs/dehon.md §7), computed: every composition of the spec
// built, packaged, timed and routed against load, and the fault curves. Its typed result is
// route/dehon_report.hpp; io/transit_report.hpp writes it.
#include <vector>

#include "ftvlsi/network/transit.hpp"
#include "ftvlsi/route/dehon_report.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

DehonReport run_dehon_report(const DehonReportSpec& spec);

// Connectivity and success against the fault fraction, for one network and kind of fault.
std::vector<DehonFaultPoint> fault_curve(const TransitNetwork& net, FaultKind kind,
                                         const DehonReportSpec& spec);

}  // namespace ftvlsi
