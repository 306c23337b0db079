// Circuit switching through RN1s on small router graphs: at one router a direction grants as many
// connections as its crossbar has outputs for it, never one output twice; the trials of a batch
// do not share router state; dead routers and blocked outputs drop what needs them; and a
// delivered connection counts every router it passed.
#include "ftvlsi/route/circuit_switch.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "ftvlsi/core/rng.hpp"

using namespace ftvlsi;

namespace {

// One RN1 as a network of 4 processors: processor p injects on inputs 2p and 2p + 1, and
// direction d delivers to processor d on either output of the direction.
struct SingleRn1 {
  Rn1Config config;
  Rn1Config rn1() const { return config; }
  std::uint64_t routers() const { return 1; }
  std::int64_t injection(std::uint64_t p, int i) const {
    return static_cast<std::int64_t>(2 * p + i);
  }
  int direction(std::uint64_t, std::uint64_t, std::uint64_t dst) const {
    return static_cast<int>(dst);
  }
  std::int64_t link(std::uint64_t out) const {
    for (int d = 0; d < kRn1Directions; ++d)
      for (int o : rn1_direction_outputs(config, d))
        if (static_cast<std::uint64_t>(o) == out) return delivery_link(d);
    return kNoLink;
  }
};

// Two RN1s in a row (dilation 2): router 0 sends everything in direction 0, whose two outputs
// feed router 1's inputs 0 and 1; router 1 delivers by destination as above.
struct TwoStages {
  Rn1Config rn1() const { return Rn1Config::kDilation2; }
  std::uint64_t routers() const { return 2; }
  std::int64_t injection(std::uint64_t p, int i) const {
    return static_cast<std::int64_t>(2 * p + i);
  }
  int direction(std::uint64_t router, std::uint64_t, std::uint64_t dst) const {
    return router == 0 ? 0 : static_cast<int>(dst);
  }
  std::int64_t link(std::uint64_t out) const {
    if (out < kRn1Ports) return out < 2 ? static_cast<std::int64_t>(kRn1Ports + out) : kNoLink;
    return delivery_link((out - kRn1Ports) / 2);
  }
};

// Random requests, at most one per input, over `trials` trials.
std::vector<CircuitRequest> random_batch(SplitMix64& rng, int trials) {
  std::vector<CircuitRequest> req;
  for (int t = 0; t < trials; ++t)
    for (std::uint32_t p = 0; p < 4; ++p)
      for (std::uint8_t i = 0; i < 2; ++i)
        if (rng.below(3) != 0)
          req.push_back(
              {p, static_cast<std::uint32_t>(rng.below(4)), i, static_cast<std::uint8_t>(t)});
  return req;
}

// Connections one RN1 grants: per crossbar and direction, as many as the dilation.
std::uint64_t expected_grants(Rn1Config c, const std::vector<CircuitRequest>& req, int trial) {
  std::array<std::array<int, kRn1Directions>, 2> asked{};
  for (const auto& r : req)
    if (r.trial == trial) {
      const int input = static_cast<int>(2 * r.src + r.input);
      ++asked[c == Rn1Config::kDual4x4 ? input / 4 : 0][r.dst];
    }
  std::uint64_t granted = 0;
  for (const auto& xbar : asked)
    for (const int n : xbar) granted += static_cast<std::uint64_t>(std::min(n, rn1_dilation(c)));
  return granted;
}

}  // namespace

TEST_SUITE("circuit_switch") {
  TEST_CASE("one RN1 grants each direction as many connections as its crossbar has outputs") {
    SplitMix64 rng(17);
    for (const Rn1Config c : {Rn1Config::kDilation2, Rn1Config::kDual4x4}) {
      const SingleRn1 net{c};
      for (int round = 0; round < 2000; ++round) {
        const int trials = 1 + static_cast<int>(rng.below(3));
        CircuitSwitch<SingleRn1> sw(net, nullptr, trials);
        const auto req = random_batch(rng, trials);
        std::vector<std::uint8_t> ok;
        const std::uint64_t stages = sw.route(req, rng, ok);
        REQUIRE(ok.size() == req.size());
        std::uint64_t delivered = 0;
        for (int t = 0; t < trials; ++t) {
          std::uint64_t got = 0;
          for (std::size_t i = 0; i < req.size(); ++i) got += req[i].trial == t && ok[i];
          CHECK(got == expected_grants(c, req, t));  // each trial on its own router state
          delivered += got;
        }
        CHECK(stages == delivered);  // one router each
      }
    }
  }

  TEST_CASE("a dead router drops everything, a blocked output is never taken") {
    SplitMix64 rng(23);
    const SingleRn1 net{Rn1Config::kDilation2};
    FaultMask dead;
    dead.dead_router = {1};
    FaultMask blocked;
    blocked.blocked_output = {0b00000011};  // both outputs of direction 0
    for (int round = 0; round < 500; ++round) {
      const auto req = random_batch(rng, 1);
      std::vector<std::uint8_t> ok;
      CircuitSwitch<SingleRn1> none(net, &dead);
      CHECK(none.route(req, rng, ok) == 0);
      CHECK(std::count(ok.begin(), ok.end(), 1) == 0);
      CircuitSwitch<SingleRn1> half(net, &blocked);
      half.route(req, rng, ok);
      std::uint64_t got = 0;
      for (std::size_t i = 0; i < req.size(); ++i) {
        if (req[i].dst == 0) CHECK(ok[i] == 0);
        got += ok[i];
      }
      std::vector<CircuitRequest> others;
      for (const auto& r : req)
        if (r.dst != 0) others.push_back(r);
      CHECK(got == expected_grants(Rn1Config::kDilation2, others, 0));
    }
  }

  TEST_CASE("two routers in a row pass at most two connections, each counting two stages") {
    SplitMix64 rng(29);
    const TwoStages net;
    CircuitSwitch<TwoStages> sw(net);
    for (int round = 0; round < 2000; ++round) {
      const auto req = random_batch(rng, 1);
      std::vector<std::uint8_t> ok;
      const std::uint64_t stages = sw.route(req, rng, ok);
      const auto delivered = static_cast<std::uint64_t>(std::count(ok.begin(), ok.end(), 1));
      CHECK(delivered == std::min<std::uint64_t>(2, req.size()));  // router 1 has room for both
      CHECK(stages == 2 * delivered);
    }
  }
}
