#pragma once
// Which routing algorithm runs (Greenberg & Leiserson 1986; Leiserson 1985 Theorem 1 and
// Corollary 2), as typed choices with their names (io/options.hpp parses them from text).
#include <string_view>

#include "ftvlsi/core/name_table.hpp"

namespace ftvlsi {

enum class RouteAlgorithm { kGreedy, kRandom, kRandomPrime, kOffline, kAdversary };
enum class OfflineVariant { kTheorem1, kCorollary2 };

inline constexpr NameTable<RouteAlgorithm, 5> kRouteAlgorithmNames{{
    {RouteAlgorithm::kGreedy, "greedy"},
    {RouteAlgorithm::kRandom, "random"},
    {RouteAlgorithm::kRandomPrime, "random-prime"},
    {RouteAlgorithm::kOffline, "offline"},
    {RouteAlgorithm::kAdversary, "adversary"},
}};

inline constexpr NameTable<OfflineVariant, 2> kOfflineVariantNames{{
    {OfflineVariant::kTheorem1, "theorem-1"},
    {OfflineVariant::kCorollary2, "corollary-2"},
}};

constexpr std::string_view to_string(RouteAlgorithm a) {
  return name_of(kRouteAlgorithmNames, a);
}

constexpr std::string_view to_string(OfflineVariant v) {
  return name_of(kOfflineVariantNames, v);
}

}  // namespace ftvlsi
