// The memory limit everywhere and no silent wrong numbers (docs/memory-limits.md): every
// reproduction is refused with exit 2, its own ID and no file written.
#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/cli_run.hpp"
#include "support/errors.hpp"

namespace fs = std::filesystem;
using ftvlsi::test::MemoryLimit;
using ftvlsi::test::run_cli;
using ftvlsi::test::scratch_dir;
using ftvlsi::test::slurp_file;
using ftvlsi::test::technology_file;

namespace {

constexpr const char* kProbeLimit = "100000000";  // the limit the reproductions were found with

// Runs `args` with --json into a scratch folder (when `json` is set) and checks the refusal:
// exit 2, one line starting with the ID, `detail` in it, nothing on stdout, no file written.
void expect_refused(const std::string& name, const std::string& args, const std::string& id,
                    const std::string& detail, bool json = true) {
  CAPTURE(args);
  const fs::path dir = scratch_dir("memory_limits_" + name);
  const fs::path out = dir / "out.json", err = dir / "stderr.txt";
  const auto r = run_cli(args + (json ? " --json " + out.string() : ""), err.string());
  const std::string message = slurp_file(err);
  CAPTURE(message);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(message.rfind("ftvlsi: error " + id + ": ", 0) == 0);
  CHECK(message.find(detail) != std::string::npos);
  CHECK(message.find('\n') == message.size() - 1);
  CHECK_FALSE(fs::exists(out));
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_SUITE("memory_limits") {
  TEST_CASE("a malformed FTVLSI_MEMORY_LIMIT is refused before any work with what is accepted") {
    for (const char* value : {"abc", "-1", "1e3", "0", "", "12x", "512 M", "18446744073709551616",
                              "16T0", "17179869184T"}) {
      CAPTURE(value);
      const MemoryLimit limit(value);
      expect_refused("limit", "layout -n 64", "FTV-8010", "K, M, G or T");
    }
  }

  TEST_CASE("a memory limit with a suffix is accepted and counts in powers of 1024") {
    {
      const MemoryLimit limit("4G");
      CHECK(run_cli("layout -n 64 --json -").code == 0);
    }
    const MemoryLimit limit("1k");
    expect_refused("suffix", "layout -n 64", "FTV-8001", "1.0 KiB are available");
  }

  TEST_CASE("a 2^24-processor cube of full capacities is refused with its estimate") {
    const MemoryLimit limit(kProbeLimit);
    expect_refused("cube", "layout -n 16777216 --capacity full --style cube", "FTV-8012",
                   "GiB of memory but only 95.4 MiB are available");
  }

  TEST_CASE("a 4M-processor mesh is refused before its network is built") {
    const MemoryLimit limit(kProbeLimit);
    expect_refused("mesh", "layout --network mesh -n 4194304", "FTV-8014", "336.0 MiB");
  }

  TEST_CASE("a competing network's layout and DRC are estimated from the built network") {
    const MemoryLimit limit(kProbeLimit);
    expect_refused("mesh_drc", "layout --network mesh -n 65536 --drc-mode flat", "FTV-8015",
                   "leave out the DRC");
  }

  TEST_CASE("3D butterfly layouts and the transit hollow cube estimate first") {
    const MemoryLimit limit("2M");
    expect_refused("layered", "layout --network butterfly-fat-tree -n 32768 --style layered",
                   "FTV-8013", "fewer processors");
    expect_refused("hollow", "layout --network transit --composition 768K", "FTV-8016",
                   "smaller composition");
  }

  TEST_CASE("route refuses a message count, an adversary's lambda and a host beyond the limit") {
    const MemoryLimit limit(kProbeLimit);
    expect_refused("count", "route -n 1024 --pattern uniform --count 268435456", "FTV-8020",
                   "268435456 messages");
    expect_refused("lambda", "route -n 4096 --algorithm adversary --lambda 100000000", "FTV-8021",
                   "--lambda 100000000");
    expect_refused("host", "route -n 16777216", "FTV-8020", "16777216 processors");
    expect_refused("transit", "route --network transit --composition 768K --trials 10", "FTV-8027",
                   "768K");
  }

  TEST_CASE("a graph header that declares more than its file holds is refused before reading") {
    const fs::path dir = scratch_dir("memory_limits_graph");
    write_file(dir / "x.grf", "0\n67108864 134217728\n0 000\n0\n0\n0\n0\n");
    write_file(dir / "x.graph", "67108864 67108864\n\n\n");
    const MemoryLimit limit(kProbeLimit);
    expect_refused("scotch", "decompose --network file --network-file " + (dir / "x.grf").string(),
                   "FTV-8017", "67108864 vertices");
    expect_refused("metis", "decompose --network file --network-file " + (dir / "x.graph").string(),
                   "FTV-8017", "more than a file of 20 bytes can hold");
  }

  TEST_CASE("decompose and simulate estimate from the network's size") {
    const MemoryLimit limit("20M");
    expect_refused("decompose", "decompose --network mesh -n 65536", "FTV-8023",
                   "--cut-on placement");
    expect_refused("simulate", "simulate -n 65536", "FTV-8024", "fat-tree");
    expect_refused("simulate_pyramid", "simulate -n 65536 --host fat-pyramid", "FTV-8024",
                   "fat-pyramid");
  }

  TEST_CASE("check --full must fit up front") {
    const MemoryLimit limit("500M");
    expect_refused("check", "check --full", "FTV-8025", "without --full");
  }

  TEST_CASE("check --full counts GL-T9's 2^26 set: refused under 2 GiB before it starts") {
    const MemoryLimit limit("2G");
    expect_refused("check_gl_t9", "check GL-T9 --full", "FTV-8025", "2.57 GiB");
  }

  TEST_CASE("merge estimates from the shards' file sizes") {
    const fs::path dir = scratch_dir("memory_limits_merge");
    fs::create_directories(dir / "shard");
    write_file(dir / "shard" / "check-shard-1-of-1.json", std::string(4096, ' ') + "{}");
    const MemoryLimit limit("16K");
    expect_refused("merge_run",
                   "merge " + (dir / "shard").string() + " --out " + (dir / "merged").string(),
                   "FTV-8026", "partial results", false);
    CHECK_FALSE(fs::exists(dir / "merged"));
  }

  TEST_CASE("runs at the README's sizes fit under the default limit") {
    CHECK(run_cli("layout -n 1024 --capacity area-universal --drc --json -").code == 0);
    CHECK(run_cli("route -n 4096 --algorithm adversary --lambda 24 --json -").code == 0);
    CHECK(run_cli("simulate -n 1024 --json -").code == 0);
  }
}

TEST_SUITE("overflowing numbers") {
  TEST_CASE("a technology's processor area of 1e300 mm² is refused, not turned into alpha 1") {
    const fs::path dir = scratch_dir("numbers_technology");
    std::string tech = slurp_file(technology_file("sky130"));
    const auto at = tech.find("processor_mm2: 0.25");
    REQUIRE(at != std::string::npos);
    tech.replace(at, 19, "processor_mm2: 1e300");
    write_file(dir / "t.yaml", tech);
    expect_refused("technology",
                   "layout -n 64 --alpha technology --technology " + (dir / "t.yaml").string(),
                   "FTV-3601", "processor_mm2");
  }

  TEST_CASE("a delay model whose delays overflow is refused, not written as null times") {
    expect_refused("poly", "simulate --delay poly:1e308,100,100", "FTV-1070", "c <= 1e12");
    expect_refused("wire", "simulate --delay wire:0,0,1e300", "FTV-1071", "at most 1e12");
    expect_refused("table", "simulate --delay table:1=1,2=1e300", "FTV-1072", "at most 1e12");
  }

  TEST_CASE("a transit timing file whose clock is vanishingly slow is refused") {
    const fs::path dir = scratch_dir("numbers_timing");
    write_file(dir / "timing.yaml", "clock_mhz: 1e-300\n");
    expect_refused(
        "timing",
        "layout --network transit --composition 4K --timing " + (dir / "timing.yaml").string(),
        "FTV-3605", "clock_mhz");
  }
}
