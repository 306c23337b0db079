// The exports for other tools, read back by hand: the Scotch and METIS graphs list every
// processor's neighbours (both ends of every wire), the mapping text reads back through the
// mapping file parser, and the one-step message set sends one message each way over every wire.
#include "ftvlsi/io/graph_export.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ftvlsi/core/text_lines.hpp"
#include "ftvlsi/io/mapping_file.hpp"
#include "support/networks.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_network;

namespace {

// Every processor's neighbours, sorted: the other end of each of its wires.
std::vector<std::vector<std::uint64_t>> neighbours(const CompetingNetwork& net) {
  std::vector<std::vector<std::uint64_t>> out(net.processors());
  for (const auto& [a, b] : net.wires) out[a].push_back(b), out[b].push_back(a);
  for (auto& n : out) std::sort(n.begin(), n.end());
  return out;
}

std::vector<std::uint64_t> numbers(std::string_view line) {
  std::vector<std::uint64_t> out;
  for (const auto token : line_tokens(line)) {
    std::uint64_t v = 0;
    REQUIRE(parse_token(token, v));
    out.push_back(v);
  }
  return out;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_SUITE("graph_export") {
  TEST_CASE("Scotch and METIS graphs list each processor's neighbours, in processor order") {
    std::mt19937_64 rng(0x6e4);
    for (int trial = 0; trial < 50; ++trial) {
      const std::uint64_t n = 1 + rng() % 40;
      const CompetingNetwork net = random_network(rng, n, 2, 20, rng() % (3 * n));
      const auto expected = neighbours(net);
      CAPTURE(trial);
      // Scotch: version, "vertices arcs", "base flags", then "degree neighbours..." per vertex.
      const auto scotch = lines(scotch_graph(net));
      REQUIRE(scotch.size() == 3 + n);
      CHECK(scotch[0] == "0");
      CHECK(numbers(scotch[1]) == std::vector<std::uint64_t>{n, 2 * net.wires.size()});
      CHECK(numbers(scotch[2]) == std::vector<std::uint64_t>{0, 0});
      for (std::uint64_t v = 0; v < n; ++v) {
        auto row = numbers(scotch[3 + v]);
        REQUIRE(!row.empty());
        CHECK(row.front() == row.size() - 1);
        row.erase(row.begin());
        std::sort(row.begin(), row.end());
        CHECK(row == expected[v]);
      }
      // METIS: "vertices edges", then the neighbours of each vertex numbered from 1.
      const auto metis = lines(metis_graph(net));
      REQUIRE(metis.size() == 1 + n);
      CHECK(numbers(metis[0]) == std::vector<std::uint64_t>{n, net.wires.size()});
      for (std::uint64_t v = 0; v < n; ++v) {
        auto row = numbers(metis[1 + v]);
        for (auto& u : row) {
          CHECK(u >= 1);
          --u;
        }
        std::sort(row.begin(), row.end());
        CHECK(row == expected[v]);
      }
    }
  }

  TEST_CASE("the mapping text reads back as the mapping file it is") {
    std::mt19937_64 rng(0x3a7);
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<std::uint64_t> leaf(rng() % 100);
      for (auto& l : leaf) l = rng() % 1000;
      CHECK(parse_mapping(mapping_text(leaf), "m", leaf.size(), 1000) == leaf);
    }
  }

  TEST_CASE("the one-step message set sends one message each way over every wire") {
    std::mt19937_64 rng(0x5e7);
    for (int trial = 0; trial < 50; ++trial) {
      const CompetingNetwork net = random_network(rng, 2 + rng() % 30, 2, 10, rng() % 60);
      std::vector<std::pair<std::uint64_t, std::uint64_t>> sent, expected;
      for_each_line(one_step_messages_text(net), [&](std::string_view line, std::size_t) {
        const auto v = numbers(line);
        if (v.empty()) return;  // the comment
        REQUIRE(v.size() == 2);
        sent.emplace_back(v[0], v[1]);
      });
      for (const auto& [a, b] : net.wires) expected.emplace_back(a, b), expected.emplace_back(b, a);
      std::sort(sent.begin(), sent.end());
      std::sort(expected.begin(), expected.end());
      CHECK(sent == expected);
    }
  }
}
