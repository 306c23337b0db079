#pragma once
// Every choice a user names by text, parsed once into its typed value. Each parser throws
// InputError naming the flag, the text and the valid values.
#include <string_view>

#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/decomp/mapping.hpp"
#include "ftvlsi/network/host_kind.hpp"
#include "ftvlsi/route/algorithms.hpp"
#include "ftvlsi/route/delivery.hpp"
#include "ftvlsi/route/route_algorithm.hpp"

namespace ftvlsi {

RouteAlgorithm parse_route_algorithm(std::string_view text);    // --algorithm
HostKind parse_host_kind(std::string_view text);                // --host
OfflineVariant parse_offline_variant(std::string_view text);    // --offline
SwitchPolicy parse_switch_policy(std::string_view text);        // --switch
MappingKind parse_mapping_kind(std::string_view text);          // --mapping
RandomConstants parse_random_constants(std::string_view text);  // --constants
// --cut-on layout | placement: whether to cut the network's own layout; cut_on_name prints it.
bool parse_cut_on_layout(std::string_view text);
std::string_view cut_on_name(bool cut_layout);
// --shard K/N with 1 <= K <= N.
Shard parse_shard(std::string_view text);

}  // namespace ftvlsi
