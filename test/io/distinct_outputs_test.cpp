#include "ftvlsi/io/distinct_outputs.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_distinct_outputs_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The ID require_distinct_outputs throws, 0 when it passes.
int clash(const std::vector<RunFile>& inputs, const std::vector<RunFile>& outputs) {
  try {
    require_distinct_outputs(inputs, outputs);
  } catch (const InputError& e) {
    return e.id();
  }
  return 0;
}

}  // namespace

TEST_SUITE("distinct_outputs") {
  TEST_CASE("an output naming an input is refused, however the path is spelled") {
    const fs::path dir = scratch("spelling");
    const std::string net = (dir / "net.txt").string();
    std::ofstream(net) << "processors 1\n";
    fs::create_directories(dir / "sub");
    fs::create_symlink(net, dir / "link.txt");
    fs::create_hard_link(net, dir / "hard.txt");
    for (const fs::path& alias :
         {dir / "net.txt", dir / "." / "net.txt", dir / "sub" / ".." / "net.txt", dir / "link.txt",
          dir / "hard.txt"}) {
      CAPTURE(alias);
      CHECK(clash({{"network file", net}}, {{"JSON output", alias.string()}}) == 1050);
      CHECK(clash({{"network file", alias.string()}}, {{"JSON output", net}}) == 1050);
    }
    CHECK(clash({{"network file", net}}, {{"JSON output", (dir / "out.json").string()}}) == 0);
    try {
      require_distinct_outputs({{"network file", net}}, {{"JSON output", net}});
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) == "the JSON output '" + net +
                                         "' would overwrite the network file '" + net +
                                         "'; write the output to another path");
    }
  }

  TEST_CASE("two outputs of one run may not name the same file, existing or not") {
    const fs::path dir = scratch("outputs");
    const std::string x = (dir / "x").string();
    CHECK(clash({}, {{"SVG output", x}, {"GDS output", x}}) == 1051);
    CHECK(clash({}, {{"SVG output", x}, {"GDS output", (dir / "." / "x").string()}}) == 1051);
    CHECK(clash({}, {{"SVG output", x}, {"GDS output", (dir / "y").string()}}) == 0);
    try {
      require_distinct_outputs(
          {}, {{"SVG output", x}, {"GDS output", std::nullopt}, {"JSON output", x}});
    } catch (const InputError& e) {
      CHECK(std::string(e.what()) == "the SVG output '" + x + "' and the JSON output '" + x +
                                         "' are the same file, so one would overwrite the other; "
                                         "give each output its own path");
    }
  }

  TEST_CASE("standard output, special files, unset and empty paths never clash") {
    CHECK(clash({{"spec file", "-"}}, {{"JSON output", "-"}, {"SVG output", "-"}}) == 0);
    CHECK(clash({{"network file", "/dev/null"}},
                {{"JSON output", "/dev/null"}, {"SVG output", "/dev/null"}}) == 0);
    CHECK(clash({{"spec file", std::nullopt}, {"technology file", ""}},
                {{"JSON output", std::nullopt}, {"SVG output", ""}, {"GDS output", ""}}) == 0);
  }
}
