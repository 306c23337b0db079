// Multi-file outputs whole or absent (io/staged_folder.hpp), and the signal handler's folder
// removal (io/interrupt.hpp).
#include "ftvlsi/io/staged_folder.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/interrupt.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

fs::path scratch(const std::string& name) {
  return ftvlsi::test::scratch("ftvlsi_staged_folder_test", name);
}

using ftvlsi::test::names_in;
using ftvlsi::test::put;
using ftvlsi::test::slurp;

// Runs `child` in a forked process with the CLI's signal handlers; returns its wait status.
int in_child(const std::function<void()>& child) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    install_interrupt_cleanup();
    child();
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

}  // namespace

TEST_SUITE("staged folder") {
  TEST_CASE("a committed folder appears whole, an abandoned one leaves nothing, parents included") {
    const fs::path dir = scratch("whole");
    {
      StagedFolder staged((dir / "new" / "deep" / "out").string(), "--out");
      put(fs::path(staged.path()) / "summary.md", "one");
      CHECK(!fs::exists(dir / "new" / "deep" / "out"));
      CHECK(registered_temporaries() == 1);
    }
    CHECK(names_in(dir).empty());  // neither the temporary nor the parents it created
    CHECK(registered_temporaries() == 0);
    {
      StagedFolder staged((dir / "out").string(), "--out");
      put(fs::path(staged.path()) / "summary.md", "one");
      put(fs::path(staged.path()) / "a" / "a.json", "{}");
      staged.commit();
    }
    CHECK(names_in(dir) == std::vector<std::string>{"out"});
    CHECK(names_in(dir / "out") == std::vector<std::string>{"a", "summary.md"});
    CHECK(registered_temporaries() == 0);
  }

  TEST_CASE("an existing report is replaced whole, never mixed, and kept when the new one fails") {
    const fs::path dir = scratch("replace");
    put(dir / "out" / "summary.md", "old");
    put(dir / "out" / "simulate.md", "old sweep");
    {
      StagedFolder abandoned((dir / "out").string(), "--out");
      put(fs::path(abandoned.path()) / "summary.md", "half");
    }
    CHECK(slurp(dir / "out" / "summary.md") == "old");
    CHECK(names_in(dir) == std::vector<std::string>{"out"});
    StagedFolder staged((dir / "out").string(), "--out");
    put(fs::path(staged.path()) / "summary.md", "new");
    staged.commit();
    CHECK(names_in(dir / "out") == std::vector<std::string>{"summary.md"});  // no old simulate.md
    CHECK(slurp(dir / "out" / "summary.md") == "new");
    CHECK(names_in(dir) == std::vector<std::string>{"out"});
  }

  TEST_CASE("shards commit entry by entry, keeping the folder's other shards") {
    const fs::path dir = scratch("entries");
    put(dir / "out" / "report-shard-1-of-2.json", "1");
    put(dir / "out" / "a" / "a.json", "shard 1");
    put(dir / "out" / "b" / "b.json", "old shard 2");
    StagedFolder staged((dir / "out").string(), "--out", StagedFolder::Commit::kEntries);
    put(fs::path(staged.path()) / "b" / "b.json", "new shard 2");
    put(fs::path(staged.path()) / "report-shard-2-of-2.json", "2");
    staged.commit();
    CHECK(names_in(dir / "out") == std::vector<std::string>{"a", "b", "report-shard-1-of-2.json",
                                                            "report-shard-2-of-2.json"});
    CHECK(slurp(dir / "out" / "b" / "b.json") == "new shard 2");
    CHECK(slurp(dir / "out" / "a" / "a.json") == "shard 1");
    CHECK(names_in(dir) == std::vector<std::string>{"out"});
  }

  TEST_CASE("a signal during a commit waits until every entry is in place, then exits 130") {
    constexpr int kEntries = 3000;
    int mid_commit = 0;
    for (int trial = 0; trial < 4; ++trial) {
      const fs::path dir = scratch("signal_mid_commit");
      const int status = in_child([&] {
        StagedFolder staged((dir / "out").string(), "--out", StagedFolder::Commit::kEntries);
        for (int i = 0; i < kEntries; ++i)
          put(fs::path(staged.path()) / ("e" + std::to_string(10000 + i)), "x");
        // SIGINT as soon as the first entry has moved, noting whether others were still to come.
        std::thread watcher([&] {
          std::error_code ec;
          while (!fs::exists(dir / "out" / "e10000", ec)) std::this_thread::yield();
          std::size_t moved = 0;
          for (fs::directory_iterator it(dir / "out", ec), end; !ec && it != end; it.increment(ec))
            ++moved;
          if (moved < kEntries) put(dir / "raised-mid-commit", std::to_string(moved));
          ::kill(::getpid(), SIGINT);
        });
        staged.commit();
        watcher.join();
      });
      CAPTURE(trial);
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 130);
      CHECK(names_in(dir / "out").size() == kEntries);  // all of them, never a part
      mid_commit += fs::exists(dir / "raised-mid-commit");
    }
    CHECK(mid_commit > 0);  // the signal did arrive part-way at least once
  }

  TEST_CASE("folders that are not ftvlsi's, the working folder and files are never replaced") {
    const fs::path dir = scratch("refuse");
    put(dir / "mine" / "thesis.tex", "precious");
    const auto id_of = [](const std::string& path) {
      try {
        StagedFolder staged(path, "--out");
      } catch (const Error& e) {
        return e.id();
      }
      return 0;
    };
    CHECK(id_of((dir / "mine").string()) == 7033);
    CHECK(slurp(dir / "mine" / "thesis.tex") == "precious");
    put(dir / "file", "x");
    CHECK(id_of((dir / "file").string()) == 7031);
    CHECK(id_of(".") == 7032);
    CHECK(id_of(fs::current_path().parent_path().string()) == 7032);
    CHECK(id_of("") == 7030);
    fs::create_directories(dir / "empty");
    CHECK(id_of((dir / "empty").string()) == 0);
    CHECK(names_in(dir) == std::vector<std::string>{"empty", "file", "mine"});
  }

  TEST_CASE("a name from a spec or a shard is one entry of the folder") {
    for (const char* bad : {"", ".", "..", "../../escaped", "/tmp/abs", "a/b", ".hidden", "a\nb"})
      CHECK_MESSAGE(!component_problem(bad).empty(), bad);
    CHECK(!component_problem(std::string(201, 'a')).empty());
    for (const char* good : {"ft-64", "mesh_3d.v2", "a..b", "é"})
      CHECK_MESSAGE(component_problem(good).empty(), good);
    CHECK(path_is_within("/a/b/c", "/a/b"));
    CHECK(path_is_within("/a/b/./c/..", "/a/b"));
    CHECK(!path_is_within("/a/bc", "/a/b"));
    CHECK(!path_is_within("/a", "/a/b"));
  }

  TEST_CASE("the signal handler's removal empties nested folders and never follows a link") {
    const fs::path dir = scratch("remove");
    put(dir / "keep" / "precious.txt", "keep");
    put(dir / "t" / "a" / "b" / "c.txt", "x");
    for (int i = 0; i < 300; ++i) put(dir / "t" / "many" / (std::to_string(i) + ".svg"), "y");
    fs::create_directory_symlink(dir / "keep", dir / "t" / "link");
    CHECK(remove_tree_signal_safe((dir / "t").c_str()));
    CHECK(names_in(dir) == std::vector<std::string>{"keep"});
    CHECK(slurp(dir / "keep" / "precious.txt") == "keep");
  }
}
