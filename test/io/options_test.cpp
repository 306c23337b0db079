#include "ftvlsi/io/options.hpp"

#include <doctest/doctest.h>

#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

// The message of the InputError `f` throws.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("options") {
  TEST_CASE("every choice parses to its typed value and back") {
    for (auto a : {RouteAlgorithm::kGreedy, RouteAlgorithm::kRandom, RouteAlgorithm::kRandomPrime,
                   RouteAlgorithm::kOffline, RouteAlgorithm::kAdversary})
      CHECK(parse_route_algorithm(to_string(a)) == a);
    for (auto v : {OfflineVariant::kTheorem1, OfflineVariant::kCorollary2})
      CHECK(parse_offline_variant(to_string(v)) == v);
    for (auto h : {HostKind::kFatTree, HostKind::kFatPyramid})
      CHECK(parse_host_kind(to_string(h)) == h);
    for (auto m : {MappingKind::kBalanced, MappingKind::kBalancedPlain, MappingKind::kGeometric,
                   MappingKind::kBalancedRefined, MappingKind::kBalancedTop})
      CHECK(parse_mapping_kind(to_string(m)) == m);
    CHECK(parse_random_constants("proof") == RandomConstants::kProof);
    CHECK(to_string(parse_random_constants("practical")) == "practical");
    CHECK(parse_switch_policy("priority") == SwitchPolicy::kPriority);
    CHECK(parse_cut_on_layout("layout"));
    CHECK_FALSE(parse_cut_on_layout("placement"));
  }

  TEST_CASE("a bad choice names the flag and every valid value") {
    CHECK(error_of([] { parse_route_algorithm("fastest"); }) ==
          "--algorithm must be greedy, random, random-prime, offline or adversary, not 'fastest'");
    CHECK(error_of([] { parse_host_kind("hypercube"); }) ==
          "--host must be fat-tree or fat-pyramid, not 'hypercube'");
    CHECK(error_of([] { parse_cut_on_layout("air"); }) ==
          "--cut-on must be layout or placement, not 'air'");
    CHECK(error_of([] { parse_random_constants("paper"); }).find("proof or practical") !=
          std::string::npos);
    CHECK(error_of([] { parse_offline_variant("theorem-2"); }).find("theorem-1 or corollary-2") !=
          std::string::npos);
    CHECK(error_of([] { parse_mapping_kind("scotch"); }).find("balanced-plain or geometric") !=
          std::string::npos);
    CHECK(error_of([] { parse_switch_policy("fair"); }).find("random or priority") !=
          std::string::npos);
  }
}
