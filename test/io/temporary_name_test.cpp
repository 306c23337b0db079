// Temporaries named per process and thread beside their output (a folder's hidden), and stale
// ones of gone processes removed while a live process's stay.
#include "ftvlsi/io/temporary_name.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ftvlsi/io/atomic_file.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

fs::path scratch(const std::string& name) {
  return ftvlsi::test::scratch("ftvlsi_temporary_name_test", name);
}

using ftvlsi::test::names_in;
using ftvlsi::test::put;
using ftvlsi::test::slurp;

// A process ID that no process holds: a child that has exited and been reaped.
long dead_pid() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return pid;
}

std::string host_tag() {
  // The tag is the part of a fresh name between ".tmp." and the PID.
  const std::string name = temporary_file_name("x");
  const auto start = name.find(".tmp.") + 5;
  const auto pid = name.find("." + std::to_string(::getpid()) + ".", start);
  return name.substr(start, pid - start);
}

}  // namespace

TEST_SUITE("temporary_name") {
  TEST_CASE("threads writing one path each use their own temporary, the file is one whole write") {
    const fs::path dir = scratch("threads");
    const fs::path path = dir / "shared.txt";
    for (int round = 0; round < 10; ++round) {
      std::vector<std::thread> threads;
      for (int t = 0; t < 8; ++t)
        threads.emplace_back([&, t] {
          write_file_atomically(path.string(), std::string(200000, static_cast<char>('a' + t)));
        });
      for (auto& t : threads) t.join();
      const std::string got = slurp(path);
      REQUIRE(got.size() == 200000);
      CHECK(got.find_first_not_of(got.front()) == std::string::npos);
    }
    CHECK(names_in(dir) == std::vector<std::string>{"shared.txt"});
    CHECK(temporary_file_name("x") != temporary_file_name("x"));
  }

  TEST_CASE("a stale temporary of a gone process is removed, a live one's stays") {
    const fs::path dir = scratch("stale");
    const long gone = dead_pid();
    const std::string tag = host_tag();
    put(dir / ("out.gds.tmp." + std::to_string(gone)), "old version");
    put(dir / ("out.gds.tmp." + tag + "." + std::to_string(gone) + ".7"), "killed");
    put(dir / (".out.tmp." + tag + "." + std::to_string(gone) + ".2") / "summary.md", "folder");
    put(dir / ("out.gds.tmp." + tag + "." + std::to_string(::getpid()) + ".999"), "running");
    put(dir / ("out.gds.tmp.otherhost." + std::to_string(gone) + ".1"), "elsewhere");
    write_file_atomically((dir / "out.gds").string(), "new");
    CHECK(remove_stale_temporaries((dir / "out").string()) == 1);  // the folder
    std::vector<std::string> kept{"out.gds",
                                  "out.gds.tmp." + tag + "." + std::to_string(::getpid()) + ".999",
                                  "out.gds.tmp.otherhost." + std::to_string(gone) + ".1"};
    std::sort(kept.begin(), kept.end());
    CHECK(names_in(dir) == kept);
  }

  TEST_CASE("a file's temporary is NAME.tmp.HOST.PID.N beside it, a folder's hidden beside it") {
    std::set<std::string> seen;
    const std::string pid = std::to_string(::getpid());
    for (const std::string path : {"out.gds", "a/b/report.json", "/tmp/x"}) {
      CAPTURE(path);
      for (int i = 0; i < 50; ++i) {
        const std::string t = temporary_file_name(path);
        CHECK(seen.insert(t).second);
        REQUIRE(t.rfind(path + ".tmp." + host_tag() + "." + pid + ".", 0) == 0);
        const std::string n = t.substr(t.rfind('.') + 1);
        CHECK(n.find_first_not_of("0123456789") == std::string::npos);
        CHECK(fs::path(t).parent_path() == fs::path(path).parent_path());
      }
    }
    for (const std::string path : {"report", "out/report", "out/report/"}) {
      CAPTURE(path);
      const std::string t = temporary_folder_name(path);
      CHECK(seen.insert(t).second);
      const fs::path p(path), folder = p.filename().empty() ? p.parent_path() : p;
      CHECK(fs::path(t).parent_path() == folder.parent_path());
      CHECK(fs::path(t).filename().string().rfind(
                "." + folder.filename().string() + ".tmp." + host_tag() + "." + pid + ".", 0) == 0);
    }
  }

  TEST_CASE("names that only look like temporaries, and other outputs' temporaries, are kept") {
    const fs::path dir = scratch("lookalikes");
    const std::string gone = std::to_string(dead_pid());
    const std::vector<std::string> names{
        "out.gds.tmp.notapid",  "out.gds.tmp." + host_tag() + ".x.1",
        "out.gds.tmp.0",        "other.gds.tmp." + gone,
        "out.gdsx.tmp." + gone, "out.gds.tmp"};
    for (const auto& n : names) put(dir / n, "x");
    CHECK(remove_stale_temporaries((dir / "out.gds").string()) == 0);
    CHECK(names_in(dir).size() == names.size());
    CHECK(remove_stale_temporaries((dir / "other.gds").string()) == 1);
    CHECK(remove_stale_temporaries((dir / "missing" / "out.gds").string()) == 0);
  }
}
