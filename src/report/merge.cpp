#include "ftvlsi/report/merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/io/transit_report.hpp"
#include "ftvlsi/report/check_partial.hpp"
#include "ftvlsi/report/report.hpp"
#include "ftvlsi/report/report_partial.hpp"
#include "ftvlsi/report/simulate_job.hpp"

namespace ftvlsi {
namespace {

namespace fs = std::filesystem;

// The partial files of one job kind in the given folders, in name order per folder.
std::vector<fs::path> partial_files(const std::vector<std::string>& dirs, const std::string& job) {
  std::vector<fs::path> out;
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      throw IoError(7201, fmt::format("cannot read the shard folder '{}'; give folders that shards "
                                      "wrote with --report or --out",
                                      dir));
    std::vector<fs::path> here;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(job + "-shard-", 0) == 0 && entry.path().extension() == ".json")
        here.push_back(entry.path());
    }
    if (ec)
      throw IoError(7202, fmt::format("cannot list the shard folder '{}': {}", dir, ec.message()));
    std::sort(here.begin(), here.end());
    out.insert(out.end(), here.begin(), here.end());
  }
  return out;
}

// Shards 1..N exactly once each. Each shard was checked on reading (1 <= k <= n <= kMaxShards);
// N shards of one run must all carry the same N, and there must be N of them.
void require_all_shards(const std::vector<Shard>& shards, const std::string& job) {
  const std::uint64_t n = shards.front().n;
  for (const auto& s : shards)
    if (!s.valid() || s.n != n)
      throw InputError(6705, fmt::format("{} shard {} comes from another run than shard {}; merge "
                                         "one run's shards",
                                         job, s.text(), shards.front().text()));
  std::vector<int> seen(n + 1, 0);  // n <= kMaxShards: valid() held for every shard
  for (const auto& s : shards)
    if (++seen[s.k] > 1)
      throw InputError(
          6704, fmt::format("{} shard {}/{} is given twice; merge each shard once", job, s.k, n));
  for (std::uint64_t k = 1; k <= n; ++k)
    if (!seen[k])
      throw InputError(
          6703, fmt::format("{} shard {}/{} is missing; run it (--shard {}/{}) and merge again",
                            job, k, n, k, n));
}

std::size_t merge_sweep(const std::vector<fs::path>& files, const MergeSpec& spec,
                        MergeResult& result, std::optional<SweepResult>& merged,
                        std::string& competing) {
  std::vector<SweepPartial> parts;
  std::vector<Shard> shards;
  for (const auto& f : files) {
    parts.push_back(parse_sweep_partial(read_text_file(f.string(), "partial result"), f.string()));
    if (!same_sweep(parts.front(), parts.back()))
      throw InputError(6705,
                       fmt::format("{} comes from another sweep than {}; merge one sweep's shards",
                                   f.string(), files.front().string()));
    shards.push_back(parts.back().shard);
  }
  require_all_shards(shards, "simulate");
  std::map<std::uint64_t, std::vector<SimulateResult>> items;
  for (auto& p : parts)
    for (auto& [index, rows] : p.items) items[index] = std::move(rows);
  SweepSpec sweep = parts.front().spec;
  sweep.report_dir = spec.out;
  sweep.json = spec.json;
  if (items.size() != sweep.sizes.size() * sweep.hosts.size())
    throw InputError(6706, "the sweep's shards do not cover its sizes and hosts; rerun them");
  std::vector<SimulateResult> rows;
  for (auto& [index, r] : items)
    for (auto& row : r) rows.push_back(std::move(row));
  const SweepResult out = finish_sweep(sweep, std::move(rows));
  result.files.insert(result.files.end(), out.files.begin(), out.files.end());
  result.rows = out.rows.size();
  competing = sweep.base.competing;
  merged = out;
  return parts.size();
}

std::size_t merge_checks(const std::vector<fs::path>& files, const MergeSpec& spec,
                         MergeResult& result,
                         std::optional<std::pair<std::vector<CheckResult>, bool>>& merged) {
  std::vector<CheckPartial> parts;
  std::vector<Shard> shards;
  for (const auto& f : files) {
    parts.push_back(parse_check_partial(read_text_file(f.string(), "partial result"), f.string()));
    if (!same_check_run(parts.front(), parts.back()))
      throw InputError(6705, fmt::format("{} comes from another check run than {}; merge one run's "
                                         "shards",
                                         f.string(), files.front().string()));
    shards.push_back(parts.back().options.shard);
  }
  require_all_shards(shards, "check");
  std::map<std::uint64_t, CheckResult> by_index;
  for (auto& p : parts)
    for (auto& [index, r] : p.results) by_index[index] = std::move(r);
  std::vector<CheckResult> results;
  for (auto& [index, r] : by_index) results.push_back(std::move(r));
  CheckOptions options = parts.front().options;
  options.shard = {};
  const auto files_written = write_check_report(results, options, spec.out);
  result.files.insert(result.files.end(), files_written.begin(), files_written.end());
  result.checks = results.size();
  result.checks_failed = summarise(results).fail > 0;
  merged = std::make_pair(std::move(results), options.full);
  return parts.size();
}

// Copies the files a shard lists for one layout (or its DeHon section), regular files only (a link
// is refused, never followed), into the merged folder's layout folder.
void copy_layout_files(const fs::path& from, const fs::path& to,
                       const std::vector<std::string>& files) {
  std::error_code ec;
  fs::create_directories(to, ec);
  for (const auto& name : files) {
    const fs::path source = from / name;
    if (fs::symlink_status(source, ec).type() != fs::file_type::regular)
      throw InputError(6712, fmt::format("the shard's file '{}' is missing or not a regular file; "
                                         "rerun its shard",
                                         source.string()));
    if (!fs::copy_file(source, to / name, fs::copy_options::overwrite_existing, ec) || ec)
      throw IoError(7203,
                    fmt::format("cannot copy the shard's file '{}' into '{}': {}", source.string(),
                                to.string(), ec ? ec.message() : "copy failed"));
  }
}

// The report's layout folders, copied from the shards' folders into `out`, and its parts in order.
std::vector<ReportPartial> merge_report_layouts(const std::vector<fs::path>& files,
                                                const std::string& out) {
  std::vector<ReportPartial> parts;
  std::vector<Shard> shards;
  for (const auto& f : files) {
    parts.push_back(parse_report_partial(read_text_file(f.string(), "partial result"), f.string()));
    if (parts.back().items != parts.front().items || parts.back().title != parts.front().title ||
        parts.back().shard.n != parts.front().shard.n)
      throw InputError(6705, fmt::format("{} comes from another report than {}; merge one "
                                         "report's shards",
                                         f.string(), files.front().string()));
    shards.push_back(parts.back().shard);
  }
  require_all_shards(shards, "report");
  std::set<std::string> names;
  for (std::size_t i = 0; i < parts.size(); ++i)
    for (const auto& l : parts[i].layouts) {
      if (!names.insert(l.name).second)
        throw InputError(6713, fmt::format("two report shards both hold the layout '{}'; merge "
                                           "one report's shards",
                                           l.name));
      copy_layout_files(files[i].parent_path() / l.name, fs::path(out) / l.name, l.files);
    }
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (parts[i].dehon)
      copy_layout_files(files[i].parent_path(), out,
                        {std::begin(kDehonReportFiles), std::end(kDehonReportFiles)});
  return parts;
}

// Before any work: the output folder is neither an input folder, nor inside one, nor around one
// (it is replaced whole when the merge is done).
void require_separate(const MergeSpec& spec) {
  for (const auto& dir : spec.dirs)
    if (path_is_within(spec.out, dir) || path_is_within(dir, spec.out))
      throw InputError(6714, fmt::format("--out '{}' and the shard folder '{}' overlap; the merged "
                                         "folder replaces --out whole, so choose an --out outside "
                                         "every shard folder",
                                         spec.out, dir));
  if (spec.json && *spec.json != "-")
    for (const auto& dir : spec.dirs)
      if (path_is_within(*spec.json, dir) && fs::exists(*spec.json))
        throw InputError(6715, fmt::format("--json '{}' would replace a file in the shard folder "
                                           "'{}'; write it elsewhere",
                                           *spec.json, dir));
}

// --json inside --out is written into the staged folder, to move with it.
std::optional<std::string> staged_json(const MergeSpec& spec, const std::string& staged) {
  if (!spec.json || !path_is_within(*spec.json, spec.out)) return spec.json;
  const fs::path rel = fs::weakly_canonical(fs::absolute(*spec.json))
                           .lexically_relative(fs::weakly_canonical(fs::absolute(spec.out)));
  return (fs::path(staged) / rel).string();
}

MergeResult merge_into(const std::vector<fs::path>& sweeps, const std::vector<fs::path>& checks,
                       const std::vector<fs::path>& reports, const MergeSpec& spec) {
  MergeResult result;
  std::vector<ReportPartial> report;
  if (!reports.empty()) report = merge_report_layouts(reports, spec.out);
  std::optional<SweepResult> sweep;
  std::string competing;
  std::optional<std::pair<std::vector<CheckResult>, bool>> check_results;
  if (!sweeps.empty()) result.sweep_shards = merge_sweep(sweeps, spec, result, sweep, competing);
  if (!checks.empty()) result.check_shards = merge_checks(checks, spec, result, check_results);
  if (!report.empty()) {
    const ReportResult r = finish_report(report, sweep, competing, check_results, spec.out);
    result.report_shards = report.size();
    result.layouts = r.layouts;
    result.checks_failed = result.checks_failed || !r.all_clean;
    result.files.push_back("summary.md");
    result.files.push_back("index.html");
    if (std::any_of(report.begin(), report.end(), [](const auto& p) { return p.dehon; }))
      result.files.insert(result.files.end(), std::begin(kDehonReportFiles),
                          std::end(kDehonReportFiles));
  }
  return result;
}

// Every partial is held as text and as parsed JSON while the shards are combined: nlohmann::json
// parsed a 57 MB file of sweep-like rows at a 254 MiB peak (4.6 bytes a byte of text); the typed
// rows and the merged files take about as much again, so 8 bytes a byte.
void require_merge_memory(const std::vector<std::vector<fs::path>>& kinds) {
  constexpr long double kBytesPerFileByte = 8;
  long double bytes = 0;
  for (const auto& files : kinds)
    for (const auto& f : files) {
      std::error_code ec;
      const auto size = fs::file_size(f, ec);
      if (!ec) bytes += static_cast<long double>(size);
    }
  require_memory(8026, bytes * kBytesPerFileByte,
                 fmt::format("merging {} of partial results", memory_text(bytes)),
                 "merge on a machine with more memory (every shard of a job is read at once)");
}

}  // namespace

MergeResult run_merge(const MergeSpec& spec) {
  const auto sweeps = partial_files(spec.dirs, "simulate");
  const auto checks = partial_files(spec.dirs, "check");
  const auto reports = partial_files(spec.dirs, "report");
  if (sweeps.empty() && checks.empty() && reports.empty())
    throw InputError(
        6707,
        "no partial results (simulate-shard-K-of-N.json or check-shard-K-of-N.json) in the given "
        "folders; run the shards with --shard K/N first");
  if (spec.json && sweeps.empty())
    throw InputError(6708, "--json writes a merged sweep's rows; the folders hold no sweep shards");
  if (spec.json && *spec.json == "-")
    throw InputError(6709, "merge --json takes a file name; read the sweep's rows from it");
  require_separate(spec);
  if (spec.json && !path_is_within(*spec.json, spec.out)) require_writable(*spec.json, "JSON");
  require_merge_memory({sweeps, checks, reports});
  // Everything is written into a temporary folder and moved onto --out whole when complete.
  StagedFolder staged(spec.out, "--out");
  MergeSpec work = spec;
  work.out = staged.path();
  work.json = staged_json(spec, staged.path());
  if (work.json && fs::path(*work.json).has_parent_path())
    fs::create_directories(fs::path(*work.json).parent_path());
  MergeResult result = merge_into(sweeps, checks, reports, work);
  staged.commit();
  return result;
}

}  // namespace ftvlsi
