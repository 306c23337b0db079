#pragma once
// The named choices of DeHon's practical fat-tree (`--network transit`), parsed once into their
// types. Each parser throws InputError naming the flag, the text and the valid values.
#include <optional>
#include <string>
#include <string_view>

#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/network/rn1.hpp"
#include "ftvlsi/network/transit_composition.hpp"
#include "ftvlsi/route/transit_routing.hpp"

namespace ftvlsi {

TransitLeaf parse_transit_leaf(std::string_view text);          // --leaf
Locality parse_locality(std::string_view text);                 // --locality
FaultKind parse_fault_kind(std::string_view text);              // --fault-kind
Rn1Config parse_rn1_config(std::string_view text);              // --rn1
RedundantWiring parse_redundant_wiring(std::string_view text);  // --wiring
// A probability in [0, 1] (--load, --faults).
double parse_probability(std::string_view text, std::string_view flag);

// The flags that build the network (`ftvlsi layout`, `route`, `export --network transit`), as
// given on the command line.
struct TransitFlags {
  std::optional<std::string> composition, leaf, stages, rn1, wiring, seed;
};
// Parsed and resolved (resolve_composition): FTV-1030 when --leaf or --stages come with a named
// composition, which fixes them.
TransitParams parse_transit_params(const TransitFlags& flags, FrontEnd front = FrontEnd::kCli);

}  // namespace ftvlsi
