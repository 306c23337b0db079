#include "ftvlsi/io/distinct_outputs.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

namespace fs = std::filesystem;

// A file whose path can be compared: not "-", not empty, not an existing special file.
bool is_comparable(const std::optional<std::string>& path) {
  if (!path || path->empty() || *path == "-") return false;
  std::error_code ec;
  const auto status = fs::status(*path, ec);
  return ec || !fs::exists(status) || fs::is_regular_file(status) || fs::is_directory(status);
}

// The absolute path with every symbolic link of its existing part resolved.
fs::path resolved(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  if (ec) return fs::path(path).lexically_normal();
  const fs::path canonical = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : canonical;
}

bool same_file(const std::string& a, const std::string& b) {
  if (resolved(a) == resolved(b)) return true;
  std::error_code ec;
  return fs::equivalent(a, b, ec) && !ec;  // hard links; false when either does not exist
}

}  // namespace

void require_distinct_outputs(const std::vector<RunFile>& inputs,
                              const std::vector<RunFile>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const RunFile& out = outputs[i];
    if (!is_comparable(out.path)) continue;
    for (const RunFile& in : inputs) {
      if (is_comparable(in.path) && same_file(*out.path, *in.path))
        throw InputError(1050, fmt::format("the {} '{}' would overwrite the {} '{}'; write the "
                                           "output to another path",
                                           out.what, *out.path, in.what, *in.path));
    }
    for (std::size_t j = 0; j < i; ++j) {
      const RunFile& other = outputs[j];
      if (is_comparable(other.path) && same_file(*out.path, *other.path))
        throw InputError(1051, fmt::format("the {} '{}' and the {} '{}' are the same file, so one "
                                           "would overwrite the other; give each output its own "
                                           "path",
                                           other.what, *other.path, out.what, *out.path));
    }
  }
}

}  // namespace ftvlsi
