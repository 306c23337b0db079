// Line-oriented text: lines numbered from 1 with comments and a trailing '\r' removed, tokens
// split on spaces, tabs and carriage returns, and integers parsed only when the whole token is
// one in range.
#include "ftvlsi/core/text_lines.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace ftvlsi;

namespace {

std::vector<std::pair<std::string, std::size_t>> lines_of(std::string_view text) {
  std::vector<std::pair<std::string, std::size_t>> out;
  for_each_line(text, [&](std::string_view line, std::size_t no) { out.emplace_back(line, no); });
  return out;
}

}  // namespace

TEST_SUITE("text_lines") {
  TEST_CASE("lines come numbered from 1, without their comment or a trailing carriage return") {
    const auto lines = lines_of("a b\r\n# only a comment\n\nwire 1 2 # two ends\r\nlast");
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == std::pair<std::string, std::size_t>{"a b", 1});
    CHECK(lines[1] == std::pair<std::string, std::size_t>{"", 2});
    CHECK(lines[2] == std::pair<std::string, std::size_t>{"", 3});
    CHECK(lines[3] == std::pair<std::string, std::size_t>{"wire 1 2 ", 4});
    CHECK(lines[4] == std::pair<std::string, std::size_t>{"last", 5});
    CHECK(lines_of("").empty());
    CHECK(lines_of("one\n").size() == 1);  // a final newline ends a line, it starts none
  }

  TEST_CASE("random texts: one call per line, and the tokens are the words written") {
    std::mt19937_64 rng(0x7e47);
    const std::string spaces[] = {" ", "\t", "  ", " \t", "\r"};
    for (int trial = 0; trial < 500; ++trial) {
      std::string text;
      std::vector<std::vector<std::string>> words;
      const int count = 1 + static_cast<int>(rng() % 8);
      for (int l = 0; l < count; ++l) {
        words.emplace_back();
        const std::size_t start = text.size();
        if (rng() % 3 == 0) text += spaces[rng() % 5];
        for (int w = static_cast<int>(rng() % 5); w > 0; --w) {
          std::string word;
          for (int c = 1 + static_cast<int>(rng() % 6); c > 0; --c)
            word += "abcxyz0123456789-+."[rng() % 19];
          words.back().push_back(word);
          text += word + spaces[rng() % 4];  // no '\r' inside a line but at its end
        }
        if (rng() % 4 == 0) text += "# comment with words and # more";
        if (rng() % 4 == 0) text += "\r";
        // The last line may end without a newline, unless it is empty: then there is no line.
        if (l + 1 < count || rng() % 2 || text.size() == start) text += "\n";
      }
      CAPTURE(text);
      std::size_t expected_no = 0;
      for_each_line(text, [&](std::string_view line, std::size_t no) {
        REQUIRE(no == ++expected_no);
        const auto tokens = line_tokens(line);
        REQUIRE(tokens.size() == words[no - 1].size());
        for (std::size_t i = 0; i < tokens.size(); ++i) CHECK(tokens[i] == words[no - 1][i]);
      });
      CHECK(expected_no == words.size());
    }
  }

  TEST_CASE("a token is an integer only when all of it is one and it fits the type") {
    std::mt19937_64 rng(0x1e7);
    for (int i = 0; i < 2000; ++i) {
      const auto v = static_cast<std::int64_t>(rng()) >> (rng() % 64);
      std::int64_t back = 0;
      REQUIRE(parse_token(std::to_string(v), back));
      CHECK(back == v);
      std::uint32_t narrow = 0;
      const bool fits = v >= 0 && v <= std::numeric_limits<std::uint32_t>::max();
      CHECK(parse_token(std::to_string(v), narrow) == fits);
      if (fits) CHECK(narrow == static_cast<std::uint32_t>(v));
    }
    std::int64_t x = 7;
    for (const char* bad :
         {"", "+1", "1 ", " 1", "1x", "0x10", "1.0", "--1", "9223372036854775808"})
      CHECK_FALSE(parse_token(bad, x));
    std::uint64_t u = 0;
    CHECK_FALSE(parse_token("-1", u));
    CHECK(parse_token("18446744073709551615", u));
    CHECK(u == std::numeric_limits<std::uint64_t>::max());
  }
}
