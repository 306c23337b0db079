#include "ftvlsi/io/text_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

std::string read_text_file(const std::string& path, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(7021, fmt::format("cannot read {} '{}'; check the path", what, path));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) throw IoError(7022, fmt::format("reading {} '{}' failed", what, path));
  return s.str();
}

CompetingNetwork read_network_file(const std::string& path) {
  return parse_network_text(read_text_file(path, "network file"), path);
}

MessageSet read_messages(const std::string& path, std::uint64_t n) {
  return parse_messages(read_text_file(path, "message file"), path, n);
}

}  // namespace ftvlsi
