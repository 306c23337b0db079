#pragma once
// Line-oriented text formats (network, message and mapping files): lines, '#' comments,
// whitespace-separated tokens and exact integers, without copying the text.
#include <charconv>
#include <cstddef>
#include <string_view>
#include <system_error>
#include <vector>

namespace ftvlsi {

// Calls fn(line, number) for every line of `text` (numbered from 1), its '#' comment and a
// trailing '\r' removed.
template <class Fn>
void for_each_line(std::string_view text, Fn&& fn) {
  std::size_t no = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    fn(line, ++no);
  }
}

// The whitespace-separated tokens of a line (spaces, tabs, carriage returns).
inline std::vector<std::string_view> line_tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  auto space = [&](std::size_t k) { return line[k] == ' ' || line[k] == '\t' || line[k] == '\r'; };
  while (i < line.size()) {
    while (i < line.size() && space(i)) ++i;
    std::size_t j = i;
    while (j < line.size() && !space(j)) ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// Parses the whole token as a decimal integer of type T; false if it is not one or out of range.
template <class T>
bool parse_token(std::string_view token, T& value) {
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  return ec == std::errc() && ptr == token.data() + token.size() && !token.empty();
}

}  // namespace ftvlsi
