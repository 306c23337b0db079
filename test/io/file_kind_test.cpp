// The real cause when a path names the wrong kind of file: a directory read as a file, a file
// where an output's folder should be.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "ftvlsi/io/text_file.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_file_kind_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return error_id_text(e.id()) + ": " + e.what();
  }
  return "no error";
}

}  // namespace

TEST_SUITE("file_kind") {
  TEST_CASE("a directory given as an input file is named as a directory") {
    const std::string dir = scratch("input").string();
    const std::string want =
        "FTV-7061: '" + dir + "' is a directory, not a file; give the path of the message file";
    CHECK(error_of([&] { read_messages(dir, 16); }) == want);
    CHECK(error_of([&] {
            read_text_file(dir, "spec file");
          }).find("FTV-7061: '" + dir + "' is a directory") == 0);
    CHECK(error_of([&] { read_network_file(dir); }).find("FTV-7061") == 0);
  }

  TEST_CASE("an output under a regular file names that file, not a missing directory") {
    const fs::path dir = scratch("output");
    const std::string x = (dir / "x").string();
    std::ofstream(x) << "a file\n";
    CHECK(error_of([&] { require_writable(x + "/out.json", "JSON"); }) ==
          "FTV-7062: cannot write the JSON file '" + x + "/out.json': '" + x +
              "' is a file, not a directory; choose another path");
    CHECK(error_of([&] { require_writable(x + "/a/b/out.json", "JSON"); }) ==
          "FTV-7062: cannot write the JSON file '" + x + "/a/b/out.json': '" + x +
              "' is a file, not a directory; choose another path");
    // A folder that is missing is still reported as missing.
    CHECK(error_of([&] {
            require_writable((dir / "none" / "out.json").string(), "JSON");
          }).find("FTV-7002") == 0);
    CHECK(error_of([&] { require_writable((dir / "out.json").string(), "JSON"); }) == "no error");
  }
}
