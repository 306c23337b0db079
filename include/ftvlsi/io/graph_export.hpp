#pragma once
// Writers for other tools: the network as a Scotch source graph (.grf) or a METIS graph, with
// vertices in processor order; the mapping and the one-step message set as text.
#include <string>
#include <vector>

#include "ftvlsi/network/competing.hpp"

namespace ftvlsi {

std::string scotch_graph(const CompetingNetwork& net);
std::string metis_graph(const CompetingNetwork& net);
// "processor leaf" per line.
std::string mapping_text(const std::vector<std::uint64_t>& leaf);
// "src dst" per line, the one-step message set in competing-processor numbers.
std::string one_step_messages_text(const CompetingNetwork& net);

}  // namespace ftvlsi
