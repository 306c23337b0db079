#include "ftvlsi/io/options.hpp"

#include <fmt/format.h>

#include <array>
#include <string>
#include <utility>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/numbers.hpp"

namespace ftvlsi {
namespace {

// The value named `text` among `choices`, or an InputError listing them all.
template <class T, std::size_t N>
T choose(std::string_view flag, std::string_view text,
         const std::array<std::pair<std::string_view, T>, N>& choices) {
  for (const auto& [name, value] : choices)
    if (name == text) return value;
  std::string valid;
  for (std::size_t i = 0; i < N; ++i)
    valid += fmt::format("{}{}", i == 0 ? "" : i + 1 == N ? " or " : ", ", choices[i].first);
  throw InputError(1121, fmt::format("{} must be {}, not '{}'", flag, valid, text));
}

}  // namespace

RouteAlgorithm parse_route_algorithm(std::string_view text) {
  return choose<RouteAlgorithm, 5>("--algorithm", text,
                                   {{{"greedy", RouteAlgorithm::kGreedy},
                                     {"random", RouteAlgorithm::kRandom},
                                     {"random-prime", RouteAlgorithm::kRandomPrime},
                                     {"offline", RouteAlgorithm::kOffline},
                                     {"adversary", RouteAlgorithm::kAdversary}}});
}

HostKind parse_host_kind(std::string_view text) {
  return choose<HostKind, 2>(
      "--host", text, {{{"fat-tree", HostKind::kFatTree}, {"fat-pyramid", HostKind::kFatPyramid}}});
}

OfflineVariant parse_offline_variant(std::string_view text) {
  return choose<OfflineVariant, 2>(
      "--offline", text,
      {{{"theorem-1", OfflineVariant::kTheorem1}, {"corollary-2", OfflineVariant::kCorollary2}}});
}

SwitchPolicy parse_switch_policy(std::string_view text) {
  return choose<SwitchPolicy, 2>(
      "--switch", text,
      {{{"random", SwitchPolicy::kRandom}, {"priority", SwitchPolicy::kPriority}}});
}

MappingKind parse_mapping_kind(std::string_view text) {
  return choose<MappingKind, 4>("--mapping", text,
                                {{{"balanced", MappingKind::kBalanced},
                                  {"balanced-refined", MappingKind::kBalancedRefined},
                                  {"balanced-plain", MappingKind::kBalancedPlain},
                                  {"geometric", MappingKind::kGeometric}}});
}

RandomConstants parse_random_constants(std::string_view text) {
  return choose<RandomConstants, 2>(
      "--constants", text,
      {{{"proof", RandomConstants::kProof}, {"practical", RandomConstants::kPractical}}});
}

bool parse_cut_on_layout(std::string_view text) {
  return choose<bool, 2>("--cut-on", text, {{{"layout", true}, {"placement", false}}});
}

Shard parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  Shard s;
  try {
    if (slash == std::string_view::npos) throw InputError(1301, "");
    s.k = parse_positive(text.substr(0, slash), "K");
    s.n = parse_positive(text.substr(slash + 1), "N");
  } catch (const InputError&) {
    s.n = 0;
  }
  if (!s.valid())
    throw InputError(1301, fmt::format("--shard must be K/N with 1 <= K <= N <= {} (the K-th of N "
                                       "slices), not '{}'",
                                       kMaxShards, text));
  return s;
}

}  // namespace ftvlsi
