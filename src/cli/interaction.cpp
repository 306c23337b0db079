#include "interaction.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>
#include <set>
#include <streambuf>
#include <tuple>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi::cli {
namespace {

// A stream buffer that drops everything.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c == EOF ? 0 : c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// Every long and short flag of a subcommand, and its own subcommands' names.
std::string words_of(const CLI::App& sub) {
  std::set<std::string> words;
  for (const CLI::Option* o : sub.get_options()) {
    for (const auto& l : o->get_lnames()) words.insert("--" + l);
    for (const auto& s : o->get_snames()) words.insert("-" + s);
  }
  for (const CLI::App* s : sub.get_subcommands({})) words.insert(s->get_name());
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Every long and short flag of `app`, with its dashes.
std::vector<std::string> flags_of(const CLI::App& app) {
  std::vector<std::string> flags;
  for (const CLI::Option* o : app.get_options()) {
    for (const auto& l : o->get_lnames()) flags.push_back("--" + l);
    for (const auto& s : o->get_snames()) flags.push_back("-" + s);
  }
  return flags;
}

}  // namespace

const char* const kExitCodesHelp =
    "Exit codes: 0 success; 1 a check failed (DRC violations, a bound violated; the files are "
    "still written); 2 bad input or usage; 3 I/O (a file cannot be read or written); 4 internal "
    "error (a bug: please report it with the command line); 130 after SIGINT, 143 after SIGTERM, "
    "129 after SIGHUP, 131 after SIGQUIT (unfinished outputs removed).";

std::string subcommand_footer(const std::string& examples) {
  return fmt::format("Example:\n  {}\n\n{}", examples, kExitCodesHelp);
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // d[i][j]: the distance of a's first i characters and b's first j, one row per i kept.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);  // adjacent characters swapped
    }
    before.swap(previous);
    previous.swap(current);
  }
  return previous[b.size()];
}

std::optional<std::string> nearest_name(std::string_view typed,
                                        const std::vector<std::string>& candidates) {
  const std::size_t core = typed.size() - std::min(typed.find_first_not_of('-'), typed.size());
  // Rank: (distance, or 3 for a prefix match; length; name), the least wins.
  std::optional<std::tuple<std::size_t, std::size_t, std::string>> best;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(typed, c);
    std::size_t rank = 0;
    if (d <= 2 && d < core)
      rank = d;
    else if (core >= 2 && c.size() > typed.size() && c.compare(0, typed.size(), typed) == 0)
      rank = 3;
    else
      continue;
    const auto key = std::make_tuple(rank, c.size(), c);
    if (!best || key < *best) best = key;
  }
  if (!best) return std::nullopt;
  return std::get<2>(*best);
}

std::optional<std::string> unknown_argument_message(const CLI::App& app) {
  // The subcommand that met the extra arguments, else the top level.
  const CLI::App* where = &app;
  for (const CLI::App* sub : app.get_subcommands())
    if (!sub->remaining().empty()) where = sub;
  const std::vector<std::string> extras = where->remaining();
  const std::string command = where == &app ? "ftvlsi" : "ftvlsi " + where->get_name();
  // A first word at the top level that is no flag was meant as a subcommand.
  if (where == &app && !extras.empty() && !extras.front().starts_with('-')) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    if (const auto near = nearest_name(extras.front(), names))
      return fmt::format("unknown subcommand {}; did you mean {}?", extras.front(), *near);
    return std::nullopt;
  }
  for (const auto& word : extras) {
    if (word.size() < 2 || word[0] != '-' || word == "--") continue;
    const std::string flag = word.substr(0, word.find('='));  // --flag=value
    if (const auto near = nearest_name(flag, flags_of(*where)))
      return fmt::format("unknown option {}; did you mean {}?", flag, *near);
    return fmt::format("unknown option {}; run '{} --help' for its options", flag, command);
  }
  return std::nullopt;
}

void add_verbosity_flags(CLI::App& app, Verbosity& v) {
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->add_flag_callback(
        "--quiet,-q", [&v] { v = Verbosity::kQuiet; },
        "print errors only: no summary line, no progress");
    sub->add_flag_callback(
        "--verbose", [&v] { v = Verbosity::kVerbose; },
        "print progress even when stderr is not a terminal, and each step's time");
  }
}

QuietGuard::QuietGuard(Verbosity v) {
  if (v != Verbosity::kQuiet) return;
  null_ = std::make_unique<NullBuffer>();
  saved_ = std::cerr.rdbuf(null_.get());
}

QuietGuard::~QuietGuard() {
  if (saved_) std::cerr.rdbuf(saved_);
}

// The status line of a terminal: what the step is at, how far, how long it has left.
struct Progress::Status {
  std::mutex mutex;
  std::condition_variable wake;
  std::thread ticker;
  bool stop = false;
  bool on_screen = false;  // a status line without its newline
  std::string step, what;
  std::optional<double> fraction;
  // The first count of the step: the rate from there on estimates the time left.
  std::optional<std::pair<double, double>> first;  // (time, fraction)
  double last_print = -1e9;
};

namespace {

std::string time_left(double seconds) {
  if (seconds < 60) return fmt::format(", about {:.0f} s left", std::max(1.0, seconds));
  return fmt::format(", about {:.0f} min left", seconds / 60);
}

}  // namespace

Progress::Progress(std::string command, Verbosity v, double after_seconds)
    : command_(std::move(command)),
      enabled_(v == Verbosity::kVerbose || (v == Verbosity::kNormal && isatty(STDERR_FILENO))),
      always_(v == Verbosity::kVerbose),
      after_(after_seconds),
      start_(std::chrono::steady_clock::now()) {
  if (!enabled_ || !isatty(STDERR_FILENO)) return;
  status_ = std::make_unique<Status>();
  status_->ticker = std::thread([this] {
    Status& s = *status_;
    std::unique_lock lock(s.mutex);
    while (!s.wake.wait_for(lock, std::chrono::milliseconds(250), [&] { return s.stop; })) {
      const double t = elapsed();
      if (!s.step.empty() && (always_ || t >= after_) && t - s.last_print >= 1.0) print_status(t);
    }
  });
}

Progress::~Progress() {
  finish();
}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

// Under the status mutex.
void Progress::print_status(double t) const {
  Status& s = *status_;
  std::string text = fmt::format("ftvlsi {}: {}", command_, s.step);
  if (!s.what.empty()) text += " " + s.what;
  if (s.fraction) {
    text += fmt::format(" {:.0f}%", 100 * *s.fraction);
    text += fmt::format(" {:.1f} s", t);
    if (s.first && *s.fraction < 1 && *s.fraction > s.first->second && t - s.first->first >= 1.0)
      text += time_left((t - s.first->first) * (1 - *s.fraction) / (*s.fraction - s.first->second));
  } else {
    text += fmt::format(" {:.1f} s", t);
  }
  std::cerr << "\r" << text << "\033[K" << std::flush;
  s.on_screen = true;
  s.last_print = t;
}

void Progress::operator()(std::string_view step, std::uint64_t done, std::uint64_t total) const {
  if (!enabled_) return;
  const double t = elapsed();
  const std::string text = fmt::format("{} [{}/{}]", step, done, total);
  if (status_) {
    std::lock_guard lock(status_->mutex);
    status_->step = text, status_->what.clear(), status_->fraction.reset(), status_->first.reset();
  }
  if (!always_ && t < after_) return;
  line(fmt::format("ftvlsi {}: {} {:.1f} s", command_, text, t));
}

void Progress::within(std::string_view what, std::uint64_t done, std::uint64_t total) const {
  if (!status_ || total == 0) return;
  const double t = elapsed();
  Status& s = *status_;
  std::lock_guard lock(s.mutex);
  const double f = std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
  if (!s.first) s.first = {t, f};
  const bool moved_on = what != s.what;
  s.what = what, s.fraction = f;
  if ((always_ || t >= after_) && (moved_on || t - s.last_print >= 1.0)) print_status(t);
}

void Progress::line(const std::string& text, std::string_view step) const {
  if (!enabled_) return;
  if (!status_) {
    std::cerr << text << "\n";
    return;
  }
  std::lock_guard lock(status_->mutex);
  if (!step.empty())
    status_->step = step, status_->what.clear(), status_->fraction.reset(), status_->first.reset();
  std::cerr << (status_->on_screen ? "\r\033[K" : "") << text << "\n" << std::flush;
  status_->on_screen = false;
  status_->last_print = elapsed();
}

void Progress::finish() const {
  if (!status_) return;
  {
    std::lock_guard lock(status_->mutex);
    status_->stop = true;
    if (status_->on_screen) std::cerr << "\r\033[K" << std::flush;
    status_->on_screen = false;
  }
  status_->wake.notify_all();
  if (status_->ticker.joinable()) status_->ticker.join();
}

std::string bash_completion(const CLI::App& app) {
  std::string names, cases;
  for (const CLI::App* sub : app.get_subcommands({})) {
    names += (names.empty() ? "" : "|") + sub->get_name();
    cases += fmt::format("    {}) words=\"{}\" ;;\n", sub->get_name(), words_of(*sub));
  }
  std::string top = words_of(app);
  return fmt::format(
      "# bash completion for ftvlsi, generated by `ftvlsi completion bash` from its flags.\n"
      "# Load it with: source <(ftvlsi completion bash)\n"
      "_ftvlsi() {{\n"
      "  local cur=${{COMP_WORDS[COMP_CWORD]}} sub='' w words\n"
      "  for w in \"${{COMP_WORDS[@]:1:COMP_CWORD-1}}\"; do\n"
      "    case $w in {}) sub=$w; break ;; esac\n"
      "  done\n"
      "  case $sub in\n"
      "{}"
      "    *) words=\"{}\" ;;\n"
      "  esac\n"
      "  if [[ -z $sub || $cur == -* ]]; then\n"
      "    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
      "  else\n"
      "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
      "  fi\n"
      "}}\n"
      "complete -o default -F _ftvlsi ftvlsi\n",
      names, cases, top);
}

int drc_exit_code(const std::vector<DrcReport>& reports) {
  bool clean = true;
  for (const auto& r : reports) {
    clean = clean && r.clean();
    for (const auto& v : r.samples)
      std::cerr << fmt::format("ftvlsi: DRC {}: {} in cell {}\n", v.rule, v.detail, v.cell);
  }
  return clean ? 0 : static_cast<int>(ExitCode::kCheckFailed);
}

}  // namespace ftvlsi::cli
