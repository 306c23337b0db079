// Routing benchmark: message-channel steps per second of the delivery-cycle simulator
// on n = 2^16 processors with 10^6 uniform messages (area-universal capacities): the first ten
// cycles of GREEDY (every undelivered message sent), a whole RANDOM run (k1 = k2 = r), GREEDY on
// a fat-pyramid of 4^8 processors, and the time of `ftvlsi simulate --sweep` up to n = 2^16.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <numeric>
#include <random>

#include "ftvlsi/report/simulate_job.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
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
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  {
    DeliverySimulator sim(tree, m, SwitchPolicy::kRandom, 1);
    RandomParams rp;
    rp.congestion = congestion_parameter(tree);
    const auto start = Clock::now();
    const RouteResult r = route_random(sim, m.size(), tree.processors(), rp, 100000000);
    const double s = seconds_since(start);
    std::printf("RANDOM (k1 = k2 = r): %llu cycles, %llu steps in %.3f s = %.3g steps/s\n",
                static_cast<unsigned long long>(r.cycles), static_cast<unsigned long long>(r.steps),
                s, r.steps / s);
  }
  {
    // GREEDY resends every undelivered message with fresh parents in every cycle, so the load
    // here is four uniform messages per processor (10^6 messages would take ~1500 cycles).
    const ButterflyFatTree pyramid(1 << 16, true);
    PatternParams four = pp;
    four.count = 4 << 16;
    const MessageSet m4 = make_pattern(four, pyramid.processors());
    const auto start = Clock::now();
    const RouteResult r = route_butterfly(pyramid, m4, ButterflyAlgorithm::kGreedy,
                                          SwitchPolicy::kRandom, 1, 100000000);
    const double s = seconds_since(start);
    std::printf(
        "fat-pyramid 4^8 GREEDY: lambda %.1f, %llu cycles, %llu steps in %.3f s = %.3g steps/s\n",
        butterfly_load_factor(pyramid, m4), static_cast<unsigned long long>(r.cycles),
        static_cast<unsigned long long>(r.steps), s, r.steps / s);
  }
  {
    SweepSpec sweep;  // sizes 64 .. 65536, both hosts, unit/log/sqrt/linear delay
    const auto start = Clock::now();
    const SweepResult r = run_simulate_sweep(sweep);
    std::printf("simulate --sweep up to n = 2^16: %zu rows in %.3f s\n", r.rows.size(),
                seconds_since(start));
  }
  return 0;
}
