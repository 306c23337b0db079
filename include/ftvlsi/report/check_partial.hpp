#pragma once
// A check run's partial result (`ftvlsi check --shard K/N`, docs/cluster.md): the options it ran
// with and the results of the checks its shard owns (check i of the chosen list when
// i mod N = K - 1), every figure kept exactly so that `ftvlsi merge` writes the single run's
// check.md, check.json and plots.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/report/check.hpp"

namespace ftvlsi {

struct CheckPartial {
  CheckOptions options;                                        // ids, full, seed, technology, shard
  std::vector<std::pair<std::uint64_t, CheckResult>> results;  // index in the chosen list
  std::uint64_t total = 0;                                     // checks chosen in all
};

std::string check_partial_json(const CheckPartial& partial);
CheckPartial parse_check_partial(std::string_view text, std::string_view source);
bool same_check_run(const CheckPartial& a, const CheckPartial& b);

// Runs the shard's checks and writes check-shard-K-of-N.json into `dir`; returns its file name.
std::string write_check_partial(const CheckOptions& options, const std::string& dir);

}  // namespace ftvlsi
