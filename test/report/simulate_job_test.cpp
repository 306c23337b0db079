// The simulation job: a competing network's step on its universal hosts against the papers'
// slowdown bounds, the spec built from the options, and the sweep.
#include "ftvlsi/report/simulate_job.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "support/errors.hpp"

using namespace ftvlsi;

namespace {

nlohmann::json json_of(const SimulateResult& r) {
  return nlohmann::json::parse(simulate_json(r));
}

const SweepResult& headline_sweep() {
  static const SweepResult sweep = [] {
    SweepSpec s;
    s.sizes = {64, 256, 1024, 4096, 16384};
    s.delays = {parse_delay_model("unit"), parse_delay_model("linear")};
    return run_simulate_sweep(s);
  }();
  return sweep;
}

const SweepTrend& trend(const std::string& host, const std::string& delay) {
  for (const auto& t : headline_sweep().trends)
    if (t.host == host && t.delay_model == delay) return t;
  FAIL("no trend for " << host << " " << delay);
  throw;
}

std::vector<const SimulateResult*> rows(const std::string& host, const std::string& delay) {
  std::vector<const SimulateResult*> out;
  for (const auto& r : headline_sweep().rows)
    if (r.host == host && r.delay_model == delay) out.push_back(&r);
  return out;
}

}  // namespace

TEST_SUITE("simulate_job") {
  TEST_CASE("linear delay: a fat-tree slows down like sqrt A, a fat-pyramid like lg A") {
    const SweepTrend& ft = trend("fat-tree", "linear");
    const SweepTrend& fp = trend("fat-pyramid", "linear");
    // The fat-tree pays at least sqrt A: its ratio to sqrt A never falls, its slope is >= 1/2.
    CHECK(ft.slope >= 0.45);
    CHECK(ft.per_sqrt_a_last >= ft.per_sqrt_a_first);
    // The fat-pyramid's slowdown over lg A stays within a constant band, far below sqrt A.
    CHECK(fp.slope <= 0.25);
    CHECK(fp.per_lg_a_last <= 1.5 * fp.per_lg_a_first);
    CHECK(fp.per_sqrt_a_last <= 0.25 * fp.per_sqrt_a_first);
    // So the gap between the two hosts widens with the size.
    const auto tree = rows("fat-tree", "linear"), pyramid = rows("fat-pyramid", "linear");
    REQUIRE(tree.size() == 5);
    REQUIRE(pyramid.size() == 5);
    for (std::size_t i = 1; i < tree.size(); ++i)
      CHECK(tree[i]->slowdown / pyramid[i]->slowdown >
            tree[i - 1]->slowdown / pyramid[i - 1]->slowdown);
  }

  TEST_CASE("by default the competing network is padded to the host's total area") {
    for (const auto& r : headline_sweep().rows) {
      CAPTURE(r.host);
      CAPTURE(r.processors);
      // Greenberg's lg^2 n processors on the host, measured from the drawn boxes; R's at least as
      // large (his Theorem 3.2's alpha_R >= alpha_F), padded to equal total areas.
      const auto side =
          static_cast<std::uint64_t>(std::log2(static_cast<double>(r.host_processors)));
      CHECK(r.host_alpha == side * side);
      CHECK(r.competing_alpha >= r.host_alpha);
      CHECK(r.area_ratio == doctest::Approx(static_cast<double>(r.area_host) /
                                            static_cast<double>(r.area_competing)));
      CHECK(r.area_ratio >= 0.8);
      CHECK(r.area_ratio <= 1.25);
    }
  }

  TEST_CASE("a 3D competing network is padded to the host's volume, on both 3D hosts") {
    for (const HostKind host : {HostKind::kFatTree, HostKind::kFatPyramid})
      for (std::uint64_t n : {64, 512, 4096}) {
        CAPTURE(n);
        SimulateSpec s;
        s.competing = "mesh3d";
        s.processors = n;
        s.host = host;
        const SimulateResult r = run_simulate(s);
        CHECK(r.dimensions == 3);
        CHECK(r.area_ratio >= 0.8);
        CHECK(r.area_ratio <= 1.25);
        CHECK(json_of(r)["volume_ratio"] == doctest::Approx(r.area_ratio));
      }
  }

  TEST_CASE("an explicit --competing-alpha overrides the padding, in 2D and 3D") {
    SimulateSpec s;
    s.processors = 256;
    s.host = HostKind::kFatPyramid;
    s.competing_alpha = 64;  // the host's own lg^2 n: the host is then several times larger
    CHECK(run_simulate(s).competing_alpha == 64);
    CHECK(run_simulate(s).area_ratio > 1.25);
    s.competing = "mesh3d";
    s.processors = 512;
    s.competing_alpha = 8;  // processors of side 2, unpadded
    CHECK(run_simulate(s).competing_alpha == 8);
    CHECK(run_simulate(s).area_ratio > 1.25);
  }

  TEST_CASE("--competing-alpha sets the competing network's processor area") {
    SimulateSpec s;
    s.processors = 64;
    s.competing_alpha = 400;
    const SimulateResult r = run_simulate(s);
    CHECK(r.competing_alpha == 400);
    CHECK(r.host_alpha == 36);
    CHECK(json_of(r)["competing_alpha"] == 400);
    CHECK(json_of(r).contains("area_ratio"));
    s.competing_alpha = std::uint64_t{1} << 40;
    CHECK_THROWS_AS(run_simulate(s), InputError);
  }

  TEST_CASE("a 3D mesh runs on the volume-universal fat-tree within O(lg^3 n) (Theorem 10)") {
    double first = 0;
    for (std::uint64_t n : {64, 512, 4096}) {
      CAPTURE(n);
      SimulateSpec s;
      s.competing = "mesh3d";
      s.processors = n;
      const SimulateResult r = run_simulate(s);
      CHECK(json_of(r)["dimensions"] == 3);
      CHECK(json_of(r)["host_capacity_profile"] == "universal");
      CHECK(json_of(r)["delivered"] == r.messages);
      CHECK(r.load_factor <= 8.0);  // O(1) for a 3D mesh on Theorem 10's host
      const double ratio = json_of(r)["slowdown_over_lg3_n"].get<double>();
      if (first == 0) first = ratio;
      CHECK(ratio <= 2 * first);
    }
    SimulateSpec bad;
    bad.competing = "mesh3d";
    bad.processors = 64;
    bad.host = HostKind::kFatPyramid;
    bad.mesh_diagonals = true;  // the 3D fat-pyramid's mesh has no diagonals
    CHECK_THROWS_AS(run_simulate(bad), InputError);
  }

  TEST_CASE(
      "a 3D mesh on the 3D fat-pyramid: all delivered, lambda 6, O(1) cycles, same seed same "
      "JSON") {
    for (std::uint64_t n : {64, 512, 4096}) {
      CAPTURE(n);
      SimulateSpec s;
      s.competing = "mesh3d";
      s.processors = n;
      s.host = HostKind::kFatPyramid;
      const SimulateResult r = run_simulate(s);
      const auto j = json_of(r);
      CHECK(j["dimensions"] == 3);
      CHECK(j["host"] == "fat-pyramid");
      CHECK(r.host_processors == n);  // a mesh3d of 8^k processors fills the leaf cube
      CHECK(r.messages == 6 * (n - static_cast<std::uint64_t>(std::llround(std::cbrt(n))) *
                                       static_cast<std::uint64_t>(std::llround(std::cbrt(n)))));
      CHECK(r.delivered == r.messages);
      // Grid neighbours land on neighbouring leaves (leaf = morton3(x, y, z)): every processor
      // sends its six messages over its one wire, and no channel above is busier.
      CHECK(r.load_factor == doctest::Approx(6.0));
      CHECK(r.delivery_cycles <= 24);
      // Equal volumes: the mesh's processors are padded to the lattice's volume.
      CHECK(r.area_ratio >= 0.8);
      CHECK(r.area_ratio <= 1.25);
      CHECK(j["volume_host"] == r.area_host);
      CHECK(j["slowdown_over_cbrt_v"].get<double>() ==
            doctest::Approx(r.slowdown / std::cbrt(static_cast<double>(r.area_competing))));
      CHECK(j["slowdown_over_lg_v"].get<double>() ==
            doctest::Approx(r.slowdown / std::log2(static_cast<double>(r.area_competing))));
      // Same seed, byte-identical JSON.
      CHECK(simulate_json(run_simulate(s)) == simulate_json(r));
    }
  }

  TEST_CASE("a 3D sweep compares the slowdown with the cube root of V and lg V") {
    SweepSpec s;
    s.base.competing = "mesh3d";
    s.sizes = {64, 512, 4096};
    s.delays = {parse_delay_model("unit"), parse_delay_model("linear")};
    const SweepResult r = run_simulate_sweep(s);
    REQUIRE(r.rows.size() == 3 * 2 * 2);
    REQUIRE(r.trends.size() == 4);
    for (const auto& t : r.trends) {
      CAPTURE(t.host);
      CAPTURE(t.delay_model);
      CHECK(t.dimensions == 3);
      std::vector<const SimulateResult*> pts;
      for (const auto& x : r.rows)
        if (x.host == t.host && x.delay_model == t.delay_model) pts.push_back(&x);
      REQUIRE(pts.size() == 3);
      const double v0 = static_cast<double>(pts.front()->area_competing);
      const double v1 = static_cast<double>(pts.back()->area_competing);
      CHECK(t.per_cbrt_v_first == doctest::Approx(pts.front()->slowdown / std::cbrt(v0)));
      CHECK(t.per_cbrt_v_last == doctest::Approx(pts.back()->slowdown / std::cbrt(v1)));
      CHECK(t.per_lg_a_last == doctest::Approx(pts.back()->slowdown / std::log2(v1)));
      // Both hosts are polylogarithmic in V here: the ratio to the cube root of V falls.
      CHECK(t.per_cbrt_v_last < t.per_cbrt_v_first);
      for (const auto* x : pts) CHECK(x->delivered == x->messages);
    }
    const std::string md = sweep_document(r, "mesh3d", false);
    CHECK(md.find("Δ/∛V") != std::string::npos);
    CHECK(md.find("log V") != std::string::npos);
  }

  TEST_CASE("unit delay: both hosts stay polylogarithmic") {
    for (const char* host : {"fat-tree", "fat-pyramid"}) {
      CAPTURE(std::string(host));
      const SweepTrend& t = trend(host, "unit");
      CHECK(t.slope <= 0.35);
      CHECK(t.per_sqrt_a_last < 0.5 * t.per_sqrt_a_first);
      // Bounded by lg^3 A: the number of cycles, the path's switches and the load each grow
      // at most logarithmically.
      const auto r = rows(host, "unit");
      auto per_lg3 = [](const SimulateResult& x) {
        return x.slowdown / std::pow(std::log2(static_cast<double>(x.area_competing)), 3);
      };
      CHECK(per_lg3(*r.back()) <= 1.5 * per_lg3(*r.front()));
    }
  }

  TEST_CASE("--switch-span: crossing a switch costs its span, the 3D fat-tree's grows with it") {
    // The Theorem 4 cube's switches are slabs across their children's cross-section: charged
    // for their spans, the 3D fat-tree's linear-delay slowdown grows about 2x per 8x in N (like
    // the cube's side), the 3D fat-pyramid's (slots 28 long) hardly at all (docs/simulate3d.md).
    std::vector<double> tree, pyramid;
    for (std::uint64_t n : {512, 4096}) {
      CAPTURE(n);
      for (const HostKind host : {HostKind::kFatTree, HostKind::kFatPyramid}) {
        SimulateSpec s;
        s.competing = "mesh3d";
        s.processors = n;
        s.host = host;
        const SimulateResult plain = run_simulate(s);
        s.switch_span = true;
        const SimulateResult spans = run_simulate(s);
        CHECK(json_of(spans)["switch_span"] == true);
        CHECK(!json_of(plain).contains("switch_span"));
        CHECK(spans.delivered == spans.messages);
        CHECK(spans.path_length_max > plain.path_length_max);
        CHECK(spans.slowdown > plain.slowdown);
        CHECK(spans.area_host == plain.area_host);  // the layout is the same
        (host == HostKind::kFatTree ? tree : pyramid).push_back(spans.slowdown);
      }
    }
    MESSAGE("switch spans: fat-tree " << tree[0] << " -> " << tree[1] << ", fat-pyramid "
                                      << pyramid[0] << " -> " << pyramid[1]);
    CHECK(tree[1] / tree[0] >= 2.0);
    CHECK(pyramid[1] / pyramid[0] <= 1.3);
    CHECK(pyramid[1] < tree[1]);
    // In 2D the H-tree's switches are small against its wires: spans change little.
    SimulateSpec flat;
    flat.competing = "mesh";
    flat.processors = 1024;
    const double without = run_simulate(flat).slowdown;
    flat.switch_span = true;
    const double with = run_simulate(flat).slowdown;
    CHECK(with > without);
    CHECK(with < 2 * without);
  }

  TEST_CASE("fat-pyramid paths stretch a wire of length d to O(d + lg A) (Greenberg Thm 4.1)") {
    const auto r = rows("fat-pyramid", "linear");
    for (const auto* x : r) CHECK(x->path_stretch_bound <= 1.3 * r.front()->path_stretch_bound);
    // The fat-tree's mesh neighbours across the root climb to it: the stretch grows like sqrt A.
    const auto t = rows("fat-tree", "linear");
    CHECK(t.back()->path_stretch_bound >= 4 * t.front()->path_stretch_bound);
  }

  TEST_CASE("every message is delivered and the times are consistent") {
    for (const auto& x : headline_sweep().rows) {
      CAPTURE(x.host);
      CAPTURE(x.processors);
      CHECK(json_of(x)["delivered"].get<std::uint64_t>() == x.messages);
      CHECK(x.delivery_cycles >= std::ceil(x.load_factor - 1e-9));
      CHECK(x.slowdown == doctest::Approx(x.time_host / x.time_competing));
      // Unit delay: a round trip over w wires and w - 1 switches is 2(2w - 1) + bits + 1, and a
      // path has at most 2 lg n + 1 wires; one competing wire takes 2 + bits + 1.
      if (x.delay_model == "unit") {
        const double b = static_cast<double>(x.bits);
        CHECK(x.time_competing == doctest::Approx(b + 3));
        const double w = 2 * std::log2(static_cast<double>(x.host_processors)) + 1;
        CHECK(x.time_host <= static_cast<double>(x.delivery_cycles) * (2 * (2 * w - 1) + b + 1));
        CHECK(x.time_host >= static_cast<double>(x.delivery_cycles) * (2 * (2 * 2 - 1) + b + 1));
      }
    }
  }

  TEST_CASE("the same seed gives the same result, the algorithms all deliver") {
    SimulateSpec s;
    s.processors = 256;
    s.seed = 9;
    const SimulateResult a = run_simulate(s), b = run_simulate(s);
    CHECK(simulate_json(a) == simulate_json(b));
    for (const auto algorithm : {RouteAlgorithm::kRandom, RouteAlgorithm::kOffline}) {
      s.algorithm = algorithm;
      const SimulateResult r = run_simulate(s);
      CHECK(json_of(r)["delivered"].get<std::uint64_t>() == r.messages);
      CHECK(r.slowdown > 0);
    }
  }

  TEST_CASE("bad combinations are named") {
    SimulateSpec s;
    s.processors = 64;
    s.algorithm = RouteAlgorithm::kAdversary;  // ftvlsi route's, not simulate's
    CHECK_THROWS_AS(run_simulate(s), InputError);
    s.host = HostKind::kFatPyramid;
    s.algorithm = RouteAlgorithm::kOffline;
    CHECK_THROWS_AS(run_simulate(s), InputError);
    s.algorithm = RouteAlgorithm::kGreedy;
    s.competing = "mesh3d";
    s.mesh_diagonals = true;  // a 2D fat-pyramid option
    CHECK_THROWS_AS(run_simulate(s), InputError);
    s.mesh_diagonals = false;
    s.algorithm = RouteAlgorithm::kRandom;  // a fat-pyramid, 2D or 3D, takes greedy or random'
    CHECK_THROWS_AS(run_simulate(s), InputError);
    s.algorithm = RouteAlgorithm::kRandomPrime;
    const SimulateResult r = run_simulate(s);
    CHECK(r.delivered == r.messages);
    CHECK(r.algorithm == "random-prime");
  }

  TEST_CASE("partial switches: drawn in the H-tree, routed through, lost messages reported") {
    SimulateSpec s;
    s.competing = "hypercube";
    s.processors = 64;
    const SimulateResult ideal = run_simulate(s);
    CHECK(json_of(ideal).count("lost_in_switches") == 0);  // ideal documents stay as they were
    s.switch_model = SwitchModel::kPartial;
    for (const auto algorithm : {RouteAlgorithm::kGreedy, RouteAlgorithm::kRandom}) {
      s.algorithm = algorithm;
      const SimulateResult r = run_simulate(s);
      CHECK(r.delivered == r.messages);
      CHECK(r.switch_model == SwitchModel::kPartial);
      // The concentrators drawn inside make the host larger, its wires longer: R is padded to it.
      CHECK(r.area_host > 4 * ideal.area_host);
      CHECK(r.area_ratio <= 1.25);
      CHECK(r.time_host > ideal.time_host);
      const auto j = json_of(r);
      CHECK(j["switch_model"] == "partial");
      CHECK(j["lost_in_switches"].get<std::uint64_t>() == r.lost_in_switches);
    }
    // The same seed gives the same run.
    CHECK(simulate_json(run_simulate(s)) == simulate_json(run_simulate(s)));
    // A fat-pyramid's switches are its own; the cube draws boxes.
    SimulateSpec bad = s;
    bad.host = HostKind::kFatPyramid;
    bad.algorithm = RouteAlgorithm::kGreedy;
    CHECK(ftvlsi::test::error_id([&] { run_simulate(bad); }) == 6212);
    bad = s;
    bad.competing = "mesh3d";
    CHECK(ftvlsi::test::error_id([&] { run_simulate(bad); }) == 6213);
    // The off-line schedule is built for what the switches guarantee, α × wires, and loses
    // nothing in them.
    SimulateSpec offline = s;
    offline.algorithm = RouteAlgorithm::kOffline;
    const auto planned = run_simulate(offline);
    CHECK(planned.lost_in_switches == 0);
    CHECK(planned.delivered == planned.messages);
    // The options: parsed once for both front ends, a sweep refused.
    SimulateOptions o;
    o.capacity.switch_model = "partial";
    CHECK(simulate_spec(o, FrontEnd::kCli).switch_model == SwitchModel::kPartial);
    o.sweep = true;
    CHECK(ftvlsi::test::error_id([&] { simulate_spec(o, FrontEnd::kPython); }) == 6212);
    o.sweep = false;
    o.capacity.switch_model = "real";
    CHECK(ftvlsi::test::error_id([&] { simulate_spec(o, FrontEnd::kCli); }) == 2231);
  }

  TEST_CASE("capacity flags need a fat-tree host, and a delay cannot sit beside a technology") {
    CHECK_NOTHROW(require_capacity_host(HostKind::kFatTree));
    CHECK(ftvlsi::test::error_id([] { require_capacity_host(HostKind::kFatPyramid); }) == 1013);
    CHECK_NOTHROW(require_no_delay_beside_technology(false));
    CHECK(ftvlsi::test::error_id([] { require_no_delay_beside_technology(true); }) == 1303);
  }

  TEST_CASE("the options fill the spec, and a bad one is named as its front end spells it") {
    SimulateOptions o;
    o.competing = "torus";
    o.processors = "64";
    o.seed = "4";
    o.max_cycles = "500";
    const SimulateSpec s = simulate_spec(o, FrontEnd::kCli);
    CHECK(s.competing == "torus");
    CHECK(s.processors == 64);
    CHECK(s.seed == 4);
    CHECK(s.max_cycles == 500);
    CHECK(s.host == SimulateSpec{}.host);
    o.max_cycles = "many";
    for (const FrontEnd front : {FrontEnd::kCli, FrontEnd::kPython}) {
      try {
        simulate_spec(o, front);
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).find(spelled("max_cycles", front)) != std::string::npos);
      }
    }
  }

  TEST_CASE("finishing a sweep keeps its rows in order and fits a trend per host and delay") {
    SweepSpec s;
    s.sizes = {64, 256};
    s.delays = {parse_delay_model("unit"), parse_delay_model("linear")};
    const SweepResult whole = run_simulate_sweep(s);
    REQUIRE(whole.rows.size() == 2 * 2 * 2);
    const SweepResult again = finish_sweep(s, whole.rows);
    CHECK(again.rows.size() == whole.rows.size());
    for (std::size_t i = 0; i < whole.rows.size(); ++i)
      CHECK(simulate_json(again.rows[i]) == simulate_json(whole.rows[i]));
    CHECK(again.trends.size() == 4);  // two hosts times two delay models
    for (const auto& t : again.trends) {
      bool found = false;
      for (const auto& u : whole.trends)
        found = found || (u.host == t.host && u.delay_model == t.delay_model && u.slope == t.slope);
      CHECK(found);
    }
  }
}
