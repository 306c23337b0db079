#include "ftvlsi/report/merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/io/text_file.hpp"
#include "ftvlsi/report/check_partial.hpp"
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
      throw IoError(
          fmt::format("cannot read the shard folder '{}'; give folders that shards "
                      "wrote with --report or --out",
                      dir));
    std::vector<fs::path> here;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(job + "-shard-", 0) == 0 && entry.path().extension() == ".json")
        here.push_back(entry.path());
    }
    if (ec) throw IoError(fmt::format("cannot list the shard folder '{}': {}", dir, ec.message()));
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
          fmt::format("{} shard {}/{} is given twice; merge each shard once", job, s.k, n));
  for (std::uint64_t k = 1; k <= n; ++k)
    if (!seen[k])
      throw InputError(fmt::format(
          "{} shard {}/{} is missing; run it (--shard {}/{}) and merge again", job, k, n, k, n));
}

std::size_t merge_sweep(const std::vector<fs::path>& files, const MergeSpec& spec,
                        MergeResult& result) {
  std::vector<SweepPartial> parts;
  std::vector<Shard> shards;
  for (const auto& f : files) {
    parts.push_back(parse_sweep_partial(read_text_file(f.string(), "partial result"), f.string()));
    if (!same_sweep(parts.front(), parts.back()))
      throw InputError(fmt::format("{} comes from another sweep than {}; merge one sweep's shards",
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
    throw InputError("the sweep's shards do not cover its sizes and hosts; rerun them");
  std::vector<SimulateResult> rows;
  for (auto& [index, r] : items)
    for (auto& row : r) rows.push_back(std::move(row));
  const SweepResult out = finish_sweep(sweep, std::move(rows));
  result.files.insert(result.files.end(), out.files.begin(), out.files.end());
  result.rows = out.rows.size();
  return parts.size();
}

std::size_t merge_checks(const std::vector<fs::path>& files, const MergeSpec& spec,
                         MergeResult& result) {
  std::vector<CheckPartial> parts;
  std::vector<Shard> shards;
  for (const auto& f : files) {
    parts.push_back(parse_check_partial(read_text_file(f.string(), "partial result"), f.string()));
    if (!same_check_run(parts.front(), parts.back()))
      throw InputError(
          fmt::format("{} comes from another check run than {}; merge one run's "
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
  return parts.size();
}

}  // namespace

MergeResult run_merge(const MergeSpec& spec) {
  const auto sweeps = partial_files(spec.dirs, "simulate");
  const auto checks = partial_files(spec.dirs, "check");
  if (sweeps.empty() && checks.empty())
    throw InputError(
        "no partial results (simulate-shard-K-of-N.json or check-shard-K-of-N.json) in the given "
        "folders; run the shards with --shard K/N first");
  if (spec.json && sweeps.empty())
    throw InputError("--json writes a merged sweep's rows; the folders hold no sweep shards");
  if (spec.json && *spec.json == "-")
    throw InputError("merge --json takes a file name; read the sweep's rows from it");
  if (spec.json) require_writable(*spec.json, "JSON");
  make_directory(spec.out, "--out");
  MergeResult result;
  if (!sweeps.empty()) result.sweep_shards = merge_sweep(sweeps, spec, result);
  if (!checks.empty()) result.check_shards = merge_checks(checks, spec, result);
  return result;
}

}  // namespace ftvlsi
