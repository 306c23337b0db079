#pragma once
// Runs the ftvlsi executable as a user would, for the tests of issue 17's features.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ftvlsi::test {

struct CliResult {
  int code = -1;
  std::string out;  // stdout
};

// stdout only; stderr goes to `err_file` when given, else is dropped.
inline CliResult run_cli(const std::string& args, const std::string& err_file = "/dev/null") {
  const std::string command = std::string(FTVLSI_EXE) + " " + args + " 2>" + err_file;
  CliResult r;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  std::size_t got = 0;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    r.out.append(buffer.data(), got);
  const int status = ::pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string slurp_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::filesystem::path scratch_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "ftvlsi_issue17_test" / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string technology_file(const std::string& name) {
  return std::string(FTVLSI_SOURCE_DIR) + "/technology/" + name + ".yaml";
}

}  // namespace ftvlsi::test
