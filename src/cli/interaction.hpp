#pragma once
// The CLI's interaction with its user (README "Progress, --quiet, --verbose, completion"):
// --quiet and --verbose on every subcommand, progress lines on stderr, and the bash completion
// script generated from the CLI11 definition itself; the help's examples and exit codes, and the
// nearest valid name for a mistyped flag or subcommand.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/geometry/drc.hpp"

namespace ftvlsi::cli {

enum class Verbosity { kQuiet, kNormal, kVerbose };

// Adds --quiet/-q and --verbose to `app`'s subcommands (all of them, so any order works).
void add_verbosity_flags(CLI::App& app, Verbosity& verbosity);

// While alive in quiet mode, stderr output other than errors goes nowhere: the errors are
// printed by main() after this guard is gone.
class QuietGuard {
 public:
  explicit QuietGuard(Verbosity v);
  ~QuietGuard();
  QuietGuard(const QuietGuard&) = delete;
  QuietGuard& operator=(const QuietGuard&) = delete;

 private:
  std::streambuf* saved_ = nullptr;
  std::unique_ptr<std::streambuf> null_;
};

// Progress on stderr: the current step, count/total and the elapsed time. Printed when stderr
// is a terminal and the run has taken `after` seconds (a layout: a few seconds; a sweep or a
// check: from the start), always with --verbose, never with --quiet.
//
// On a terminal, a long step also shows a status line rewritten in place: what it is at, the
// percentage done and an estimate of the time left (within()), refreshed at least every second
// by a ticker thread, so the line moves while a phase that counts nothing runs too. Off a
// terminal nothing of this is printed: logs, pipes and tests see the step lines only.
class Progress {
 public:
  Progress(std::string command, Verbosity v, double after_seconds);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // A step starts: "ftvlsi layout: build [0/4] 0.0 s" (a ProgressFn).
  void operator()(std::string_view step, std::uint64_t done, std::uint64_t total) const;
  // Work inside the current step: `what` it is at, done of total units (a ProgressFn).
  void within(std::string_view what, std::uint64_t done, std::uint64_t total) const;
  // A whole line of the command's own (a check's verdict), printed when progress is shown.
  // `step`, when given, becomes what the status line names.
  void line(const std::string& text, std::string_view step = {}) const;
  // Ends the status line and the ticker: call before printing the run's summary.
  void finish() const;
  bool shown() const { return enabled_; }
  double elapsed() const;

 private:
  struct Status;
  void print_status(double t) const;

  std::string command_;
  bool enabled_ = false, always_ = false;
  double after_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::unique_ptr<Status> status_;  // on a terminal only
};

// `ftvlsi completion bash`: a bash completion script for every subcommand and its flags, read
// from the CLI11 app (so it cannot fall behind the flags).
std::string bash_completion(const CLI::App& app);

// The exit codes, as every --help lists them (written once).
extern const char* const kExitCodesHelp;

// A layout command's exit code from its DRC reports: 0 when clean, else 1 after one stderr line
// per sampled violation ("ftvlsi: DRC rule: detail in cell c").
int drc_exit_code(const std::vector<DrcReport>& reports);

// A subcommand's help footer: "Example:" with `examples` (command lines; "\n  " between two),
// then the exit codes.
std::string subcommand_footer(const std::string& examples);

// The Damerau-Levenshtein distance of `a` and `b` (optimal string alignment): the fewest
// insertions, deletions, substitutions and swaps of adjacent characters that turn one into the
// other.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate `typed` most likely meant: one within edit distance 2 (and less than the length
// of `typed` without its dashes), the nearest first; else the shortest that `typed` begins
// (2 characters at least). Ties go to the first in alphabetical order; nullopt when none is near.
std::optional<std::string> nearest_name(std::string_view typed,
                                        const std::vector<std::string>& candidates);

// After CLI11's "not expected" error: one sentence naming the first unknown flag of the
// subcommand that met it, with the nearest valid flag ("unknown option --procesors; did you mean
// --processors?") or where its flags are listed, or a mistyped subcommand with the nearest one.
// nullopt when the extra arguments are neither (CLI11's message then stands).
std::optional<std::string> unknown_argument_message(const CLI::App& app);

}  // namespace ftvlsi::cli
