// A sweep shard's partial result keeps every figure exactly: written, read and written again it
// is the same document, every row's figures read back bit for bit; same_sweep tells shards of one
// sweep from another's; and a document of another kind is refused.
#include "ftvlsi/io/sweep_partial.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/route/delay_model.hpp"
#include "support/random_values.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_double;
using ftvlsi::test::random_shard;
using ftvlsi::test::random_text;

namespace {

SimulateResult random_row(std::mt19937_64& rng) {
  SimulateResult r;
  r.host = rng() % 2 ? "fat-tree" : "fat-pyramid";
  r.competing = random_text(rng);
  r.algorithm = "greedy";
  r.delay_model = random_text(rng);
  r.processors = rng();
  r.host_processors = rng() >> (rng() % 64);
  r.area_competing = rng(), r.area_host = rng();
  r.host_alpha = rng() % 1000, r.competing_alpha = rng() % 1000;
  r.area_ratio = random_double(rng);
  r.messages = rng(), r.bits = rng() % 128;
  r.load_factor = random_double(rng);
  r.delivery_cycles = rng();
  r.time_host = random_double(rng), r.time_competing = random_double(rng);
  r.slowdown = random_double(rng);
  r.path_length_max = rng(), r.competing_wire_length_max = rng();
  r.path_stretch_max = random_double(rng), r.path_stretch_bound = random_double(rng);
  for (int i = static_cast<int>(rng() % 5); i > 0; --i) r.host_capacities.push_back(rng());
  r.mapping = random_text(rng);
  r.dimensions = 2 + static_cast<int>(rng() % 2);
  r.policy = rng() % 2 ? SwitchPolicy::kRandom : SwitchPolicy::kPriority;
  r.seed = rng(), r.delivered = rng();
  r.switch_delay = random_double(rng);
  r.delay_conditions.decided = rng() % 2 ? Decided::kAnalytic : Decided::kNumeric;
  r.delay_conditions.nondecreasing = rng() % 2;
  r.delay_conditions.c1 = rng() % 2, r.delay_conditions.c2 = rng() % 2;
  if (rng() % 2) r.congestion = random_double(rng);
  if (rng() % 2) r.time_host_bound = random_double(rng);
  if (rng() % 2) r.host_capacity_profile = random_text(rng);
  if (rng() % 2) r.mesh_diagonals = rng() % 2 == 0;
  return r;
}

SweepPartial random_partial(std::mt19937_64& rng) {
  SweepPartial p;
  p.shard = random_shard(rng);
  p.spec.base.competing = rng() % 2 ? "mesh" : "torus";
  p.spec.base.seed = rng();
  p.spec.sizes = {64, 256 * (1 + rng() % 4)};
  for (std::uint64_t i = p.shard.k - 1; i < 6; i += p.shard.n) {
    std::vector<SimulateResult> rows;
    for (int d = static_cast<int>(rng() % 4); d > 0; --d) rows.push_back(random_row(rng));
    p.items.emplace_back(i, std::move(rows));
  }
  return p;
}

}  // namespace

TEST_SUITE("sweep_partial") {
  TEST_CASE("written and read back, a partial is the same document with every figure exact") {
    std::mt19937_64 rng(0x5a3e);
    for (int trial = 0; trial < 100; ++trial) {
      const SweepPartial p = random_partial(rng);
      const std::string text = sweep_partial_json(p);
      const SweepPartial back = parse_sweep_partial(text, "part.json");
      CAPTURE(trial);
      CHECK(sweep_partial_json(back) == text);
      CHECK(back.shard.k == p.shard.k);
      CHECK(back.shard.n == p.shard.n);
      CHECK(back.spec.sizes == p.spec.sizes);
      CHECK(back.spec.base.seed == p.spec.base.seed);
      REQUIRE(back.items.size() == p.items.size());
      for (std::size_t i = 0; i < p.items.size(); ++i) {
        CHECK(back.items[i].first == p.items[i].first);
        REQUIRE(back.items[i].second.size() == p.items[i].second.size());
        for (std::size_t r = 0; r < p.items[i].second.size(); ++r) {
          const SimulateResult &a = p.items[i].second[r], &b = back.items[i].second[r];
          CHECK(b.slowdown == a.slowdown);
          CHECK(b.time_host == a.time_host);
          CHECK(b.area_ratio == a.area_ratio);
          CHECK(b.processors == a.processors);
          CHECK(b.delay_model == a.delay_model);
          CHECK(b.policy == a.policy);
          CHECK(b.congestion == a.congestion);
          CHECK(b.mesh_diagonals == a.mesh_diagonals);
          CHECK(b.host_capacities == a.host_capacities);
          CHECK(b.delay_conditions.decided == a.delay_conditions.decided);
        }
      }
      CHECK(same_sweep(p, back));
    }
  }

  TEST_CASE("shards of one sweep are the same sweep, another N or another spec is not") {
    std::mt19937_64 rng(0x5a3f);
    const SweepPartial a = random_partial(rng);
    SweepPartial other_k = a;
    other_k.shard.k = a.shard.k % a.shard.n + 1;
    other_k.items.clear();
    CHECK(same_sweep(a, other_k));
    SweepPartial other_n = a;
    ++other_n.shard.n;
    CHECK_FALSE(same_sweep(a, other_n));
    SweepPartial other_sizes = a;
    other_sizes.spec.sizes.push_back(4096);
    CHECK_FALSE(same_sweep(a, other_sizes));
    SweepPartial other_delays = a;
    other_delays.spec.delays = {parse_delay_model("unit")};
    CHECK_FALSE(same_sweep(a, other_delays));
    SweepPartial other_seed = a;
    ++other_seed.spec.base.seed;
    CHECK_FALSE(same_sweep(a, other_seed));
  }

  TEST_CASE("a document that is not a sweep partial is refused, naming the file") {
    std::mt19937_64 rng(0x5a40);
    const std::string good = sweep_partial_json(random_partial(rng));
    for (const std::string bad : {std::string("not json"), std::string("{}"), std::string("[]"),
                                  good.substr(0, good.size() / 2)}) {
      try {
        parse_sweep_partial(bad, "shard.json");
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).find("shard.json") != std::string::npos);
      }
    }
  }
}
