#include "ftvlsi/io/text_file.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;
namespace fs = std::filesystem;

namespace {

std::string scratch_file(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / "ftvlsi_text_file_test";
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

}  // namespace

TEST_SUITE("text_file") {
  TEST_CASE("a file is read whole, bytes as they are") {
    using namespace std::string_literals;
    const std::string text = "line one\r\nline two\0 and after\n"s;  // a NUL and a CR kept
    REQUIRE(text.size() == 30);
    CHECK(read_text_file(scratch_file("whole.txt", text), "test file") == text);
  }

  TEST_CASE("a missing file is an IoError naming what it is and the path") {
    try {
      read_text_file("/nonexistent/ftvlsi/x.net", "network file");
      FAIL("expected an IoError");
    } catch (const IoError& e) {
      CHECK(std::string(e.what()) ==
            "cannot read network file '/nonexistent/ftvlsi/x.net'; check the path");
    }
  }

  TEST_CASE("network and message files parse through the one reader") {
    const auto net =
        read_network_file(scratch_file("two.net", "processors 2\n0 0 0\n1 1 0\nwire 0 1\n"));
    CHECK(net.processors() == 2);
    CHECK(net.wires.size() == 1);
    const auto m = read_messages(scratch_file("m.txt", "# src dst\n0 1\n1 0\n"), 2);
    CHECK(m.size() == 2);
    CHECK_THROWS_AS(read_messages(scratch_file("bad.txt", "0 5\n"), 2), InputError);
    CHECK_THROWS_AS(read_network_file("/nonexistent.net"), IoError);
  }
}
