// The exception tree: stable IDs, exit codes by kind, one-line messages, assertions as bugs.
#include "ftvlsi/core/error.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ftvlsi;

TEST_SUITE("error") {
  TEST_CASE("an error carries its ID and its kind's exit code") {
    CHECK(InputError(3203, "x").id() == 3203);
    CHECK(InputError(3203, "x").exit_code() == ExitCode::kBadInput);
    CHECK(GeometryError(5302, "x").exit_code() == ExitCode::kBadInput);
    CHECK(IoError(7002, "x").exit_code() == ExitCode::kIo);
    CHECK(InternalError(9001, "x").exit_code() == ExitCode::kInternal);
    CHECK(static_cast<int>(ExitCode::kInterrupted) == 130);
    CHECK(static_cast<int>(ExitCode::kTerminated) == 143);
  }

  TEST_CASE("an error thrown without an ID gets its family's generic one") {
    CHECK(InputError("x").id() == kUnclassifiedInput);
    CHECK(IoError("x").id() == kUnclassifiedIo);
    CHECK(InternalError("x").id() == kUnclassifiedInternal);
  }

  TEST_CASE("IDs print as FTV- and four digits") {
    CHECK(error_id_text(1203) == "FTV-1203");
    CHECK(error_id_text(42) == "FTV-0042");
  }

  TEST_CASE("a message quoting control characters stays on one line") {
    const InputError e(2101, "f.yaml:2: bad \"a\nb\tc\x1b[31m\"");
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    CHECK(what.find('\t') == std::string::npos);
    CHECK(what.find('\x1b') == std::string::npos);
    CHECK(what == "f.yaml:2: bad \"a\\x0ab\\x09c\\x1b[31m\"");
    CHECK(one_line("plain text, unchanged") == "plain text, unchanged");
  }

  TEST_CASE("a failed assertion is an internal error naming the expression and its place") {
    try {
      FTVLSI_ASSERT(1 + 1 == 3);
      FAIL("the assertion did not throw");
    } catch (const InternalError& e) {
      const std::string what = e.what();
      CHECK(e.id() == 9001);
      CHECK(e.exit_code() == ExitCode::kInternal);
      CHECK(what.find("1 + 1 == 3") != std::string::npos);
      CHECK(what.find("error_test.cpp:") != std::string::npos);
      CHECK(what.find("please report") != std::string::npos);
    }
  }
}
