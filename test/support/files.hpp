#pragma once
// Small file helpers for tests that write folders: a fresh scratch folder per case, a file put
// with its parents, a file read whole, and a folder's entry names in order.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ftvlsi::test {

// An empty folder temp/<suite>_<pid>/<name>, emptied first if it exists.
inline std::filesystem::path scratch(const std::string& suite, const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (suite + "_" + std::to_string(::getpid())) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline void put(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> names_in(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ftvlsi::test
