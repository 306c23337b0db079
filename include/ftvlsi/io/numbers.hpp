#pragma once
// Numbers and lists from the text of a flag or a spec value, with errors that name them.
#include <cstdint>
#include <string_view>
#include <vector>

namespace ftvlsi {

// A positive (or non-negative) integer from text; InputError naming `what` otherwise. An
// integer above `max` (or beyond 64 bits) is FTV-1101, "{what} is too large: '{text}' (at most
// {max})", whatever the option.
std::uint64_t parse_positive(std::string_view text, std::string_view what,
                             std::uint64_t max = UINT64_MAX);
std::uint64_t parse_unsigned(std::string_view text, std::string_view what,
                             std::uint64_t max = UINT64_MAX);
// A positive real number below 1e6 from text (--k1, --switch-delay); FTV-1010 naming `what`
// otherwise. The CLI and the Python module read such values through it.
double parse_positive_number(std::string_view text, std::string_view what);
// "a<sep>b<sep>c" as its pieces (empty pieces kept, so that they can be reported).
std::vector<std::string_view> split_list(std::string_view text, char sep);
// A comma-separated list of positive integers ("--capacities 4,2,1"); `what` names an entry.
std::vector<std::uint64_t> parse_positive_list(std::string_view text, std::string_view what);

}  // namespace ftvlsi
