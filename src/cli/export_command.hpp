#pragma once
// `ftvlsi export` (docs/export.md): its flags and its command, kept beside main.cpp so the other
// subcommands' parsing is untouched.
#include <CLI/CLI.hpp>

#include "ftvlsi/report/export_job.hpp"

namespace ftvlsi::cli {

// Registers the subcommand and its flags, filling `options`.
CLI::App* add_export_command(CLI::App& app, ExportOptions& options);

// Runs the export: the file(s), the JSON summary (standard output unless --json FILE), and one
// summary line on standard error when the JSON goes to a file.
int run_export_command(const ExportOptions& options);

}  // namespace ftvlsi::cli
