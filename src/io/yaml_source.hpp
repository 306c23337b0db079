#pragma once
// Private helpers for reading YAML specs: every error names the file, the line and the key.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/text_file.hpp"

namespace ftvlsi::detail {

// Where a YAML value came from, for messages of the form "FILE:LINE: key 'k' ...".
struct Source {
  std::string name;
  [[noreturn]] void fail(const YAML::Node& node, int id, const std::string& message) const {
    const auto mark = node.Mark();
    throw InputError(id, fmt::format("{}:{}: {}", name, mark.line + 1, message));
  }
};

inline std::string join(const std::vector<std::string_view>& items) {
  std::string out;
  for (auto item : items) out += (out.empty() ? "" : ", ") + std::string(item);
  return out;
}

inline void require_map(const Source& src, const YAML::Node& node, std::string_view what) {
  if (!node.IsMap())
    src.fail(node, 2102, fmt::format("'{}' must be a mapping of keys to values", what));
}

inline void check_keys(const Source& src, const YAML::Node& map, std::string_view section,
                       const std::vector<std::string_view>& allowed) {
  for (const auto& entry : map) {
    const auto key = entry.first.as<std::string>();
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      src.fail(entry.first, 2103,
               fmt::format("unknown key '{}' in section '{}'; valid keys are {}", key, section,
                           join(allowed)));
    }
  }
}

inline std::string scalar(const Source& src, const YAML::Node& node, std::string_view key) {
  if (!node.IsScalar())
    src.fail(node, 2104,
             fmt::format("key '{}' must be a single value, not a list or mapping", key));
  return node.Scalar();
}

inline std::uint64_t positive(const Source& src, const YAML::Node& node, std::string_view key) {
  const std::string text = scalar(src, node, key);
  try {
    return parse_positive(text, fmt::format("key '{}'", key));
  } catch (const InputError& e) {
    src.fail(node, e.id(), e.what());
  }
}

inline YAML::Node load_yaml(std::string_view text, std::string_view source) {
  try {
    return YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    throw InputError(2101, fmt::format("{}:{}: malformed YAML: {}; fix the syntax", source,
                                       e.mark.line + 1, e.msg));
  }
}

inline std::string read_text(const std::string& path) {
  return read_text_file(path, "spec file");
}

// Parses a scalar with `parse`, naming the file and line when it throws an InputError.
template <class Parse>
auto parsed(const Source& src, const YAML::Node& node, std::string_view key, Parse&& parse) {
  const std::string text = scalar(src, node, key);
  try {
    return parse(text);
  } catch (const InputError& e) {
    src.fail(node, e.id(), e.what());
  }
}

}  // namespace ftvlsi::detail
