#include "ftvlsi/io/numbers.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

[[noreturn]] void too_large(std::string_view text, std::string_view what, std::uint64_t max) {
  throw InputError(1101, fmt::format("{} is too large: '{}' (at most {})", what, text, max));
}

}  // namespace

std::uint64_t parse_unsigned(std::string_view text, std::string_view what, std::uint64_t max) {
  std::uint64_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(first, last, value);
  const bool whole = ptr == last && !text.empty();
  if (ec == std::errc::result_out_of_range && whole) too_large(text, what, max);
  if (ec != std::errc() || !whole)
    throw InputError(1102, fmt::format("{} must be a non-negative integer, not '{}'", what, text));
  if (value > max) too_large(text, what, max);
  return value;
}

std::uint64_t parse_positive(std::string_view text, std::string_view what, std::uint64_t max) {
  if (!text.empty() && text.front() == '-')
    throw InputError(1103, fmt::format("{} must be a positive integer, not '{}'", what, text));
  std::uint64_t value = 0;
  try {
    value = parse_unsigned(text, what, max);
  } catch (const InputError& e) {
    if (e.id() == 1101) throw;
    throw InputError(1103, fmt::format("{} must be a positive integer, not '{}'", what, text));
  }
  if (value == 0) throw InputError(1104, fmt::format("{} must be at least 1, not 0", what));
  return value;
}

double parse_positive_number(std::string_view text, std::string_view what) {
  const std::string s(text);
  try {
    std::size_t used = 0;
    const double v = std::stod(s, &used);
    if (used == s.size() && v > 0 && v < 1e6) return v;
  } catch (const std::exception&) {
  }
  throw InputError(1010, fmt::format("{} must be a positive number, not '{}'", what, text));
}

std::vector<std::string_view> split_list(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const std::size_t at = text.find(sep);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

std::vector<std::uint64_t> parse_positive_list(std::string_view text, std::string_view what) {
  std::vector<std::uint64_t> out;
  for (auto piece : split_list(text, ',')) out.push_back(parse_positive(piece, what));
  return out;
}

}  // namespace ftvlsi
