// The jobs of the command-line fuzz target: each one stops the run once the CLI has parsed and
// validated its arguments, by throwing an InputError (exit code 2). The accessors below are
// never reached (the job that would make their argument threw first).
#include <cstdlib>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/layout_json.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "ftvlsi/io/transit_json.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/check_partial.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/report/export_job.hpp"
#include "ftvlsi/report/layout_job.hpp"
#include "ftvlsi/report/merge.hpp"
#include "ftvlsi/report/report.hpp"
#include "ftvlsi/report/route_job.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "ftvlsi/report/transit_job.hpp"

namespace ftvlsi {
namespace {

[[noreturn]] void stop() {
  throw InputError(kUnclassifiedInput, "the arguments parsed; the fuzz build runs no jobs");
}

}  // namespace

LayoutRun run_layout(const LayoutSpec&, const ProgressFn&, const ProgressFn&) {
  stop();
}
DecomposeRun run_decompose(const DecomposeSpec&) {
  stop();
}
RouteRun run_route(const RouteSpec&) {
  stop();
}
SimulateResult run_simulate(const SimulateSpec&) {
  stop();
}
ExportSpec export_spec(const ExportOptions&) {
  stop();
}
ExportRun run_export(const ExportSpec&) {
  stop();
}
SweepResult run_simulate_sweep(const SweepSpec&) {
  stop();
}
std::vector<CheckResult> run_checks(const CheckOptions&) {
  stop();
}
ReportResult run_report(const ReportSpec&, const std::string&, const Shard&) {
  stop();
}
MergeResult run_merge(const MergeSpec&) {
  stop();
}
TransitRouteRun run_transit_route(const TransitRouteJobSpec&) {
  stop();
}
TransitLayoutRun run_transit_layout(const TransitLayoutJobSpec&) {
  stop();
}
std::string write_check_partial(const CheckOptions&, const std::string&) {
  stop();
}
std::string check_technology_markdown(const CheckOptions&) {
  stop();
}
std::vector<CheckInfo> list_checks() {
  return {};
}
std::vector<std::string> chosen_checks(const CheckOptions&) {
  stop();
}

bool LayoutRun::drc_clean() const {
  std::abort();
}
bool TransitLayoutRun::drc_clean() const {
  std::abort();
}
std::string transit_layout_json(const TransitLayoutRun&) {
  std::abort();
}
std::string LayoutRun::grid_size() const {
  std::abort();
}
std::uint64_t LayoutRun::processors() const {
  std::abort();
}
std::uint64_t LayoutRun::wires() const {
  std::abort();
}
bool BalancedTree::within_bound() const {
  std::abort();
}
std::string layout_json(const LayoutSpec&, const LayoutRun&) {
  std::abort();
}
std::string check_json(const std::vector<CheckResult>&, const CheckOptions&) {
  std::abort();
}
std::string check_markdown(const std::vector<CheckResult>&, bool) {
  std::abort();
}
std::vector<std::string> write_check_report(const std::vector<CheckResult>&, const CheckOptions&,
                                            const std::string&) {
  std::abort();
}
CheckSummary summarise(const std::vector<CheckResult>&) {
  std::abort();
}
bool controls_all_fail(const std::vector<CheckResult>&) {
  std::abort();
}
std::string sweep_document(const SweepResult&, const std::string&, bool) {
  std::abort();
}
std::string transit_route_json(const TransitRouteRun&) {
  std::abort();
}

}  // namespace ftvlsi
