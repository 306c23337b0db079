#pragma once
// Private to the readers of partial results (sweep, check and report shards): typed reads from a
// parsed JSON document that refuse a value of the wrong kind instead of converting it. A partial
// is read from disk, so a number may be a float where an integer belongs; converting a float
// beyond the integer's range is undefined behaviour, so it is refused (nlohmann's type_error,
// which the readers turn into FTV-6702, "not a valid partial result").
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/core/version.hpp"

namespace ftvlsi::json_read {

using nlohmann::json;

[[noreturn]] inline void wrong_kind(const json& v, const char* want) {
  throw json::type_error::create(302, std::string("expected ") + want + ", found " + v.type_name(),
                                 &v);
}

template <class T>
void from(const json& v, T& out) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!v.is_boolean()) wrong_kind(v, "a boolean");
    out = v.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    if (!v.is_number_integer()) wrong_kind(v, "an integer");
    if (std::is_unsigned_v<T> && !v.is_number_unsigned() && v.get<std::int64_t>() < 0)
      wrong_kind(v, "a non-negative integer");
    out = v.get<T>();
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!v.is_number()) wrong_kind(v, "a number");
    out = v.get<T>();
  } else {
    v.get_to(out);
  }
}

template <class T>
void from(const json& v, std::vector<T>& out) {
  if (!v.is_array()) wrong_kind(v, "an array");
  out.clear();
  for (const auto& item : v) from(item, out.emplace_back());
}

// The value at `key` of the object `j` into `out`.
template <class T>
void read(const json& j, const char* key, T& out) {
  from(j.at(key), out);
}

template <class T>
T as(const json& v) {
  T out{};
  from(v, out);
  return out;
}

// The head every partial result starts with: its kind, this version of ftvlsi and its shard.
inline json partial_head(std::string_view kind, const Shard& shard) {
  return {{"kind", kind}, {"version", std::string(version())}, {"shard", {shard.k, shard.n}}};
}

// Parses a partial result and hands the document to `read`: FTV-6701 when it is not a `what`
// (its kind) of this version of ftvlsi, FTV-6702 when it does not have the shape `read` expects.
template <class Read>
auto read_partial(std::string_view text, std::string_view source, std::string_view kind,
                  std::string_view what, Read read) {
  try {
    const json j = json::parse(text);
    if (j.at("kind") != kind || j.at("version") != std::string(version()))
      throw InputError(6701, fmt::format("{} is not a {} of ftvlsi {}", source, what, version()));
    return read(j);
  } catch (const json::exception& e) {
    throw InputError(6702, fmt::format("{} is not a valid partial result ({}); rerun its shard",
                                       source, e.what()));
  }
}

}  // namespace ftvlsi::json_read
