// Golden files: the ftvlsi executable, run on every case of test/golden/cases.txt, writes exactly
// the files kept in test/golden/ (small H-tree, fold-and-squash and cube layouts as GDSII with
// their KLayout layer properties, SVG and JSON; the JSON of decompose, route and simulate). The
// comparison is byte for byte (GDSII included) with one normalisation: the tool version in a JSON
// file's leading "tool" object is masked on both sides, so a version bump needs no new goldens
// while every other change to an output does. After a deliberate change, scripts/regen-golden.sh
// rewrites them from the built ftvlsi; review the diff before committing. Doubles are compared as
// printed, so the goldens hold for the compiler and platform CI uses (GCC on x86-64 Debian 12).
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_run.hpp"

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kOut = "@OUT@/";

struct GoldenCase {
  std::string args;                  // as written in cases.txt
  std::vector<std::string> outputs;  // the file names its @OUT@/NAME words write
};

std::vector<GoldenCase> read_cases() {
  std::ifstream in(fs::path(FTVLSI_GOLDEN_DIR) / "cases.txt");
  REQUIRE(in.good());
  std::vector<GoldenCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    GoldenCase c{line, {}};
    std::istringstream words(line);
    for (std::string w; words >> w;)
      if (w.starts_with(kOut)) {
        c.outputs.push_back(w.substr(kOut.size()));
        // A GDS has its layer properties beside it (io/layer_properties.hpp), golden too.
        if (w.ends_with(".gds"))
          c.outputs.push_back(fs::path(c.outputs.back()).replace_extension(".lyp").string());
      }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// Runs ftvlsi with `args`; returns the exit code and puts stdout and stderr into `output`.
int run(const std::string& args, std::string& output) {
  const ftvlsi::test::CliResult r = ftvlsi::test::run_cli_merged(args);
  output += r.out;
  return r.code;
}

// A JSON file with its tool version masked: "version": "0.1.0" in the leading "tool" object
// becomes "version": "*". Other files, and other "version" keys, are left as they are.
std::string normalised(const std::string& name, std::string text) {
  if (!name.ends_with(".json")) return text;
  const auto tool = text.find("\"tool\": {");
  if (tool == std::string::npos) return text;
  const std::string key = "\"version\": \"";
  const auto at = text.find(key, tool);
  if (at == std::string::npos || at > text.find('}', tool)) return text;
  const auto begin = at + key.size();
  const auto end = text.find('"', begin);
  if (end == std::string::npos) return text;
  text.replace(begin, end - begin, "*");
  return text;
}

// Where two byte strings first differ, for a failure message a reader can act on.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const auto line = 1 + std::count(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(i), '\n');
  return "byte " + std::to_string(i) + " (line " + std::to_string(line) + "; sizes " +
         std::to_string(a.size()) + " and " + std::to_string(b.size()) + ")";
}

}  // namespace

TEST_SUITE("golden") {
  TEST_CASE("only the tool version of a JSON file is masked") {
    const auto doc = [](std::string_view name, std::string_view version) {
      return "{\n  \"tool\": {\n    \"name\": \"" + std::string(name) + "\",\n    \"version\": \"" +
             std::string(version) + "\"\n  },\n  \"seed\": 1\n}\n";
    };
    CHECK(normalised("a.json", doc("ftvlsi", "0.1.0")) ==
          normalised("a.json", doc("ftvlsi", "2.3")));
    CHECK(normalised("a.json", doc("ftvlsi", "0.1.0")) !=
          normalised("a.json", doc("other", "0.1.0")));
    CHECK(normalised("a.svg", doc("ftvlsi", "0.1.0")) != normalised("a.svg", doc("ftvlsi", "2.3")));
    const std::string outside = "{\n  \"tool\": {\"name\": \"ftvlsi\"},\n  \"version\": \"1\"\n}\n";
    CHECK(normalised("a.json", outside) == outside);
  }

  TEST_CASE("every case of test/golden/cases.txt writes its golden files byte for byte") {
    const std::vector<GoldenCase> cases = read_cases();
    REQUIRE(!cases.empty());
    const fs::path out =
        fs::temp_directory_path() / ("ftvlsi_golden_files_" + std::to_string(::getpid()));
    fs::remove_all(out);
    fs::create_directories(out);
    for (const GoldenCase& c : cases) {
      CAPTURE(c.args);
      REQUIRE(!c.outputs.empty());
      std::string output;
      const int code = run(replace_all(c.args, kOut, out.string() + "/"), output);
      CAPTURE(output);
      CHECK(code == 0);
      for (const std::string& name : c.outputs) {
        CAPTURE(name);
        const fs::path golden = fs::path(FTVLSI_GOLDEN_DIR) / name;
        REQUIRE_MESSAGE(fs::exists(golden), "no golden file; run scripts/regen-golden.sh");
        REQUIRE(fs::exists(out / name));
        const std::string produced = normalised(name, slurp(out / name));
        const std::string expected = normalised(name, slurp(golden));
        CHECK_MESSAGE(produced == expected, "differs from its golden at ",
                      first_difference(produced, expected),
                      "; if the change is meant, run scripts/regen-golden.sh and review the diff");
      }
    }
    fs::remove_all(out);
  }

  TEST_CASE("every golden file is written by a case") {
    std::set<std::string> written;
    for (const GoldenCase& c : read_cases()) written.insert(c.outputs.begin(), c.outputs.end());
    for (const auto& entry : fs::directory_iterator(FTVLSI_GOLDEN_DIR)) {
      const std::string name = entry.path().filename().string();
      if (name == "cases.txt" || name.starts_with(".")) continue;
      CAPTURE(name);
      CHECK(written.count(name) == 1);
    }
  }
}
