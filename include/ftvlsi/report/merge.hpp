#pragma once
// `ftvlsi merge DIR... --out DIR` (docs/cluster.md): reads the partial results that shards wrote
// (simulate-shard-K-of-N.json, check-shard-K-of-N.json) and writes the files a single run writes,
// byte for byte: simulate.md, simulate.csv and the slowdown plots; check.md, check.json and the
// check plots. Every shard 1..N of a run must be there exactly once.
#include <optional>
#include <string>
#include <vector>

namespace ftvlsi {

struct MergeSpec {
  std::vector<std::string> dirs;
  std::string out;
  std::optional<std::string> json;  // the sweep's rows as JSON, as `simulate --sweep --json`
};

struct MergeResult {
  std::vector<std::string> files;  // written into out
  std::size_t sweep_shards = 0, check_shards = 0;
  std::size_t rows = 0, checks = 0;
  bool checks_failed = false;  // a merged check's verdict is fail
};

// InputError when no partial is found, shards are missing or doubled, or come from different
// runs; IoError when a directory cannot be read or the output written.
MergeResult run_merge(const MergeSpec& spec);

}  // namespace ftvlsi
