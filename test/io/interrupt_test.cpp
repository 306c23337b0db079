// The table of unfinished temporaries the SIGINT / SIGTERM handler removes, and the atomic
// writer's use of it (the signals themselves are sent in test/cli/reliability_test.cpp).
#include "ftvlsi/io/interrupt.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "ftvlsi/io/atomic_file.hpp"

namespace fs = std::filesystem;
using namespace ftvlsi;

TEST_SUITE("interrupt") {
  TEST_CASE("a temporary is registered while it is written and released once renamed") {
    const fs::path dir = fs::temp_directory_path() / "ftvlsi_interrupt_test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const int before = registered_temporaries();
    {
      AtomicFile file((dir / "a.txt").string());
      CHECK(registered_temporaries() == before + 1);
      file.write("complete");
      file.commit();
      CHECK(registered_temporaries() == before);
    }
    {
      AtomicFile abandoned((dir / "b.txt").string());
      CHECK(registered_temporaries() == before + 1);
    }
    CHECK(registered_temporaries() == before);
    CHECK(fs::exists(dir / "a.txt"));
    CHECK(!fs::exists(dir / "b.txt"));
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  }

  TEST_CASE("the table hands out and takes back slots, a path too long is not registered") {
    const int before = registered_temporaries();
    const int a = register_temporary("/tmp/x.tmp.1"), b = register_temporary("/tmp/y.tmp.1");
    CHECK(a >= 0);
    CHECK(b >= 0);
    CHECK(a != b);
    CHECK(registered_temporaries() == before + 2);
    release_temporary(a);
    release_temporary(b);
    CHECK(registered_temporaries() == before);
    CHECK(register_temporary(std::string(5000, 'x')) == -1);
  }

  TEST_CASE("writing to /dev/null leaves it a device") {
    write_file_atomically("/dev/null", "bytes");
    CHECK(fs::is_character_file("/dev/null"));
    CHECK(registered_temporaries() == 0);
  }
}
