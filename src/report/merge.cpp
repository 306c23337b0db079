#include "ftvlsi/report/merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/io/text_file.hpp"
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

// Shards 1..N exactly once each.
void require_all_shards(const std::vector<Shard>& shards, const std::string& job) {
  const std::uint64_t n = shards.front().n;
  std::vector<int> seen(n + 1, 0);
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

// The report's layout folders, copied from the shards' folders, and its parts in order.
std::vector<ReportPartial> merge_report_layouts(const std::vector<fs::path>& files,
                                                const MergeSpec& spec) {
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
    for (const auto& l : parts.back().layouts) {
      std::error_code ec;
      fs::copy(f.parent_path() / l.name, fs::path(spec.out) / l.name,
               fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
      if (ec)
        throw IoError(7203,
                      fmt::format("cannot copy the layout folder '{}' into '{}': {}",
                                  (f.parent_path() / l.name).string(), spec.out, ec.message()));
    }
  }
  require_all_shards(shards, "report");
  return parts;
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
  if (spec.json) require_writable(*spec.json, "JSON");
  require_merge_memory({sweeps, checks, reports});
  make_directory(spec.out, "--out");
  MergeResult result;
  std::vector<ReportPartial> report;
  if (!reports.empty()) report = merge_report_layouts(reports, spec);
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
  }
  return result;
}

}  // namespace ftvlsi
