#pragma once
// One of N deterministic slices of a job's work (`--shard K/N`, docs/cluster.md): item i of the
// job's fixed order belongs to shard (i mod N) + 1, so the N shards cover the work exactly once
// and `ftvlsi merge` can put their rows back in the single run's order.
#include <cstdint>
#include <string>

namespace ftvlsi {

struct Shard {
  std::uint64_t k = 1, n = 1;  // 1 <= k <= n
  bool owns(std::uint64_t index) const { return index % n == k - 1; }
  bool whole() const { return n == 1; }
  std::string text() const { return std::to_string(k) + "/" + std::to_string(n); }
  // The partial result's file name: "<job>-shard-K-of-N.json".
  std::string file(const std::string& job) const {
    return job + "-shard-" + std::to_string(k) + "-of-" + std::to_string(n) + ".json";
  }
};

}  // namespace ftvlsi
