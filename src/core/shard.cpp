#include "ftvlsi/core/shard.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

Shard recorded_shard(std::int64_t k, std::int64_t n, bool integers, std::string_view source) {
  const Shard s{static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(n)};
  if (!integers || k < 1 || n < 1 || !s.valid())
    throw InputError(6710, fmt::format("{} records an impossible shard; a shard is [K, N] with "
                                       "1 <= K <= N <= {}; rerun its shard",
                                       source, kMaxShards));
  return s;
}

}  // namespace ftvlsi
