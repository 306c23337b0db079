#include "ftvlsi/io/options.hpp"

#include <fmt/format.h>

#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/name_table.hpp"
#include "ftvlsi/io/numbers.hpp"

namespace ftvlsi {
namespace {

// The value named `text` in the choice's name table, or an InputError listing every name.
template <class T, std::size_t N>
T choose(std::string_view flag, std::string_view text, const NameTable<T, N>& names) {
  if (const auto value = value_of(names, text)) return *value;
  throw InputError(1121,
                   fmt::format("{} must be {}, not '{}'", flag, names_of(names, " or "), text));
}

// --cut-on: not an enum, so its table lives here.
constexpr NameTable<bool, 2> kCutOnNames{{{true, "layout"}, {false, "placement"}}};

}  // namespace

RouteAlgorithm parse_route_algorithm(std::string_view text) {
  return choose("--algorithm", text, kRouteAlgorithmNames);
}

HostKind parse_host_kind(std::string_view text) {
  return choose("--host", text, kHostKindNames);
}

OfflineVariant parse_offline_variant(std::string_view text) {
  return choose("--offline", text, kOfflineVariantNames);
}

SwitchPolicy parse_switch_policy(std::string_view text) {
  return choose("--switch", text, kSwitchPolicyNames);
}

MappingKind parse_mapping_kind(std::string_view text) {
  return choose("--mapping", text, kMappingKindNames);
}

RandomConstants parse_random_constants(std::string_view text) {
  return choose("--constants", text, kRandomConstantsNames);
}

bool parse_cut_on_layout(std::string_view text) {
  return choose("--cut-on", text, kCutOnNames);
}

std::string_view cut_on_name(bool cut_layout) {
  return name_of(kCutOnNames, cut_layout);
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
