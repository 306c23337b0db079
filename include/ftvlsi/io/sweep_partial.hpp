#pragma once
// A simulation sweep's partial result (`ftvlsi simulate --sweep --shard K/N`, docs/cluster.md):
// the sweep it belongs to and the rows of the (size, host) items its shard owns, every figure
// kept exactly, so that `ftvlsi merge` writes the single run's files byte for byte.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/sim/simulation.hpp"

namespace ftvlsi {

struct SweepPartial {
  SweepSpec spec;  // competing network, sizes, hosts, delay models, technology
  Shard shard;
  // Item i = size index × hosts + host index; its rows, one per delay model.
  std::vector<std::pair<std::uint64_t, std::vector<SimulateResult>>> items;
};

std::string sweep_partial_json(const SweepPartial& partial);
// InputError naming `source` when the document is not a sweep partial of this version.
SweepPartial parse_sweep_partial(std::string_view text, std::string_view source);
// Whether two partials come from the same sweep (same spec and N).
bool same_sweep(const SweepPartial& a, const SweepPartial& b);

}  // namespace ftvlsi
