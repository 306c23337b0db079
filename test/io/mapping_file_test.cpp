// The mapping file: "processor leaf" lines in any order, with comments and blank lines, read back
// as written; a line that breaks a rule is refused naming the source and the line, a processor
// left out naming the processor.
#include "ftvlsi/io/mapping_file.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

std::string message(std::string_view text, std::uint64_t processors, std::uint64_t leaves,
                    int* id = nullptr) {
  try {
    parse_mapping(text, "m.txt", processors, leaves);
  } catch (const InputError& e) {
    if (id) *id = e.id();
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("mapping_file") {
  TEST_CASE("a mapping written in any order, with comments and blank lines, reads back") {
    std::mt19937_64 rng(0x3a9);
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint64_t n = 1 + rng() % 50, leaves = 1 + rng() % 64;
      std::vector<std::uint64_t> leaf(n);
      for (auto& l : leaf) l = rng() % leaves;
      std::vector<std::uint64_t> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), rng);
      std::string text = rng() % 2 ? "# processor leaf\n" : "";
      for (const auto p : order) {
        if (rng() % 5 == 0) text += "\n";
        text += std::string(rng() % 3, ' ') + std::to_string(p) + (rng() % 2 ? "\t" : "  ") +
                std::to_string(leaf[p]) + (rng() % 4 == 0 ? " # note\r\n" : "\n");
      }
      CHECK(parse_mapping(text, "m.txt", n, leaves) == leaf);
    }
  }

  TEST_CASE("a processor twice, out of range, a leaf out of range or a bad line names its line") {
    const std::string good = "0 1\n1 0\n";
    for (const std::string bad :
         {"3 0", "2 4", "0 1", "x 1", "1", "1 2 3", "-1 0", "1 1.5", "1 0x1"}) {
      CAPTURE(bad);
      int id = 0;
      const std::string what = message(good + "\n" + bad + "\n", 3, 4, &id);
      CHECK(id == 4301);
      CHECK(what.find("m.txt:4:") == 0);
    }
    CHECK(message(good + "2 3\n", 3, 4).empty());
  }

  TEST_CASE("a processor left out is named") {
    int id = 0;
    const std::string what = message("0 0\n2 0\n", 4, 1, &id);
    CHECK(id == 4302);
    CHECK(what.find("processor 1 has no leaf") != std::string::npos);
    CHECK(what.find("all 4") != std::string::npos);
    CHECK(message("", 1, 1, &id).find("processor 0") != std::string::npos);
    CHECK(parse_mapping("", "m.txt", 0, 1).empty());
  }
}
