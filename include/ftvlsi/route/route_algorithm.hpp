#pragma once
// Which routing algorithm runs (Greenberg & Leiserson 1986; Leiserson 1985 Theorem 1 and
// Corollary 2), as typed choices; io/options.hpp parses them from text.
#include <string_view>

namespace ftvlsi {

enum class RouteAlgorithm { kGreedy, kRandom, kRandomPrime, kOffline, kAdversary };
enum class OfflineVariant { kTheorem1, kCorollary2 };

constexpr std::string_view to_string(RouteAlgorithm a) {
  switch (a) {
    case RouteAlgorithm::kGreedy:
      return "greedy";
    case RouteAlgorithm::kRandom:
      return "random";
    case RouteAlgorithm::kRandomPrime:
      return "random-prime";
    case RouteAlgorithm::kOffline:
      return "offline";
    case RouteAlgorithm::kAdversary:
      return "adversary";
  }
  return "greedy";
}

constexpr std::string_view to_string(OfflineVariant v) {
  return v == OfflineVariant::kTheorem1 ? "theorem-1" : "corollary-2";
}

}  // namespace ftvlsi
