// The transit network's named choices: every value parses back from the name it prints as, any
// other text is refused naming the flag and every valid name, and a probability is a number in
// [0, 1] read exactly.
#include "ftvlsi/io/transit_options.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

// The message of the InputError `f` throws ("" if none), and its ID.
template <class F>
std::string refusal(F&& f, int& id) {
  try {
    f();
  } catch (const InputError& e) {
    id = e.id();
    return e.what();
  }
  id = 0;
  return "";
}

// Every value parses from its printed name; other text is FTV-1131 naming the flag and them all.
template <class T, class Parse>
void check_choice(const std::vector<T>& values, Parse parse, const std::string& flag) {
  CAPTURE(flag);
  for (const T v : values) CHECK(parse(to_string(v)) == v);
  for (const std::string bad : {"", "Random", "random ", "uniformly", "-", "small,"}) {
    bool is_name = false;
    for (const T v : values) is_name = is_name || to_string(v) == bad;
    if (is_name) continue;
    int id = 0;
    const std::string what = refusal([&] { parse(bad); }, id);
    CHECK(id == 1131);
    CHECK(what.find(flag) != std::string::npos);
    for (const T v : values) CHECK(what.find(std::string(to_string(v))) != std::string::npos);
  }
}

}  // namespace

TEST_SUITE("transit_options") {
  TEST_CASE("every choice parses from the name it prints as, and nothing else") {
    check_choice<TransitLeaf>({TransitLeaf::kSmall, TransitLeaf::kCluster12,
                               TransitLeaf::kCluster48, TransitLeaf::kCluster192},
                              parse_transit_leaf, "--leaf");
    check_choice<Locality>({Locality::kUniform, Locality::kMatched}, parse_locality, "--locality");
    check_choice<FaultKind>({FaultKind::kRouter, FaultKind::kPaired, FaultKind::kLink},
                            parse_fault_kind, "--fault-kind");
    check_choice<Rn1Config>({Rn1Config::kDilation2, Rn1Config::kDual4x4}, parse_rn1_config,
                            "--rn1");
    check_choice<RedundantWiring>({RedundantWiring::kRandom, RedundantWiring::kDeterministic},
                                  parse_redundant_wiring, "--wiring");
  }

  TEST_CASE("a probability is any number from 0 to 1, read exactly, anything else is FTV-1132") {
    std::mt19937_64 rng(0x9a0b);
    for (int i = 0; i < 2000; ++i) {
      const double p = std::uniform_real_distribution<double>(0, 1)(rng);
      char text[64];
      std::snprintf(text, sizeof text, "%.17g", p);
      CHECK(parse_probability(text, "--load") == p);
    }
    CHECK(parse_probability("0", "--load") == 0);
    CHECK(parse_probability("1", "--load") == 1);
    CHECK(parse_probability("1e-3", "--load") == 0.001);
    for (const char* bad : {"-0.1", "1.0000001", "2", "nan", "inf", "", "0.5x", "half", " "}) {
      CAPTURE(bad);
      int id = 0;
      const std::string what = refusal([&] { parse_probability(bad, "--faults"); }, id);
      CHECK(id == 1132);
      CHECK(what.find("--faults") != std::string::npos);
    }
  }
}
