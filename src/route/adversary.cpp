#include "ftvlsi/route/adversary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"

namespace ftvlsi {
namespace {

void require_standard(const FatTree& tree, std::uint64_t lambda) {
  const int levels = tree.levels();
  bool standard = levels % 2 == 0 && levels >= 4;
  CapacityParams four_way;
  four_way.profile = CapacityProfile::kFourWay;
  if (standard) standard = tree.capacities() == compute_capacities(four_way, tree.processors());
  if (!standard)
    throw InputError(
        6151,
        fmt::format(
            "the adversary of Theorem 9 runs on the standard fat-tree with 4-way switches: "
            "--capacity four-way (route's default for --algorithm adversary) on n = 4^m >= 16 "
            "processors, not {} on {}",
            to_string(tree.capacity_params().profile), tree.processors()));
  if (lambda < 12)
    throw InputError(6152,
                     fmt::format("--lambda must be at least 12 for Theorem 9, not {}", lambda));
}

// The i-th message's destination outside FT: spread over the other three quarters, round robin
// over the quarters and in bit-reversed order within one, so every subtree receives its share.
std::uint32_t destination(std::uint64_t i, int levels) {
  const int q = levels - 2;  // a quarter has 2^q processors
  const std::uint64_t quarter = 1 + i % 3, j = (i / 3) & ((std::uint64_t{1} << q) - 1);
  std::uint64_t r = 0;
  for (int b = 0; b < q; ++b) r |= ((j >> b) & 1) << (q - 1 - b);
  return static_cast<std::uint32_t>((quarter << q) | r);
}

MessageSet with_destinations(std::vector<std::uint32_t> sources, int levels) {
  std::sort(sources.begin(), sources.end());
  MessageSet m;
  m.reserve(sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i)
    m.push_back({sources[i], destination(i, levels)});
  return m;
}

// `count` messages spread evenly over the processors [lo, lo + size): message i from processor
// lo + floor(i size / count), so every aligned block of b processors sends count b / size of them,
// rounded up (fewer messages than processors must not crowd into the first ones, whose small
// subtree would then carry more than lambda).
void spread(std::vector<std::uint32_t>& sources, std::uint64_t lo, std::uint64_t size,
            std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i)
    sources.push_back(static_cast<std::uint32_t>(lo + static_cast<u128>(i) * size / count));
}

// Runs the switches with the four input channels of FT = [lo, lo + size)'s root switch full for t
// cycles and returns the quarter that sent the fewest messages out (the last one on a tie). Each
// cycle sends a fresh batch that fills those channels exactly: cap messages from each quarter,
// spread so that no channel inside the quarter holds more than its capacity (a block of b
// processors sends ceil(2b / sqrt s) <= sqrt b). The switches see the same full inputs as under
// GREEDY, at a cost of t sqrt(s) messages instead of t s.
int unfavoured_quarter(const FatTree& tree, std::uint64_t lo, std::uint64_t size, std::uint64_t t) {
  const std::uint64_t quarter = size / 4;
  const int quarter_level = tree.levels() - floor_log2(quarter);
  const std::uint64_t cap = tree.capacity(quarter_level);
  std::vector<std::uint32_t> sources;
  for (std::uint64_t c = 0; c < t; ++c)
    for (std::uint64_t q = 0; q < 4; ++q) spread(sources, lo + q * quarter, quarter, cap);
  const MessageSet probe = with_destinations(std::move(sources), tree.levels());
  // with_destinations sorts by source; every batch spreads the same way, so a processor's i-th
  // message belongs to batch i.
  std::vector<std::vector<std::uint32_t>> batches(t);
  {
    std::vector<std::uint64_t> seen(size, 0);
    for (std::uint32_t id = 0; id < probe.size(); ++id)
      batches[seen[probe[id].first - lo]++].push_back(id);
  }
  DeliverySimulator sim(tree, probe, SwitchPolicy::kPriority, 1);
  std::array<std::uint64_t, 4> out{};
  for (const auto& batch : batches)
    for (auto id : sim.cycle(batch)) ++out[(probe[id].first - lo) / quarter];
  int worst = 3;
  for (int q = 3; q >= 0; --q)
    if (out[q] < out[worst]) worst = q;
  return worst;
}

}  // namespace

long double adversary_message_count(const FatTree& tree, std::uint64_t lambda) {
  const auto l = static_cast<long double>(lambda);
  const long double t = std::floor((l + 5) / 6);
  long double set = l, probe = 0;
  for (std::uint64_t size = tree.processors() / 4; size > 1; size /= 4) {
    set += 3 * std::floor(l * static_cast<long double>(isqrt(size)) / 6);
    const int quarter_level = tree.levels() - floor_log2(size / 4);
    probe = std::max(probe, t * 4 * static_cast<long double>(tree.capacity(quarter_level)));
  }
  return std::max(set, probe);
}

AdversarySet adversary_set(const FatTree& tree, std::uint64_t lambda) {
  require_standard(tree, lambda);
  // Per message: the set, a probe's batches and two delivery simulators (GREEDY's and RANDOM's),
  // about 200 bytes (measured on 4^6 processors: --lambda 3000, 96000 messages, peaks at 21 MiB
  // with the process's 5; this gives 18 MiB). Per processor: the probe's count per processor of
  // FT (2) and the route job's load factor (channel_loads.hpp's 8).
  constexpr long double kBytesPerMessage = 200,
                        kBytesPerProcessor = 2 + kLoadFactorBytesPerProcessor;
  const long double messages = adversary_message_count(tree, lambda);
  require_memory(8021,
                 messages * kBytesPerMessage +
                     static_cast<long double>(tree.processors()) * kBytesPerProcessor,
                 fmt::format("Theorem 9's message set for --lambda {} on {} processors ({:.3g} "
                             "messages)",
                             lambda, tree.processors(), static_cast<double>(messages)),
                 "choose a smaller --lambda or fewer processors");
  AdversarySet a;
  a.subtree = tree.processors() / 4;
  a.bound = static_cast<double>(lambda) * std::log2(static_cast<double>(a.subtree)) / 24;
  // lambda/6 cycles: lambda/12, plus the cycles that remove the first lambda sqrt(s)/12 messages.
  const std::uint64_t t = (lambda + 5) / 6;
  std::vector<std::uint32_t> sources;
  std::uint64_t lo = 0;
  for (std::uint64_t size = a.subtree; size > 1; size /= 4) {
    const int u = unfavoured_quarter(tree, lo, size, t);
    a.unfavoured.push_back(u);
    const std::uint64_t quarter = size / 4;
    const std::uint64_t others = lambda * isqrt(size) / 6;  // lambda sqrt(s) / 6
    for (int q = 0; q < 4; ++q)
      if (q != u) spread(sources, lo + q * quarter, quarter, others);
    lo += static_cast<std::uint64_t>(u) * quarter;
  }
  spread(sources, lo, 1, lambda);  // M_1
  a.messages = with_destinations(std::move(sources), tree.levels());
  return a;
}

}  // namespace ftvlsi
