#include "ftvlsi/io/graph_export.hpp"

#include <fmt/format.h>

#include <iterator>

namespace ftvlsi {
namespace {

std::vector<std::vector<std::uint32_t>> adjacency(const CompetingNetwork& net) {
  std::vector<std::vector<std::uint32_t>> adj(net.processors());
  for (const auto& [a, b] : net.wires) {
    adj[a].push_back(b);
    adj[b].push_back(a);
  }
  return adj;
}

}  // namespace

std::string scotch_graph(const CompetingNetwork& net) {
  // Scotch source graph format: version 0, vertex and arc counts, base 0 with no labels or
  // weights, then each vertex's degree and neighbours.
  const auto adj = adjacency(net);
  std::string out = fmt::format("0\n{} {}\n0 000\n", net.processors(), 2 * net.wires.size());
  for (const auto& n : adj) out += fmt::format("{}\t{}\n", n.size(), fmt::join(n, " "));
  return out;
}

std::string metis_graph(const CompetingNetwork& net) {
  // METIS: "vertices edges", then each vertex's neighbours numbered from 1.
  const auto adj = adjacency(net);
  std::string out = fmt::format("{} {}\n", net.processors(), net.wires.size());
  for (const auto& n : adj) {
    std::string line;
    for (auto v : n) line += fmt::format("{}{}", line.empty() ? "" : " ", v + 1);
    out += line + "\n";
  }
  return out;
}

std::string mapping_text(const std::vector<std::uint64_t>& leaf) {
  std::string out = "# competing-processor fat-tree-leaf\n";
  for (std::size_t p = 0; p < leaf.size(); ++p)
    fmt::format_to(std::back_inserter(out), "{} {}\n", p, leaf[p]);
  return out;
}

std::string one_step_messages_text(const CompetingNetwork& net) {
  std::string out = "# one-step message set: every wire carries one message each way\n";
  for (const auto& [a, b] : net.wires)
    fmt::format_to(std::back_inserter(out), "{} {}\n{} {}\n", a, b, b, a);
  return out;
}

}  // namespace ftvlsi
