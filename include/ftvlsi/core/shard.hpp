#pragma once
// One of N deterministic slices of a job's work (`--shard K/N`, docs/cluster.md): item i of the
// job's fixed order belongs to shard (i mod N) + 1, so the N shards cover the work exactly once
// and `ftvlsi merge` can put their rows back in the single run's order.
#include <cstdint>
#include <string>
#include <string_view>

namespace ftvlsi {

// The most slices a job is cut into: far more than any cluster runs, few enough that a merge's
// bookkeeping of N shards is small.
inline constexpr std::uint64_t kMaxShards = 100000;

struct Shard {
  std::uint64_t k = 1, n = 1;  // 1 <= k <= n <= kMaxShards
  bool owns(std::uint64_t index) const { return index % n == k - 1; }
  bool whole() const { return n == 1; }
  bool valid() const { return n >= 1 && n <= kMaxShards && k >= 1 && k <= n; }
  std::string text() const { return std::to_string(k) + "/" + std::to_string(n); }
  // The partial result's file name: "<job>-shard-K-of-N.json".
  std::string file(const std::string& job) const {
    return job + "-shard-" + std::to_string(k) + "-of-" + std::to_string(n) + ".json";
  }
};

// Whether `name` looks like a partial result's file name (Shard::file) of any job.
inline bool is_partial_file_name(std::string_view name) {
  const auto shard = name.find("-shard-");
  return shard != std::string_view::npos && name.find("-of-", shard) != std::string_view::npos &&
         name.size() > 5 && name.substr(name.size() - 5) == ".json";
}

// The shard [k, n] a partial result `source` records; InputError (FTV-6710) unless both are
// integers with 1 <= k <= n <= kMaxShards.
Shard recorded_shard(std::int64_t k, std::int64_t n, bool integers, std::string_view source);

// The same, read from a JSON array [k, n] (any JSON type with nlohmann's interface).
template <class Json>
Shard partial_shard(const Json& field, std::string_view source) {
  const bool pair = field.is_array() && field.size() == 2 && field[0].is_number_integer() &&
                    field[1].is_number_integer();
  return pair ? recorded_shard(field[0].template get<std::int64_t>(),
                               field[1].template get<std::int64_t>(), true, source)
              : recorded_shard(0, 0, false, source);
}

}  // namespace ftvlsi
