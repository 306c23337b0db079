// Routing benchmark (issue 5): message-channel steps per second of the delivery-cycle simulator
// on n = 2^16 processors with 10^6 uniform messages (area-universal capacities), over the first
// cycles of GREEDY (every undelivered message sent) and of RANDOM's TRY-GUESS p-subsets.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <numeric>
#include <random>

#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"

using namespace ftvlsi;

int main() {
  FatTreeParams p;
  p.processors = 1 << 16;
  p.capacity.profile = CapacityProfile::kAreaUniversal;
  const FatTree tree(p);
  PatternParams pp;
  pp.name = "uniform";
  pp.count = 1000000;
  const MessageSet m = make_pattern(pp, tree.processors());
  std::printf("lambda %.1f, congestion parameter %.2f\n",
              load_factor(channel_loads(m, tree.levels()), tree), congestion_parameter(tree));
  for (auto policy : {SwitchPolicy::kRandom, SwitchPolicy::kPriority}) {
    DeliverySimulator sim(tree, m, policy, 1);
    std::vector<std::uint32_t> undelivered(m.size());
    std::iota(undelivered.begin(), undelivered.end(), 0u);
    const auto start = std::chrono::steady_clock::now();
    int cycles = 0;
    for (; cycles < 10; ++cycles) {
      const auto delivered = sim.cycle(undelivered);
      std::vector<std::uint32_t> rest;
      std::set_difference(undelivered.begin(), undelivered.end(), delivered.begin(),
                          delivered.end(), std::back_inserter(rest));
      undelivered.swap(rest);
    }
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "%s switches: %d GREEDY cycles, %llu message-channel steps in %.3f s = %.3g steps/s\n",
        policy == SwitchPolicy::kRandom ? "random" : "priority", cycles,
        static_cast<unsigned long long>(sim.steps()), s, sim.steps() / s);
  }
  return 0;
}
