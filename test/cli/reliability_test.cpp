// The ftvlsi executable under failure: the exit codes of bugs and exhausted memory, outputs to
// special files, and SIGINT / SIGTERM sent to a child process while it writes an output.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_run.hpp"

namespace fs = std::filesystem;

namespace {

using ftvlsi::test::CliResult;

CliResult run(const std::string& args, const std::string& env = "") {
  return ftvlsi::test::run_cli_merged(args, env);
}

fs::path scratch(const std::string& name) {
  return ftvlsi::test::scratch_dir(name, "ftvlsi_reliability_test");
}

std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  return names;
}

// The size of the first temporary ("NAME.tmp.PID") in `dir`, or -1 when there is none.
long temporary_size(const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().filename().string().find(".tmp.") == std::string::npos) continue;
    const auto size = fs::file_size(e.path(), ec);
    return ec ? 0 : static_cast<long>(size);
  }
  return -1;
}

// Starts ftvlsi with `args` (its output to `log`), waits until a temporary output in `dir` holds
// at least `bytes`, sends `sig` and returns the wait status; false in `caught` when the run
// ended before the temporary grew that large.
int signal_mid_write(const std::vector<std::string>& args, const fs::path& dir, const fs::path& log,
                     int sig, long bytes, bool& caught) {
  return ftvlsi::test::signal_when(
      args, log, sig, [&] { return temporary_size(dir) >= bytes; }, caught);
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_SUITE("reliability") {
  TEST_CASE("a bug exits 4 with the assertion's location, and exhausted memory is one clear line") {
    const CliResult assert_run = run("layout -n 4", "FTVLSI_INJECT_FAULT=assert");
    CHECK(assert_run.code == 4);
    CHECK(assert_run.out.rfind("ftvlsi: error FTV-9001: internal error", 0) == 0);
    CHECK(assert_run.out.find("main.cpp:") != std::string::npos);
    CHECK(assert_run.out.find("please report") != std::string::npos);
    const CliResult other = run("layout -n 4", "FTVLSI_INJECT_FAULT=exception");
    CHECK(other.code == 4);
    CHECK(other.out.rfind("ftvlsi: error FTV-9002: ", 0) == 0);
    const CliResult memory = run("layout -n 4", "FTVLSI_INJECT_FAULT=bad_alloc");
    CHECK(memory.code == 2);
    CHECK(memory.out.rfind("ftvlsi: error FTV-8000: out of memory", 0) == 0);
    for (const CliResult* r : {&assert_run, &other, &memory})
      CHECK(std::count(r->out.begin(), r->out.end(), '\n') == 1);
  }

  TEST_CASE("--help documents the exit codes and the error ID families") {
    const CliResult help = run("--help");
    CHECK(help.code == 0);
    for (const char* needle : {"Exit codes", "4 internal", "130 after SIGINT", "143 after SIGTERM",
                               "FTV-1xxx", "9xxx", "docs/error-ids.md"})
      CHECK(help.out.find(needle) != std::string::npos);
  }

  TEST_CASE("an output that is a special file is written in place, never renamed over") {
    const fs::path dir = scratch("special");
    const fs::path fifo = dir / "pipe.svg";
    REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
    std::string through_pipe;
    std::thread reader([&] { through_pipe = slurp(fifo); });
    const CliResult r = run("layout -n 16 --svg " + fifo.string() + " --json /dev/null");
    reader.join();
    CHECK(r.code == 0);
    CHECK(fs::is_fifo(fifo));
    CHECK(through_pipe.rfind("<?xml", 0) == 0);
    CHECK(through_pipe.find("</svg>") != std::string::npos);
    CHECK(fs::is_character_file("/dev/null"));
    CHECK(files_in(dir) == std::vector<std::string>{"pipe.svg"});
  }

  TEST_CASE("SIGTERM and SIGINT mid-write remove the unfinished output and exit 143 and 130") {
    for (const int sig : {SIGTERM, SIGINT}) {
      CAPTURE(sig);
      const fs::path dir = scratch(sig == SIGTERM ? "sigterm" : "sigint");
      const fs::path log = dir.parent_path() / (dir.filename().string() + ".log");
      const fs::path gds = dir / "mesh.gds";
      bool caught = false;
      // A 512 x 512 mesh writes about 230 MB of GDSII: the signal arrives after the first MB.
      const int status =
          signal_mid_write({"layout", "--network", "mesh", "-n", "262144", "--gds", gds.string()},
                           dir, log, sig, 1 << 20, caught);
      REQUIRE(caught);
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == (sig == SIGTERM ? 143 : 130));
      CHECK(files_in(dir).empty());  // neither the temporary nor a partial mesh.gds
      const std::string said = slurp(log);
      CHECK(said.find(sig == SIGTERM ? "FTV-7102" : "FTV-7101") != std::string::npos);
    }
  }

  TEST_CASE(
      "pathological values in network, message and mapping files are refused with the range") {
    const fs::path dir = scratch("pathological");
    auto net = [&](const std::string& name, const std::string& text) {
      std::ofstream(dir / name) << text;
      return "decompose --network file --network-file " + (dir / name).string();
    };
    auto expect = [](const std::string& args, int code, const std::string& id,
                     const std::string& detail, const std::string& env = "") {
      CAPTURE(args);
      const CliResult r = run(args, env);
      CAPTURE(r.out);
      CHECK(r.code == code);
      CHECK(r.out.rfind("ftvlsi: error " + id + ": ", 0) == 0);
      CHECK(r.out.find(detail) != std::string::npos);
      CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    };
    expect(net("far.net", "processors 2\n0 0 0\n1 9223372036854775807 0\n"), 2, "FTV-4113",
           "-2^40 .. 2^40");
    expect(net("huge.net", "processors 2\n0 0 0\n1 99999999999999999999 0\n"), 2, "FTV-4110",
           "64-bit");
    expect(net("count.net", "processors 99999999999999999999\n"), 2, "FTV-4110", "64-bit");
    expect(net("many.net", "processors 100000000\n"), 2, "FTV-4103", "1 .. 2^26");
    expect(net("short.net", "processors 60000000\n0 0 0\n"), 2, "FTV-4112", "position lines");
    expect(net("negative.net", "processors 2\n0 0 0\n-1 1 1\n"), 2, "FTV-4109", "0 .. 1");
    expect(net("dims.net", "processors 2 dimensions 4294967298\n"), 2, "FTV-4104", "2 or 3");
    expect(net("twice.net", "processors 2\nprocessors 3\n"), 2, "FTV-4111", "once");
    // A network of 2^16 processors and 10^5 wires, refused up front under a 1 MB limit.
    std::string big = "processors 65536\n";
    for (int p = 0; p < 65536; ++p)
      big +=
          std::to_string(p) + " " + std::to_string(p % 256) + " " + std::to_string(p / 256) + "\n";
    for (int w = 0; w < 100000; ++w)
      big += "wire " + std::to_string(w % 65536) + " " + std::to_string((w * 7 + 1) % 65536) + "\n";
    expect(net("big.net", big), 2, "FTV-8004", "of memory but only", "FTVLSI_MEMORY_LIMIT=1000000");
    expect(net("line.net", "processors 2\n# " + std::string(1500000, 'x') + "\n"), 2, "FTV-4001",
           "longer than 1 MiB");

    std::ofstream(dir / "m.txt") << "0 1\n1 18446744073709551616\n";
    expect("route -n 16 --messages " + (dir / "m.txt").string(), 2, "FTV-4201", "m.txt:2");
    std::string msgs;
    for (int i = 0; i < 100000; ++i) msgs += "1 2\n";
    std::ofstream(dir / "many.txt") << msgs;
    expect("route -n 16 --messages " + (dir / "many.txt").string(), 2, "FTV-8005",
           "of memory but only", "FTVLSI_MEMORY_LIMIT=100000");
    std::ofstream(dir / "map.txt") << "0 99999999999999999999\n";
    expect("decompose --network mesh -n 4 --mapping-in " + (dir / "map.txt").string(), 2,
           "FTV-4301", "map.txt:1");
    expect("layout /dev/zero", 3, "FTV-7023", "64 MiB");
  }
}
