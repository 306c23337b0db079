#pragma once
// One name table per enum: the table beside an enum's type is the only place its names are
// written, and it serves printing (name_of), parsing (value_of) and the list of valid values in
// messages and help (names_of). network/capacity.cpp showed the shape; every named choice uses it.
//
//   inline constexpr NameTable<Colour, 2> kColourNames{{{Colour::kRed, "red"}, {..}}};
//
// A value may have more than one row (an alias, such as DRC's "true"); its first row is the name
// it is printed with.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ftvlsi {

template <class E>
struct Named {
  E value;
  std::string_view name;
};

template <class E, std::size_t N>
using NameTable = std::array<Named<E>, N>;

// The helpers below take any table of rows with a `value` and a `name` (a NameTable, or a richer
// row such as a network kind's), so a table with more columns still serves parse and print.
template <class Row>
using ValueOf = decltype(Row::value);

// The name `value` is printed with: its first row's (empty if it has none, which the tables'
// round-trip tests rule out).
template <class Row, std::size_t N>
constexpr std::string_view name_of(const std::array<Row, N>& table, ValueOf<Row> value) {
  for (const auto& row : table)
    if (row.value == value) return row.name;
  return {};
}

// The value named `name`, if any row names it.
template <class Row, std::size_t N>
constexpr std::optional<ValueOf<Row>> value_of(const std::array<Row, N>& table,
                                               std::string_view name) {
  for (const auto& row : table)
    if (row.name == name) return row.value;
  return std::nullopt;
}

// Every name in table order, "a, b, c" with `last` before the final one ("a, b or c" for " or ").
template <class Row, std::size_t N>
std::string names_of(const std::array<Row, N>& table, std::string_view last = ", ") {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += i + 1 == N ? last : std::string_view(", ");
    out += table[i].name;
  }
  return out;
}

}  // namespace ftvlsi
