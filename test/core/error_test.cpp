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

  TEST_CASE("bytes that are no UTF-8 character are escaped, UTF-8 characters kept") {
    CHECK(one_line("µm² and …") == "µm² and …");
    CHECK(one_line("bad '\xff\xfe'") == "bad '\\xff\\xfe'");
    // A stray continuation byte, a sequence cut short, an overlong '/', a surrogate, beyond
    // U+10FFFF, and the C1 control U+009B (a terminal's CSI).
    CHECK(one_line("a\x80"
                   "b") == "a\\x80b");
    CHECK(one_line("a\xc3") == "a\\xc3");
    CHECK(one_line("\xc0\xaf") == "\\xc0\\xaf");
    CHECK(one_line("\xed\xa0\x80") == "\\xed\\xa0\\x80");
    CHECK(one_line("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");
    CHECK(one_line("\xc2\x9b"
                   "31m") == "\\xc2\\x9b31m");
    const InputError e(2104, "f.yaml:1: key 'seed' must be an integer, not '\xff'");
    CHECK(std::string(e.what()) == "f.yaml:1: key 'seed' must be an integer, not '\\xff'");
  }

  TEST_CASE("a quoted input longer than 200 characters is cut to 200 and an ellipsis") {
    const std::string value(60000, 'x');
    const InputError e(2104,
                       "f.yaml:3: unknown network kind '" + value + "'; valid kinds are a, b");
    CHECK(std::string(e.what()) ==
          "f.yaml:3: unknown network kind '" + std::string(200, 'x') + "…'; valid kinds are a, b");
    // 200 characters are kept as they are; characters, not bytes, are counted.
    const std::string two_hundred = "'" + std::string(200, 'y') + "'";
    CHECK(one_line(two_hundred) == two_hundred);
    std::string greek;
    for (int i = 0; i < 300; ++i) greek += "λ";
    std::string cut;
    for (int i = 0; i < 200; ++i) cut += "λ";
    CHECK(one_line("'" + greek + "'") == "'" + cut + "…'");
    // An escape is not split, and a message cut once is not cut again.
    const std::string once = one_line("'" + std::string(196, 'z') + "\xff\xff\xff" + "'");
    CHECK(once == "'" + std::string(196, 'z') + "\\xff…'");
    CHECK(one_line(once) == once);
    CHECK(one_line("'" + std::string(198, 'z') + "\xff\xff\xff" + "'") ==
          "'" + std::string(198, 'z') + "…'");
    // Apostrophes inside words neither open nor close a span.
    const std::string prose = "a network's " + std::string(300, 'p') + " wires' end";
    CHECK(one_line(prose) == prose);
    // Every span is cut, and an unquoted echo is bounded by the message's own limit.
    CHECK(one_line("'" + value + "' and '" + value + "'") ==
          "'" + std::string(200, 'x') + "…' and '" + std::string(200, 'x') + "…'");
    CHECK(one_line(value) == std::string(kMaxMessageChars, 'x') + "…");
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
