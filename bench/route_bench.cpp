// Routing benchmark: message-channel steps per second of the delivery-cycle simulator.
//
//   route_bench                      the default suite (below)
//   route_bench ALGORITHM LG_N [--lanes 1|2] [--repeat R]
//
// ALGORITHM is greedy, random, random-prime, offline, corollary-2 or adversary. greedy, random
// and offline route a uniform permutation on the area-universal fat-tree of 2^LG_N processors;
// random-prime and corollary-2 one on the constant-capacity tree of capacity 2 lg n; adversary
// Theorem 9's set (--lambda 96) on the four-way tree, GREEDY with priority switches. Each line
// gives the cycles, the steps, the seconds of routing (the schedule's construction apart), steps
// per second, the peak resident memory of the process (getrusage) and that per message. --lanes 1
// keeps every cycle on one thread.
//
// The default suite: the first ten GREEDY cycles of 10^6 uniform messages on 2^16 processors
// (area-universal, random and priority switches), a whole RANDOM run there, GREEDY on a
// fat-pyramid of 4^8 processors, and the time of `ftvlsi simulate --sweep` up to n = 2^16.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include "ftvlsi/report/simulate_job.hpp"
#include "ftvlsi/route/adversary.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/butterfly_routing.hpp"
#include "ftvlsi/route/channel_loads.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "ftvlsi/route/offline.hpp"

using namespace ftvlsi;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

double peak_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

int one_run(const std::string& algorithm, int lg_n, std::size_t threshold, int repeat) {
  FatTreeParams p;
  p.processors = std::uint64_t{1} << lg_n;
  const bool wide = algorithm == "random-prime" || algorithm == "corollary-2";
  if (algorithm == "adversary") {
    p.capacity.profile = CapacityProfile::kFourWay;
  } else if (wide) {
    p.capacity.profile = CapacityProfile::kConstant;
    p.capacity.constant = 2 * static_cast<std::uint64_t>(lg_n);
  } else {
    p.capacity.profile = CapacityProfile::kAreaUniversal;
  }
  const FatTree tree(p);
  MessageSet m;
  if (algorithm == "adversary") {
    m = adversary_set(tree, 96).messages;
  } else {
    PatternParams pp;
    pp.name = "permutation";
    m = make_pattern(pp, tree.processors());
  }
  std::vector<std::vector<std::uint32_t>> schedule;
  double schedule_seconds = 0;
  if (algorithm == "offline" || algorithm == "corollary-2") {
    const auto start = Clock::now();
    schedule =
        algorithm == "offline" ? offline_schedule(tree, m) : offline_schedule_wide(tree, m).cycles;
    schedule_seconds = seconds_since(start);
  }
  for (int r = 0; r < repeat; ++r) {
    const SwitchPolicy policy =
        algorithm == "adversary" ? SwitchPolicy::kPriority : SwitchPolicy::kRandom;
    DeliverySimulator sim(tree, m, policy, 1);
    sim.set_parallel_threshold(threshold);
    RandomParams rp;
    rp.congestion = congestion_parameter(tree);
    rp.seed = 2;
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    RouteResult result;
    if (algorithm == "greedy" || algorithm == "adversary") {
      result = route_greedy(sim, m.size(), 100000000);
    } else if (algorithm == "random") {
      result = route_random(sim, m.size(), tree.processors(), rp, 100000000);
    } else if (algorithm == "random-prime") {
      result = route_random_prime(sim, m.size(), 3, 100000000);
    } else if (algorithm == "offline" || algorithm == "corollary-2") {
      bool lossless = false;
      result = route_schedule(sim, m.size(), schedule, lossless);
    } else {
      std::fprintf(stderr, "route_bench: unknown algorithm %s\n", algorithm.c_str());
      return 2;
    }
    const double s = seconds_since(start);
    const double cpu = cpu_seconds() - cpu_start;
    const double mib = peak_mib();
    std::printf(
        "%s n=2^%d lanes=%d: %zu messages, %llu cycles, %llu steps in %.3f s = %.3g steps/s "
        "(%.3f s CPU); peak %.1f MiB = %.1f bytes/message",
        algorithm.c_str(), lg_n, threshold == SIZE_MAX ? 1 : 2, m.size(),
        static_cast<unsigned long long>(result.cycles),
        static_cast<unsigned long long>(result.steps), s, static_cast<double>(result.steps) / s,
        cpu, mib, mib * 1048576.0 / static_cast<double>(m.size()));
    if (!schedule.empty()) std::printf("; schedule built in %.3f s", schedule_seconds);
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}

int default_suite() {
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
    const auto start = Clock::now();
    int cycles = 0;
    for (; cycles < 10; ++cycles) {
      const auto delivered = sim.cycle(undelivered);
      std::vector<std::uint32_t> rest;
      std::set_difference(undelivered.begin(), undelivered.end(), delivered.begin(),
                          delivered.end(), std::back_inserter(rest));
      undelivered.swap(rest);
    }
    const double s = seconds_since(start);
    std::printf(
        "%s switches: %d GREEDY cycles, %llu message-channel steps in %.3f s = %.3g steps/s\n",
        policy == SwitchPolicy::kRandom ? "random" : "priority", cycles,
        static_cast<unsigned long long>(sim.steps()), s, sim.steps() / s);
  }
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return default_suite();
  std::size_t threshold = DeliverySimulator::kParallelCycle;
  int repeat = 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--lanes") threshold = std::atoi(argv[i + 1]) == 1 ? SIZE_MAX : threshold;
    if (flag == "--repeat") repeat = std::max(1, std::atoi(argv[i + 1]));
  }
  return one_run(argv[1], std::atoi(argv[2]), threshold, repeat);
}
