// Standard output is checked like any output: a write to it that fails (here /dev/full) is
// IoError FTV-7060 at the flush, reported once; a write that succeeds passes. Each case runs in
// a child process whose standard output is redirected, so the test runner's own stays intact.
#include "ftvlsi/io/standard_output.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

// Runs `body` in a child with standard output on `target`; returns the child's exit code.
template <class Body>
int in_child(const char* target, Body&& body) {
  std::fflush(stdout);
  std::cout.flush();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(target, O_WRONLY);
    if (fd < 0 || ::dup2(fd, STDOUT_FILENO) < 0) ::_exit(100);
    ::_exit(body());
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 101;
}

// 0: the flush passed; the ID of the IoError it threw otherwise.
int flush_result() {
  try {
    flush_standard_output();
  } catch (const IoError& e) {
    return e.id() == 7060 ? 60 : 99;
  }
  return 0;
}

}  // namespace

TEST_SUITE("standard_output") {
  TEST_CASE("a document that reaches standard output passes the flush") {
    CHECK(in_child("/dev/null", [] {
            std::cout << std::string(100000, 'x') << '\n';
            std::printf("and stdio too\n");
            return flush_result();
          }) == 0);
  }

  TEST_CASE("a write that fails, through iostreams or stdio, is FTV-7060 at the flush, once") {
    CHECK(in_child("/dev/full", [] {
            std::cout << "a document\n";
            const int first = flush_result();
            const int again = flush_result();  // nothing new written: reported already
            return first == 60 && again == 0 ? 0 : 1;
          }) == 0);
    CHECK(in_child("/dev/full", [] {
            std::printf("%s\n", std::string(100000, 'y').c_str());  // beyond stdio's buffer
            return flush_result();
          }) == 60);
  }
}
