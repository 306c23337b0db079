#pragma once
// The documents of `ftvlsi simulate`, built from its typed results (sim/simulation.hpp): the
// JSON of a run or a sweep, the sweep's CSV and its Markdown report.
#include <optional>
#include <string>

#include "ftvlsi/sim/simulation.hpp"

namespace ftvlsi {

std::string simulate_json(const SimulateResult& run);
std::string sweep_json(const SweepResult& sweep);  // an array of the runs' documents
std::string sweep_csv(const SweepResult& sweep);
// The sweep's table, trends and headline (the main report uses it too); with a prefix, links
// the plots (prefix + slowdown_plot_file(delay)).
std::string sweep_markdown(const SweepResult& sweep, const std::optional<std::string>& plot_prefix);
// simulate.md: a title and sweep_markdown, linking the plots beside it when `with_plots`.
std::string sweep_document(const SweepResult& sweep, const std::string& competing, bool with_plots);
// "slowdown-linear.svg"; characters a file name should not hold become '-'.
std::string slowdown_plot_file(const std::string& delay);

}  // namespace ftvlsi
