#include "ftvlsi/network/fat_tree.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

namespace ftvlsi {

void require_power_size(u64 n, unsigned base, const std::string& network) {
  if (n == 0)
    throw InputError(3201, fmt::format("processors must be at least 1 for a {}", network));
  if (n > kMaxProcessors) {
    throw InputError(
        3202,
        fmt::format(
            "{} processors is beyond the supported maximum of {} (2^40); choose a smaller network",
            n, kMaxProcessors));
  }
  u64 p = 1;
  while (p < n) p *= base;
  if (p == n) return;
  const auto near = nearest_powers(n, base);
  throw InputError(3203, fmt::format("processors must be a power of {} for a {}; {} is not, the "
                                     "nearest valid sizes are {} and {}",
                                     base, network, n, near.below, near.above));
}

FatTree::FatTree(const FatTreeParams& params) : params_(params), n_(params.processors) {
  require_power_size(n_, 2, "fat-tree");
  levels_ = floor_log2(n_);
  caps_ = compute_capacities(params_.capacity, n_);
}

u64 FatTree::switch_degree(int k) const {
  FTVLSI_ASSERT(k >= 0 && k < levels_);
  return 2 * caps_[k] + 4 * caps_[k + 1];
}

u64 FatTree::components() const {
  u64 total = 0;
  for (int k = 0; k < levels_; ++k) total += nodes_at(k) * switch_degree(k);
  return total;
}

u64 FatTree::total_wires() const {
  u64 total = 0;
  for (int k = 0; k <= levels_; ++k) total += nodes_at(k) * 2 * caps_[k];
  return total;
}

}  // namespace ftvlsi
