#pragma once
// The DeHon section of the main report as files: dehon.md (the compositions, hollow cubes,
// locality and latency tables, route probability against load, faults), dehon-route.svg
// (simulated and computed probability against load for every composition) and
// dehon-faults.svg (connectivity and success against the fraction of failed routers).
#include <string>

#include "ftvlsi/route/dehon_report.hpp"

namespace ftvlsi {

std::string dehon_markdown(const DehonReport& report);
// The files write_dehon_report writes: dehon.md, the two plots, then their data (CSV).
inline constexpr const char* kDehonReportFiles[] = {
    "dehon.md", "dehon-route.svg", "dehon-faults.svg", "dehon-route.csv", "dehon-faults.csv"};
// Writes these files into `dir`; returns the Markdown section for the summary.
std::string write_dehon_report(const DehonReport& report, const std::string& dir);

}  // namespace ftvlsi
