#pragma once
// Runs the ftvlsi executable as a user would: the one helper of every CLI test.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace ftvlsi::test {

struct CliResult {
  int code = -1;
  std::string out;  // stdout
};

// Runs a shell command line; its stdout (and whatever the command line redirects into it).
inline CliResult run_shell(const std::string& command) {
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

// stdout only; stderr goes to `err_file` when given, else is dropped.
inline CliResult run_cli(const std::string& args, const std::string& err_file = "/dev/null") {
  return run_shell(std::string(FTVLSI_EXE) + " " + args + " 2>" + err_file);
}

// stdout and stderr together, with `env` (VAR=value ...) before the command when given.
inline CliResult run_cli_merged(const std::string& args, const std::string& env = "") {
  return run_shell(env + " " + std::string(FTVLSI_EXE) + " " + args + " 2>&1");
}

// Starts ftvlsi with `args` (stdout and stderr to `log`), polls `ready` every 200 µs for up to 60 s
// and sends `sig` once it holds; returns the wait status, with `caught` false when the run ended
// (or the minute passed) before `ready` held.
template <class Ready>
int signal_when(const std::vector<std::string>& args, const std::filesystem::path& log, int sig,
                Ready ready, bool& caught) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    std::vector<char*> argv{const_cast<char*>(FTVLSI_EXE)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(FTVLSI_EXE, argv.data());
    ::_exit(127);
  }
  caught = false;
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return status;  // finished first
    if (ready()) {
      caught = true;
      ::kill(pid, sig);
      break;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  if (!caught) ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return status;
}

inline std::string slurp_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// An empty folder `name` under the system's temporary folder, in `suite`'s own subfolder (test
// files run in parallel, so each keeps to its own).
inline std::filesystem::path scratch_dir(const std::string& name,
                                         const std::string& suite = "ftvlsi_issue17_test") {
  const auto dir = std::filesystem::temp_directory_path() / suite / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string technology_file(const std::string& name) {
  return std::string(FTVLSI_SOURCE_DIR) + "/technology/" + name + ".yaml";
}

}  // namespace ftvlsi::test
