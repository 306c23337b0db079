// An output written under a temporary name and renamed into place: nothing appears at the path
// before commit(), the committed file holds every byte written in order, an abandoned one leaves
// no trace, and a path that cannot be written is refused before any work.
#include "ftvlsi/io/atomic_file.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "ftvlsi/core/error.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

namespace {

// A fresh folder per case, removed afterwards.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("ftvlsi_atomic_file_test_" + std::to_string(::getpid())) /
            name) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir.parent_path(), ec);
  }
  std::string file(const std::string& name) const { return (dir / name).string(); }
  std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
  }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int io_error_id(const auto& f) {
  try {
    f();
  } catch (const IoError& e) {
    return e.id();
  }
  return 0;
}

}  // namespace

TEST_SUITE("atomic_file") {
  TEST_CASE("the committed file holds every write in order, before commit the old one stays") {
    const Scratch s("writes");
    std::mt19937_64 rng(0xa70);
    for (int trial = 0; trial < 20; ++trial) {
      const std::string path = s.file("out.bin");
      if (trial % 2) write_file_atomically(path, "previous");
      std::string expected;
      AtomicFile file(path);
      CHECK(file.path() == path);
      for (int w = static_cast<int>(rng() % 6); w > 0; --w) {
        std::string chunk(rng() % 100000, '\0');
        for (auto& c : chunk) c = static_cast<char>(rng());  // binary, NULs included
        if (rng() % 2)
          file.write(chunk);
        else
          file.write(chunk.data(), chunk.size());
        expected += chunk;
      }
      if (trial % 2)
        CHECK(slurp(path) == "previous");
      else
        CHECK_FALSE(fs::exists(path));
      file.commit();
      CHECK(slurp(path) == expected);
      CHECK(s.entries() == 1);  // no temporary left beside it
      fs::remove(path);
    }
  }

  TEST_CASE("a file dropped before commit leaves nothing new, and an earlier file whole") {
    const Scratch s("abandoned");
    {
      AtomicFile file(s.file("new.txt"));
      file.write(std::string(10000, 'x'));
      CHECK(s.entries() == 1);  // the temporary
    }
    CHECK(s.entries() == 0);
    write_file_atomically(s.file("old.txt"), "kept");
    {
      AtomicFile file(s.file("old.txt"));
      file.write("replacement");
    }
    CHECK(slurp(s.file("old.txt")) == "kept");
    CHECK(s.entries() == 1);
  }

  TEST_CASE("a path that cannot be written is refused with what is wrong with it") {
    const Scratch s("refused");
    CHECK_NOTHROW(require_writable("-", "JSON"));
    CHECK_NOTHROW(require_writable(s.file("fine.json"), "JSON"));
    CHECK(io_error_id([&] { require_writable("", "JSON"); }) == 7001);
    CHECK(io_error_id([&] { require_writable(s.file("missing/a.json"), "JSON"); }) == 7002);
    fs::create_directories(s.dir / "folder");
    CHECK(io_error_id([&] { require_writable(s.file("folder"), "JSON"); }) == 7004);
    CHECK(io_error_id([&] { AtomicFile f(s.file("missing/a.json")); }) == 7010);
    CHECK(s.entries() == 1);  // only the folder: nothing was created
  }

  TEST_CASE("make_directory creates the folder and its parents, and refuses a file in the way") {
    const Scratch s("folders");
    make_directory(s.file("a/b/c"), "--out");
    CHECK(fs::is_directory(s.dir / "a" / "b" / "c"));
    CHECK_NOTHROW(make_directory(s.file("a/b/c"), "--out"));  // already there
    write_file_atomically(s.file("plain"), "x");
    try {
      make_directory(s.file("plain"), "--out");
      FAIL("accepted");
    } catch (const IoError& e) {
      CHECK(e.id() == 7005);
      CHECK(std::string(e.what()).find("--out") != std::string::npos);
    }
  }
}
