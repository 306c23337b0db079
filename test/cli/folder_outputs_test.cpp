// Multi-file outputs as a user meets them: report names that would escape --out, merges of
// tampered shards, an --out inside a shard, reports that fail or are interrupted part-way, and
// the signals SIGHUP and SIGQUIT.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace fs = std::filesystem;
using ftvlsi::test::run_cli;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::signal_when;
using ftvlsi::test::slurp_file;

namespace {

// Whether the report's temporary folder for `dir`/out (.out.tmp.*) already holds `file`.
bool temporary_holds(const fs::path& dir, const fs::path& file) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().filename().string().rfind(".out.tmp.", 0) == 0 && fs::exists(e.path() / file))
      return true;
  return false;
}

// Every path under `dir`, relative, sorted.
std::vector<std::string> tree(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    out.push_back(fs::relative(e.path(), dir).string());
  std::sort(out.begin(), out.end());
  return out;
}

// The exit code and the first line ftvlsi printed on stderr.
std::pair<int, std::string> run_err(const std::string& args, const fs::path& dir) {
  const std::string err = (dir / "stderr.txt").string();
  const int code = run_cli(args, err).code;
  std::string said = slurp_file(err);
  fs::remove(err);
  return {code, said.substr(0, said.find('\n'))};
}

std::string small_spec(const std::string& layouts) {
  return "title: t\nlayouts:\n" + layouts;
}

const char* kLayoutA = "  - name: a\n    network: {kind: fat-tree, processors: 16}\n";

// Two report shards of a small spec in dir/s1 and dir/s2.
void report_shards(const fs::path& dir) {
  std::ofstream(dir / "spec.yaml") << small_spec(
      std::string(kLayoutA) + "  - name: b\n    network: {kind: mesh, processors: 16}\n");
  for (int k = 1; k <= 2; ++k)
    REQUIRE(run_cli("report " + (dir / "spec.yaml").string() + " --shard " + std::to_string(k) +
                    "/2 --out " + (dir / ("s" + std::to_string(k))).string())
                .code == 0);
}

void edit_partial(const fs::path& file, const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json j = nlohmann::json::parse(slurp_file(file));
  edit(j);
  std::ofstream(file) << j.dump(1);
}

bool has_temporary(const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    if (e.path().filename().string().find(".tmp.") != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_SUITE("folder outputs") {
  TEST_CASE("a report layout name that is not one folder name is refused before any work") {
    const fs::path dir = scratch_dir("names");
    for (const char* name : {"../../escaped", "/tmp/ftvlsi-abs", "..", ".hidden", "a/b"}) {
      CAPTURE(name);
      std::ofstream(dir / "spec.yaml") << small_spec(
          std::string("  - name: '") + name + "'\n    network: {kind: fat-tree, processors: 16}\n");
      const auto [code, said] = run_err(
          "report " + (dir / "spec.yaml").string() + " --out " + (dir / "out").string(), dir);
      CHECK(code == 2);
      CHECK(said.find("FTV-2454") != std::string::npos);
      CHECK(tree(dir) == std::vector<std::string>{"spec.yaml"});
    }
    CHECK(!fs::exists("/tmp/ftvlsi-abs.svg"));
    // The report replaces its folder whole: a spec kept inside it is refused, not deleted.
    fs::create_directories(dir / "out");
    std::ofstream(dir / "out" / "summary.md") << "an older report";
    std::ofstream(dir / "out" / "spec.yaml") << small_spec(kLayoutA);
    const auto [inside, why] = run_err(
        "report " + (dir / "out" / "spec.yaml").string() + " --out " + (dir / "out").string(), dir);
    CHECK(inside == 2);
    CHECK(why.find("FTV-2456") != std::string::npos);
    CHECK(fs::exists(dir / "out" / "spec.yaml"));
    fs::remove_all(dir / "out");
    std::ofstream(dir / "spec.yaml") << small_spec(std::string(kLayoutA) + kLayoutA);
    const auto [code, said] =
        run_err("report " + (dir / "spec.yaml").string() + " --out " + (dir / "out").string(), dir);
    CHECK(code == 2);
    CHECK(said.find("FTV-2455") != std::string::npos);
    CHECK(tree(dir) == std::vector<std::string>{"spec.yaml"});
  }

  TEST_CASE("a report that fails part-way leaves nothing, and an older report stays as it was") {
    const fs::path dir = scratch_dir("fails");
    // The second layout's network file is missing: found when it is read, after the first layout.
    std::ofstream(dir / "spec.yaml")
        << small_spec(std::string(kLayoutA) +
                      "  - name: b\n    network: {kind: file, file: /nonexistent/net.txt}\n");
    const std::string args =
        "report " + (dir / "spec.yaml").string() + " --out " + (dir / "out").string();
    CHECK(run_cli(args).code == 3);
    CHECK(tree(dir) == std::vector<std::string>{"spec.yaml"});
    fs::create_directories(dir / "out");
    std::ofstream(dir / "out" / "summary.md") << "an older report";
    std::ofstream(dir / "out" / "simulate.md") << "its sweep";
    CHECK(run_cli(args).code == 3);
    CHECK(tree(dir) ==
          std::vector<std::string>{"out", "out/simulate.md", "out/summary.md", "spec.yaml"});
    // A complete report replaces the old folder whole: its sweep does not linger in the index.
    std::ofstream(dir / "spec.yaml") << small_spec(kLayoutA);
    REQUIRE(run_cli(args).code == 0);
    CHECK(!fs::exists(dir / "out" / "simulate.md"));
    CHECK(slurp_file(dir / "out" / "index.html").find("simulate.md") == std::string::npos);
    CHECK(tree(dir) == std::vector<std::string>{"out", "out/a", "out/a/a-thumb.svg", "out/a/a.gds",
                                                "out/a/a.json", "out/a/a.lyp", "out/a/a.svg",
                                                "out/index.html", "out/summary.md", "spec.yaml"});
  }

  TEST_CASE("an interrupted report leaves no new file, and the old report untouched") {
    const fs::path dir = scratch_dir("interrupted");
    std::ofstream(dir / "spec.yaml") << small_spec(
        std::string(kLayoutA) + "  - name: big\n    network: {kind: mesh, processors: 262144}\n");
    fs::create_directories(dir / "out");
    std::ofstream(dir / "out" / "summary.md") << "an older report";
    const auto before = tree(dir);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
      CAPTURE(sig);
      bool caught = false;
      // Once the first layout is in the temporary folder, the signal arrives mid-report.
      const int status = signal_when(
          {"report", (dir / "spec.yaml").string(), "--out", (dir / "out").string()},
          dir.parent_path() / "interrupted.log", sig,
          [&] { return temporary_holds(dir, fs::path("a") / "a.json"); }, caught);
      REQUIRE(caught);
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 128 + sig);
      CHECK(tree(dir) == before);
      CHECK(slurp_file(dir / "out" / "summary.md") == "an older report");
    }
  }

  TEST_CASE("an interrupted report shard leaves neither its partial result nor an index") {
    // Shard 1/2 owns layouts 0 and 2: the signal arrives while the big one is being built, after
    // the first is in the temporary folder. Nothing may look like a finished shard or report.
    const fs::path dir = scratch_dir("interrupted-shard");
    std::ofstream(dir / "spec.yaml") << small_spec(
        std::string(kLayoutA) + "  - name: b\n    network: {kind: mesh, processors: 16}\n" +
        "  - name: big\n    network: {kind: mesh, processors: 262144}\n");
    const auto before = tree(dir);
    bool caught = false;
    const int status = signal_when(
        {"report", (dir / "spec.yaml").string(), "--shard", "1/2", "--out", (dir / "out").string()},
        dir.parent_path() / "interrupted-shard.log", SIGINT,
        [&] { return temporary_holds(dir, fs::path("a") / "a.json"); }, caught);
    REQUIRE(caught);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
    CHECK(tree(dir) == before);  // no out/, no report-shard-1-of-2.json, no index.html
  }

  TEST_CASE("SIGHUP and SIGQUIT remove the unfinished output and exit 129 and 131") {
    for (const int sig : {SIGHUP, SIGQUIT}) {
      CAPTURE(sig);
      const fs::path dir = scratch_dir(sig == SIGHUP ? "sighup" : "sigquit");
      bool caught = false;
      const int status = signal_when(
          {"layout", "--network", "mesh", "-n", "262144", "--gds", (dir / "mesh.gds").string()},
          dir.parent_path() / "signal.log", sig,
          [&] {
            std::error_code ec;
            for (const auto& e : fs::directory_iterator(dir, ec))
              if (fs::file_size(e.path(), ec) > (1 << 20)) return true;
            return false;
          },
          caught);
      REQUIRE(caught);
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 128 + sig);
      CHECK(fs::is_empty(dir));
      CHECK(slurp_file(dir.parent_path() / "signal.log")
                .find(sig == SIGHUP ? "FTV-7103" : "FTV-7104") != std::string::npos);
    }
  }

  TEST_CASE("merge re-validates every shard field, name and folder before it writes") {
    const fs::path dir = scratch_dir("merge");
    report_shards(dir);
    const fs::path partial = dir / "s1" / "report-shard-1-of-2.json";
    const std::string good = slurp_file(partial);
    const std::string merge = "merge " + (dir / "s1").string() + " " + (dir / "s2").string();
    const auto expect = [&](const std::string& args, int code, const std::string& id) {
      CAPTURE(args);
      const auto before = tree(dir);
      const auto [got, said] = run_err(args, dir);
      CAPTURE(said);
      CHECK(got == code);
      CHECK(said.find(id) != std::string::npos);
      CHECK(tree(dir) == before);
    };
    for (const auto& shard :
         {nlohmann::json{100000, 2}, nlohmann::json{-1, 2}, nlohmann::json{1, 4000000000},
          nlohmann::json{0, 0}, nlohmann::json{1.5, 2}, nlohmann::json{1}}) {
      CAPTURE(shard.dump());
      edit_partial(partial, [&](nlohmann::json& j) { j["shard"] = shard; });
      expect(merge + " --out " + (dir / "m").string(), 2, "FTV-6710");
      std::ofstream(partial) << good;
    }
    edit_partial(partial, [](nlohmann::json& j) { j["layouts"][0]["name"] = "../secretdir"; });
    fs::create_directories(dir / "secretdir");
    std::ofstream(dir / "secretdir" / "secret.txt") << "secret";
    expect(merge + " --out " + (dir / "m").string(), 2, "FTV-6711");
    fs::remove_all(dir / "secretdir");
    std::ofstream(partial) << good;
    edit_partial(partial, [](nlohmann::json& j) { j["layouts"][0]["files"][0] = "/etc/passwd"; });
    expect(merge + " --out " + (dir / "m").string(), 2, "FTV-6711");
    std::ofstream(partial) << good;
    expect(merge + " --out " + (dir / "s1" / "merged").string(), 2, "FTV-6714");
    expect(merge + " --out " + (dir / "s1").string(), 2, "FTV-6714");
    expect(merge + " --out " + dir.string(), 2, "FTV-6714");
    expect("report --shard 3/18446744073709551615 --out " + (dir / "x").string(), 2, "FTV-1301");
    // A folder of the user's own files is never replaced by a merge.
    fs::create_directories(dir / "mine");
    std::ofstream(dir / "mine" / "notes.txt") << "mine";
    expect(merge + " --out " + (dir / "mine").string(), 3, "FTV-7033");
    fs::remove_all(dir / "mine");
    // Valid shards merge, and a second merge replaces the first whole.
    REQUIRE(run_cli(merge + " --out " + (dir / "m").string()).code == 0);
    std::ofstream(dir / "m" / "stale.txt") << "from before";
    REQUIRE(run_cli(merge + " --out " + (dir / "m").string()).code == 0);
    CHECK(!fs::exists(dir / "m" / "stale.txt"));
    CHECK(fs::exists(dir / "m" / "a" / "a.gds"));
    CHECK(fs::exists(dir / "m" / "index.html"));
    CHECK(!has_temporary(dir));
  }

  TEST_CASE("an interrupted merge leaves the earlier merge whole") {
    const fs::path dir = scratch_dir("merge_interrupted");
    std::ofstream(dir / "spec.yaml") << small_spec(
        std::string(kLayoutA) + "  - name: big\n    network: {kind: mesh, processors: 65536}\n");
    for (int k = 1; k <= 2; ++k)
      REQUIRE(run_cli("report " + (dir / "spec.yaml").string() + " --shard " + std::to_string(k) +
                      "/2 --out " + (dir / "s").string())
                  .code == 0);
    // Both shards in one folder: merged from a copy beside it.
    const fs::path out = dir / "m";
    REQUIRE(run_cli("merge " + (dir / "s").string() + " --out " + out.string()).code == 0);
    const auto before = tree(dir);
    const auto gds = fs::file_size(out / "big" / "big.gds");
    bool caught = false;
    const int status = signal_when(
        {"merge", (dir / "s").string(), "--out", out.string()}, dir.parent_path() / "merge.log",
        SIGINT,
        [&] {
          std::error_code ec;
          for (const auto& e : fs::directory_iterator(dir, ec))
            if (e.path().filename().string().rfind(".m.tmp.", 0) == 0) return true;
          return false;
        },
        caught);
    REQUIRE(caught);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
    CHECK(tree(dir) == before);
    CHECK(fs::file_size(out / "big" / "big.gds") == gds);
  }
}
